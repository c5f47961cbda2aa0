import {
  SITE_INFO_ENV,
  SITE_NAME_MAX,
  SITE_TEXT_MAX,
  siteInfoElement,
  siteInfoProblem,
  type TSiteInfo,
  type TSiteInfoField,
} from '@casino/contracts/site-info';
import { DEFAULT_SITE_TIME_ZONE } from '@casino/contracts/site-time';
import { siteTimeZoneMeta } from '@casino/web-kit/site-time-zone';

export class SiteInfoError extends Error {}

/**
 * The operator's details from the environment (SITE_NAME, OPERATOR_NAME, OPERATOR_ADDRESS,
 * OPERATOR_LICENSE, SUPPORT_EMAIL; README "Configuration"). Unset or empty variables are left out;
 * a value that is too long, holds a control character or is not an e-mail address where one is
 * expected stops the start with the variable's name.
 */
export function siteInfoFromEnv(env: NodeJS.ProcessEnv): TSiteInfo {
  const info: TSiteInfo = {};
  for (const [field, name] of Object.entries(SITE_INFO_ENV) as Array<[TSiteInfoField, string]>) {
    const value = env[name]?.trim();
    if (!value) continue;
    const problem = siteInfoProblem(field, value);
    if (problem && field === 'supportEmail')
      throw new SiteInfoError(`${name} must be an e-mail address, got "${value}"`);
    if (problem)
      throw new SiteInfoError(
        `${name} must be one line of at most ${field === 'siteName' ? SITE_NAME_MAX : SITE_TEXT_MAX} characters`,
      );
    info[field] = value;
  }
  return info;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The portal's index.html with the operator's details in it: the data block the footer reads
 * (before `</head>`), and the site name as the window title before the portal sets its own.
 * Nothing set leaves the page as it was built.
 */
export function withSiteInfo(html: string, info: TSiteInfo): string {
  if (Object.keys(info).length === 0) return html;
  let out = html.replace('</head>', `    ${siteInfoElement(info)}\n  </head>`);
  // The build's plain title; a prerendered page's title already has the name (contracts/prerender.ts).
  const { siteName } = info;
  if (siteName)
    out = out.replace(/<title>([^<]*)<\/title>/, (title, text: string) =>
      text.includes(escapeHtml(siteName)) ? title : `<title>${escapeHtml(siteName)}</title>`,
    );
  return out;
}

/**
 * A served document with the site's time zone in its head (`<meta name="site-time-zone">`), which
 * the apps' formatters take at start (decision 0020). The default zone is what they assume
 * without it, so a site in Asia/Seoul serves its documents as built.
 */
export function withSiteTimeZone(html: string, zone: string): string {
  if (zone === DEFAULT_SITE_TIME_ZONE) return html;
  return html.replace('</head>', `    ${siteTimeZoneMeta(zone)}\n  </head>`);
}
