import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPopup } from '@casino/contracts/community';
import { fakeServer, settle } from '../test/fake-server.tsx';
import { fakeSession, TestProviders } from '../test/test-app.tsx';
import { SESSION_KEYS, STORAGE_KEYS } from '../lib/storage.ts';
import {
  EARLY_LAYER_ATTRIBUTE,
  EARLY_POPUPS_CALL_KEY,
  EARLY_POPUPS_KEY,
  type TEarlyPopups,
} from '../features/popups/early-popups.ts';
import { SitePopups } from '../features/popups/site-popups.tsx';

// The early popups script (decision 0016, "Follow-up") draws the site popups before the app has
// loaded, with the app's rules and storage; the app takes its answer and replaces its boxes.

function popup(id: number, extra: Partial<TPopup> = {}): TPopup {
  return {
    id,
    title: `팝업 ${id}`,
    titleColor: '#ffcc00',
    contents: `안내 <b>${id}</b><img src="x" onerror="window.pwned=1"><script>window.pwned=2</script>`,
    domain: '',
    posX: 40 * id,
    posY: 30 * id,
    ...extra,
  };
}

const scope = window as unknown as Record<string, unknown>;

/** Runs the script as a document would, with boot.js's call answering `popups` (or failing). */
async function boot(popups: TPopup[] | 'fail'): Promise<TEarlyPopups> {
  scope[EARLY_POPUPS_CALL_KEY] = Promise.resolve(
    popups === 'fail'
      ? new Response('{}', { status: 503 })
      : new Response(JSON.stringify({ status: 'success', note: popups }), { status: 200 }),
  );
  vi.resetModules();
  await import('./popups-boot.ts');
  const state = scope[EARLY_POPUPS_KEY] as TEarlyPopups;
  await state.drawn;
  return state;
}

const earlyBoxes = () => [
  ...document.querySelectorAll<HTMLElement>(`[${EARLY_LAYER_ATTRIBUTE}] .site-popup`),
];
const earlyTitles = () => earlyBoxes().map((box) => box.querySelector('h2')?.textContent);
const storedMemory = () =>
  JSON.parse(window.localStorage.getItem(STORAGE_KEYS.popupMemory) ?? '{}') as unknown;

async function mountApp(popups: TPopup[]) {
  const api = fakeServer({ 'get-notice-popup': () => ({ status: 'success', note: popups }) });
  const view = render(
    <TestProviders session={fakeSession('unauthenticated')}>
      <SitePopups />
    </TestProviders>,
  );
  await settle(150);
  return { api, view };
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  for (const layer of document.querySelectorAll(`[${EARLY_LAYER_ATTRIBUTE}]`)) layer.remove();
  delete scope[EARLY_POPUPS_KEY];
  delete scope[EARLY_POPUPS_CALL_KEY];
  delete scope.pwned;
});

describe('the early popups script', () => {
  it('draws the visible popups of this host as the app does, sanitized, outside the root, placed', async () => {
    window.localStorage.setItem(STORAGE_KEYS.popupMemory, JSON.stringify({ hide: { 4: Date.now() } }));
    window.sessionStorage.setItem(SESSION_KEYS.popupsClosed, JSON.stringify([5]));
    const state = await boot([popup(1), popup(2, { domain: 'other.example' }), popup(3), popup(4), popup(5)]);
    expect(await state.drawn).toBe(true);
    expect(earlyTitles()).toEqual(['팝업 1', '팝업 3']);
    const [first, second] = earlyBoxes();
    expect(first!.getAttribute('role')).toBe('dialog');
    expect(first!.getAttribute('aria-modal')).toBe('false');
    expect(document.getElementById(first!.getAttribute('aria-labelledby')!)?.textContent).toBe('팝업 1');
    // The operator's first popup on top.
    expect(Number(first!.style.zIndex)).toBeGreaterThan(Number(second!.style.zIndex));
    expect(first!.style.visibility).toBe('');
    expect(first!.style.transform).toMatch(/^translate\(\d+px, \d+px\)$/);
    // Through the app's sanitizer (as markup where DOMPurify works, as text where it does not).
    expect(first!.querySelector('.safe-html')?.textContent).toContain('안내 1');
    expect(first!.querySelector('script, [onerror]')).toBeNull();
    expect(scope.pwned).toBeUndefined();
    expect(first!.querySelector('.site-popup__grip')?.getAttribute('viewBox')).toBe('0 0 24 24');
  });

  it('draws nothing when the call fails or nothing is to show, and the app asks itself', async () => {
    expect(await (await boot('fail')).drawn).toBe(false);
    expect(earlyBoxes()).toHaveLength(0);
    const { api } = await mountApp([popup(1)]);
    expect(api.countOf('get-notice-popup')).toBe(1);
    expect(screen.getAllByRole('dialog').map((d) => d.querySelector('h2')?.textContent)).toEqual(['팝업 1']);
  });

  it("stores 'hide' and 'close' as the app does", async () => {
    await boot([popup(1), popup(2)]);
    const press = (box: HTMLElement, which: 'ghost' | 'secondary') =>
      box.querySelector<HTMLButtonElement>(`.site-popup__actions .btn--${which}`)!.click();
    press(earlyBoxes()[0]!, 'ghost');
    press(earlyBoxes()[0]!, 'secondary');
    expect(earlyBoxes()).toHaveLength(0);
    expect(document.querySelector(`[${EARLY_LAYER_ATTRIBUTE}]`)).toBeNull();
    expect(storedMemory()).toEqual({ hide: { 1: expect.any(Number) }, close: { 2: expect.any(Number) } });
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_KEYS.popupsClosed)!)).toEqual([2]);
  });

  it('hands over to the app: its answer taken (no second call), its boxes replaced in place', async () => {
    await boot([popup(1), popup(2)]);
    const early = earlyBoxes()[1]!;
    early.dataset.x = '123';
    early.dataset.y = '77';
    const { api } = await mountApp([popup(1), popup(2)]);
    expect(api.countOf('get-notice-popup')).toBe(0);
    expect(earlyBoxes()).toHaveLength(0);
    const boxes = screen.getAllByRole('dialog');
    expect(boxes.map((d) => d.querySelector('h2')?.textContent)).toEqual(['팝업 1', '팝업 2']);
    // Where the early box was (kept in view: jsdom's window is 1024 x 768).
    expect(boxes[1]!.style.transform).toBe('translate(123px, 77px)');
  });

  it('a press on an early popup after the app mounted reaches the app', async () => {
    await boot([popup(1), popup(2)]);
    // The app has taken the answer but its boxes are not there yet: the early ones are pressed.
    let release!: () => void;
    const state = scope[EARLY_POPUPS_KEY] as TEarlyPopups;
    const answer = state.answer;
    state.answer = new Promise((resolve) => (release = () => resolve(answer)));
    const mounted = mountApp([popup(1), popup(2)]);
    await act(async () => {
      earlyBoxes()[0]!.querySelector<HTMLButtonElement>('.site-popup__actions .btn--secondary')!.click();
      await Promise.resolve();
    });
    release();
    await mounted;
    expect(screen.getAllByRole('dialog').map((d) => d.querySelector('h2')?.textContent)).toEqual(['팝업 2']);
  });

  it('Escape closes the top early popup', async () => {
    await boot([popup(1), popup(2)]);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(earlyTitles()).toEqual(['팝업 2']);
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_KEYS.popupsClosed)!)).toEqual([1]);
  });
});
