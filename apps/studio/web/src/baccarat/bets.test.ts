import { describe, expect, it } from 'vitest';
import { BACCARAT_V1 } from '@casino/studio-engine/baccarat';
import {
  EMPTY_STAKES,
  addChip,
  belowMinimum,
  chipStack,
  dealOrder,
  readTable,
  toBets,
  totalStake,
} from './bets.ts';

const table = BACCARAT_V1;

describe('stakes', () => {
  it('adds chips and sums them', () => {
    let stakes = EMPTY_STAKES;
    for (const [spot, chip] of [
      ['player', 10_000],
      ['player', 5_000],
      ['tie', 1_000],
    ] as const) {
      const r = addChip(stakes, spot, chip, table, 1_000_000);
      if (!('stakes' in r)) throw new Error('refused');
      stakes = r.stakes;
    }
    expect(stakes).toMatchObject({ player: 15_000, tie: 1_000, banker: 0 });
    expect(totalStake(stakes)).toBe(16_000);
    expect(toBets(stakes)).toEqual({ player: 15_000, tie: 1_000 });
  });

  it('fills a spot up to its maximum, then refuses', () => {
    const max = table.limits.tie.max;
    const near = { ...EMPTY_STAKES, tie: max - 50_000 };
    const r = addChip(near, 'tie', 100_000, table, 10_000_000);
    expect(r).toEqual({ stakes: { ...near, tie: max }, added: 50_000 });
    expect(addChip({ ...near, tie: max }, 'tie', 1_000, table, 10_000_000)).toEqual({
      problem: { kind: 'max', spot: 'tie', limit: max },
    });
  });

  it('refuses a stake the balance cannot cover', () => {
    expect(addChip({ ...EMPTY_STAKES, banker: 5_000 }, 'player', 10_000, table, 12_000)).toEqual({
      problem: { kind: 'balance', needed: 15_000 },
    });
  });

  it('finds a stake below the minimum', () => {
    const strict = { ...table, limits: { ...table.limits, banker: { min: 10_000, max: 1_000_000 } } };
    expect(belowMinimum({ ...EMPTY_STAKES, banker: 5_000 }, strict)).toEqual({
      kind: 'min',
      spot: 'banker',
      limit: 10_000,
    });
    expect(belowMinimum({ ...EMPTY_STAKES, banker: 10_000 }, strict)).toBeNull();
  });

  it('draws an amount as a stack of the largest chips', () => {
    expect(chipStack(16_000, table.chips)).toEqual([1_000, 5_000, 10_000]);
    expect(chipStack(3_000_000, table.chips)).toHaveLength(5);
  });

  it('reads the session definition and rejects what is not a table', () => {
    expect(readTable({ ...table, shoe: { history: [] } }).chips).toEqual(table.chips);
    expect(() => readTable({ reels: [] })).toThrow();
  });
});

describe('deal order', () => {
  it('is player, banker, player, banker, then the third cards', () => {
    const order = dealOrder({ player: [1, 2, 3], banker: [4, 5, 6] });
    expect(order.map((c) => `${c.side[0]}${c.index}:${c.card}`)).toEqual([
      'p0:1',
      'b0:4',
      'p1:2',
      'b1:5',
      'p2:3',
      'b2:6',
    ]);
    expect(dealOrder({ player: [1, 2], banker: [4, 5, 6] }).map((c) => c.card)).toEqual([1, 4, 2, 5, 6]);
  });
});
