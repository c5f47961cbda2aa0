/**
 * The prerendered documents of the portal (decision 0013): what the build writes into them and
 * the server fills in when it serves them. No I/O and no schema library (the portal's build and
 * the server's static-site plugin both read it).
 */

/** What a prerendered document holds: a locale's home page, or the page frame with a skeleton. */
export const PRERENDER_KINDS = ['home', 'shell'] as const;
export type TPrerenderKind = (typeof PRERENDER_KINDS)[number];

/** Where the build writes a document, relative to the built portal's root. */
export function prerenderedFile(kind: TPrerenderKind, locale: string): string {
  return `prerendered/${kind}.${locale}.html`;
}

/**
 * The site name can be set by the operator only when the server starts (SITE_NAME), after the
 * build: the build renders the default brand between these two invisible characters (U+2063
 * INVISIBLE SEPARATOR, U+2064 INVISIBLE PLUS: zero width, never drawn) wherever the pages show the
 * site name, so the server can put the operator's name in their place.
 */
export const SITE_NAME_START = '\u2063';
export const SITE_NAME_END = '\u2064';

/** The default brand marked as the site name (the build's side). */
export function markSiteName(brand: string): string {
  return `${SITE_NAME_START}${brand}${SITE_NAME_END}`;
}

const MARKED = new RegExp(`${SITE_NAME_START}([^${SITE_NAME_END}]*)${SITE_NAME_END}`, 'gu');

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A prerendered document with the operator's site name (escaped for HTML) where the build marked
 * the brand, or the brand itself, unmarked, when none is set (the server's side).
 */
export function fillSiteName(html: string, siteName: string | undefined): string {
  return html.replace(MARKED, (_match, brand: string) => (siteName ? escapeHtml(siteName) : brand));
}
