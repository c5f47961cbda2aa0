/**
 * Who runs the site, as the operator sets it in the server's environment (README, "Configuration":
 * SITE_NAME, OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_LICENSE, SUPPORT_EMAIL). The server writes
 * it into the page it serves (a JSON data block, `SITE_INFO_ELEMENT_ID`), so the footer shows the
 * operator's details on the first paint without a call; an unset value is left out.
 *
 * No schema library here: the portal's frame reads it on every page, and zod stays out of the
 * frame's bundle (apps/portal/README.md, "Budgets").
 */
export const SITE_INFO_ELEMENT_ID = 'site-info';

/** The longest value of each field (an address or a licence line fits well within it). */
export const SITE_TEXT_MAX = 200;
/** The longest site name (it stands beside the logo). */
export const SITE_NAME_MAX = 60;

export interface TSiteInfo {
  /** The brand shown in the header, the footer and the window title (default: the portal's own). */
  siteName?: string;
  /** The company that operates the site. */
  operatorName?: string;
  operatorAddress?: string;
  /** Registration and licence line, e.g. "Company no. 123-45-67890 · Licence GLH-0000/2025". */
  operatorLicense?: string;
  supportEmail?: string;
  /**
   * The look of the site of the request's host (issue 25, docs/api/backoffice-sites.md): its
   * colour and logo. Absent for the default site, which keeps the portal's own.
   */
  theme?: TSiteTheme;
}
/** The fields the environment sets (the theme comes from the back office's sites). */
export type TSiteInfoField = Exclude<keyof TSiteInfo, 'theme'>;

/** A site's look: its main colour (`#rrggbb`) and its logo's address, each optional. */
export interface TSiteTheme {
  primary?: string;
  logoUrl?: string;
}

/** The portal's own brand: the name of the default site when the operator set no SITE_NAME. */
export const DEFAULT_SITE_NAME = 'GOLD CROWN';
/** A theme colour: six hex digits. */
export const THEME_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const LOGO_URL_MAX = 500;
/**
 * A logo's address: https (the content security policy allows https images) or a path of this
 * site (`/media/...` of an uploaded image), with nothing an attribute could be broken out of.
 */
export const LOGO_URL_PATTERN = /^(?:https:\/\/[^\s"'<>\\`]+|\/(?![/\\])[^\s"'<>\\`]*)$/;

/** The well-formed parts of a theme, or undefined when none is. */
export function parseSiteTheme(raw: unknown): TSiteTheme | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { primary, logoUrl } = raw as Record<string, unknown>;
  const theme: TSiteTheme = {};
  if (typeof primary === 'string' && THEME_COLOR_PATTERN.test(primary)) theme.primary = primary.toLowerCase();
  if (typeof logoUrl === 'string' && logoUrl.length <= LOGO_URL_MAX && LOGO_URL_PATTERN.test(logoUrl))
    theme.logoUrl = logoUrl;
  return Object.keys(theme).length > 0 ? theme : undefined;
}

/** The environment variable of each field. */
export const SITE_INFO_ENV = {
  siteName: 'SITE_NAME',
  operatorName: 'OPERATOR_NAME',
  operatorAddress: 'OPERATOR_ADDRESS',
  operatorLicense: 'OPERATOR_LICENSE',
  supportEmail: 'SUPPORT_EMAIL',
} as const satisfies Record<TSiteInfoField, string>;

const FIELDS = Object.keys(SITE_INFO_ENV) as TSiteInfoField[];
/** One line of text: no control characters (a newline would not show, a NUL would not store). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** An address a `mailto:` link can carry: one @, a dotted domain, no spaces or markup. */
const EMAIL = /^[^\s@<>"'()[\]\\,;:]+@[^\s@<>"'()[\]\\,;:]+\.[^\s@<>"'()[\]\\,;:]+$/;

/** Why a field's value is refused (`length`, `pattern`), or null when it is fine. */
export function siteInfoProblem(field: TSiteInfoField, value: string): 'length' | 'pattern' | null {
  const max = field === 'siteName' ? SITE_NAME_MAX : field === 'supportEmail' ? 254 : SITE_TEXT_MAX;
  if (value.length === 0 || value.length > max) return 'length';
  if (CONTROL.test(value)) return 'pattern';
  if (field === 'supportEmail' && !EMAIL.test(value)) return 'pattern';
  return null;
}

/**
 * The data block the page carries: JSON that cannot end the element early (`<` is escaped, so no
 * value can write `</script>`). A data block is never run, whatever the content security policy.
 */
export function siteInfoElement(info: TSiteInfo): string {
  const json = JSON.stringify(info).replace(/</g, '\\u003c');
  return `<script id="${SITE_INFO_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** The site info of a data block's text: its well-formed fields; anything else reads as not set. */
export function parseSiteInfo(text: string | null | undefined): TSiteInfo {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const info: TSiteInfo = {};
  for (const field of FIELDS) {
    const value = (raw as Record<string, unknown>)[field];
    if (typeof value === 'string' && siteInfoProblem(field, value) === null) info[field] = value;
  }
  const theme = parseSiteTheme((raw as Record<string, unknown>).theme);
  if (theme) info.theme = theme;
  return info;
}
