import { describe, expect, it } from 'vitest';
import { balancedGrid } from './menu-grid.ts';

describe('balancedGrid', () => {
  it('lays the seven menu entries out without a lone last tile', () => {
    // Phones (3 a row): 3 + 2 + 2 on a 6-column grid.
    expect(balancedGrid(7, 3)).toEqual({ columns: 6, rows: [3, 2, 2], spans: [2, 2, 2, 3, 3, 3, 3] });
    // Wider screens (4 a row): 4 + 3 on a 12-column grid.
    expect(balancedGrid(7, 4)).toEqual({ columns: 12, rows: [4, 3], spans: [3, 3, 3, 3, 4, 4, 4] });
  });

  it('keeps a plain grid when the tiles fill their rows', () => {
    expect(balancedGrid(6, 3)).toEqual({ columns: 3, rows: [3, 3], spans: [1, 1, 1, 1, 1, 1] });
    expect(balancedGrid(8, 4)).toEqual({ columns: 4, rows: [4, 4], spans: [1, 1, 1, 1, 1, 1, 1, 1] });
    expect(balancedGrid(2, 4)).toEqual({ columns: 2, rows: [2], spans: [1, 1] });
  });

  it('never leaves one tile alone on a row when there are more tiles than a row holds', () => {
    // (With rows of 2, an odd count always leaves one: the menu uses rows of 3 and 4.)
    for (let max = 3; max <= 6; max += 1)
      for (let count = max + 1; count <= 30; count += 1) {
        const { columns, rows, spans } = balancedGrid(count, max);
        expect(rows.every((length) => length >= 2 && length <= max)).toBe(true);
        expect(rows.reduce((a, b) => a + b, 0)).toBe(count);
        expect(Math.max(...rows) - Math.min(...rows)).toBeLessThanOrEqual(1);
        expect(rows.length).toBe(Math.ceil(count / max));
        // Every row fills the grid's width exactly.
        let at = 0;
        for (const length of rows) {
          expect(spans.slice(at, at + length).reduce((a, b) => a + b, 0)).toBe(columns);
          at += length;
        }
      }
  });

  it('refuses a count or a row length that is not a whole number', () => {
    expect(() => balancedGrid(-1, 3)).toThrow(RangeError);
    expect(() => balancedGrid(3, 0)).toThrow(RangeError);
    expect(balancedGrid(0, 3)).toEqual({ columns: 1, spans: [], rows: [] });
  });
});
