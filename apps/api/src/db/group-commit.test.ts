import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.ts';

const tick = () => new Promise((r) => setImmediate(r));

describe('createGroupCommit', () => {
  it('sends a lone item at once, and what arrives while batches are out together, each with its own answer', async () => {
    const batches: number[][] = [];
    const gates: (() => void)[] = [];
    const gc = createGroupCommit<number, number>({
      maxBatch: 3,
      maxInFlight: 1,
      run: async (items) => {
        batches.push(items);
        await new Promise<void>((r) => gates.push(r));
        return items.map((i) =>
          i % 5 === 0
            ? { status: 'rejected' as const, reason: new Error(`refused ${i}`) }
            : { status: 'fulfilled' as const, value: i * 10 },
        );
      },
    });
    const first = gc.submit(1);
    await tick();
    expect(batches).toEqual([[1]]);
    const waiting = [2, 3, 4, 5, 6].map((i) => gc.submit(i).catch((e: Error) => e.message));
    await tick();
    expect(batches).toEqual([[1]]); // one batch out at most
    gates.shift()!();
    expect(await first).toBe(10);
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]); // at most maxBatch
    gates.shift()!();
    await tick();
    await tick();
    gates.shift()!();
    expect(await Promise.all(waiting)).toEqual([20, 30, 40, 'refused 5', 60]);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    expect(gc.stats()).toEqual({ batches: 3, items: 6, largest: 3 });
  });

  it('never puts one key in two batches at once, and keeps each key in order', async () => {
    const out = new Set<string>();
    const seen: string[] = [];
    const gc = createGroupCommit<{ key: string; n: number }, number>({
      maxBatch: 4,
      maxInFlight: 3,
      keyOf: (item) => item.key,
      run: async (items) => {
        const keys = [...new Set(items.map((i) => i.key))];
        for (const k of keys) {
          expect(out.has(k)).toBe(false);
          out.add(k);
        }
        for (const i of items) seen.push(`${i.key}${i.n}`);
        await new Promise((r) => setTimeout(r, 1 + Math.floor(Math.random() * 3)));
        for (const k of keys) out.delete(k);
        return items.map((i) => ({ status: 'fulfilled' as const, value: i.n }));
      },
    });
    const items = Array.from({ length: 60 }, (_, n) => ({ key: 'abc'[n % 3]!, n }));
    const answers = await Promise.all(items.map((i) => gc.submit(i)));
    expect(answers).toEqual(items.map((i) => i.n));
    for (const key of 'abc') {
      const order = seen.filter((s) => s.startsWith(key)).map((s) => Number(s.slice(1)));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(order).toHaveLength(20);
    }
    expect(gc.stats().largest).toBeGreaterThan(1);
  });

  it('fails only the batch whose run threw', async () => {
    let calls = 0;
    const gc = createGroupCommit<number, number>({
      maxBatch: 2,
      maxInFlight: 2,
      run: async (items) => {
        calls += 1;
        if (items.includes(1)) throw new Error('batch failed');
        return items.map((i) => ({ status: 'fulfilled' as const, value: i }));
      },
    });
    const answers = await Promise.all([1, 2, 3, 4].map((i) => gc.submit(i).catch((e: Error) => e.message)));
    expect(answers).toEqual(['batch failed', 'batch failed', 3, 4]);
    expect(calls).toBe(2);
  });
});
