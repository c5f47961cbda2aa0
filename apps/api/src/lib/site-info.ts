import {
  SITE_INFO_ENV,
  SITE_NAME_MAX,
  SITE_TEXT_MAX,
  siteInfoElement,
  siteInfoProblem,
  THEME_COLOR_PATTERN,
  type TSiteInfo,
  type TSiteInfoField,
  type TSiteTheme,
} from '@casino/contracts/site-info';
import { escapeHtml, fillSiteName } from '@casino/contracts/prerender';
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

/** `#rrggbb` as its three channels. */
function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A colour `amount` (0..1) of the way from `hex` to `toward`, as `#rrggbb`. */
function mix(hex: string, toward: number, amount: number): string {
  return `#${channels(hex)
    .map((c) => Math.round(c + (toward - c) * amount))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The portal's accent tokens (apps/portal/src/app/styles/global.css, `--gold*`) of a site's main
 * colour, as one `:root` rule, and `--site-primary` itself: darker for pressed buttons, lighter for
 * text on the dark ground, translucent for tints and lines, and the text colour on it by its
 * brightness.
 */
export function siteThemeCss(primary: string): string {
  const [r, g, b] = channels(primary);
  const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  const tokens = {
    '--site-primary': primary,
    '--gold': primary,
    '--gold-strong': mix(primary, 0, 0.12),
    '--gold-text': mix(primary, 255, 0.3),
    '--gold-soft': `rgba(${r}, ${g}, ${b}, 0.13)`,
    '--gold-line': `rgba(${r}, ${g}, ${b}, 0.42)`,
    '--on-gold': luminance > 0.55 ? '#1c1404' : '#ffffff',
    // The primary buttons' gradient and glow, the page's haze and the focus ring (portal CSS).
    '--gold-top': mix(primary, 255, 0.35),
    '--gold-bottom': mix(primary, 0, 0.1),
    '--gold-glow': `rgba(${r}, ${g}, ${b}, 0.18)`,
    '--gold-haze': `rgba(${r}, ${g}, ${b}, 0.08)`,
    '--gold-ring': `rgba(${r}, ${g}, ${b}, 0.3)`,
    // The emblem's and the site name's gradient (apps/portal/src/app/layout/logo.tsx, layout.css).
    '--logo-light': mix(primary, 255, 0.6),
    '--logo-dark': mix(primary, 0, 0.3),
  };
  return `:root{${Object.entries(tokens)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}

/**
 * A served document in a site's colour: the browser's `theme-color` and the portal's accent tokens
 * (a style after the build's own, so it wins). The colour is checked `#rrggbb` (site-info.ts), so
 * nothing of it can leave the attribute or the rule.
 */
export function withSiteTheme(html: string, theme: TSiteTheme | undefined): string {
  const primary = theme?.primary;
  if (!primary || !THEME_COLOR_PATTERN.test(primary)) return html;
  return html
    .replace(
      /<meta name="theme-color" content="[^"]*"\s*\/?>/,
      `<meta name="theme-color" content="${primary}" />`,
    )
    .replace('</head>', `    <style id="site-theme">${siteThemeCss(primary)}</style>\n  </head>`);
}

/**
 * A built document as a site's hosts are served it (issue 25): the site's name where the build
 * marked the brand, the details block (with the site's name and look) and its title, its colour,
 * and the site's time zone unless it is the default.
 */
export function siteDocumentHtml(built: string, site: TSiteInfo, timeZone?: string): string {
  const named = withSiteInfo(site.siteName ? fillSiteName(built, site.siteName) : built, site);
  const themed = withSiteTheme(named, site.theme);
  return timeZone ? withSiteTimeZone(themed, timeZone) : themed;
}
