import { rational, rationalToNumber, type Rational } from './baccarat.ts';
import { bestLinePay } from './slots/evaluate.ts';
import type { SlotGameDefinition } from './types.ts';

export { baccaratHouseEdge, baccaratHouseEdgeExact } from './baccarat.ts';

/**
 * Exact slot mathematics (the method is in docs/games/jade-lotus.md, "How the figures are computed").
 *
 * 1. Every stop combination of a strip set is priced (nested loops over the five reels: the strips
 *    are short enough that the product stays in the tens of millions). A spin's pay is an integer
 *    number of "units" (the line bet: line and ways pays are paytable x units, scatter pays are
 *    pay x betDivisor units), so all sums are exact integers. They are kept by the spin's award
 *    class (no free games, 3, 4 or 5 scatters): count, sum of pays, sum of squared pays.
 * 2. The free games of a round are a sequence of independent spins on the free reels that stops
 *    when the awarded games are played; the award of a spin can only add games, up to
 *    maxFreeGames. The expected total and its second moment from each state (games played,
 *    games awarded) follow by recursion over the award classes; scaling the state at n games
 *    played by T^(G - n) (T the free reels' combinations, G the cap) keeps every value an integer,
 *    so the free-game expectation is an exact rational.
 * 3. The round's return is the paid spin's pay plus, when it triggers, the free games' total times
 *    the free multiplier; the free games depend on the paid spin only through the award, so the
 *    cross term is (sum of the paid spin's pays in the class) x (expected free total of the class).
 *
 * The max-win cap would make the return non-linear, so each game's cap is set above the largest
 * return a round can reach (the biggest paid spin plus maxFreeGames of the biggest free spin);
 * `maxWinBound` reports that bound and the tests check that the cap never binds.
 */

/** Sums over every stop combination of one strip set, by award class (0: none, 1..3: 3..5 scatters). */
export interface StripSums {
  combinations: bigint;
  count: [bigint, bigint, bigint, bigint];
  sum: [bigint, bigint, bigint, bigint];
  sumSquares: [bigint, bigint, bigint, bigint];
  /** Combinations that pay something or award free games. */
  hits: bigint;
  /** The largest pay of one spin, in units. */
  maxPay: number;
}

export interface SlotStats {
  /** Expected return per won bet (0.96 = 96%), to double precision. */
  rtp: number;
  rtpExact: Rational;
  /** The part of the RTP paid by the paid spin (line or ways wins and scatter pays). */
  baseRtp: number;
  /** The part paid by the free games. */
  freeSpinsRtp: number;
  /** Probability that a paid spin pays something or triggers free games. */
  hitFrequency: number;
  /** Probability that a paid spin triggers free games (1 in 1 / this). */
  freeSpinsFrequency: number;
  /** Standard deviation of a round's return, in bets. */
  volatilityIndex: number;
  /** Expected number of free games per trigger (retriggers included, capped). */
  freeGamesPerTrigger: number;
  /** The largest return a round could reach, in bets: the cap must be at or above it. */
  maxWinBound: number;
  base: StripSums;
  free: StripSums;
}

const symbolIndex = (game: SlotGameDefinition): Map<string, number> => {
  const symbols = new Set<string>([game.wild, game.scatter, ...Object.keys(game.paytable)]);
  for (const strip of [...game.reels, ...game.freeReels]) for (const s of strip) symbols.add(s);
  return new Map([...symbols].map((s, i) => [s, i]));
};

/** The award class of a scatter count: 0 below 3, then 1, 2, 3 for 3, 4, 5 or more. */
const classOf = (scatters: number): number => (scatters < 3 ? 0 : Math.min(scatters, 5) - 2);

/** Prices every stop combination of `reels` (see the module comment). Pays are in line-bet units. */
export function stripSums(game: SlotGameDefinition, reels: string[][]): StripSums {
  if (reels.length !== 5 || game.rows !== 3) throw new Error('stripSums handles 5 reels of 3 rows');
  const index = symbolIndex(game);
  const S = index.size;
  const wild = index.get(game.wild)!;
  const scatter = index.get(game.scatter)!;
  const rows = game.rows;
  const lengths = reels.map((r) => r.length);
  // Symbols shown per reel and stop (stop * rows + row), and scatters shown per reel and stop.
  const shown = reels.map((strip) => {
    const out = new Int32Array(strip.length * rows);
    for (let stop = 0; stop < strip.length; stop++)
      for (let row = 0; row < rows; row++)
        out[stop * rows + row] = index.get(strip[(stop + row) % strip.length]!)!;
    return out;
  });
  const scatters = shown.map((cells, reel) => {
    const out = new Int32Array(lengths[reel]!);
    for (let stop = 0; stop < out.length; stop++)
      for (let row = 0; row < rows; row++) if (cells[stop * rows + row] === scatter) out[stop]! += 1;
    return out;
  });
  // Scatter pay by award class, in units.
  const scatterPay = [0, ...game.scatterPays.map((p) => p * game.betDivisor)];

  const count = [0n, 0n, 0n, 0n] as StripSums['count'];
  const sum = [0n, 0n, 0n, 0n] as StripSums['sum'];
  const sumSquares = [0n, 0n, 0n, 0n] as StripSums['sumSquares'];
  let hits = 0n;
  let maxPay = 0;
  // Number accumulators, moved into the bigints after each (reel 1, reel 2) pair: their values stay
  // far below 2^53 within one pair (at most a few tens of thousands of combinations).
  const c = new Float64Array(4);
  const s1 = new Float64Array(4);
  const s2 = new Float64Array(4);
  let h = 0;
  const flush = () => {
    for (let k = 0; k < 4; k++) {
      count[k] = count[k]! + BigInt(c[k]!);
      sum[k] = sum[k]! + BigInt(s1[k]!);
      sumSquares[k] = sumSquares[k]! + BigInt(s2[k]!);
      c[k] = 0;
      s1[k] = 0;
      s2[k] = 0;
    }
    hits += BigInt(h);
    h = 0;
  };
  const [L0, L1, L2, L3, L4] = lengths as [number, number, number, number, number];
  const [W0, W1, W2, W3, W4] = shown as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  const [C0, C1, C2, C3, C4] = scatters as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];

  if (game.pays === 'lines') {
    // pay5[tuple] = the best pay of a line showing that 5-tuple (in units); alive3[prefix] says
    // whether any line starting with that 3-tuple can pay, so dead lines are dropped early.
    const S2 = S * S;
    const S3 = S2 * S;
    const pay5 = new Float64Array(S3 * S2);
    const alive3 = new Uint8Array(S3);
    const names = [...index.keys()];
    for (let t = 0; t < pay5.length; t++) {
      const tuple = [
        Math.floor(t / (S3 * S)) % S,
        Math.floor(t / S3) % S,
        Math.floor(t / S2) % S,
        Math.floor(t / S) % S,
        t % S,
      ].map((i) => names[i]!);
      const best = bestLinePay(game, tuple);
      if (best) {
        pay5[t] = best.pay;
        alive3[Math.floor(t / S2)] = 1;
      }
    }
    const lines = game.lines;
    const nLines = lines.length;
    const r0 = Int32Array.from(lines, (l) => l[0]!);
    const r1 = Int32Array.from(lines, (l) => l[1]!);
    const r2 = Int32Array.from(lines, (l) => l[2]!);
    const r3 = Int32Array.from(lines, (l) => l[3]!);
    const r4 = Int32Array.from(lines, (l) => l[4]!);
    const live3 = new Int32Array(nLines); // prefix index of the live lines
    const liveLine = new Int32Array(nLines);
    const idx4 = new Int32Array(nLines);
    for (let a = 0; a < L0; a++) {
      for (let b = 0; b < L1; b++) {
        for (let d = 0; d < L2; d++) {
          let live = 0;
          for (let l = 0; l < nLines; l++) {
            const p = (W0[a * rows + r0[l]!]! * S + W1[b * rows + r1[l]!]!) * S + W2[d * rows + r2[l]!]!;
            if (alive3[p]) {
              live3[live] = p;
              liveLine[live] = l;
              live++;
            }
          }
          const sc3 = C0[a]! + C1[b]! + C2[d]!;
          for (let e = 0; e < L3; e++) {
            for (let i = 0; i < live; i++) idx4[i] = (live3[i]! * S + W3[e * rows + r3[liveLine[i]!]!]!) * S;
            const sc4 = sc3 + C3[e]!;
            for (let f = 0; f < L4; f++) {
              let pay = 0;
              for (let i = 0; i < live; i++) pay += pay5[idx4[i]! + W4[f * rows + r4[liveLine[i]!]!]!]!;
              const k = classOf(sc4 + C4[f]!);
              pay += scatterPay[k]!;
              c[k]! += 1;
              s1[k]! += pay;
              s2[k]! += pay * pay;
              if (pay > 0 || k > 0) h++;
              if (pay > maxPay) maxPay = pay;
            }
          }
        }
        flush();
      }
    }
  } else {
    // Ways: for each paying symbol, the count of (symbol or wild) cells per reel and stop.
    const paying = Object.keys(game.paytable)
      .filter((s) => s !== game.wild && s !== game.scatter)
      .map((s) => ({ id: index.get(s)!, pays: game.paytable[s]! }));
    const P = paying.length;
    const cnt = shown.map((cells, reel) => {
      const out = new Int32Array(lengths[reel]! * P);
      for (let stop = 0; stop < lengths[reel]!; stop++)
        for (let row = 0; row < rows; row++) {
          const sym = cells[stop * rows + row]!;
          if (reel === 0 && sym === wild) throw new Error(`${game.code}: a wild on reel 1 of a ways game`);
          for (let p = 0; p < P; p++) if (sym === paying[p]!.id || sym === wild) out[stop * P + p]! += 1;
        }
      return out;
    });
    const pay3 = Float64Array.from(paying, (p) => p.pays[0]);
    const pay4 = Float64Array.from(paying, (p) => p.pays[1]);
    const pay5 = Float64Array.from(paying, (p) => p.pays[2]);
    const [K0, K1, K2, K3, K4] = cnt as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
    const liveSym = new Int32Array(P);
    const liveWays = new Float64Array(P);
    const ways4 = new Float64Array(P);
    for (let a = 0; a < L0; a++) {
      for (let b = 0; b < L1; b++) {
        for (let d = 0; d < L2; d++) {
          let live = 0;
          for (let p = 0; p < P; p++) {
            const w = K0[a * P + p]! * K1[b * P + p]! * K2[d * P + p]!;
            if (w > 0) {
              liveSym[live] = p;
              liveWays[live] = w;
              live++;
            }
          }
          const sc3 = C0[a]! + C1[b]! + C2[d]!;
          for (let e = 0; e < L3; e++) {
            let pay3s = 0; // the ways that stop at reel 3
            for (let i = 0; i < live; i++) {
              const p = liveSym[i]!;
              const k3 = K3[e * P + p]!;
              if (k3 === 0) {
                pay3s += liveWays[i]! * pay3[p]!;
                ways4[i] = 0;
              } else ways4[i] = liveWays[i]! * k3;
            }
            const sc4 = sc3 + C3[e]!;
            for (let f = 0; f < L4; f++) {
              let pay = pay3s;
              for (let i = 0; i < live; i++) {
                const w = ways4[i]!;
                if (w === 0) continue;
                const p = liveSym[i]!;
                const k4 = K4[f * P + p]!;
                pay += k4 === 0 ? w * pay4[p]! : w * k4 * pay5[p]!;
              }
              const k = classOf(sc4 + C4[f]!);
              pay += scatterPay[k]!;
              c[k]! += 1;
              s1[k]! += pay;
              s2[k]! += pay * pay;
              if (pay > 0 || k > 0) h++;
              if (pay > maxPay) maxPay = pay;
            }
          }
        }
        flush();
      }
    }
  }
  flush();
  const combinations = lengths.reduce((p, l) => p * BigInt(l), 1n);
  if (count.reduce((p, x) => p + x, 0n) !== combinations)
    throw new Error('stripSums: combinations do not add up');
  return { combinations, count, sum, sumSquares, hits, maxPay };
}

/**
 * The free games' expected total (V) and expected squared total (W) from a state, as integers
 * scaled by T^(G - played) (T the free reels' combinations, G the cap on free games). Indexed
 * [played][awarded].
 */
function freeGameMoments(game: SlotGameDefinition, free: StripSums): { V: bigint[][]; W: bigint[][] } {
  const G = game.maxFreeGames;
  const T = free.combinations;
  const awards = [0, ...game.freeSpins];
  const powers: bigint[] = [1n];
  for (let i = 1; i <= G; i++) powers.push(powers[i - 1]! * T);
  const M1 = free.sum[0] + free.sum[1] + free.sum[2] + free.sum[3];
  const M2 = free.sumSquares[0] + free.sumSquares[1] + free.sumSquares[2] + free.sumSquares[3];
  const V: bigint[][] = Array.from({ length: G + 1 }, () => new Array<bigint>(G + 1).fill(0n));
  const W: bigint[][] = Array.from({ length: G + 1 }, () => new Array<bigint>(G + 1).fill(0n));
  for (let n = G - 1; n >= 0; n--) {
    const scale = powers[G - n - 1]!;
    for (let A = n + 1; A <= G; A++) {
      let v = scale * M1;
      let w = scale * M2;
      for (let r = 0; r < 4; r++) {
        const next = Math.min(G, A + awards[r]!);
        const vn = V[n + 1]![next]!;
        v += free.count[r]! * vn;
        w += 2n * free.sum[r]! * vn + free.count[r]! * W[n + 1]![next]!;
      }
      V[n]![A] = v;
      W[n]![A] = w;
    }
  }
  return { V, W };
}

/** The expected number of free games from a trigger of `award` games, exact, as a double. */
function expectedFreeGames(game: SlotGameDefinition, free: StripSums, award: number): number {
  const G = game.maxFreeGames;
  const T = Number(free.combinations);
  const q = free.count.map((x) => Number(x) / T);
  const awards = [0, ...game.freeSpins];
  // N(n, A): expected games still to play; doubles are enough for this descriptive figure.
  const N: number[][] = Array.from({ length: G + 1 }, () => new Array<number>(G + 1).fill(0));
  for (let n = G - 1; n >= 0; n--)
    for (let A = n + 1; A <= G; A++) {
      let e = 1;
      for (let r = 0; r < 4; r++) e += q[r]! * N[n + 1]![Math.min(G, A + awards[r]!)]!;
      N[n]![A] = e;
    }
  return N[0]![Math.min(G, award)]!;
}

const statsCache = new WeakMap<SlotGameDefinition, SlotStats>();

/** The exact figures of a slot game (seconds of computation: cached per definition). */
export function exactSlotStats(game: SlotGameDefinition): SlotStats {
  const cached = statsCache.get(game);
  if (cached) return cached;
  const base = stripSums(game, game.reels);
  const free = stripSums(game, game.freeReels);
  const G = game.maxFreeGames;
  const { V, W } = freeGameMoments(game, free);
  const TG = free.combinations ** BigInt(G);
  const m = BigInt(game.freeMultiplier);
  const div = BigInt(game.betDivisor);
  const Tb = base.combinations;

  // In units, over the common denominator Tb x T^G.
  const baseSum = base.sum[0] + base.sum[1] + base.sum[2] + base.sum[3];
  const baseSquares = base.sumSquares[0] + base.sumSquares[1] + base.sumSquares[2] + base.sumSquares[3];
  let freeNum = 0n;
  let squaresNum = baseSquares * TG;
  let triggers = 0n;
  let gamesPerTrigger = 0;
  for (let k = 1; k <= 3; k++) {
    const award = Math.min(G, game.freeSpins[k - 1]!);
    const v = V[0]![award]!;
    freeNum += base.count[k]! * m * v;
    squaresNum += 2n * base.sum[k]! * m * v + base.count[k]! * m * m * W[0]![award]!;
    triggers += base.count[k]!;
    gamesPerTrigger += Number(base.count[k]) * expectedFreeGames(game, free, award);
  }
  const den = Tb * TG;
  const meanNum = baseSum * TG + freeNum;
  const rtpExact = rational(meanNum, den * div);
  const rtp = rationalToNumber(rtpExact);
  const baseRtp = rationalToNumber(rational(baseSum, Tb * div));
  // Variance in units^2: E[R^2] - E[R]^2 = (squaresNum x den - meanNum^2) / den^2.
  const variance = rationalToNumber(rational(squaresNum * den - meanNum * meanNum, den * den));
  const stats: SlotStats = {
    rtp,
    rtpExact,
    baseRtp,
    freeSpinsRtp: rtp - baseRtp,
    hitFrequency: Number(base.hits) / Number(Tb),
    freeSpinsFrequency: Number(triggers) / Number(Tb),
    volatilityIndex: Math.sqrt(variance) / game.betDivisor,
    freeGamesPerTrigger: triggers > 0n ? gamesPerTrigger / Number(triggers) : 0,
    maxWinBound: (base.maxPay + G * game.freeMultiplier * free.maxPay) / game.betDivisor,
    base,
    free,
  };
  statsCache.set(game, stats);
  return stats;
}
