import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup.ts';

describe('batchedLookup', () => {
  function lookup(rows: { key: string; value: number }[], options: { fail?: boolean } = {}) {
    const batches: string[][] = [];
    const find = batchedLookup({
      readMany: async (keys: readonly string[]) => {
        batches.push([...keys]);
        if (options.fail) throw new Error('database down');
        return rows.filter((r) => keys.includes(r.key)).reverse();
      },
      keyOf: (row) => row.key,
    });
    return { find, batches };
  }

  it('reads the keys asked for in one turn with one call, each answer for its own key', async () => {
    const { find, batches } = lookup([
      { key: 'a', value: 1 },
      { key: 'b', value: 2 },
      { key: 'c', value: 3 },
    ]);
    const answers = await Promise.all(['c', 'a', 'zz', 'b', 'a'].map((k) => find(k)));
    expect(answers.map((a) => a?.value)).toEqual([3, 1, undefined, 2, 1]);
    expect(batches).toHaveLength(1);
  });

  it('does not remember: a later call reads again', async () => {
    const rows = [{ key: 'a', value: 1 }];
    const { find, batches } = lookup(rows);
    expect((await find('a'))?.value).toBe(1);
    rows[0]!.value = 2;
    expect((await find('a'))?.value).toBe(2);
    expect(batches).toHaveLength(2);
  });

  it('a failed read fails every call of its batch', async () => {
    const { find } = lookup([], { fail: true });
    const results = await Promise.allSettled([find('a'), find('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
