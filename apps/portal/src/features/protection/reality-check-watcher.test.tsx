import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackedGame, trackGameWindow, untrackGameWindow } from '../../components/games/game-window.ts';
import { LocaleContext } from '../../i18n/locale-context.ts';
import { fakeServer, settle } from '../../test/fake-server.tsx';
import { fakeSession, TestProviders, TEST_USER } from '../../test/test-app.tsx';
import { RealityCheckWatcher } from './reality-check-watcher.tsx';

// The reality check reaches the house game window the portal opened (decision 0014).

const own = window.location.origin;
let win: { postMessage: ReturnType<typeof vi.fn>; closed: boolean };

beforeEach(() => {
  localStorage.clear();
  win = { postMessage: vi.fn(), closed: false };
  trackGameWindow(win as unknown as Window, '/studio/play?token=t&game=jade-lotus&lang=ko&currency=KRW');
  fakeServer({
    'get-session-summary': () => ({
      status: 'success',
      // 31 minutes ago: the 30-minute check is due.
      startedAt: new Date(Date.now() - 31 * 60_000).toISOString(),
      bets: 40_000,
      wins: 10_000,
      net: -30_000,
      realityCheckMinutes: 30,
    }),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  const game = trackedGame();
  if (game) untrackGameWindow(game);
});

function fromGame(type: string, origin = own, source: unknown = win) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'casino-game', v: 1, type },
        origin,
        source: source as Window,
      }),
    );
  });
}

/** The watcher in the frame of a signed-in member's page, with the history page beside it. */
function renderWatcher() {
  const onSignOut = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/', element: <RealityCheckWatcher onSignOut={onSignOut} /> },
      { path: '/user/history', element: <p>history page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <TestProviders session={fakeSession('authenticated', { user: TEST_USER })} lng="ko">
      <LocaleContext.Provider value="ko">
        <RouterProvider router={router} />
      </LocaleContext.Provider>
    </TestProviders>,
  );
  return { onSignOut, router };
}

describe('the reality check in the game window', () => {
  it('goes to the house game that said hello, and its continue closes the portal dialog too', async () => {
    renderWatcher();
    fromGame('hello');
    expect(
      await screen.findByRole('alertdialog', { name: '이용 시간 알림' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(win.postMessage).toHaveBeenCalledTimes(1);
    const [message, target] = win.postMessage.mock.calls[0]!;
    expect(target).toBe(own);
    expect(message).toEqual({
      source: 'casino-portal',
      v: 1,
      type: 'reality-check',
      sessionMinutes: 31,
      bets: 40_000,
      wins: 10_000,
      net: -30_000,
    });

    // An answer from another origin or another window is not the game's.
    fromGame('continue', 'https://evil.example');
    fromGame('continue', own, window);
    await settle();
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    fromGame('continue');
    await settle();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('sends nothing to a game that never said hello (an outside provider)', async () => {
    renderWatcher();
    expect(await screen.findByRole('alertdialog', {}, { timeout: 5_000 })).toBeTruthy();
    expect(win.postMessage).not.toHaveBeenCalled();
  });

  it("the game's history opens the history page; its sign out signs out, once", async () => {
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {});
    const { router, onSignOut } = renderWatcher();
    fromGame('hello');
    await screen.findByRole('alertdialog', {}, { timeout: 5_000 });
    fromGame('history');
    await settle();
    expect(router.state.location.pathname).toBe('/user/history');
    expect(screen.getByText('history page')).toBeTruthy();
    expect(focus).toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The check was answered: a second answer is not taken.
    fromGame('sign-out');
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it("the game's sign out signs the member out", async () => {
    const { onSignOut } = renderWatcher();
    fromGame('hello');
    await screen.findByRole('alertdialog', {}, { timeout: 5_000 });
    fromGame('sign-out');
    await settle();
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
