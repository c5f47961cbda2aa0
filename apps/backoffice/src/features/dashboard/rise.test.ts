import { describe, expect, it } from 'vitest';
import { risen } from './rise.ts';

describe('dashboard rise detection', () => {
  it('does not cue on the first reading', () => {
    expect(risen(undefined, { deposits: 5, withdrawals: 2, helps: 1 })).toEqual([]);
  });

  it('names each count that rose', () => {
    expect(
      risen({ deposits: 1, withdrawals: 2, helps: 0 }, { deposits: 2, withdrawals: 2, helps: 3 }),
    ).toEqual(['deposits', 'helps']);
  });

  it('ignores counts that fell, stayed, or could not be read', () => {
    expect(risen({ deposits: 3, withdrawals: 2 }, { deposits: 1, withdrawals: 2 })).toEqual([]);
    expect(risen({ deposits: 3 }, { withdrawals: 9 })).toEqual([]);
    expect(risen({ deposits: 3, helps: 1 }, { helps: 1 })).toEqual([]);
  });

  it('cues a count that appears after a failed reading once it rises again', () => {
    expect(risen({ deposits: 0 }, { deposits: 0, helps: 4 })).toEqual([]);
    expect(risen({ deposits: 0, helps: 4 }, { deposits: 0, helps: 5 })).toEqual(['helps']);
  });
});
