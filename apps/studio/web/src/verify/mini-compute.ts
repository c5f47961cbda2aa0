import { drawMini, isMiniGame, type MiniGame, type MiniResult } from '@casino/studio-engine/mini/draw';
import { isServerSeed, nobleHmacSha256, sha256Hex } from '@casino/studio-engine/fair';

/*
 * A mini-game round checked from public data alone (docs/games/mini-games.md, the same steps as
 * scripts/verify-mini-round.ts): the revealed seed hashes to the seed of the round before it (or, for
 * a chain's first round, to the chain's published terminal hash), and the result is the draw from
 * that seed for the game and round. Computed in the browser with the studio's own engine.
 */

export interface MiniVerifyForm {
  game: MiniGame;
  round: string;
  seed: string;
  /** The seed of round n-1, or the chain's terminal hash for its first round. */
  previous: string;
  /** The published result (JSON); empty skips the comparison. */
  result: string;
}

export interface MiniVerifyResult {
  seedHash: string;
  /** null when no previous seed was given. */
  linked: boolean | null;
  firstBlock: string;
  recomputed: MiniResult;
  /** null when no published result was given; else whether it equals the recomputed one. */
  resultMatches: boolean | null;
}

export type MiniProblem = 'game' | 'round' | 'seed' | 'previous' | 'result';

function sameResult(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The published result with its keys in the engine's order, so JSON from anywhere compares. */
function normalise(game: MiniGame, value: unknown): unknown {
  const v = value as Record<string, unknown> | null;
  if (!v || typeof v !== 'object') return value;
  return game === 'powerball'
    ? { balls: v.balls, powerball: v.powerball }
    : { start: v.start, rungs: v.rungs, finish: v.finish };
}

export function verifyMiniRound(
  form: MiniVerifyForm,
): { ok: true; result: MiniVerifyResult } | { ok: false; problem: MiniProblem } {
  if (!isMiniGame(form.game)) return { ok: false, problem: 'game' };
  const roundText = form.round.trim();
  if (!/^[0-9]{1,15}$/.test(roundText) || Number(roundText) < 1) return { ok: false, problem: 'round' };
  const round = Number(roundText);
  const seed = form.seed.trim().toLowerCase();
  if (!isServerSeed(seed)) return { ok: false, problem: 'seed' };
  const previous = form.previous.trim().toLowerCase();
  if (previous && !/^[0-9a-f]{64}$/.test(previous)) return { ok: false, problem: 'previous' };
  let published: unknown = null;
  if (form.result.trim()) {
    try {
      published = JSON.parse(form.result) as unknown;
    } catch {
      return { ok: false, problem: 'result' };
    }
  }
  const seedHash = sha256Hex(seed);
  const recomputed = drawMini(form.game, round, seed);
  return {
    ok: true,
    result: {
      seedHash,
      linked: previous ? seedHash === previous : null,
      firstBlock: [...nobleHmacSha256(seed, `${form.game}:${round}`)]
        .map((b) => b.toString(16).padStart(2, '0'))
        .join(''),
      recomputed,
      resultMatches: published === null ? null : sameResult(normalise(form.game, published), recomputed),
    },
  };
}
