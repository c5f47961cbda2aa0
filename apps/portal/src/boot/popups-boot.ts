/**
 * The early popups script (decision 0016, "Follow-up"): loaded by every prerendered document right
 * after boot.js, built by vite-prerender.ts into a script of its own (not a module of the app: it
 * runs before the app has loaded, and does not wait for it). It asks `get-notice-popup` as soon as
 * the document is parsed and draws the popups the visitor has not hidden or closed with the
 * markup, the rules and the storage of `SitePopups` and `PopupStack`, outside React's root, so they
 * paint with the page instead of after the app, the call and the popup's chunk (they were the
 * largest paint of /register, 5.1 s), right after the page's own first paint. The app takes the answer and replaces these boxes with its
 * own (features/popups/early-popups.ts), where these are (a popup dragged early stays where it was
 * put). Until then a press on 'hide' or 'close' is stored as the app stores it, a popup is dragged
 * by its title bar, and Escape closes the top one, as in the app.
 *
 * The script tag carries what the build knows: the buttons' text in the page's locale
 * (`data-hide`, `data-close`).
 */
import createDOMPurify from 'dompurify';
import type { TPopup } from '@casino/contracts/community';
import { ICON_PATHS, ICON_SVG_ATTRIBUTES } from '../components/ui/icon-paths.ts';
import { createSafeContent } from '../components/ui/safe-content.ts';
import {
  EARLY_LAYER_ATTRIBUTE,
  EARLY_POPUPS_CALL_KEY,
  EARLY_POPUPS_KEY,
  EARLY_PRESS_EVENT,
  PAGE_SHOWN_KEY,
  type TEarlyPopups,
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

const me = document.currentScript as HTMLScriptElement | null;
const label = (name: string) => me?.getAttribute(`data-${name}`) ?? '';

/**
 * The call boot.js made as the document was parsed (as `callApi` makes it), or made here; a failure
 * leaves the popups to the app (null).
 */
async function ask(): Promise<TPopup[] | null> {
  try {
    const started = (window as unknown as Record<string, Promise<Response> | undefined>)[
      EARLY_POPUPS_CALL_KEY
    ];
    const response = await (started ??
      fetch('/api/routes/get-notice-popup', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: '{}',
      }));
    if (!response.ok) return null;
    const body = (await response.json()) as { status?: unknown; note?: unknown };
    return body.status === 'success' && Array.isArray(body.note) ? (body.note as TPopup[]) : null;
  } catch {
    return null;
  }
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}

/** `<Icon name="grip" size={18} className="site-popup__grip" />`. */
function grip(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('class', 'icon site-popup__grip');
  svg.setAttribute('width', '18');
  svg.setAttribute('height', '18');
  for (const [name, value] of Object.entries(ICON_SVG_ATTRIBUTES)) svg.setAttribute(name, value);
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', ICON_PATHS.grip);
  svg.append(path);
  return svg;
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

/** One popup as `SitePopup` renders it, hidden until placed. */
function box(popup: TPopup, index: number, count: number, safe: ReturnType<typeof createSafeContent>) {
  const section = element('section', 'site-popup');
  const titleId = `early-popup-${popup.id}`;
  section.setAttribute('role', 'dialog');
  section.setAttribute('aria-modal', 'false');
  section.setAttribute('aria-labelledby', titleId);
  section.tabIndex = -1;
  // The operator's first popup on top, as PopupStack stacks them.
  section.style.zIndex = String(count - index);
  section.style.visibility = 'hidden';

  const colors = titleColors(popup.titleColor, BAR_COLOR);
  const bar = element('header', 'site-popup__bar');
  bar.style.background = colors.background;
  bar.style.color = colors.color;
  const title = element('h2', 'site-popup__title');
  title.id = titleId;
  title.textContent = popup.title;
  bar.append(title, grip());

  const body = element('div', 'site-popup__body');
  const content = safe(popup.contents);
  const html = element('div', content.kind === 'text' ? 'safe-html safe-html--text' : 'safe-html');
  // Only after the sanitizer, as SafeHtml.
  if (content.kind === 'html') html.innerHTML = content.html;
  else html.textContent = content.text;
  body.append(html);

  const actions = element('footer', 'site-popup__actions');
  const hide = element('button', 'btn btn--ghost btn--sm');
  hide.type = 'button';
  hide.textContent = label('hide');
  hide.addEventListener('click', () => press(popup.id, 'hide', section));
  const close = element('button', 'btn btn--secondary btn--sm');
  close.type = 'button';
  close.textContent = label('close');
  close.addEventListener('click', () => press(popup.id, 'close', section));
  actions.append(hide, close);

  section.append(bar, body, actions);
  section.dataset.popupId = String(popup.id);
  drag(bar, section);
  return section;
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
    top?.querySelector<HTMLButtonElement>('.site-popup__actions .btn--secondary')?.click();
  };
  document.addEventListener('keydown', onKey);
}

/** Draws the popups to show; whether there were any. */
function draw(popups: readonly TPopup[], state: TEarlyPopups): boolean {
  if (state.done) return false;
  const now = Date.now();
  // What the app's fetch will leave of the memory (it stores it): the same popups show.
  const shown = visiblePopups(popups, {
    memory: memoryAfterFetch(readMemory(), now),
    closedInSession: readClosed(),
    now,
    host: window.location.host,
  });
  if (shown.length === 0) return false;
  const safe = createSafeContent(createDOMPurify(window));
  const layer = element('div', 'site-popups');
  layer.setAttribute(EARLY_LAYER_ATTRIBUTE, '');
  const boxes = shown.map((popup, index) => box(popup, index, shown.length, safe));
  layer.append(...boxes);
  document.body.append(layer);
  // Placed once their sizes are known, as SitePopup's layout effect does.
  const inset = topInset();
  boxes.forEach((section, index) => {
    const size = { width: section.offsetWidth, height: section.offsetHeight };
    place(section, initialPosition(shown[index]!, index, size, viewport(section), inset));
    section.style.visibility = '';
  });
  closeTopOnEscape(layer);
  return true;
}

/**
 * Once the page has been shown and painted (boot.js), so that the popups' text, which may ask for
 * more of the font, never holds up the page's first paint; at once in a document without boot.js.
 */
function afterPageShown(): Promise<void> {
  const whenShown = (window as unknown as Record<string, ((then: () => void) => void) | undefined>)[
    PAGE_SHOWN_KEY
  ];
  if (!whenShown) return Promise.resolve();
  return new Promise((resolve) => whenShown(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

const answer = ask();
const state: TEarlyPopups = {
  answer,
  // Drawn in an animation frame: the layout that asks for the fonts of the popups' text is the one
  // right before their paint, which shows them at once (the package's faces swap in when they come).
  drawn: Promise.all([answer, afterPageShown()])
    .then(([popups]) =>
      popups === null
        ? false
        : new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(draw(popups, state)))),
    )
    .catch(() => false),
  taken: false,
  done: false,
};
(window as unknown as Record<string, TEarlyPopups>)[EARLY_POPUPS_KEY] = state;
