/**
 * What the app needs to know about a prerendered document (decision 0013).
 *
 * The build renders each locale's home page, and a frame with a page skeleton for every other
 * route, into HTML (`src/app/prerender.tsx`), so the first paint needs no script. The app does not
 * hydrate that markup: its first render (in a transition, once the page's chunk is loaded and with
 * the translations the document carries) replaces it in one commit. Both come from the same
 * components and translations, so nothing moves.
 */

/** The attribute on `#root` that marks prerendered markup and tells its kind (`home`, `shell`). */
export const PRERENDER_ATTRIBUTE = 'data-prerendered';

/** The id of the inline JSON script with the translations of the first render (`{lng, resources}`). */
export const I18N_SCRIPT_ID = 'i18n-resources';

/** Whether `root` holds prerendered markup. */
export function isPrerendered(root: HTMLElement): boolean {
  return root.hasAttribute(PRERENDER_ATTRIBUTE);
}
