import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFairStream, type FairStream } from './fair.ts';
import { exactSlotStats, stripSums } from './rtp.ts';
import {
  SLOT_GAMES,
  SLOT_SYMBOLS,
  bestLinePay,
  evaluateWindow,
  playSlotRound,
  slotGame,
  validateSlotBet,
  windowAt,
} from './slots/index.ts';
import type { HmacSha256, SlotGameDefinition } from './types.ts';

const nodeHmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();
const SEED = '8ae8562946c7efd61f1f6b0688eb463eeae59c53a248d8a5682d4c714ed88bc5';
const game = (code: string): SlotGameDefinition => {
  const found = slotGame(code);
  if (!found) throw new Error(code);
  return found;
};

/**
 * The figures stated in docs/games/<code>.md, copied here by hand: the exact RTP to 6 decimals (in
 * percent), hit frequency and volatility index. A change of strips or paytable must change both.
 */
const DOC_FIGURES: Record<string, { rtp: string; hit: string; volatility: string }> = {
  'jade-lotus': { rtp: '96.133362', hit: '43.1938', volatility: '2.8763' },
  'tiger-fortune': { rtp: '96.421442', hit: '28.6177', volatility: '6.1434' },
  'dragon-pearl': { rtp: '96.592345', hit: '18.2888', volatility: '19.4711' },
};

describe('the game definitions', () => {
  it('are the three games with their fixed codes and volatilities', () => {
    expect(SLOT_GAMES.map((g) => [g.code, g.volatility, g.pays, g.lines.length])).toEqual([
      ['jade-lotus', 'low', 'lines', 20],
      ['tiger-fortune', 'medium', 'lines', 25],
      ['dragon-pearl', 'high', 'ways', 0],
    ]);
    expect(slotGame('nope')).toBeUndefined();
  });

  for (const g of SLOT_GAMES) {
    it(`${g.code}: symbols, strips, lines and bets are consistent`, () => {
      const symbols = new Set<string>(SLOT_SYMBOLS);
      expect(g.rows).toBe(3);
      expect(g.wild).toBe('W');
      expect(g.scatter).toBe('S');
      for (const strips of [g.reels, g.freeReels]) {
        expect(strips).toHaveLength(5);
        for (const [reel, strip] of strips.entries()) {
          for (const s of strip) expect(symbols.has(s), `${s}`).toBe(true);
          // At most one scatter in any window (the scatter count is then the number of reels showing one).
          strip.forEach((s, i) => {
            if (s === 'S') for (const d of [1, 2]) expect(strip[(i + d) % strip.length]).not.toBe('S');
          });
          expect(strip.filter((s) => s === 'S').length).toBeGreaterThan(0);
          // Ways games: a way must start on a real symbol.
          if (g.pays === 'ways' && reel === 0) expect(strip).not.toContain('W');
        }
      }
      // The exhaustive enumeration stays small enough for a test.
      for (const strips of [g.reels, g.freeReels])
        expect(strips.reduce((p, s) => p * s.length, 1)).toBeLessThanOrEqual(30_000_000);
      for (const line of g.lines) {
        expect(line).toHaveLength(5);
        for (const row of line) expect([0, 1, 2]).toContain(row);
      }
      expect(new Set(g.lines.map((l) => l.join())).size).toBe(g.lines.length);
      if (g.pays === 'lines') expect(g.betDivisor).toBe(g.lines.length);
      for (const [symbol, pays] of Object.entries(g.paytable)) {
        expect(symbols.has(symbol)).toBe(true);
        for (const p of pays) expect(Number.isInteger(p) && p >= 0).toBe(true);
      }
      for (const x of [...g.scatterPays, ...g.freeSpins, g.freeMultiplier, g.maxFreeGames])
        expect(Number.isInteger(x)).toBe(true);
      // Every pay is a whole number of won at every bet level.
      for (const bet of g.betLevels) {
        expect(bet % g.betDivisor).toBe(0);
        expect(validateSlotBet(g, bet)).toBeNull();
      }
      expect(validateSlotBet(g, g.betLevels[0]! + g.betDivisor)).toBe('level');
      expect(validateSlotBet(g, 0)).toBe('invalid');
      expect(validateSlotBet(g, 1.5)).toBe('invalid');
      expect(validateSlotBet(g, -g.betLevels[0]!)).toBe('invalid');
    });
  }
});

describe('line pays', () => {
  const g = game('jade-lotus');
  const pt = g.paytable;

  it('pays left to right from reel 1, three or more', () => {
    expect(bestLinePay(g, ['A', 'A', 'A', 'K', 'K'])).toEqual({ symbol: 'A', count: 3, pay: pt.A![0] });
    expect(bestLinePay(g, ['A', 'A', 'A', 'A', 'K'])).toEqual({ symbol: 'A', count: 4, pay: pt.A![1] });
    expect(bestLinePay(g, ['H1', 'H1', 'H1', 'H1', 'H1'])).toEqual({
      symbol: 'H1',
      count: 5,
      pay: pt.H1![2],
    });
    expect(bestLinePay(g, ['A', 'A', 'K', 'A', 'A'])).toBeNull();
    expect(bestLinePay(g, ['K', 'A', 'A', 'A', 'A'])).toBeNull();
    expect(bestLinePay(g, ['S', 'S', 'S', 'S', 'S'])).toBeNull();
  });

  it('a wild substitutes, and a wild run pays as wild when that is more', () => {
    expect(bestLinePay(g, ['W', 'A', 'W', 'K', 'K'])).toEqual({ symbol: 'A', count: 3, pay: pt.A![0] });
    expect(bestLinePay(g, ['A', 'W', 'W', 'W', 'Q'])).toEqual({ symbol: 'A', count: 4, pay: pt.A![1] });
    // W W W T T: wild x3 (50) beats T x5 (80)? No: T x5 = 80 pays more.
    expect(bestLinePay(g, ['W', 'W', 'W', 'T', 'T'])).toEqual({ symbol: 'T', count: 5, pay: pt.T![2] });
    // W W W W Q: wild x4 (200) beats Q x5 (100).
    expect(bestLinePay(g, ['W', 'W', 'W', 'W', 'Q'])).toEqual({ symbol: 'W', count: 4, pay: pt.W![1] });
    // W W W S A: the scatter is not substituted: wild x3.
    expect(bestLinePay(g, ['W', 'W', 'W', 'S', 'A'])).toEqual({ symbol: 'W', count: 3, pay: pt.W![0] });
    expect(bestLinePay(g, ['W', 'W', 'W', 'W', 'W'])).toEqual({ symbol: 'W', count: 5, pay: pt.W![2] });
    expect(bestLinePay(g, ['W', 'W', 'S', 'A', 'A'])).toBeNull();
  });

  it('prices a hand-built window line by line, with scatters and the free-game multiplier', () => {
    // window[reel][row]
    const window = [
      ['A', 'H1', 'S'],
      ['A', 'W', 'K'],
      ['A', 'H1', 'Q'],
      ['J', 'S', 'T'],
      ['T', 'Q', 'S'],
    ];
    const bet = 1000; // line bet 50
    const { wins, amount, freeSpinsAwarded } = evaluateWindow(g, window, bet, 1);
    // Line 1 (top row 0): A A A J T -> A x3. Line 0 (middle): H1 W H1 S Q -> H1 x3.
    const byLine = new Map(wins.map((w) => [w.line, w]));
    expect(byLine.get(1)).toMatchObject({
      symbol: 'A',
      count: 3,
      amount: pt.A![0]! * 50,
      cells: [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
    });
    expect(byLine.get(0)).toMatchObject({ symbol: 'H1', count: 3, amount: pt.H1![0]! * 50 });
    // Every paying line checked against bestLinePay on its symbols.
    let expected = 0;
    g.lines.forEach((line, index) => {
      const best = bestLinePay(
        g,
        line.map((row, reel) => window[reel]![row]!),
      );
      expect(byLine.get(index)?.amount ?? 0).toBe(best ? best.pay * 50 : 0);
      expected += best ? best.pay * 50 : 0;
    });
    // Three scatters: scatter pay x total bet and the free games.
    const scatter = byLine.get(-1)!;
    expect(scatter).toMatchObject({ symbol: 'S', count: 3, amount: g.scatterPays[0] * bet });
    expect(scatter.cells).toEqual([
      [0, 2],
      [3, 1],
      [4, 2],
    ]);
    expect(freeSpinsAwarded).toBe(g.freeSpins[0]);
    expect(amount).toBe(expected + g.scatterPays[0] * bet);
    // In free games every win is multiplied.
    const free = evaluateWindow(g, window, bet, g.freeMultiplier);
    expect(free.amount).toBe(amount * g.freeMultiplier);
    expect(free.wins.map((w) => w.amount)).toEqual(wins.map((w) => w.amount * g.freeMultiplier));
  });
});

describe('ways pays', () => {
  const g = game('dragon-pearl');
  const pt = g.paytable;

  it('counts ways as the product of matching cells on consecutive reels', () => {
    const window = [
      ['H1', 'A', 'H1'],
      ['W', 'H1', 'K'],
      ['A', 'H1', 'W'],
      ['Q', 'Q', 'H1'],
      ['T', 'J', 'S'],
    ];
    const bet = 2500; // ways bet 100
    const { wins, amount, freeSpinsAwarded } = evaluateWindow(g, window, bet, 1);
    const bySymbol = new Map(wins.map((w) => [w.symbol, w]));
    // H1: reel 1 two, reel 2 two (W, H1), reel 3 two (H1, W), reel 4 one: 8 ways of 4.
    expect(bySymbol.get('H1')).toMatchObject({ line: -2, count: 4, ways: 8, amount: 8 * pt.H1![1]! * 100 });
    expect(bySymbol.get('H1')!.cells).toHaveLength(7);
    // A: reel 1 one, reel 2 one (W), reel 3 two (A, W): 2 ways of 3.
    expect(bySymbol.get('A')).toMatchObject({ count: 3, ways: 2, amount: 2 * pt.A![0]! * 100 });
    // K: reel 1 none.
    expect(bySymbol.has('K')).toBe(false);
    // Q: reel 1 none even though reels 4 shows two.
    expect(bySymbol.has('Q')).toBe(false);
    expect(freeSpinsAwarded).toBe(0);
    expect(amount).toBe(8 * pt.H1![1]! * 100 + 2 * pt.A![0]! * 100);
  });

  it('pays 243 ways of five for a full screen of one symbol and wilds', () => {
    const window = [
      ['H2', 'H2', 'H2'],
      ['H2', 'W', 'H2'],
      ['W', 'W', 'W'],
      ['H2', 'H2', 'H2'],
      ['H2', 'H2', 'W'],
    ];
    const { wins, amount } = evaluateWindow(g, window, 250, 4);
    expect(wins).toHaveLength(1);
    expect(wins[0]).toMatchObject({ symbol: 'H2', count: 5, ways: 243, amount: 243 * pt.H2![2]! * 10 * 4 });
    expect(amount).toBe(243 * pt.H2![2]! * 40);
  });
});

/** Brute force: the sums of stripSums recomputed with evaluateWindow over every stop combination. */
function bruteSums(g: SlotGameDefinition, reels: string[][]) {
  const count = [0, 0, 0, 0];
  const sum = [0, 0, 0, 0];
  const squares = [0, 0, 0, 0];
  let hits = 0;
  const bet = g.betDivisor; // one unit per line bet
  const stops = [0, 0, 0, 0, 0];
  const visit = (reel: number) => {
    if (reel === 5) {
      const { wins, amount, freeSpinsAwarded } = evaluateWindow(g, windowAt(reels, stops, 3), bet, 1);
      const scatters = wins.find((w) => w.line === -1)?.count ?? 0;
      const k = scatters < 3 ? 0 : Math.min(scatters, 5) - 2;
      count[k]! += 1;
      sum[k]! += amount;
      squares[k]! += amount * amount;
      if (amount > 0 || freeSpinsAwarded > 0) hits++;
      return;
    }
    for (let s = 0; s < reels[reel]!.length; s++) {
      stops[reel] = s;
      visit(reel + 1);
    }
  };
  visit(0);
  return {
    count: count.map(BigInt),
    sum: sum.map(BigInt),
    sumSquares: squares.map(BigInt),
    hits: BigInt(hits),
  };
}

/** A small game for checks that need every outcome: short strips, frequent scatters, few free games. */
const tiny = (pays: 'lines' | 'ways'): SlotGameDefinition => {
  const base = game(pays === 'lines' ? 'tiger-fortune' : 'dragon-pearl');
  const strips =
    pays === 'lines'
      ? ['W A H1 S K Q', 'A W H1 K S T', 'H1 A W Q K S J', 'S A H1 W K H2', 'A H1 K W S Q']
      : ['A H1 S K Q', 'A W H1 K S T', 'H1 A W Q K S J', 'S A H1 W K H2', 'A H1 K W S Q'];
  const reels = strips.map((s) => s.split(' '));
  return {
    ...base,
    code: `tiny-${pays}`,
    reels,
    freeReels: reels.map((r) => [...r, 'W']).map((r, i) => (i === 0 && pays === 'ways' ? r.slice(0, -1) : r)),
    freeSpins: [2, 3, 5],
    maxFreeGames: 9,
    maxWinMultiplier: 1e9,
  };
};

describe('the exact enumeration (rtp.ts)', () => {
  for (const pays of ['lines', 'ways'] as const) {
    it(`stripSums agrees with evaluateWindow on every combination (${pays})`, () => {
      const g = tiny(pays);
      for (const reels of [g.reels, g.freeReels]) {
        const fast = stripSums(g, reels);
        const brute = bruteSums(g, reels);
        expect(fast.count).toEqual(brute.count);
        expect(fast.sum).toEqual(brute.sum);
        expect(fast.sumSquares).toEqual(brute.sumSquares);
        expect(fast.hits).toEqual(brute.hits);
      }
    });

    it(`the free-game recursion agrees with Wald's identity and with simulation (${pays})`, () => {
      const g = tiny(pays);
      const stats = exactSlotStats(g);
      // Independent float computation: E[free total | award a] = E[games played] x mean free spin.
      const free = stripSums(g, g.freeReels);
      const T = Number(free.combinations);
      const q = free.count.map((c) => Number(c) / T);
      const mean = free.sum.reduce((s, x) => s + Number(x), 0) / T;
      const awards = [0, ...g.freeSpins];
      const G = g.maxFreeGames;
      const games = (played: number, awarded: number): number =>
        played >= awarded
          ? 0
          : 1 + q.reduce((s, p, r) => s + p * games(played + 1, Math.min(G, awarded + awards[r]!)), 0);
      const base = stripSums(g, g.reels);
      const Tb = Number(base.combinations);
      let expected = base.sum.reduce((s, x) => s + Number(x), 0) / Tb;
      for (let k = 1; k <= 3; k++)
        expected += (Number(base.count[k]) / Tb) * g.freeMultiplier * mean * games(0, g.freeSpins[k - 1]!);
      expect(stats.rtp).toBeCloseTo(expected / g.betDivisor, 12);

      // Simulation through playSlotRound: mean and standard deviation within sampling error.
      const rounds = 40_000;
      const bet = g.betLevels[0]!;
      let s1 = 0;
      let s2 = 0;
      for (let nonce = 0; nonce < rounds; nonce++) {
        const r = playSlotRound(
          g,
          bet,
          createFairStream(nodeHmac, { serverSeed: SEED, clientSeed: 'tiny', nonce }),
        );
        const x = r.totalWin / bet;
        s1 += x;
        s2 += x * x;
      }
      const simMean = s1 / rounds;
      const simSd = Math.sqrt(s2 / rounds - simMean ** 2);
      // 5 standard errors: fails by chance about once in 1.7 million runs (and never: the seeds are fixed).
      expect(Math.abs(simMean - stats.rtp)).toBeLessThan((5 * stats.volatilityIndex) / Math.sqrt(rounds));
      expect(Math.abs(simSd / stats.volatilityIndex - 1)).toBeLessThan(0.05);
    });
  }

  for (const g of SLOT_GAMES) {
    it(`${g.code}: the exact RTP is the figure in docs/games/${g.code}.md`, () => {
      const stats = exactSlotStats(g);
      const doc = DOC_FIGURES[g.code]!;
      expect((stats.rtp * 100).toFixed(6)).toBe(doc.rtp);
      // The figure the paytable shows is the exact one.
      expect(g.rtp.toFixed(8)).toBe(stats.rtp.toFixed(8));
      expect((stats.hitFrequency * 100).toFixed(4)).toBe(doc.hit);
      expect(stats.volatilityIndex.toFixed(4)).toBe(doc.volatility);
      const text = readFileSync(new URL(`../../../docs/games/${g.code}.md`, import.meta.url), 'utf8');
      expect(text).toContain(`${doc.rtp}%`);
      expect(text).toContain(`${doc.hit}%`);
      expect(text).toContain(doc.volatility);
      // The design targets: 94-97%, and the cap never binds (the RTP is exact as computed).
      expect(stats.rtp).toBeGreaterThan(0.94);
      expect(stats.rtp).toBeLessThan(0.97);
      expect(stats.maxWinBound).toBeLessThanOrEqual(g.maxWinMultiplier);
      expect(stats.baseRtp + stats.freeSpinsRtp).toBeCloseTo(stats.rtp, 12);
      // The exact fraction and the double agree.
      expect(Number((stats.rtpExact.num * 10n ** 15n) / stats.rtpExact.den) / 1e15).toBeCloseTo(
        stats.rtp,
        12,
      );
    }, 60_000);
  }

  it('the three volatilities clearly differ', () => {
    const [low, medium, high] = SLOT_GAMES.map((g) => exactSlotStats(g));
    expect(low!.hitFrequency).toBeGreaterThan(0.35);
    expect(low!.hitFrequency).toBeLessThan(0.45);
    expect(medium!.hitFrequency).toBeLessThan(low!.hitFrequency);
    expect(high!.hitFrequency).toBeLessThan(medium!.hitFrequency);
    expect(medium!.volatilityIndex).toBeGreaterThan(1.5 * low!.volatilityIndex);
    expect(high!.volatilityIndex).toBeGreaterThan(5 * low!.volatilityIndex);
  }, 60_000);
});

describe('playSlotRound', () => {
  it('replays: the same seeds give the same round, another nonce another one', () => {
    for (const g of SLOT_GAMES) {
      const input = { serverSeed: SEED, clientSeed: 'replay', nonce: 9 };
      const bet = g.betLevels[2]!;
      const a = playSlotRound(g, bet, createFairStream(nodeHmac, input));
      const b = playSlotRound(g, bet, createFairStream(nodeHmac, input));
      expect(b).toEqual(a);
      const c = playSlotRound(g, bet, createFairStream(nodeHmac, { ...input, nonce: 10 }));
      expect(c.spins[0]!.stops).not.toEqual(a.spins[0]!.stops);
    }
  });

  it('takes the stops from the stream in reel order and the window from the strips', () => {
    for (const g of SLOT_GAMES) {
      const input = { serverSeed: SEED, clientSeed: 'stops', nonce: 1 };
      const round = playSlotRound(g, g.betLevels[0]!, createFairStream(nodeHmac, input));
      const stream = createFairStream(nodeHmac, input);
      const stops = g.reels.map((strip) => stream.int(strip.length));
      expect(round.spins[0]!.stops).toEqual(stops);
      expect(round.spins[0]!.window).toEqual(windowAt(g.reels, stops, 3));
      expect(round.spins[0]!.kind).toBe('base');
    }
  });

  it('plays the free games it awards on the free reels, from the same stream, up to the cap', () => {
    for (const g of SLOT_GAMES) {
      // Find a triggering round among fixed nonces.
      let found = false;
      for (let nonce = 0; nonce < 5000 && !found; nonce++) {
        const input = { serverSeed: SEED, clientSeed: 'free', nonce };
        const bet = g.betLevels[1]!;
        const round = playSlotRound(g, bet, createFairStream(nodeHmac, input));
        if (round.spins[0]!.freeSpinsAwarded === 0) continue;
        found = true;
        const awarded = round.spins.reduce((s, spin) => s + spin.freeSpinsAwarded, 0);
        expect(round.spins.length - 1).toBe(awarded);
        expect(awarded).toBeLessThanOrEqual(g.maxFreeGames);
        // Recompute every spin from the same stream.
        const stream = createFairStream(nodeHmac, input);
        round.spins.forEach((spin, i) => {
          const reels = i === 0 ? g.reels : g.freeReels;
          expect(spin.kind).toBe(i === 0 ? 'base' : 'free');
          const stops = reels.map((strip) => stream.int(strip.length));
          expect(spin.stops).toEqual(stops);
          const window = windowAt(reels, stops, 3);
          const priced = evaluateWindow(g, window, bet, i === 0 ? 1 : g.freeMultiplier);
          expect(spin.amount).toBe(priced.amount);
          expect(spin.wins).toEqual(priced.wins);
          expect(spin.wins.reduce((s, w) => s + w.amount, 0)).toBe(spin.amount);
          expect(Number.isSafeInteger(spin.amount)).toBe(true);
        });
        expect(round.totalWin).toBe(round.spins.reduce((s, spin) => s + spin.amount, 0));
      }
      expect(found).toBe(true);
    }
  });

  it('cuts awards at maxFreeGames and the total at maxWinMultiplier x bet', () => {
    const g = tiny('lines');
    // Scatters on every stop of every reel's window would be 5 scatters each spin: a stream that
    // always answers 0 stops every reel at 0; make reel windows at stop 0 show a scatter.
    const always: FairStream = { nextUint32: () => 0, int: () => 0 };
    const scattered: SlotGameDefinition = {
      ...g,
      reels: g.reels.map((r) => ['S', ...r.filter((s) => s !== 'S')]),
      freeReels: g.freeReels.map((r) => ['S', ...r.filter((s) => s !== 'S')]),
    };
    const round = playSlotRound(scattered, scattered.betLevels[0]!, always);
    expect(round.spins.reduce((s, spin) => s + spin.freeSpinsAwarded, 0)).toBe(scattered.maxFreeGames);
    expect(round.spins).toHaveLength(1 + scattered.maxFreeGames);
    const capped = playSlotRound({ ...scattered, maxWinMultiplier: 150 }, scattered.betLevels[0]!, always);
    expect(capped.totalWin).toBe(150 * scattered.betLevels[0]!);
    expect(capped.spins.length).toBeLessThan(round.spins.length);
  });

  it('refuses a bet that is not a level', () => {
    const g = game('jade-lotus');
    expect(() =>
      playSlotRound(g, 123, createFairStream(nodeHmac, { serverSeed: SEED, clientSeed: 'x', nonce: 0 })),
    ).toThrow(RangeError);
  });
});
