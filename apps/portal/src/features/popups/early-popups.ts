import type { TPopup } from '@casino/contracts/community';
import { SITE_POPUPS_DATA_ID } from '@casino/contracts/document-popups';

/**
 * The site popups of the served document (decision 0023, "The popups in the served document"):
 * the server writes the host's popups into every prerendered document, boxes and data, and
 * boot.js (boot/popups-boot.ts) readies them before it shows the page, so they paint with it,
 * before the app has loaded. The app then takes their data instead of asking `get-notice-popup`
 * (`takeEarlyAnswer`, in the query's fetch: never before hydration, so the first render stays the
 * build's), and its own `PopupStack` takes the boxes' place in the commit that shows it
 * (`removeEarlyPopups`), where they are.
 */

/** The attribute of the early popups' layer (`.site-popups` outside `#root`). */
export const EARLY_LAYER_ATTRIBUTE = 'data-early-popups';

/**
 * The event boot.js sends on `window` when the visitor presses 'hide' or 'close' on an early
 * popup (after storing it as `SitePopups` does): a `SitePopups` already mounted takes the press
 * into its state too.
 */
export const EARLY_PRESS_EVENT = 'early-popup-press';

export interface TEarlyPress {
  id: number;
  action: 'hide' | 'close';
  at: number;
}

/**
 * The popups the server wrote into the document, once (their data element goes: a later fetch asks
 * the server); null without them (a document the server wrote none into: the app asks).
 */
export function takeEarlyAnswer(): TPopup[] | null {
  const data = document.getElementById(SITE_POPUPS_DATA_ID);
  if (!data) return null;
  data.remove();
  try {
    const popups = JSON.parse(data.textContent ?? '') as unknown;
    return Array.isArray(popups) ? (popups as TPopup[]) : null;
  } catch {
    return null;
  }
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
  for (const layer of document.querySelectorAll(`[${EARLY_LAYER_ATTRIBUTE}]`)) layer.remove();
}
