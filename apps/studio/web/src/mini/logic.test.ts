import { describe, expect, it } from 'vitest';
import { drawLadder, drawPowerball, ladderFinish } from '@casino/studio-engine/mini/draw';
import { addStake, formatOdds, potentialPayout, removeLine, slipProblem, slipTotal } from './bet-slip.ts';
import { landing, ladderPath } from './ladder-path.ts';
import { boardCodes } from './markets.ts';
import { PATTERNS, counts, currentRun, longestRuns, outcomesOf, road } from './patterns.ts';
import { clockOffset, formatCountdown, secondsUntil } from './public-rounds.ts';
import { POWERBALL_MARKETS, LADDER_MARKETS } from '@casino/studio-engine/mini/markets';

describe('the board', () => {
  it('shows every market of the engine exactly once, and nothing else', () => {
    expect(boardCodes('powerball').sort()).toEqual(POWERBALL_MARKETS.map((m) => m.code).sort());
    expect(boardCodes('ladder').sort()).toEqual(LADDER_MARKETS.map((m) => m.code).sort());
  });
});

describe('the ladder drawing', () => {
  it('lands where the rule says for every start and rung count', () => {
    for (const start of ['left', 'right'] as const)
      for (const rungs of [3, 4] as const) expect(landing({ start, rungs })).toBe(ladderFinish(start, rungs));
  });

  it('crosses once per rung, from the top of its pole to the bottom', () => {
    const points = ladderPath({ start: 'left', rungs: 3 });
    expect(points[0]).toEqual({ x: 0, y: 0 });
    expect(points.at(-1)).toEqual({ x: 1, y: 1 });
    expect(points.length).toBe(2 + 2 * 3);
  });

  it("agrees with the engine's draws from real seeds", () => {
    for (let round = 1; round <= 40; round += 1) {
      const r = drawLadder(round, round.toString(16).padStart(64, 'a'));
      expect(landing(r)).toBe(r.finish);
    }
  });
});

describe('patterns', () => {
  const rounds = Array.from({ length: 30 }, (_, i) => {
    const round = 30 - i; // newest first, as the public rounds answer
    return { round, result: drawPowerball(round, round.toString(16).padStart(64, 'c')) };
  });

  it("reads each round's outcome as the markets do", () => {
    const [pbOddEven, pbUnderOver, sumOddEven, sumUnderOver, sumSize] = PATTERNS.powerball;
    const r = { balls: [1, 2, 3, 4, 5], powerball: 7 };
    expect(pbOddEven!.of(r)).toBe('odd');
    expect(pbUnderOver!.of(r)).toBe('over');
    expect(sumOddEven!.of(r)).toBe('odd'); // 15
    expect(sumUnderOver!.of(r)).toBe('under');
    expect(sumSize!.of(r)).toBe('small');
    expect(sumSize!.of({ balls: [10, 11, 12, 13, 24], powerball: 0 })).toBe('medium'); // 70
    expect(sumSize!.of({ balls: [28, 27, 26, 1, 2], powerball: 0 })).toBe('large'); // 84
  });

  it('puts the outcomes oldest first and skips undrawn rounds', () => {
    const out = outcomesOf(PATTERNS.powerball[0]!, [{ round: 31, result: null }, ...rounds]);
    expect(out.map((o) => o.round)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('draws a road: a column per run, a long run turning right along the bottom', () => {
    const values = ['odd', 'odd', 'even', ...Array<string>(8).fill('odd'), 'even'];
    const { cells, columns } = road(values.map((value, i) => ({ round: i + 1, value })));
    expect(cells.slice(0, 3).map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
    ]);
    // The run of eight: six down column 2, then two along row 5.
    expect(cells.slice(3, 11).map((c) => [c.col, c.row])).toEqual([
      [2, 0],
      [2, 1],
      [2, 2],
      [2, 3],
      [2, 4],
      [2, 5],
      [3, 5],
      [4, 5],
    ]);
    // The next run starts at the top of the next column.
    expect([cells[11]!.col, cells[11]!.row]).toEqual([3, 0]);
    expect(columns).toBe(5);
  });

  it('says the current run, the longest runs and the counts', () => {
    const values = ['odd', 'even', 'even', 'even', 'odd', 'odd'];
    expect(currentRun(values)).toEqual({ value: 'odd', length: 2 });
    expect(currentRun([])).toBeNull();
    expect(longestRuns(values)).toEqual({ odd: 2, even: 3 });
    expect(counts(values)).toEqual({ odd: 3, even: 3 });
  });
});

describe('the bet slip', () => {
  const limits = { minBet: 1_000, maxBet: 50_000 };
  it('adds chips to a market up to its maximum, removes a line, totals', () => {
    let lines = addStake([], 'pb-odd', 5_000, limits);
    lines = addStake(lines, 'pb-odd', 5_000, limits);
    lines = addStake(lines, 'sum-over', 10_000, limits);
    expect(lines).toEqual([
      { market: 'pb-odd', stake: 10_000 },
      { market: 'sum-over', stake: 10_000 },
    ]);
    lines = addStake(lines, 'pb-odd', 100_000, limits);
    expect(lines[0]!.stake).toBe(50_000);
    expect(slipTotal(lines)).toBe(60_000);
    expect(removeLine(lines, 'pb-odd')).toEqual([{ market: 'sum-over', stake: 10_000 }]);
  });

  it('refuses below the minimum and above the balance', () => {
    expect(slipProblem([{ market: 'a', stake: 500 }], limits, 1e6)).toBe('below_min');
    expect(slipProblem([{ market: 'a', stake: 60_000 }], limits, 1e6)).toBe('above_max');
    expect(slipProblem([{ market: 'a', stake: 5_000 }], limits, 4_999)).toBe('over_balance');
    expect(slipProblem([{ market: 'a', stake: 5_000 }], limits, 5_000)).toBeNull();
  });

  it('pays floor(stake * odds / 100) and shows odds with two decimals', () => {
    expect(potentialPayout(10_001, 195)).toBe(19_501);
    expect(formatOdds(195)).toBe('1.95');
    expect(formatOdds(1200)).toBe('12.00');
  });
});

describe('the clock', () => {
  it("counts on the server's clock, not the phone's", () => {
    // The phone is 90 s behind: the server said 12:00:00 while the phone read 11:58:30.
    const phone = Date.parse('2026-01-01T11:58:30Z');
    const offset = clockOffset('2026-01-01T12:00:00.000Z', phone - 100, phone + 100);
    expect(offset).toBe(90_000);
    expect(secondsUntil('2026-01-01T12:00:42.000Z', phone, offset)).toBe(42);
    expect(secondsUntil('2026-01-01T11:59:00.000Z', phone, offset)).toBe(0);
    expect(secondsUntil(null, phone, offset)).toBe(0);
    expect(formatCountdown(272)).toBe('4:32');
    expect(formatCountdown(5)).toBe('0:05');
  });
});
