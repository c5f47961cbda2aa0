import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HmacSha256 } from '../types.ts';
import { linksTo, makeChain, previousSeed, randomSeed, verifyChain } from './chain.ts';
import { ballSum, drawLadder, drawMini, drawPowerball, ladderFinish } from './draw.ts';
import { marketWins, miniMarkets, payout, powerballOutcomes } from './markets.ts';

const nodeHmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();
const hexSeed = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

// The worked example of docs/games/mini-games.md.
const LAST = '8ae8562946c7efd61f1f6b0688eb463eeae59c53a248d8a5682d4c714ed88bc5';
const S1 = '0facb56a213186090bef6be24756e3e6e78a6fd6c37aa58105f685e95b660961';
const S2 = '8388351df3b82e7eac6de2324a08a1a0deda0305689bea39c7ec254b95540fdf';
const TERMINAL = 'd509cc1c10947cb7299b87cdc13eeffad8f64d970c6a3551a3a9bd5f64a85bfb';

describe('the hash chain', () => {
  it("is made backwards from the last seed, each seed the SHA-256 of the next one's hex text", () => {
    const chain = makeChain(LAST, 3);
    expect(chain.seeds).toEqual([S1, S2, LAST]);
    expect(chain.terminalHash).toBe(TERMINAL);
    expect(createHash('sha256').update(LAST).digest('hex')).toBe(S2);
    expect(createHash('sha256').update(S1).digest('hex')).toBe(TERMINAL);
    expect(verifyChain(TERMINAL, chain.seeds)).toBe(true);
    expect(linksTo(S1, TERMINAL)).toBe(true);
    expect(linksTo(S2, TERMINAL)).toBe(false);
  });

  it('refuses bad inputs', () => {
    expect(() => makeChain('xyz', 3)).toThrow(RangeError);
    expect(() => makeChain(LAST, 0)).toThrow(RangeError);
    expect(linksTo(S1.toUpperCase(), TERMINAL)).toBe(false);
    expect(randomSeed()).toMatch(/^[0-9a-f]{64}$/);
    expect(randomSeed()).not.toBe(randomSeed());
  });

  it('property: any chain verifies; one changed seed, a swap or a wrong terminal hash fails', () => {
    fc.assert(
      fc.property(
        hexSeed,
        fc.integer({ min: 2, max: 40 }),
        fc.nat(),
        fc.integer({ min: 0, max: 255 }),
        (last, n, at, bit) => {
          const { seeds, terminalHash } = makeChain(last, n);
          expect(seeds).toHaveLength(n);
          expect(verifyChain(terminalHash, seeds)).toBe(true);
          const k = at % n;
          // Flip one bit of seed k's hex (a different hex digit, still a well-formed seed).
          const digit = bit % 64;
          const old = parseInt(seeds[k]![digit]!, 16);
          const tampered = [...seeds];
          tampered[k] =
            seeds[k]!.slice(0, digit) +
            ((old ^ (1 + (bit >> 6))) & 15).toString(16) +
            seeds[k]!.slice(digit + 1);
          expect(tampered[k]).not.toBe(seeds[k]);
          expect(verifyChain(terminalHash, tampered)).toBe(false);
          const swapped = [...seeds];
          [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
          expect(verifyChain(terminalHash, swapped)).toBe(false);
          expect(verifyChain(previousSeed(terminalHash), seeds)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the draws', () => {
  it('the worked example: round 1 with s_1', () => {
    expect(createHmac('sha256', S1).update('powerball:1').digest('hex')).toBe(
      '7da35b1107b173ae6afdb6744b67f0cf8baf6c3df32322cd4a27a7bca786f29c',
    );
    expect(drawPowerball(1, S1)).toEqual({ balls: [14, 9, 7, 6, 26], powerball: 7 });
    expect(createHmac('sha256', S1).update('ladder:1').digest('hex')).toBe(
      '88bb2d463d273bf74db08795d1ce0473a58ca543e016cc64ab2ada6eca1aff2e',
    );
    expect(drawLadder(1, S1)).toEqual({ start: 'left', rungs: 4, finish: 'odd' });
  });

  it('node:crypto and the browser HMAC give the same results', () => {
    for (let round = 1; round <= 50; round += 1) {
      expect(drawMini('powerball', round, S2, nodeHmac)).toEqual(drawMini('powerball', round, S2));
      expect(drawMini('ladder', round, S2, nodeHmac)).toEqual(drawMini('ladder', round, S2));
    }
  });

  it('the ladder finish rule', () => {
    expect(ladderFinish('left', 3)).toBe('even');
    expect(ladderFinish('left', 4)).toBe('odd');
    expect(ladderFinish('right', 3)).toBe('odd');
    expect(ladderFinish('right', 4)).toBe('even');
  });

  it('refuses a bad seed or round', () => {
    expect(() => drawPowerball(0, S1)).toThrow(RangeError);
    expect(() => drawPowerball(1.5, S1)).toThrow(RangeError);
    expect(() => drawLadder(1, 'nope')).toThrow(RangeError);
  });

  it('property: results are well formed, and depend on the game, round and seed', () => {
    fc.assert(
      fc.property(hexSeed, fc.integer({ min: 1, max: 2 ** 40 }), (seed, round) => {
        const pb = drawPowerball(round, seed);
        expect(pb.balls).toHaveLength(5);
        expect(new Set(pb.balls).size).toBe(5);
        for (const b of pb.balls) expect(b >= 1 && b <= 28 && Number.isInteger(b)).toBe(true);
        expect(pb.powerball >= 0 && pb.powerball <= 9).toBe(true);
        expect(ballSum(pb) >= 15 && ballSum(pb) <= 130).toBe(true);
        const ladder = drawLadder(round, seed);
        expect(ladder.finish).toBe(ladderFinish(ladder.start, ladder.rungs));
        expect(drawPowerball(round, seed)).toEqual(pb);
      }),
      { numRuns: 300 },
    );
  });

  // Chi-square at a significance of 0.001 (critical values for 27, 9 and 3 degrees of freedom).
  const chi2 = (counts: number[], expected: number) =>
    counts.reduce((acc, c) => acc + (c - expected) ** 2 / expected, 0);

  it('uniform: balls, positions, powerballs and ladders over 20,000 random seeds (chi-square)', () => {
    const n = 20_000;
    const balls = new Array<number>(28).fill(0);
    const first = new Array<number>(28).fill(0);
    const power = new Array<number>(10).fill(0);
    const ladders = new Array<number>(4).fill(0);
    fc.assert(
      fc.property(hexSeed, fc.integer({ min: 1, max: 1_000_000 }), (seed, round) => {
        const pb = drawPowerball(round, seed, nodeHmac);
        for (const b of pb.balls) balls[b - 1]! += 1;
        first[pb.balls[0]! - 1]! += 1;
        power[pb.powerball]! += 1;
        const l = drawLadder(round, seed, nodeHmac);
        ladders[(l.start === 'left' ? 0 : 2) + (l.rungs - 3)]! += 1;
      }),
      { numRuns: n, seed: 27 },
    );
    expect(chi2(balls, (n * 5) / 28)).toBeLessThan(55.48);
    expect(chi2(first, n / 28)).toBeLessThan(55.48);
    expect(chi2(power, n / 10)).toBeLessThan(27.88);
    expect(chi2(ladders, n / 4)).toBeLessThan(16.27);
    // The test can fail: a biased draw (ball 1 counted twice as often) is caught.
    const biased = [...balls];
    biased[0] = biased[0]! * 2;
    expect(chi2(biased, (n * 5) / 28)).toBeGreaterThan(55.48);
  });
});

describe('the markets', () => {
  it('enumerates all 98,280 normal-ball draws times 10 powerballs', () => {
    let count = 0;
    const sums = new Map<number, number>();
    for (const o of powerballOutcomes()) {
      count += 1;
      if (o.powerball === 0) sums.set(ballSum(o), (sums.get(ballSum(o)) ?? 0) + 1);
    }
    expect(count).toBe(982_800);
    expect([...sums.values()].reduce((a, b) => a + b, 0)).toBe(98_280);
    expect(Math.min(...sums.keys())).toBe(15);
    expect(Math.max(...sums.keys())).toBe(130);
  });

  it('exact probabilities of the markets', () => {
    const pb = new Map(miniMarkets('powerball').map((m) => [m.code, m]));
    const p = (code: string) => pb.get(code)!.wins / pb.get(code)!.outcomes;
    for (const c of [
      'pb-odd',
      'pb-even',
      'pb-under',
      'pb-over',
      'sum-odd',
      'sum-even',
      'sum-under',
      'sum-over',
    ])
      expect(p(c)).toBe(0.5);
    expect(pb.get('sum-small')!.wins / 10).toBe(31_520);
    expect(pb.get('sum-medium')!.wins / 10).toBe(35_240);
    expect(pb.get('sum-large')!.wins / 10).toBe(31_520);
    expect(p('pb-odd-under')).toBe(0.2);
    expect(p('pb-even-under')).toBe(0.3);
    expect(pb.get('sum-odd-under')!.wins / 10).toBe(24_010);
    expect(pb.get('sum-odd-small')!.wins / 10).toBe(15_254);
    expect(p('pb-odd-sum-even')).toBe(0.25);
    // Each group of exclusive markets covers every outcome exactly once.
    const groups = [
      ['pb-odd', 'pb-even'],
      ['sum-small', 'sum-medium', 'sum-large'],
      [
        'sum-odd-small',
        'sum-odd-medium',
        'sum-odd-large',
        'sum-even-small',
        'sum-even-medium',
        'sum-even-large',
      ],
      ['pb-odd-under', 'pb-odd-over', 'pb-even-under', 'pb-even-over'],
      ['sum-odd-under', 'sum-odd-over', 'sum-even-under', 'sum-even-over'],
    ];
    for (const g of groups) expect(g.reduce((a, c) => a + pb.get(c)!.wins, 0)).toBe(982_800);
    const ladder = miniMarkets('ladder');
    expect(ladder).toHaveLength(10);
    for (const m of ladder) expect(m.wins / m.outcomes).toBe(m.code.includes('-') ? 0.25 : 0.5);
  });

  it('odds bounds keep every market between 90 % and 99 %, and are the widest such', () => {
    for (const m of [...miniMarkets('powerball'), ...miniMarkets('ladder')]) {
      const rtp = (odds: number) => (m.wins * odds) / (100 * m.outcomes);
      expect(rtp(m.minOdds)).toBeGreaterThanOrEqual(0.9);
      expect(rtp(m.minOdds - 1)).toBeLessThan(0.9);
      expect(rtp(m.maxOdds)).toBeLessThanOrEqual(0.99);
      expect(rtp(m.maxOdds + 1)).toBeGreaterThan(0.99);
      expect(m.defaultOdds).toBeGreaterThanOrEqual(m.minOdds);
      expect(m.defaultOdds).toBeLessThanOrEqual(m.maxOdds);
    }
    expect(miniMarkets('powerball').find((m) => m.code === 'pb-odd')).toMatchObject({
      minOdds: 180,
      maxOdds: 198,
      defaultOdds: 195,
    });
  });

  it('a market wins on the worked example; payouts are floored integers', () => {
    const r = { balls: [14, 9, 7, 6, 26], powerball: 7 };
    expect(ballSum(r)).toBe(62);
    expect(marketWins('powerball', 'pb-odd', r)).toBe(true);
    expect(marketWins('powerball', 'pb-over', r)).toBe(true);
    expect(marketWins('powerball', 'sum-even-small', r)).toBe(true);
    expect(marketWins('powerball', 'sum-under', r)).toBe(true);
    expect(marketWins('powerball', 'sum-odd', r)).toBe(false);
    expect(marketWins('ladder', 'left-four', { start: 'left', rungs: 4, finish: 'odd' })).toBe(true);
    expect(() => marketWins('ladder', 'pb-odd', { start: 'left', rungs: 4, finish: 'odd' })).toThrow(
      RangeError,
    );
    expect(payout(1_001, 195)).toBe(1_951);
    expect(payout(10_000, 195)).toBe(19_500);
  });
});
