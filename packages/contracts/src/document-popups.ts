/**
 * The site popups in the portal's prerendered documents (decision 0023, "The popups in the served
 * document"): the mark the build writes and the server fills. No I/O and no imports (boot.js bundles
 * it, the server's static-site plugin reads it).
 */

/**
 * Where the server writes the host's site popups into a prerendered document: the build leaves this comment before `</body>` with what
 * the boxes need besides a popup's own fields (the locale's words of the two buttons and the grip
 * icon's markup, as JSON), and the server puts the popups' layer and their data in its place, or
 * leaves it when the host has none.
 */
export interface TPopupsMark {
  /** The 'hide' button's words, the hours filled in. */
  hide: string;
  /** The 'close' button's words. */
  close: string;
  /** The grip icon's `<svg>` markup (the build's own, trusted). */
  grip: string;
}

const POPUPS_MARK = /<!--site-popups (\{.*?\})-->/;

/** The id of the JSON element of the popups the server wrote into a document (not run: the policy allows it). */
export const SITE_POPUPS_DATA_ID = 'site-popups-data';

/** The mark the build writes (`-` and `>` escaped, so the JSON never ends the comment). */
export function popupsMark(mark: TPopupsMark): string {
  return `<!--site-popups ${JSON.stringify(mark).replace(/-/g, '\\u002d').replace(/>/g, '\\u003e')}-->`;
}

/** The document with `fill(mark)` in place of its popups mark; as it is without one. */
export function fillPopupsMark(html: string, fill: (mark: TPopupsMark) => string): string {
  const found = POPUPS_MARK.exec(html);
  if (!found) return html;
  const mark = JSON.parse(found[1]!) as TPopupsMark;
  return html.slice(0, found.index) + fill(mark) + html.slice(found.index + found[0].length);
}
