import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  balanceMessage,
  gameOfEvent,
  parseGameMessage,
  postGameBalance,
  postRealityCheck,
  realityCheckMessage,
} from './game-messages.ts';
import { trackedGame, trackGameWindow, untrackGameWindow } from './game-window.ts';

const FIGURES = { startedAt: '2025-05-01T10:00:00.000Z', bets: 50_000, wins: 12_000, net: -38_000 };

function fakeGameWindow() {
  return { postMessage: vi.fn(), closed: false } as unknown as Window & {
    postMessage: ReturnType<typeof vi.fn>;
    closed: boolean;
  };
}

afterEach(() => {
  const game = trackedGame();
  if (game) untrackGameWindow(game);
});

describe('the game window messages', () => {
  it('parses exactly {source, v, type} from a house game', () => {
    for (const type of ['hello', 'continue', 'history', 'sign-out'])
      expect(parseGameMessage({ source: 'casino-game', v: 1, type })).toBe(type);
    const broken: unknown[] = [
      null,
      'hello',
      [{ source: 'casino-game', v: 1, type: 'hello' }],
      { source: 'casino-game', v: 1, type: 'navigate' },
      { source: 'casino-game', v: 2, type: 'hello' },
      { source: 'casino-portal', v: 1, type: 'hello' },
      { source: 'casino-game', v: 1, type: 'history', url: 'https://evil.example' },
      { source: 'casino-game', type: 'hello' },
    ];
    for (const data of broken) expect(parseGameMessage(data), JSON.stringify(data)).toBeNull();
  });

  it('takes an event only from the game window it opened, at the game URL origin', () => {
    const win = fakeGameWindow();
    trackGameWindow(win, '/studio/play?token=t&game=jade-lotus');
    const game = trackedGame()!;
    expect(game.origin).toBe(window.location.origin);
    expect(gameOfEvent({ source: win, origin: window.location.origin }, game)).toBe(game);
    expect(gameOfEvent({ source: win, origin: 'https://evil.example' }, game)).toBeNull();
    expect(gameOfEvent({ source: window, origin: window.location.origin }, game)).toBeNull();
    expect(gameOfEvent({ source: win, origin: window.location.origin }, null)).toBeNull();
  });

  it('counts the session length to the moment and sends the net as wins less bets', () => {
    const at = new Date(FIGURES.startedAt).getTime() + 95 * 60_000 + 59_000;
    expect(realityCheckMessage(FIGURES, at)).toEqual({
      source: 'casino-portal',
      v: 1,
      type: 'reality-check',
      sessionMinutes: 95,
      bets: 50_000,
      wins: 12_000,
      net: -38_000,
    });
  });

  it('posts a check only to a game that said hello, at its exact origin, and not to a closed one', () => {
    const at = Date.now();
    expect(postRealityCheck(FIGURES, at)).toBe(false);
    const win = fakeGameWindow();
    trackGameWindow(win, 'https://games.example/launch?token=t');
    // An outside provider's game never said hello: the member's figures stay on the site.
    expect(postRealityCheck(FIGURES, at)).toBe(false);
    expect(win.postMessage).not.toHaveBeenCalled();
    trackedGame()!.takesRealityChecks = true;
    expect(postRealityCheck(FIGURES, at)).toBe(true);
    expect(win.postMessage).toHaveBeenCalledWith(realityCheckMessage(FIGURES, at), 'https://games.example');
    expect(trackedGame()!.isCheckOpen).toBe(true);
    win.closed = true;
    expect(postRealityCheck(FIGURES, at)).toBe(false);
  });

  it('forwards the stream’s balance only to a game that said hello, at its exact origin (decision 0022)', () => {
    expect(postGameBalance(10_000)).toBe(false);
    const win = fakeGameWindow();
    trackGameWindow(win, 'https://games.example/launch?token=t');
    // An outside provider's game is sent nothing of the member's money.
    expect(postGameBalance(10_000)).toBe(false);
    expect(win.postMessage).not.toHaveBeenCalled();
    trackedGame()!.takesRealityChecks = true;
    expect(postGameBalance(10_000)).toBe(true);
    expect(win.postMessage).toHaveBeenCalledWith(
      { source: 'casino-portal', v: 1, type: 'balance', balance: 10_000 },
      'https://games.example',
    );
    expect(balanceMessage(5)).toEqual({ source: 'casino-portal', v: 1, type: 'balance', balance: 5 });
    win.closed = true;
    expect(postGameBalance(10_000)).toBe(false);
    expect(win.postMessage).toHaveBeenCalledTimes(1);
  });
});
