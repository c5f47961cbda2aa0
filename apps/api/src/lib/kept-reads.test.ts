import { describe, expect, it } from 'vitest';
import { keptRead, KeptReads } from './kept-reads.ts';

function clock() {
  let ms = 1_000_000;
  return { now: () => new Date(ms), advance: (by: number) => (ms += by) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('KeptReads', () => {
  it('keeps a value for its age after its read ended, per key', async () => {
    const time = clock();
    const reads = new KeptReads<number>(time.now);
    let n = 0;
    const read = async () => ++n;
    expect(await reads.get('a', 1000, read)).toBe(1);
    time.advance(999);
    expect(await reads.get('a', 1000, read)).toBe(1);
    expect(await reads.get('b', 1000, read)).toBe(2);
    time.advance(1);
    expect(await reads.get('a', 1000, read)).toBe(3);
  });

  it('with age 0 shares a read only while it is in flight', async () => {
    const reads = new KeptReads<number>(clock().now);
    let n = 0;
    const gate = deferred<void>();
    const read = async () => {
      n += 1;
      await gate.promise;
      return n;
    };
    const first = Promise.all([reads.get('k', 0, read), reads.get('k', 0, read)]);
    gate.resolve();
    expect(await first).toEqual([1, 1]);
    expect(await reads.get('k', 0, read)).toBe(2);
  });

  it('forget: a read that started before answers its callers but is not kept', async () => {
    const reads = new KeptReads<string>(clock().now);
    const gate = deferred<string>();
    const before = reads.get('k', 1000, () => gate.promise);
    reads.forget('k');
    gate.resolve('old');
    expect(await before).toBe('old');
    expect(await reads.get('k', 1000, async () => 'new')).toBe('new');
  });

  it('answers the last value when a read fails with lastOnError, and propagates the failure without one', async () => {
    const time = clock();
    const value = keptRead(
      (() => {
        const answers = [Promise.resolve('v1'), Promise.reject(new Error('down'))];
        return () => answers.shift() ?? Promise.reject(new Error('down'));
      })(),
      { maxAgeMs: 10, now: time.now, lastOnError: true },
    );
    expect(await value.get()).toBe('v1');
    time.advance(10);
    expect(await value.get()).toBe('v1');
    value.forget();
    await expect(value.get()).rejects.toThrow('down');

    const plain = new KeptReads<string>(time.now);
    await expect(plain.get('k', 10, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await plain.get('k', 10, async () => 'ok')).toBe('ok');
  });
});
