import { describe, expect, it } from 'vitest';
import { commissionOf, floorDiv, ratesAtEpoch, type Rates } from './commission.ts';

const rates = (casino: number, losing: number): Rates => ({ casino, slot: 0, mini: 0, losing });

describe('the commission formula', () => {
  it('floors toward minus infinity, as a negative losing must', () => {
    expect(floorDiv(15n, 10n)).toBe(1n);
    expect(floorDiv(-15n, 10n)).toBe(-2n);
    expect(floorDiv(-20n, 10n)).toBe(-2n);
    expect(floorDiv(0n, 10n)).toBe(0n);
  });

  it('gives the example of docs/api/backoffice-partners.md', () => {
    // A (1) > B (2) > C (3); A's member stakes 100,000 and wins 30,000, C's stakes 10,000.
    const paths = new Map([
      [1, [1]],
      [2, [1, 2]],
      [3, [1, 2, 3]],
    ]);
    const ratesAt = ratesAtEpoch([
      { partnerId: 1, epoch: 1, rates: rates(100, 3000) },
      { partnerId: 2, epoch: 1, rates: rates(60, 2000) },
      { partnerId: 3, epoch: 1, rates: rates(20, 500) },
    ]);
    const groups = [
      { partnerId: 1, kind: 'casino', epoch: 1, stakes: 100_000, wins: 30_000 },
      { partnerId: 3, kind: 'casino', epoch: 1, stakes: 10_000, wins: 0 },
      // Sport earns nothing.
      { partnerId: 3, kind: 'sport', epoch: 1, stakes: 50_000, wins: 0 },
    ];
    const of = (id: number) =>
      commissionOf({ id, path: paths.get(id)! }, groups, (p) => paths.get(p), ratesAt);
    expect(of(1).rolling.casino).toBe(1_040);
    expect(of(1).losing).toBe(22_000);
    expect(of(2).rolling.casino).toBe(40);
    expect(of(3).rolling.casino).toBe(20);
    expect(of(3).stakes).toEqual({ casino: 10_000, slot: 0, mini: 0 });
  });

  it('counts each stake at the rates of its epoch', () => {
    const ratesAt = ratesAtEpoch([
      { partnerId: 1, epoch: 1, rates: rates(100, 0) },
      { partnerId: 1, epoch: 4, rates: rates(50, 0) },
    ]);
    expect(ratesAt(1, 3).casino).toBe(100);
    expect(ratesAt(1, 4).casino).toBe(50);
    const groups = [
      { partnerId: 1, kind: 'casino', epoch: 2, stakes: 10_000, wins: 0 },
      { partnerId: 1, kind: 'casino', epoch: 5, stakes: 10_000, wins: 0 },
    ];
    expect(commissionOf({ id: 1, path: [1] }, groups, () => [1], ratesAt).rolling.casino).toBe(150);
  });
});
