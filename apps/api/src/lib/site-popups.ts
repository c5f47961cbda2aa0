import { createHash } from 'node:crypto';
import type { TPopup } from '@casino/contracts/community';
import { fillPopupsMark, SITE_POPUPS_DATA_ID, type TPopupsMark } from '@casino/contracts/document-popups';
import { escapeHtml, scriptJson } from '@casino/contracts/prerender';
import { sanitizeOperatorHtml } from './operator-html.ts';

/**
 * The site popups written into the served documents (decision 0023, "The popups in the served
 * document"): a host's current popups, their contents sanitized again on the server's DOM
 * (lib/operator-html.ts, the one policy), as the boxes `PopupStack` draws (the portal's
 * features/popups) and their data as JSON, in place of the mark the build leaves in each
 * prerendered document (`popupsMark` of contracts' prerender.ts). The portal's boot.js drops the
 * boxes the visitor hid or closed and places the rest before it shows the page; the app adopts them.
 */

/** A host's popups as the documents carry them, and the version that keys those documents. */
export interface DocumentPopups {
  /** A hash of the popups: it changes whenever what the documents would show does. */
  version: string;
  popups: readonly TPopup[];
}

/** How many popup versions an instance keeps sanitized (hosts of different domains differ). */
const VERSIONS_KEPT = 64;

/** One popup as `SitePopup` renders it (the bar's colours, its place and stacking are boot.js's). */
function popupBox(popup: TPopup, mark: TPopupsMark): string {
  const titleId = `early-popup-${popup.id}`;
  return (
    `<section class="site-popup" role="dialog" aria-modal="false" aria-labelledby="${titleId}" tabindex="-1" data-popup-id="${popup.id}">` +
    `<header class="site-popup__bar"><h2 class="site-popup__title" id="${titleId}">${escapeHtml(popup.title)}</h2>${mark.grip}</header>` +
    `<div class="site-popup__body"><div class="safe-html">${popup.contents}</div></div>` +
    `<footer class="site-popup__actions">` +
    `<button type="button" class="btn btn--ghost btn--sm" data-popup-action="hide">${escapeHtml(mark.hide)}</button>` +
    `<button type="button" class="btn btn--secondary btn--sm" data-popup-action="close">${escapeHtml(mark.close)}</button>` +
    `</footer></section>`
  );
}

/**
 * A built document with `popups` in place of its popups mark: their layer (hidden until boot.js
 * shows the page, by the document's own style) and their data; the mark stays when there are none.
 */
export function withSitePopups(html: string, popups: readonly TPopup[]): string {
  if (popups.length === 0) return html;
  return fillPopupsMark(
    html,
    (mark) =>
      `<div class="site-popups" data-early-popups>${popups.map((popup) => popupBox(popup, mark)).join('')}</div>` +
      `<script type="application/json" id="${SITE_POPUPS_DATA_ID}">${scriptJson(popups)}</script>`,
  );
}

/**
 * The popups of a host for its documents: `popupsOf`'s answer (already the host's, kept briefly by
 * the community service and forgotten on an operator's change), its contents sanitized once per
 * version. `forget` drops what is kept (the `popups` shared cache).
 */
export function createDocumentPopups(popupsOf: (host: string) => Promise<readonly TPopup[]>) {
  const byVersion = new Map<string, Promise<DocumentPopups>>();
  return {
    /** The host's popups, or null when it has none. */
    async of(host: string): Promise<DocumentPopups | null> {
      const popups = await popupsOf(host);
      if (popups.length === 0) return null;
      const version = createHash('sha256').update(JSON.stringify(popups)).digest('base64url').slice(0, 16);
      let found = byVersion.get(version);
      if (!found) {
        found = Promise.all(
          popups.map(async (popup) => ({ ...popup, contents: await sanitizeOperatorHtml(popup.contents) })),
        ).then((clean) => ({ version, popups: clean }));
        byVersion.set(version, found);
        found.catch(() => byVersion.delete(version));
        if (byVersion.size > VERSIONS_KEPT) byVersion.delete(byVersion.keys().next().value!);
      }
      return found;
    },
    forget(): void {
      byVersion.clear();
    },
  };
}
