import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/index.ts';
import { useInterruption } from './interruption.ts';
import { acceptedOrigins, isFromPortal, parsePortalMessage } from './portal-link.ts';
import { RealityCheck } from './reality-check.tsx';

const CHECK = {
  source: 'casino-portal',
  v: 1,
  type: 'reality-check',
  sessionMinutes: 75,
  bets: 120_000,
  wins: 45_500,
  net: -74_500,
};

describe('the portal message schema', () => {
  it('takes exactly the reality check, with whole numbers and a net of wins less bets', () => {
    expect(parsePortalMessage(CHECK)).toEqual({
      sessionMinutes: 75,
      bets: 120_000,
      wins: 45_500,
      net: -74_500,
    });
    expect(parsePortalMessage({ ...CHECK, bets: 0, wins: 0, net: 0, sessionMinutes: 0 })).not.toBeNull();
    const broken: unknown[] = [
      null,
      'reality-check',
      [CHECK],
      { ...CHECK, extra: 1 },
      { ...CHECK, source: 'casino-game' },
      { ...CHECK, v: 2 },
      { ...CHECK, type: 'sign-out' },
      { ...CHECK, sessionMinutes: -1 },
      { ...CHECK, sessionMinutes: 1.5 },
      { ...CHECK, sessionMinutes: 600_000 },
      { ...CHECK, bets: '120000' },
      { ...CHECK, wins: Number.NaN },
      { ...CHECK, bets: 2 ** 60 },
      { ...CHECK, net: 0 },
      Object.fromEntries(Object.entries(CHECK).filter(([key]) => key !== 'net')),
    ];
    for (const data of broken) expect(parsePortalMessage(data), JSON.stringify(data)).toBeNull();
  });

  it('accepts its own origin and the origins the studio names, nothing else', () => {
    const doc = document.implementation.createHTMLDocument('x');
    expect(acceptedOrigins(doc, 'https://casino.example')).toEqual(['https://casino.example']);
    const meta = doc.createElement('meta');
    meta.name = 'studio-portal-origins';
    meta.content = 'https://a.example  http://127.0.0.1:3000 https://b.example/path javascript:x *';
    doc.head.append(meta);
    expect(acceptedOrigins(doc, 'https://studio.example')).toEqual([
      'https://studio.example',
      'https://a.example',
      'http://127.0.0.1:3000',
    ]);
  });

  it('takes a message only from the opener, and only from an accepted origin', () => {
    const opener = {} as Window;
    const other = {} as Window;
    const origins = ['https://casino.example'];
    expect(isFromPortal({ source: opener, origin: 'https://casino.example' }, opener, origins)).toBe(true);
    expect(isFromPortal({ source: other, origin: 'https://casino.example' }, opener, origins)).toBe(false);
    expect(isFromPortal({ source: opener, origin: 'https://evil.example' }, opener, origins)).toBe(false);
    expect(isFromPortal({ source: null, origin: 'https://casino.example' }, null, origins)).toBe(false);
  });
});

describe('the reality check over the game', () => {
  let opener: { postMessage: ReturnType<typeof vi.fn>; focus: ReturnType<typeof vi.fn>; closed: boolean };
  const own = window.location.origin;

  beforeEach(() => {
    opener = { postMessage: vi.fn(), focus: vi.fn(), closed: false };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
  });

  afterEach(() => {
    cleanup();
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
    vi.restoreAllMocks();
  });

  function Autoplay({ onStop }: { onStop: () => void }) {
    useInterruption(onStop);
    return null;
  }

  function renderCheck(lang: 'en' | 'ko' = 'en', onStop = vi.fn()) {
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <Autoplay onStop={onStop} />
        <RealityCheck lang={lang} />
      </I18nextProvider>,
    );
    return onStop;
  }

  function post(data: unknown, origin = own, source: unknown = opener) {
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    });
  }

  const answer = (type: string) => [{ source: 'casino-game', v: 1, type }, own];

  it('says hello to the opener at its exact origin', () => {
    renderCheck();
    expect(opener.postMessage).toHaveBeenCalledWith(...answer('hello'));
    for (const [, target] of opener.postMessage.mock.calls) expect(target).toBe(own);
  });

  it('shows the session length and figures, and stops autoplay', () => {
    const onStop = renderCheck();
    post(CHECK);
    const dialog = screen.getByRole('alertdialog', { name: 'Reality check' });
    expect(
      within(dialog).getByText('You have been playing for 1 h 15 min since you signed in.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('₩120,000')).toBeTruthy();
    expect(within(dialog).getByText('₩45,500')).toBeTruthy();
    expect(within(dialog).getByText('-₩74,500')).toBeTruthy();
    expect(onStop).toHaveBeenCalledTimes(1);
    // No close button: the member chooses one of the three ways on.
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Continue', 'View history', 'Log out']);
  });

  it('ignores messages from another window, another origin, or of another shape', () => {
    const onStop = renderCheck();
    post(CHECK, 'https://evil.example');
    post(CHECK, own, window);
    post({ ...CHECK, extra: true });
    post(JSON.stringify(CHECK));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onStop).not.toHaveBeenCalled();
  });

  it('continue closes it and tells the portal', () => {
    renderCheck();
    post(CHECK);
    opener.postMessage.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(opener.postMessage.mock.calls).toEqual([answer('continue')]);
  });

  it('history asks the portal for the history page and brings it to the front', () => {
    renderCheck();
    post(CHECK);
    opener.postMessage.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'View history' }));
    expect(opener.postMessage.mock.calls).toEqual([answer('history')]);
    expect(opener.focus).toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('sign out asks the portal to sign out and closes the game window', () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderCheck('ko');
    post({ ...CHECK, sessionMinutes: 30, bets: 10_000, wins: 25_000, net: 15_000 });
    const dialog = screen.getByRole('alertdialog', { name: '이용 시간 알림' });
    expect(within(dialog).getByText('로그인 후 30분 동안 이용하셨습니다.')).toBeTruthy();
    expect(within(dialog).getByText('+15,000원')).toBeTruthy();
    opener.postMessage.mockClear();
    fireEvent.click(within(dialog).getByRole('button', { name: '로그아웃' }));
    expect(opener.postMessage.mock.calls).toEqual([answer('sign-out')]);
    expect(close).toHaveBeenCalled();
  });

  it('shows nothing in a window nobody opened', () => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
    renderCheck();
    post(CHECK, own, null);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
