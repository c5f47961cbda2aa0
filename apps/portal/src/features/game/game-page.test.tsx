import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCallResponse } from '@casino/contracts/calls';
import { TEST_USER } from '../../test/test-app.tsx';
import { closeDialog, fakeServer, renderPage, settle, type TRoutes } from '../../test/fake-server.tsx';
import { GamePage } from './game-page.tsx';
import { GameReturnWatcher } from './game-return-watcher.tsx';
import { isAppleLikeDevice, trackedGame, untrackGameWindow } from '../../components/games/game-window.ts';
import { nameOfCode } from '../../components/games/game-lobby.tsx';
import { monogramOf } from '../../components/games/tile-art.tsx';

const CASINO: TCallResponse<'get-casino-setting'> = {
  status: 'success',
  casiono: [
    {
      code: 'baccarat-a',
      gameCompany: 'royal_live',
      used: 'y',
      imgUrl: '',
      nameKo: '바카라 A',
      nameEn: 'Baccarat A',
    },
    {
      code: 'roulette-1',
      gameCompany: 'royal_live',
      used: 'n',
      imgUrl: '',
      nameKo: '룰렛 1',
      nameEn: 'Roulette 1',
    },
  ],
};
const SLOT: TCallResponse<'get-slot-setting'> = {
  status: 'success',
  slot: [
    { code: 'lucky', used: 'y', imgUrl: '', name: '럭키 스튜디오' },
    { code: 'closed', used: 'n', imgUrl: '', name: '점검 스튜디오' },
  ],
};
const LUCKY_GAMES: TCallResponse<'get-slot-by-company'> = {
  status: 'success',
  games: [
    { code: 'gold-rush', gameCompany: 'lucky', imgUrl: '', nameKo: '골드 러시', nameEn: 'Gold Rush' },
    { code: 'dragon', gameCompany: 'lucky', imgUrl: '', nameKo: '드래곤 보물', nameEn: 'Dragon Treasure' },
  ],
};
const GAME_URL = 'https://games.example/launch?token=t1&game=baccarat-a&lang=ko&currency=KRW';

/** A window as window.open returns it, whose `closed` and `location` the test reads and sets. */
function fakeWindow() {
  return { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
}

let opened: ReturnType<typeof fakeWindow>;
let openSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  opened = fakeWindow();
  openSpy = vi.spyOn(window, 'open').mockImplementation(() => opened as unknown as Window);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  const game = trackedGame();
  if (game) untrackGameWindow(game);
});

function server(overrides: TRoutes = {}) {
  return fakeServer({
    'get-casino-setting': () => CASINO,
    'get-slot-setting': () => SLOT,
    'get-slot-by-company': () => LUCKY_GAMES,
    'open-game': () => ({ status: 'success', gameUrl: GAME_URL }),
    'game-transfer-out': () => ({ status: 'success' }),
    ...overrides,
  });
}

type TRenderOptions = Parameters<typeof renderPage>[2];

async function open(
  overrides: TRoutes = {},
  session: TRenderOptions = {},
  locale: Parameters<typeof renderPage>[3] = 'ko',
) {
  const api = server(overrides);
  const page = renderPage(
    '/game',
    <>
      <GamePage />
      <GameReturnWatcher />
    </>,
    session,
    locale,
  );
  await settle();
  return { api, ...page };
}

const GUEST = { status: 'unauthenticated', user: null, isLoggedOut: true } as const;

const topDialog = () => [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].at(-1);
const dialogText = () =>
  [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .map((d) => d.textContent)
    .join('\n');
const tile = (name: RegExp | string) => screen.getByRole('button', { name });

async function press(element: HTMLElement) {
  await act(async () => element.click());
  await settle();
}

async function showSlots() {
  await press(screen.getByRole('tab', { name: /슬롯 게임/ }));
}

describe('/game: the lobby', () => {
  it('switches between live casino and slot games with accessible tabs (arrow keys too)', async () => {
    await open();
    const casinoTab = screen.getByRole('tab', { name: /라이브 카지노/ });
    expect(casinoTab.getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('tabpanel')).getByText('바카라 A')).toBeTruthy();
    expect(within(screen.getByRole('tabpanel')).getAllByText('Royal Live')).toHaveLength(2);

    await act(async () => fireEvent.keyDown(casinoTab, { key: 'ArrowRight' }));
    const slotTab = screen.getByRole('tab', { name: /슬롯 게임/ });
    expect(slotTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(slotTab);
    expect(within(screen.getByRole('tabpanel')).getByText('럭키 스튜디오')).toBeTruthy();
  });

  it('marks a closed table or provider as under maintenance', async () => {
    await open();
    expect(tile(/룰렛 1/).getAttribute('aria-disabled')).toBe('true');
    expect(within(tile(/룰렛 1/)).getByText('점검 중')).toBeTruthy();
    expect(tile(/바카라 A/).getAttribute('aria-disabled')).toBeNull();
  });

  it('shows skeletons while the catalog loads and an empty state when it is empty', async () => {
    server({ 'get-casino-setting': () => ({ status: 'success', casiono: [] }) });
    renderPage('/game', <GamePage />);
    expect(document.querySelectorAll('.game-tile--skeleton').length).toBeGreaterThan(0);
    await settle();
    expect(document.querySelectorAll('.game-tile--skeleton')).toHaveLength(0);
    expect(screen.getByText('지금 열려 있는 라이브 카지노가 없습니다.')).toBeTruthy();
  });

  it('never loads a picture from another host', async () => {
    await open({
      'get-casino-setting': () => ({
        status: 'success',
        casiono: [
          {
            code: 'own',
            gameCompany: 'royal_live',
            used: 'y',
            imgUrl: '/media/own.webp',
            nameKo: '',
            nameEn: '',
          },
          {
            code: 'other',
            gameCompany: 'royal_live',
            used: 'y',
            imgUrl: 'https://cdn.example/other.webp',
            nameKo: '',
            nameEn: '',
          },
        ],
      }),
    });
    const images = [...document.querySelectorAll<HTMLImageElement>('img.game-tile__img')];
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/media/own.webp']);
    expect(within(tile(/Other/)).queryByRole('img')).toBeNull();
  });
});

describe('/game: the rules of opening a game (guest, closed game)', () => {
  it('a guest gets msg2001 on any tile, and nothing opens', async () => {
    const { api } = await open({}, GUEST);
    await press(tile(/바카라 A/));
    expect(topDialog()?.getAttribute('role')).toBe('alertdialog');
    expect(dialogText()).toContain('로그인이 필요한 서비스입니다.');
    await closeDialog();
    await showSlots();
    await press(tile(/럭키 스튜디오/));
    expect(dialogText()).toContain('로그인이 필요한 서비스입니다.');
    expect(api.countOf('open-game')).toBe(0);
    expect(api.countOf('get-slot-by-company')).toBe(0);
    expect(openSpy).not.toHaveBeenCalled();
  });

  it('a table or provider whose used is not y gets msg2002 (info)', async () => {
    const { api } = await open();
    await press(tile(/룰렛 1/));
    expect(topDialog()?.getAttribute('role')).toBe('dialog');
    expect(dialogText()).toContain('현재 이용할 수 없는 게임사입니다.');
    await closeDialog();
    await showSlots();
    await press(tile(/점검 스튜디오/));
    expect(dialogText()).toContain('현재 이용할 수 없는 게임사입니다.');
    expect(api.countOf('get-slot-by-company')).toBe(0);
    expect(api.countOf('open-game')).toBe(0);
  });
});

describe('/game: the slot-game modal', () => {
  it('lists the games of the provider with their Korean names on ko, and closes with its button', async () => {
    const { api } = await open();
    await showSlots();
    const provider = tile(/럭키 스튜디오/);
    provider.focus();
    await press(provider);
    const modal = screen.getByRole('dialog', { name: '럭키 스튜디오' });
    expect(api.bodiesOf('get-slot-by-company')).toEqual([{ company: 'lucky' }]);
    expect(within(modal).getByText('골드 러시')).toBeTruthy();
    expect(within(modal).getByText('드래곤 보물')).toBeTruthy();
    expect(within(modal).queryByText('Gold Rush')).toBeNull();
    expect(modal.contains(document.activeElement)).toBe(true);

    await press(within(modal).getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(tile(/럭키 스튜디오/));
  });

  it('arrow keys move between the game tiles', async () => {
    await open();
    await showSlots();
    await press(tile(/럭키 스튜디오/));
    const modal = screen.getByRole('dialog', { name: '럭키 스튜디오' });
    const first = within(modal).getByRole('button', { name: /골드 러시/ });
    first.focus();
    await act(async () => fireEvent.keyDown(first, { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(within(modal).getByRole('button', { name: /드래곤 보물/ }));
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Home' }));
    expect(document.activeElement).toBe(first);
  });

  it('shows the English names on en, and closes with Escape', async () => {
    await open({}, {}, 'en');
    // A live-casino table by its English name.
    expect(within(screen.getByRole('tabpanel')).getByText('Baccarat A')).toBeTruthy();
    expect(within(screen.getByRole('tabpanel')).queryByText('바카라 A')).toBeNull();
    await press(screen.getByRole('tab', { name: /Slot games/ }));
    await press(tile(/럭키 스튜디오/));
    const modal = screen.getByRole('dialog', { name: '럭키 스튜디오' });
    expect(within(modal).getByText('Gold Rush')).toBeTruthy();
    expect(within(modal).getByText('Dragon Treasure')).toBeTruthy();
    expect(within(modal).queryByText('골드 러시')).toBeNull();

    await act(async () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a slot game with its own code and provider', async () => {
    const { api } = await open();
    await showSlots();
    await press(tile(/럭키 스튜디오/));
    await press(
      within(screen.getByRole('dialog', { name: '럭키 스튜디오' })).getByRole('button', {
        name: /골드 러시/,
      }),
    );
    expect(api.bodiesOf('open-game')).toEqual([
      { code: 'gold-rush', company: 'lucky', timeStemp: expect.any(Number) },
    ]);
    expect(openSpy).toHaveBeenCalledWith(GAME_URL, 'casino-game', 'width=800,height=1400');
  });
});

describe('/game: MINI GAME', () => {
  const MINI: TCallResponse<'get-mini-setting'> = {
    status: 'success',
    mini: [
      {
        code: 'powerball',
        gameCompany: 'house-mini',
        used: 'y',
        imgUrl: '',
        nameKo: '파워볼',
        nameEn: 'Powerball',
      },
      {
        code: 'ladder',
        gameCompany: 'house-mini',
        used: 'n',
        imgUrl: '',
        nameKo: '사다리',
        nameEn: 'Ladder',
      },
    ],
  };

  it('is the third tab, loads its games only when opened, and opens one through open-game', async () => {
    const { api } = await open({ 'get-mini-setting': () => MINI });
    expect(api.countOf('get-mini-setting')).toBe(0);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      expect.stringContaining('라이브 카지노'),
      expect.stringContaining('슬롯 게임'),
      expect.stringContaining('미니게임'),
    ]);
    await press(tabs[2]!);
    // The tab's panel is its own chunk: it loads, then asks for the games.
    expect((await screen.findByRole('button', { name: /사다리/ })).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(api.countOf('get-mini-setting')).toBe(1);
    await press(tile(/파워볼/));
    expect(api.bodiesOf('open-game')).toEqual([
      { code: 'powerball', company: 'house-mini', timeStemp: expect.any(Number) },
    ]);
    expect(openSpy).toHaveBeenCalledWith(GAME_URL, 'casino-game', 'width=800,height=1400');
  });

  it('says when no mini game is open, in English too', async () => {
    await open({ 'get-mini-setting': () => ({ status: 'success', mini: [] }) }, {}, 'en');
    await press(screen.getByRole('tab', { name: /Mini games/ }));
    expect(await screen.findByText('No mini games are open right now.')).toBeTruthy();
  });
});

describe('/game: opening a game', () => {
  it('shows msg2217 and opens the game in an 800 by 1400 window', async () => {
    const { api, refresh } = await open();
    const before = Date.now();
    await act(async () => tile(/바카라 A/).click());
    expect(dialogText()).toContain('게임을 여는 중입니다...');
    await settle();
    const [body] = api.bodiesOf('open-game');
    expect(body).toMatchObject({ code: 'baccarat-a', company: 'royal_live' });
    expect(body!.timeStemp).toBeGreaterThanOrEqual(before);
    expect(openSpy).toHaveBeenCalledTimes(1);
    expect(openSpy).toHaveBeenCalledWith(GAME_URL, 'casino-game', 'width=800,height=1400');
    expect(refresh).toHaveBeenCalled();
  });

  it('on an iPhone opens a blank window inside the click, then points it at the game', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    );
    const { api } = await open();
    act(() => tile(/바카라 A/).click());
    // Synchronously, before open-game has answered.
    expect(openSpy).toHaveBeenCalledTimes(1);
    expect(openSpy).toHaveBeenCalledWith('about:blank', 'casino-game');
    expect(opened.location.href).toBe('about:blank');
    await settle();
    expect(api.countOf('open-game')).toBe(1);
    expect(opened.location.href).toBe(GAME_URL);
    expect(openSpy).toHaveBeenCalledTimes(1);
  });

  it('knows iOS and Mac-like devices, iPadOS that reports a Macintosh with touch included', () => {
    expect(isAppleLikeDevice({ userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)' })).toBe(true);
    expect(
      isAppleLikeDevice({ userAgent: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0 like Mac OS X)' }),
    ).toBe(true);
    expect(isAppleLikeDevice({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)' })).toBe(true);
    expect(
      isAppleLikeDevice({ userAgent: 'Mozilla/5.0 (X11)', platform: 'MacIntel', maxTouchPoints: 5 }),
    ).toBe(true);
    expect(isAppleLikeDevice({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' })).toBe(false);
    expect(
      isAppleLikeDevice({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)', maxTouchPoints: 5 }),
    ).toBe(false);
  });

  it('msg2012 when open-game fails or answers without a gameUrl; the blank window is closed again', async () => {
    await open({ 'open-game': () => ({ status: 'fail' }) });
    await press(tile(/바카라 A/));
    expect(topDialog()?.getAttribute('role')).toBe('alertdialog');
    expect(dialogText()).toContain('게임을 실행하지 못했습니다.');
    expect(dialogText()).not.toContain('게임을 여는 중입니다...');
    expect(openSpy).not.toHaveBeenCalled();
    await closeDialog();

    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
    );
    server({ 'open-game': () => ({ status: 'success', gameUrl: '' }) });
    await press(tile(/바카라 A/));
    expect(dialogText()).toContain('게임을 실행하지 못했습니다.');
    expect(opened.close).toHaveBeenCalled();
    expect(opened.location.href).toBe('about:blank');
  });

  it('msg2218 (warning) when the provider is in maintenance; the blocked message when the member may not play', async () => {
    await open({ 'open-game': () => ({ status: 'time' }) });
    await press(tile(/바카라 A/));
    expect(topDialog()?.getAttribute('role')).toBe('alertdialog');
    expect(dialogText()).toContain('지금은 게임 점검 시간입니다.');
    expect(openSpy).not.toHaveBeenCalled();
    await closeDialog();

    server({ 'open-game': () => ({ status: 'blocked' }) });
    await press(tile(/바카라 A/));
    expect(dialogText()).toContain('이용이 제한된 계정입니다.');
    expect(openSpy).not.toHaveBeenCalled();
  });

  it('the loading dialog closes by itself after 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await open();
    await act(async () => tile(/바카라 A/).click());
    await act(async () => vi.advanceTimersByTimeAsync(3_500));
    expect(openSpy).toHaveBeenCalled();
    expect(dialogText()).toContain('게임을 여는 중입니다...');
    await act(async () => vi.advanceTimersByTimeAsync(600));
    expect(dialogText()).not.toContain('게임을 여는 중입니다...');
  });
});

describe('coming back from a game (transfer-wallet providers)', () => {
  it('brings the money back once when the game window closes and in_balance is above 0', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, refresh } = await open({}, { user: { ...TEST_USER, in_balance: 40_000 } });
    await act(async () => tile(/바카라 A/).click());
    await act(async () => vi.advanceTimersByTimeAsync(6_000));
    expect(api.countOf('game-transfer-out')).toBe(0);
    refresh.mockClear();

    opened.closed = true;
    await act(async () => vi.advanceTimersByTimeAsync(1_100));
    expect(api.bodiesOf('game-transfer-out')).toEqual([{}]);
    expect(refresh).toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(3_000));
    expect(api.countOf('game-transfer-out')).toBe(1);
  });

  it('not when the window reads closed within seconds of opening (a game page that cut itself off)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await open({}, { user: { ...TEST_USER, in_balance: 40_000 } });
    await act(async () => tile(/바카라 A/).click());
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    opened.closed = true;
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(api.countOf('game-transfer-out')).toBe(0);
    // The member's return is told by the portal's tab becoming visible again.
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await act(async () => vi.advanceTimersByTimeAsync(500));
    expect(api.countOf('game-transfer-out')).toBe(1);
  });

  it('also when the tab becomes visible again after a game was opened, once', async () => {
    const { api } = await open({}, { user: { ...TEST_USER, in_balance: 40_000 } });
    await press(tile(/바카라 A/));
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect(api.countOf('game-transfer-out')).toBe(1);
  });

  it('does not call it when in_balance is 0', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await open();
    await act(async () => tile(/바카라 A/).click());
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    opened.closed = true;
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(api.countOf('game-transfer-out')).toBe(0);
  });
});

describe('nameOfCode', () => {
  it('reads a code as a name', () => {
    expect(nameOfCode('evolution_baccarat-a')).toBe('Evolution Baccarat A');
    expect(nameOfCode('')).toBe('');
  });
});

describe('monogramOf', () => {
  it('takes Latin initials, or the first character of a Korean, Japanese or Chinese name', () => {
    expect(monogramOf('Gold Rush')).toBe('GR');
    expect(monogramOf('baccarat-a')).toBe('BA');
    expect(monogramOf('Starlight')).toBe('ST');
    expect(monogramOf('골드 러시')).toBe('골');
    expect(monogramOf('ゴールド')).toBe('ゴ');
    expect(monogramOf('')).toBe('');
  });
});
