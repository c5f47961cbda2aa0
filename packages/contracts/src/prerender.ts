/**
 * The prerendered documents of the portal (decisions 0013, 0016): what the build writes into them and
 * the server fills in when it serves them. No I/O and no schema library (the portal's build and
 * the server's static-site plugin both read it).
 */
import { PRERENDERED_PAGES, type TPageId, type TPageMatch } from './pages.ts';

/**
 * What a prerendered document holds: one of the prerendered pages (`home`, `login`, ...: the page
 * as a guest's browser first renders it, which the app hydrates), the not-found page (`notFound`),
 * or the page frame with a skeleton (`shell`: every other page, which the app replaces).
 */
export type TPrerenderKind = TPageId | 'notFound' | 'shell';

/** Every document the build writes for each locale (decision 0016). */
export const PRERENDER_KINDS: readonly TPrerenderKind[] = [...PRERENDERED_PAGES, 'notFound', 'shell'];

/** Where the build writes a document, relative to the built portal's root. */
export function prerenderedFile(kind: TPrerenderKind, locale: string): string {
  return `prerendered/${kind}.${locale}.html`;
}

/**
 * The document a page request is answered with: a prerendered page its own, any other page
 * (member pages, the query pages) the frame, a path outside the page table the not-found page.
 */
export function prerenderKindOf(match: TPageMatch | null): TPrerenderKind {
  if (!match) return 'notFound';
  return PRERENDERED_PAGES.includes(match.page) ? match.page : 'shell';
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

/** JSON safe inside a `<script type="application/json">` element (no `</script>`, no `<!--`). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Text safe in HTML content and in a double-quoted attribute (the server's documents use it too). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A prerendered document with the operator's site name (escaped for HTML) where the build marked
 * the brand, or the brand itself, unmarked, when none is set (the server's side).
 */
export function fillSiteName(html: string, siteName: string | undefined): string {
  return html.replace(MARKED, (_match, brand: string) => (siteName ? escapeHtml(siteName) : brand));
}
