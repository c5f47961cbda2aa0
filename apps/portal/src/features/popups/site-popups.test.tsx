import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TPopup } from '@casino/contracts/community';
import { fakeServer, popup, settle } from '../../test/fake-server.tsx';
import { fakeSession, TestProviders } from '../../test/test-app.tsx';
import { SESSION_KEYS, STORAGE_KEYS } from '../../lib/storage.ts';
import { SitePopups } from './site-popups.tsx';

async function mount(popups: TPopup[]) {
  const api = fakeServer({ 'get-notice-popup': () => ({ status: 'success', note: popups }) });
  const view = render(
    <TestProviders session={fakeSession('unauthenticated')}>
      <input aria-label="검색" />
      <SitePopups />
    </TestProviders>,
  );
  // The popup boxes are their own chunk.
  await settle(150);
  return { api, view };
}

const titles = () => screen.queryAllByRole('dialog').map((d) => d.querySelector('h2')?.textContent);
const storedMemory = () =>
  JSON.parse(window.localStorage.getItem(STORAGE_KEYS.popupMemory) ?? '{}') as unknown;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('SitePopups', () => {
  it('shows the popups of this host as labelled, focusable non-modal boxes with sanitized contents', async () => {
    await mount([popup(1), popup(2, { domain: 'other.example' }), popup(3, { domain: 'localhost' })]);
    expect(titles()).toEqual(['팝업 1', '팝업 3']);
    const box = screen.getByRole('dialog', { name: '팝업 1' });
    expect(box.getAttribute('aria-modal')).toBe('false');
    expect(box.getAttribute('tabindex')).toBe('-1');
    expect(box.textContent).toContain('안내');
    expect(screen.getAllByRole('button', { name: '8시간 동안 보지 않기' })).toHaveLength(2);
  });

  it("'hide' keeps a popup hidden across page loads (8 hours, per id)", async () => {
    const { view } = await mount([popup(1), popup(2)]);
    await act(async () =>
      fireEvent.click(screen.getAllByRole('button', { name: '8시간 동안 보지 않기' })[0]!),
    );
    expect(titles()).toEqual(['팝업 2']);
    expect(storedMemory()).toEqual({ hide: { 1: expect.any(Number) }, close: {} });

    view.unmount();
    await mount([popup(1), popup(2)]);
    expect(titles()).toEqual(['팝업 2']);
  });

  it("'close' hides a popup for this session; the next fetch clears the stored 'close' entries", async () => {
    const { view } = await mount([popup(1), popup(2)]);
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: '닫기' })[1]!));
    expect(titles()).toEqual(['팝업 1']);
    expect(storedMemory()).toEqual({ hide: {}, close: { 2: expect.any(Number) } });
    expect(JSON.parse(window.sessionStorage.getItem(SESSION_KEYS.popupsClosed)!)).toEqual([2]);

    view.unmount();
    const second = await mount([popup(1), popup(2)]);
    expect(storedMemory()).toEqual({ hide: {}, close: {} });
    expect(titles()).toEqual(['팝업 1']);

    // A new session (the tab closed) shows it again.
    second.view.unmount();
    window.sessionStorage.clear();
    await mount([popup(1), popup(2)]);
    expect(titles()).toEqual(['팝업 1', '팝업 2']);
  });

  it('Escape closes the top popup (the operator’s first, then the one pressed last), not while typing', async () => {
    await mount([popup(1), popup(2), popup(3)]);
    await act(async () => fireEvent.keyDown(screen.getByLabelText('검색'), { key: 'Escape' }));
    expect(titles()).toHaveLength(3);

    await act(async () => fireEvent.keyDown(document.body, { key: 'Escape' }));
    expect(titles()).toEqual(['팝업 2', '팝업 3']);

    fireEvent.pointerDown(screen.getByRole('dialog', { name: '팝업 3' }));
    await act(async () => fireEvent.keyDown(document.body, { key: 'Escape' }));
    expect(titles()).toEqual(['팝업 2']);
  });

  it('keeps a readable title: the operator colour as text, or as the bar behind black or white text', async () => {
    await mount([popup(1, { titleColor: '#ffcc00' }), popup(2, { titleColor: '#101060' })]);
    const bar = (name: string) => screen.getByRole('dialog', { name }).querySelector('header')!;
    expect(bar('팝업 1').style.color).toMatch(/#ffcc00|rgb\(255, 204, 0\)/);
    expect(bar('팝업 2').style.backgroundColor).toMatch(/#101060|rgb\(16, 16, 96\)/);
    expect(bar('팝업 2').style.color).toMatch(/#ffffff|rgb\(255, 255, 255\)/);
  });
});
