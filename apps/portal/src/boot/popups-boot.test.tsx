import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TPopup } from '@casino/contracts/community';
import { SITE_POPUPS_DATA_ID } from '@casino/contracts/document-popups';
import { fakeServer, popup, settle } from '../test/fake-server.tsx';
import { fakeSession, TestProviders } from '../test/test-app.tsx';
import { SESSION_KEYS, STORAGE_KEYS } from '../lib/storage.ts';
import { EARLY_LAYER_ATTRIBUTE } from '../features/popups/early-popups.ts';
import { SitePopups } from '../features/popups/site-popups.tsx';
import { readyDocumentPopups } from './popups-boot.ts';

// The server writes the site popups into the document (decision 0023); boot.js readies them before
// the page is shown, with the app's rules and storage; the app takes their data and their place.

/** The document as the server writes it (apps/api's lib/site-popups.ts), then boot.js's part. */
function boot(popups: TPopup[]): void {
  const layer = document.createElement('div');
  layer.className = 'site-popups';
  layer.setAttribute(EARLY_LAYER_ATTRIBUTE, '');
  layer.innerHTML = popups
    .map(
      (p) =>
        `<section class="site-popup" role="dialog" aria-modal="false" aria-labelledby="early-popup-${p.id}" tabindex="-1" data-popup-id="${p.id}">` +
        `<header class="site-popup__bar"><h2 class="site-popup__title" id="early-popup-${p.id}">${p.title}</h2></header>` +
        `<div class="site-popup__body"><div class="safe-html">${p.contents}</div></div>` +
        `<footer class="site-popup__actions"><button type="button" class="btn btn--ghost btn--sm" data-popup-action="hide">hide</button>` +
        `<button type="button" class="btn btn--secondary btn--sm" data-popup-action="close">close</button></footer></section>`,
    )
    .join('');
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = SITE_POPUPS_DATA_ID;
  data.textContent = JSON.stringify(popups);
  document.body.append(layer, data);
  readyDocumentPopups();
}

const earlyBoxes = () => [
  ...document.querySelectorAll<HTMLElement>(`[${EARLY_LAYER_ATTRIBUTE}] .site-popup`),
];
const earlyTitles = () => earlyBoxes().map((box) => box.querySelector('h2')?.textContent);
const storedMemory = () =>
  JSON.parse(window.localStorage.getItem(STORAGE_KEYS.popupMemory) ?? '{}') as unknown;

function mountApp(popups: TPopup[]) {
  const api = fakeServer({ 'get-notice-popup': () => ({ status: 'success', note: popups }) });
  const view = render(
    <TestProviders session={fakeSession('unauthenticated')}>
      <SitePopups />
    </TestProviders>,
  );
  return { api, view };
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  for (const layer of document.querySelectorAll(`[${EARLY_LAYER_ATTRIBUTE}]`)) layer.remove();
  document.getElementById(SITE_POPUPS_DATA_ID)?.remove();
});

describe("boot.js's part for the document's popups", () => {
  it('keeps the visible popups of this host as the app would, stacked, coloured and placed', () => {
    window.localStorage.setItem(STORAGE_KEYS.popupMemory, JSON.stringify({ hide: { 4: Date.now() } }));
    window.sessionStorage.setItem(SESSION_KEYS.popupsClosed, JSON.stringify([5]));
    boot([popup(1), popup(2, { domain: 'other.example' }), popup(3), popup(4), popup(5)]);
    expect(earlyTitles()).toEqual(['팝업 1', '팝업 3']);
    const [first, second] = earlyBoxes();
    // The operator's first popup on top.
    expect(Number(first!.style.zIndex)).toBeGreaterThan(Number(second!.style.zIndex));
    expect(first!.style.transform).toMatch(/^translate\(\d+px, \d+px\)$/);
    expect(first!.dataset.x).toMatch(/^\d+$/);
    // The title's operator colour on the bar, as titleColors decides (it reads on the bar).
    expect(first!.querySelector<HTMLElement>('.site-popup__bar')!.style.color).toBe('#ffcc00');
  });

  it('removes the layer when nothing is to show', () => {
    window.sessionStorage.setItem(SESSION_KEYS.popupsClosed, JSON.stringify([1]));
    boot([popup(1)]);
    expect(document.querySelector(`[${EARLY_LAYER_ATTRIBUTE}]`)).toBeNull();
  });

  it("stores 'hide' and 'close' as the app does", () => {
    boot([popup(1), popup(2)]);
    const press = (box: HTMLElement, which: 'ghost' | 'secondary') =>
      box.querySelector<HTMLButtonElement>(`.site-popup__actions .btn--${which}`)!.click();
    press(earlyBoxes()[0]!, 'ghost');
    press(earlyBoxes()[0]!, 'secondary');
    expect(earlyBoxes()).toHaveLength(0);
    expect(document.querySelector(`[${EARLY_LAYER_ATTRIBUTE}]`)).toBeNull();
    expect(storedMemory()).toEqual({ hide: { 1: expect.any(Number) }, close: { 2: expect.any(Number) } });
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_KEYS.popupsClosed)!)).toEqual([2]);
  });

  it("hands over to the app: the document's data taken (no call), its boxes replaced in place", async () => {
    boot([popup(1), popup(2)]);
    const early = earlyBoxes()[1]!;
    early.dataset.x = '123';
    early.dataset.y = '77';
    const { api } = mountApp([popup(1), popup(2)]);
    await settle(150);
    expect(api.countOf('get-notice-popup')).toBe(0);
    expect(earlyBoxes()).toHaveLength(0);
    expect(document.getElementById(SITE_POPUPS_DATA_ID)).toBeNull();
    const boxes = screen.getAllByRole('dialog');
    expect(boxes.map((d) => d.querySelector('h2')?.textContent)).toEqual(['팝업 1', '팝업 2']);
    // Where the early box was (kept in view: jsdom's window is 1024 x 768).
    expect(boxes[1]!.style.transform).toBe('translate(123px, 77px)');
  });

  it('without popups in the document the app asks the server', async () => {
    const { api } = mountApp([popup(1)]);
    await settle(150);
    expect(api.countOf('get-notice-popup')).toBe(1);
    expect(screen.getAllByRole('dialog').map((d) => d.querySelector('h2')?.textContent)).toEqual(['팝업 1']);
  });

  it('a press on an early popup after the app mounted reaches the app', async () => {
    boot([popup(1), popup(2)]);
    let mounted!: ReturnType<typeof mountApp>;
    await act(async () => {
      mounted = mountApp([popup(1), popup(2)]);
      earlyBoxes()[0]!.querySelector<HTMLButtonElement>('.site-popup__actions .btn--secondary')!.click();
      await Promise.resolve();
    });
    await settle(150);
    expect(mounted.api.countOf('get-notice-popup')).toBe(0);
    expect(screen.getAllByRole('dialog').map((d) => d.querySelector('h2')?.textContent)).toEqual(['팝업 2']);
  });

  it('Escape closes the top early popup', () => {
    boot([popup(1), popup(2)]);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(earlyTitles()).toEqual(['팝업 2']);
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_KEYS.popupsClosed)!)).toEqual([1]);
  });
});
