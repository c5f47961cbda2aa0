import { useEffect, useRef } from 'react';
import { trackedGame, type TrackedGame } from './game-window.ts';

/**
 * The portal's side of the reality check in the game windows (decision 0014). The house games'
 * window says `hello` when it loads; from then on, at each reality-check moment, the portal posts
 * the check to it, and the window answers with the member's choice:
 *
 *   game -> portal  {source: "casino-game", v: 1, type: "hello" | "continue" | "history" | "sign-out"}
 *   portal -> game  {source: "casino-portal", v: 1, type: "reality-check", sessionMinutes, bets, wins, net}
 *   portal -> game  {source: "casino-portal", v: 1, type: "balance", balance}
 *
 * The balance is the member's event stream's (`app/member-events.ts`), forwarded as it comes so the
 * house game's window shows a deposit or a credit at once (decision 0022; the game holds it while
 * one of its rounds is in flight).
 * Only the game window the portal opened last is listened to, only from the origin of the game URL
 * it opened, and a check goes only there (an exact target origin, never `*`). A game that never
 * said hello (an outside provider's) is sent nothing: the member's figures stay on the site. The
 * answers are taken only while a check posted to that window is open.
 */

export const GAME_SOURCE = 'casino-game';
export const PORTAL_SOURCE = 'casino-portal';
export const PROTOCOL_VERSION = 1;

export type TGameMessage = 'hello' | 'continue' | 'history' | 'sign-out';
const GAME_MESSAGES: readonly string[] = ['hello', 'continue', 'history', 'sign-out'];

/** The message in an event's data, or null: exactly `{source, v, type}` with known values. */
export function parseGameMessage(data: unknown): TGameMessage | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  if (keys.length !== 3 || keys[0] !== 'source' || keys[1] !== 'type' || keys[2] !== 'v') return null;
  if (record.source !== GAME_SOURCE || record.v !== PROTOCOL_VERSION) return null;
  return typeof record.type === 'string' && GAME_MESSAGES.includes(record.type)
    ? (record.type as TGameMessage)
    : null;
}

/** The game a message event comes from: the tracked game's window, from the game URL's origin. */
export function gameOfEvent(
  event: Pick<MessageEvent, 'source' | 'origin'>,
  game: TrackedGame | null,
): TrackedGame | null {
  return game && event.source === game.win && event.origin === game.origin ? game : null;
}

/** What the portal knows of the session at a check (get-session-summary, and when the check shows). */
export interface TCheckFigures {
  startedAt: string;
  bets: number;
  wins: number;
  net: number;
}

/** The reality-check message for the figures, the session's length counted to `atMs`. */
export function realityCheckMessage(figures: TCheckFigures, atMs: number) {
  const startedAtMs = new Date(figures.startedAt).getTime();
  const sessionMinutes = Number.isFinite(startedAtMs)
    ? Math.max(0, Math.floor((atMs - startedAtMs) / 60_000))
    : 0;
  return {
    source: PORTAL_SOURCE,
    v: PROTOCOL_VERSION,
    type: 'reality-check',
    sessionMinutes,
    bets: figures.bets,
    wins: figures.wins,
    net: figures.wins - figures.bets,
  } as const;
}

/**
 * Posts the reality check to the open game window when that game takes them; true when it went.
 * The window then shows it over the game; its answer comes back through `useGameMessages`.
 */
export function postRealityCheck(figures: TCheckFigures, atMs: number): boolean {
  const game = trackedGame();
  if (!game || !game.takesRealityChecks || game.win.closed) return false;
  try {
    game.win.postMessage(realityCheckMessage(figures, atMs), game.origin);
  } catch {
    return false;
  }
  game.isCheckOpen = true;
  return true;
}

/** The balance message for the game window (decision 0022). */
export function balanceMessage(balance: number) {
  return { source: PORTAL_SOURCE, v: PROTOCOL_VERSION, type: 'balance', balance } as const;
}

/**
 * Forwards the member's balance from the event stream to the open game window when that game said
 * hello (a house game: an outside provider's window is sent nothing); true when it went.
 */
export function postGameBalance(balance: number): boolean {
  const game = trackedGame();
  if (!game || !game.takesRealityChecks || game.win.closed) return false;
  try {
    game.win.postMessage(balanceMessage(balance), game.origin);
  } catch {
    return false;
  }
  return true;
}

export interface TGameAnswers {
  /** The member continued in the game. */
  onContinue(): void;
  /** The member asked for their history from the game. */
  onHistory(): void;
  /** The member signed out from the game (the game window closes itself). */
  onSignOut(): void;
}

/**
 * Listens to the game window the portal opened: notes its `hello`, and hands the member's answer
 * to an open reality check to `answers`. Mounted once, in the frame (the reality-check watcher).
 */
export function useGameMessages(answers: TGameAnswers): void {
  const latest = useRef(answers);
  useEffect(() => {
    latest.current = answers;
  });
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const game = gameOfEvent(event, trackedGame());
      if (!game) return;
      const message = parseGameMessage(event.data);
      if (message === null) return;
      if (message === 'hello') {
        game.takesRealityChecks = true;
        return;
      }
      if (!game.isCheckOpen) return;
      game.isCheckOpen = false;
      if (message === 'continue') latest.current.onContinue();
      else if (message === 'history') latest.current.onHistory();
      else latest.current.onSignOut();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}
