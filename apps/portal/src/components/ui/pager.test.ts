import { describe, expect, it } from 'vitest';
import { pageCount } from './pager.tsx';

describe('pageCount', () => {
  it('is at least one page and rounds up', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(45, 20)).toBe(3);
    expect(pageCount(Number.NaN, 10)).toBe(1);
  });
});
