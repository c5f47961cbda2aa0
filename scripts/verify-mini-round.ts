/**
 * Verifies a mini-game round from the studio's public rounds alone (docs/games/mini-games.md,
 * docs/api/studio-mini.md): the round's revealed seed must hash to the seed of the round before (or,
 * for a chain's first round, to the chain's published terminal hash) and its result must be the draw
 * from that seed. Run through scripts/verify-round.ts:
 *
 *   node scripts/verify-round.ts <powerball|ladder> <round> [--base http://127.0.0.1:3000] [--prefix /studio]
 *
 * Exit code 0 when the round verifies, 1 when it does not, 2 when it cannot be checked (not drawn,
 * unreachable server, bad arguments).
 */
import { createHash, createHmac } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { drawMini, type MiniGame } from '../packages/studio-engine/src/mini/draw.ts';
import type { HmacSha256 } from '../packages/studio-engine/src/types.ts';

const hmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface PublicRound {
  round: number;
  day: string;
  dayRound: number;
  closesAt: string;
  drawnAt: string | null;
  seed: string | null;
  result: unknown;
}

export interface MiniVerification {
  /** 0 verified, 1 does not verify, 2 cannot be checked. */
  code: 0 | 1 | 2;
  lines: string[];
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  return { status: res.status, body: (await res.json()) as unknown };
}

export async function verifyMiniRound(
  game: MiniGame,
  round: number,
  base: string,
  prefix = '/studio',
): Promise<MiniVerification> {
  const lines: string[] = [];
  const api = `${base.replace(/\/+$/, '')}${prefix}/api/mini/${game}`;
  if (!Number.isSafeInteger(round) || round < 1)
    return { code: 2, lines: ['the round must be a whole number from 1'] };
  let rounds: PublicRound[];
  let chain: { terminalHash: string; firstRound: number; publishedAt: string };
  try {
    const r = await getJson(`${api}/rounds?before=${round + 1}&limit=2`);
    if (r.status !== 200) return { code: 2, lines: [`GET rounds answered ${r.status}`] };
    rounds = (r.body as { rounds: PublicRound[] }).rounds;
    const c = await getJson(`${api}/chain?round=${round}`);
    if (c.status !== 200) return { code: 2, lines: [`GET chain answered ${c.status}`] };
    chain = c.body as typeof chain;
  } catch (err) {
    return { code: 2, lines: [`cannot reach ${api}: ${(err as Error).message}`] };
  }
  const target = rounds.find((r) => r.round === round);
  if (!target) return { code: 2, lines: [`round ${round} of ${game} is not published`] };
  if (target.seed === null) return { code: 2, lines: [`round ${round} of ${game} is not drawn yet`] };
  lines.push(
    `${game} round ${round} (day ${target.day}, round ${target.dayRound} of the day), drawn ${target.drawnAt}`,
    `seed: ${target.seed}`,
  );

  let previous: string;
  let previousName: string;
  if (round === chain.firstRound) {
    previous = chain.terminalHash;
    previousName = `the chain's terminal hash (published ${chain.publishedAt})`;
  } else {
    const before = rounds.find((r) => r.round === round - 1);
    if (!before || before.seed === null)
      return { code: 2, lines: [...lines, `round ${round - 1} is not drawn`] };
    previous = before.seed;
    previousName = `the seed of round ${round - 1}`;
  }
  const hash = sha256(target.seed);
  const linked = hash === previous;
  lines.push(
    `SHA-256(seed): ${hash}`,
    `${linked ? 'equals' : 'DOES NOT EQUAL'} ${previousName}: ${previous}`,
  );

  let ok = linked;
  try {
    const expected = drawMini(game, round, target.seed, hmac);
    const same = isDeepStrictEqual(expected, target.result);
    ok &&= same;
    lines.push(
      `HMAC-SHA256(seed, "${game}:${round}"): ${Buffer.from(hmac(target.seed, `${game}:${round}`)).toString('hex')}`,
      `recomputed result: ${JSON.stringify(expected)}`,
      `published result:  ${JSON.stringify(target.result)}${same ? '' : '  (DIFFERENT)'}`,
    );
  } catch (err) {
    ok = false;
    lines.push(`the published seed cannot be drawn from: ${(err as Error).message}`);
  }
  lines.push(ok ? 'verified' : 'NOT VERIFIED');
  return { code: ok ? 0 : 1, lines };
}
