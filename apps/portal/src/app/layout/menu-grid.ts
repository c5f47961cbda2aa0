/**
 * The tiles of a menu grid laid out in balanced rows: never one tile alone on its last row.
 *
 * `count` tiles in rows of at most `maxColumns` take the fewest rows possible, and the rows share
 * the tiles as evenly as they can (longer rows first): 7 tiles in rows of 3 make 3 + 2 + 2, in
 * rows of 4 they make 4 + 3. The grid has as many columns as the least common multiple of the row
 * lengths, and each tile spans its row's share of them, so every row fills the whole width.
 */
export interface TBalancedGrid {
  /** Columns of the CSS grid. */
  columns: number;
  /** How many of those columns each tile spans, in order. */
  spans: number[];
  /** Tiles per row, top to bottom. */
  rows: number[];
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function balancedGrid(count: number, maxColumns: number): TBalancedGrid {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number, got ${count}`);
  if (!Number.isInteger(maxColumns) || maxColumns < 1)
    throw new RangeError(`maxColumns must be 1 or more, got ${maxColumns}`);
  if (count === 0) return { columns: 1, spans: [], rows: [] };
  const rowCount = Math.ceil(count / maxColumns);
  const shortRow = Math.floor(count / rowCount);
  const longRows = count % rowCount;
  const rows = Array.from({ length: rowCount }, (_, i) => (i < longRows ? shortRow + 1 : shortRow));
  const columns = rows.reduce((lcm, length) => (lcm * length) / gcd(lcm, length), 1);
  const spans = rows.flatMap((length) => Array<number>(length).fill(columns / length));
  return { columns, spans, rows };
}
