import type { TPopup } from '@casino/contracts/community';

/**
 * The site popups painted with the prerendered page (decision 0016, "Follow-up"): the early popups
 * script (boot/popups-boot.ts, loaded by every prerendered document after boot.js) asks
 * `get-notice-popup` as soon as the document is parsed and draws the visible popups with the
 * markup of `PopupStack`, outside React's root, before the app has loaded. The app then takes that
 * answer instead of asking again (`takeEarlyAnswer`, in the query's fetch: never before hydration,
 * so the first render stays the build's), and its own `PopupStack` replaces the early markup in the
 * commit that shows it (`removeEarlyPopups`), in the same place.
 */

/** Where the early popups script keeps its state on `window`. */
export const EARLY_POPUPS_KEY = '__earlyPopups';

/**
 * Where boot.js keeps the `get-notice-popup` call it makes at once (its `fetch` promise), so the
 * call runs while the early popups script is still loading.
 */
export const EARLY_POPUPS_CALL_KEY = '__earlyPopupsCall';

/**
 * Where boot.js offers to call back once the prerendered page is shown (`(then) => void`): the
 * early popups are drawn after the page's first paint, so that the fonts their text asks for
 * never hold up that paint.
 */
export const PAGE_SHOWN_KEY = '__prerenderShown';

/** The attribute of the early popups' layer (`.site-popups` outside `#root`). */
export const EARLY_LAYER_ATTRIBUTE = 'data-early-popups';

/**
 * The event the early popups script sends on `window` when the visitor presses 'hide' or 'close'
 * on an early popup (after storing it as `SitePopups` does): a `SitePopups` already mounted takes
 * the press into its state too.
 */
export const EARLY_PRESS_EVENT = 'early-popup-press';

export interface TEarlyPress {
  id: number;
  action: 'hide' | 'close';
  at: number;
}

export interface TEarlyPopups {
  /** `get-notice-popup`'s popups; null when the call failed (the app then asks itself). */
  answer: Promise<TPopup[] | null>;
  /**
   * Whether popups were drawn, once they are (or there are none): boot.js starts the app after,
   * and after their paint, so that its script does not compete with what the popups' paint needs.
   */
  drawn: Promise<boolean>;
  /** Set once the app took the answer. */
  taken: boolean;
  /** Set once the app shows the popups itself: nothing more is drawn early. */
  done: boolean;
}

function early(): TEarlyPopups | undefined {
  return (window as unknown as Record<string, TEarlyPopups | undefined>)[EARLY_POPUPS_KEY];
}

/** The early answer, once (a later fetch asks the server); null without one. */
export function takeEarlyAnswer(): Promise<TPopup[] | null> | null {
  const state = early();
  if (!state || state.taken) return null;
  state.taken = true;
  return state.answer;
}

/** Where the early popup `id` is (the visitor may have dragged it), for the app's to open there. */
export function earlyPosition(id: number): { x: number; y: number } | null {
  const box = document.querySelector<HTMLElement>(`[${EARLY_LAYER_ATTRIBUTE}] [data-popup-id="${id}"]`);
  const x = Number(box?.dataset.x);
  const y = Number(box?.dataset.y);
  return box && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
}

/** Removes the early popups: the app's own are there, or there is nothing to show. */
export function removeEarlyPopups(): void {
  const state = early();
  if (state) state.done = true;
  for (const layer of document.querySelectorAll(`[${EARLY_LAYER_ATTRIBUTE}]`)) layer.remove();
}
