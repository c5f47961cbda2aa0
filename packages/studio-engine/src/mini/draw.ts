import { createFairStream, isServerSeed, nobleHmacSha256 } from '../fair.ts';
import type { HmacSha256 } from '../types.ts';

/**
 * The result of a mini-game round from its revealed seed (docs/games/mini-games.md). The round's
 * numbers are the provably fair stream of the house games (fair.ts) keyed by the round's seed s_i
 * with the game's code as the client seed and the global round number as the nonce: block 0 is
 * HMAC-SHA256(s_i, `<game>:<round>`), block k >= 1 HMAC-SHA256(s_i, `<game>:<round>:<k>`), read as
 * big-endian 32-bit words; an integer in [0, n) takes the next word w below floor(2^32 / n) * n
 * (others are skipped) and answers w mod n.
 */

export const MINI_GAMES = ['powerball', 'ladder'] as const;
export type MiniGame = (typeof MINI_GAMES)[number];

export function isMiniGame(value: unknown): value is MiniGame {
  return typeof value === 'string' && (MINI_GAMES as readonly string[]).includes(value);
}

export interface PowerballResult {
  /** Five distinct normal balls 1..28, in the order drawn. */
  balls: number[];
  /** 0..9. */
  powerball: number;
}

export type LadderStart = 'left' | 'right';
export type LadderFinish = 'odd' | 'even';
export interface LadderResult {
  start: LadderStart;
  rungs: 3 | 4;
  finish: LadderFinish;
}

export type MiniResult = PowerballResult | LadderResult;

/** The Korean ladder's rule: left-3 even, left-4 odd, right-3 odd, right-4 even. */
export function ladderFinish(start: LadderStart, rungs: 3 | 4): LadderFinish {
  return (start === 'left') === (rungs === 3) ? 'even' : 'odd';
}

function stream(game: MiniGame, round: number, seed: string, hmacSha256: HmacSha256) {
  if (!isServerSeed(seed)) throw new RangeError('a round seed is 64 lower-case hex characters');
  if (!Number.isSafeInteger(round) || round < 1) throw new RangeError('rounds are numbered from 1');
  return createFairStream(hmacSha256, { serverSeed: seed, clientSeed: game, nonce: round });
}

/**
 * Powerball: ball j (j = 0..4) is the element at index int(28 - j) of the balls not drawn yet, kept
 * in increasing order; then the powerball is int(10).
 */
export function drawPowerball(
  round: number,
  seed: string,
  hmacSha256: HmacSha256 = nobleHmacSha256,
): PowerballResult {
  const s = stream('powerball', round, seed, hmacSha256);
  const pool = Array.from({ length: 28 }, (_, i) => i + 1);
  const balls: number[] = [];
  for (let j = 0; j < 5; j += 1) balls.push(pool.splice(s.int(28 - j), 1)[0]!);
  return { balls, powerball: s.int(10) };
}

/** Ladder: the start is int(2) (0 left, 1 right), then the rungs 3 + int(2); the finish follows. */
export function drawLadder(
  round: number,
  seed: string,
  hmacSha256: HmacSha256 = nobleHmacSha256,
): LadderResult {
  const s = stream('ladder', round, seed, hmacSha256);
  const start: LadderStart = s.int(2) === 0 ? 'left' : 'right';
  const rungs = (3 + s.int(2)) as 3 | 4;
  return { start, rungs, finish: ladderFinish(start, rungs) };
}

export function drawMini(
  game: MiniGame,
  round: number,
  seed: string,
  hmacSha256: HmacSha256 = nobleHmacSha256,
): MiniResult {
  return game === 'powerball' ? drawPowerball(round, seed, hmacSha256) : drawLadder(round, seed, hmacSha256);
}

/** The sum of the five normal balls, 15..130. */
export function ballSum(result: PowerballResult): number {
  return result.balls.reduce((a, b) => a + b, 0);
}
