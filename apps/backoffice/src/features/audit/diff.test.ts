import { describe, expect, it } from 'vitest';
import { changesOf, showValue } from './diff.ts';

describe('audit changes', () => {
  it('keeps only the fields that changed, in order', () => {
    expect(
      changesOf({ state: 'active', level: 1, nick: 'a' }, { state: 'blocked', level: 1, nick: 'a' }),
    ).toEqual([{ field: 'state', before: 'active', after: 'blocked' }]);
  });

  it('shows fields that appear or disappear on their side alone', () => {
    expect(changesOf(null, { id: 3, title: 'x' })).toEqual([
      { field: 'id', before: undefined, after: 3 },
      { field: 'title', before: undefined, after: 'x' },
    ]);
    expect(changesOf({ a: 1 }, { b: 2 })).toEqual([
      { field: 'a', before: 1, after: undefined },
      { field: 'b', before: undefined, after: 2 },
    ]);
  });

  it('compares nested values whole and other values as one', () => {
    expect(changesOf({ lock: { from: '01:00' } }, { lock: { from: '02:00' } })).toEqual([
      { field: 'lock', before: { from: '01:00' }, after: { from: '02:00' } },
    ]);
    expect(changesOf(3, 4)).toEqual([{ field: '', before: 3, after: 4 }]);
    expect(changesOf([1], [1])).toEqual([]);
    expect(showValue({ from: '02:00' })).toBe('{"from":"02:00"}');
    expect(showValue('text')).toBe('text');
  });
});
