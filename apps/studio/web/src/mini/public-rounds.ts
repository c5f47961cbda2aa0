import type { LadderResult, MiniGame, PowerballResult } from '@casino/studio-engine/mini/draw';
import { HttpError, bodyCode, isSuccess, requestJson } from '@casino/web-kit/http';

/*
 * The mini-games' public rounds (docs/api/studio-mini.md), read by the game client and the verify
 * page: the published chain, the rounds with their revealed seeds and results, and the current
 * round's clock. No session: anyone may read them.
 */

export interface PublicRound {
  round: number;
  day: string;
  dayRound: number;
  closesAt: string;
  drawnAt: string | null;
  seed: string | null;
  result: PowerballResult | LadderResult | null;
}

export interface PublicChain {
  game: MiniGame;
  terminalHash: string;
  publishedAt: string;
  firstRound: number;
}

export interface CurrentRound {
  round: number | null;
  closesAt: string | null;
  drawsAt: string | null;
  serverTime: string;
}

function publicUrl(game: MiniGame, path: string): string {
  return `${import.meta.env.BASE_URL}api/mini/${game}/${path}`;
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const raw = await requestJson(
    url,
    { method: 'GET', headers: { accept: 'application/json' }, cache: 'no-store' },
    { signal },
  );
  if (!isSuccess(raw))
    throw new HttpError({
      status: 'error',
      code: bodyCode(raw.body) ?? (raw.httpStatus === 404 ? 'not_found' : 'error'),
      httpStatus: raw.httpStatus,
      body: raw.body,
    });
  return raw.body as T;
}

export function fetchCurrent(game: MiniGame, signal?: AbortSignal): Promise<CurrentRound> {
  return getJson<CurrentRound>(publicUrl(game, 'current'), signal);
}

export async function fetchRounds(
  game: MiniGame,
  options: { limit?: number; before?: number } = {},
  signal?: AbortSignal,
): Promise<PublicRound[]> {
  const query = new URLSearchParams();
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  if (options.before !== undefined) query.set('before', String(options.before));
  const text = query.toString();
  const body = await getJson<{ rounds: PublicRound[] }>(
    publicUrl(game, `rounds${text ? `?${text}` : ''}`),
    signal,
  );
  return Array.isArray(body.rounds) ? body.rounds : [];
}

export function fetchChain(game: MiniGame, round?: number, signal?: AbortSignal): Promise<PublicChain> {
  return getJson<PublicChain>(
    publicUrl(game, `chain${round === undefined ? '' : `?round=${round}`}`),
    signal,
  );
}

/**
 * The server clock as seen from here: `serverTime` minus the local time at the answer's middle.
 * Countdowns add it to `Date.now()`, so a phone whose clock is wrong still counts to the server's
 * cut-off (which is the one that refuses a late bet).
 */
export function clockOffset(serverTime: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverTime);
  if (!Number.isFinite(server)) return 0;
  return Math.round(server - (sentAt + receivedAt) / 2);
}

/** Whole seconds left until `at` on the server's clock (0 once passed), rounded up. */
export function secondsUntil(at: string | null, now: number, offset: number): number {
  if (!at) return 0;
  const target = Date.parse(at);
  if (!Number.isFinite(target)) return 0;
  return Math.max(0, Math.ceil((target - (now + offset)) / 1000));
}

/** `m:ss` for a countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
