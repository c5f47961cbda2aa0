/**
 * The site popups of the served document, before the app (decision 0023, "The popups in the served
 * document"): the server writes the host's current popups into every prerendered document (their
 * boxes, as `PopupStack` draws them, in a layer the document's style keeps hidden until the page is
 * shown, and their data as JSON), and this part of boot.js (built by vite-prerender.ts from this
 * file and run first in it, before boot.js shows the page) drops the boxes the visitor hid or
 * closed (the rules and storage of `SitePopups`), stacks and places the rest as `SitePopup` does,
 * and until the app adopts them (features/popups/early-popups.ts) stores a press on 'hide' or
 * 'close' as the app stores it, drags a popup by its title bar and closes the top one on Escape.
 * No call, no sanitizer: the server sanitized the contents (the app sanitizes again).
 */
import type { TPopup } from '@casino/contracts/community';
import { SITE_POPUPS_DATA_ID } from '@casino/contracts/document-popups';
import {
  EARLY_LAYER_ATTRIBUTE,
  EARLY_PRESS_EVENT,
  type TEarlyPress,
} from '../features/popups/early-popups.ts';
import { BAR_COLOR, topInset, viewport } from '../features/popups/popup-dom.ts';
import {
  clampPosition,
  initialPosition,
  memoryAfterFetch,
  rememberClose,
  rememberHide,
  titleColors,
  visiblePopups,
} from '../features/popups/popup-rules.ts';
import { readClosed, readMemory, storeMemory, writeClosed } from '../features/popups/popup-storage.ts';

/** The popups the server wrote into the document; none without its data. */
function documentPopups(): TPopup[] {
  try {
    const data = JSON.parse(document.getElementById(SITE_POPUPS_DATA_ID)?.textContent ?? '[]') as unknown;
    return Array.isArray(data) ? (data as TPopup[]) : [];
  } catch {
    return [];
  }
}

function press(id: number, action: TEarlyPress['action'], box: HTMLElement): void {
  const at = Date.now();
  storeMemory((memory) => (action === 'hide' ? rememberHide : rememberClose)(memory, id, at));
  if (action === 'close') writeClosed(new Set(readClosed()).add(id));
  const layer = box.parentElement;
  box.remove();
  if (layer && layer.childElementCount === 0) layer.remove();
  window.dispatchEvent(new CustomEvent<TEarlyPress>(EARLY_PRESS_EVENT, { detail: { id, action, at } }));
}

/** Where a popup is (`translate`), kept on the box for the app (`earlyPosition`). */
function place(section: HTMLElement, at: { x: number; y: number }): void {
  section.dataset.x = String(at.x);
  section.dataset.y = String(at.y);
  section.style.transform = `translate(${at.x}px, ${at.y}px)`;
}

/** Dragging by the title bar, as SitePopup does (kept in the viewport, below the mobile header). */
function drag(bar: HTMLElement, section: HTMLElement): void {
  let start: { pointerId: number; dx: number; dy: number } | null = null;
  bar.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    bar.setPointerCapture(event.pointerId);
    start = {
      pointerId: event.pointerId,
      dx: event.clientX - Number(section.dataset.x),
      dy: event.clientY - Number(section.dataset.y),
    };
  });
  bar.addEventListener('pointermove', (event) => {
    if (!start || start.pointerId !== event.pointerId) return;
    const size = { width: section.offsetWidth, height: section.offsetHeight };
    place(
      section,
      clampPosition(
        { x: event.clientX - start.dx, y: event.clientY - start.dy },
        size,
        viewport(section),
        topInset(),
      ),
    );
  });
  const end = (event: PointerEvent) => {
    if (start?.pointerId !== event.pointerId) return;
    start = null;
    if (bar.hasPointerCapture(event.pointerId)) bar.releasePointerCapture(event.pointerId);
  };
  bar.addEventListener('pointerup', end);
  bar.addEventListener('pointercancel', end);
}

/** Escape closes the top popup, as in the app (not while a field is typed in or a dialog is open). */
function closeTopOnEscape(layer: HTMLElement): void {
  const onKey = (event: KeyboardEvent) => {
    if (!layer.isConnected) return document.removeEventListener('keydown', onKey);
    const target = event.target;
    const typing =
      target instanceof HTMLElement &&
      (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
    if (event.key !== 'Escape' || event.defaultPrevented || typing) return;
    if (document.documentElement.classList.contains('has-modal')) return;
    const boxes = [...layer.querySelectorAll<HTMLElement>('.site-popup')];
    const top = boxes.sort((a, b) => Number(b.style.zIndex) - Number(a.style.zIndex))[0];
    top?.querySelector<HTMLButtonElement>('[data-popup-action="close"]')?.click();
  };
  document.addEventListener('keydown', onKey);
}

/**
 * Readies the document's popups: those to show stacked, coloured and placed, the others removed
 * (the whole layer when none is left). Run before the page is shown: the layer is hidden until then.
 */
export function readyDocumentPopups(): void {
  const layer = document.querySelector<HTMLElement>(`[${EARLY_LAYER_ATTRIBUTE}]`);
  if (!layer) return;
  const now = Date.now();
  // What the app's fetch will leave of the memory (it stores it): the same popups show.
  const shown = visiblePopups(documentPopups(), {
    memory: memoryAfterFetch(readMemory(), now),
    closedInSession: readClosed(),
    now,
    host: window.location.host,
  });
  const boxes = [...layer.querySelectorAll<HTMLElement>('.site-popup')];
  const kept: [TPopup, HTMLElement][] = [];
  for (const section of boxes) {
    const popup = shown.find((one) => String(one.id) === section.dataset.popupId);
    if (popup) kept.push([popup, section]);
    else section.remove();
  }
  if (kept.length === 0) return layer.remove();
  const inset = topInset();
  kept.forEach(([popup, section], index) => {
    // The operator's first popup on top, as PopupStack stacks them.
    section.style.zIndex = String(kept.length - index);
    const bar = section.querySelector<HTMLElement>('.site-popup__bar');
    if (bar) {
      const colors = titleColors(popup.titleColor, BAR_COLOR);
      bar.style.background = colors.background;
      bar.style.color = colors.color;
      drag(bar, section);
    }
    const size = { width: section.offsetWidth, height: section.offsetHeight };
    place(section, initialPosition(popup, index, size, viewport(section), inset));
  });
  layer.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('[data-popup-action]');
    const section = button?.closest<HTMLElement>('.site-popup');
    const action = button?.dataset.popupAction;
    if (!section || (action !== 'hide' && action !== 'close')) return;
    press(Number(section.dataset.popupId), action, section);
  });
  closeTopOnEscape(layer);
}

readyDocumentPopups();
