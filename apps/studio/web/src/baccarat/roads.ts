/**
 * The roads (출목표) of the shoe, from its outcomes in order. Only P, B and T are known per coup
 * (the deal answer's `shoe.history`), so the roads show outcomes and ties, not pairs.
 */

export type TOutcome = 'P' | 'B' | 'T';

export const ROAD_ROWS = 6;

/** Bead plate (육매): one cell per coup, filling each column of six from the top, left to right. */
export function beadPlate(history: readonly TOutcome[]): { col: number; row: number; outcome: TOutcome }[] {
  return history.map((outcome, i) => ({ col: Math.floor(i / ROAD_ROWS), row: i % ROAD_ROWS, outcome }));
}

export interface BigRoadCell {
  col: number;
  row: number;
  outcome: 'P' | 'B';
  /** Ties that came after this coup (drawn as a green slash, with the count when more than one). */
  ties: number;
}

/**
 * Big road (본매): a column per streak of the same winner, top to bottom. A streak longer than the
 * column (or blocked by an earlier streak's tail) turns right along its last row: the dragon tail.
 * Ties do not take a cell: they mark the last cell; ties before the shoe's first winner are
 * returned as `leadingTies` and drawn on the first cell.
 */
export function bigRoad(history: readonly TOutcome[]): {
  cells: BigRoadCell[];
  leadingTies: number;
  columns: number;
} {
  const cells: BigRoadCell[] = [];
  const taken = new Set<string>();
  const key = (col: number, row: number) => `${col}:${row}`;
  let leadingTies = 0;
  let streakCol = -1;
  let last: BigRoadCell | null = null;

  for (const outcome of history) {
    if (outcome === 'T') {
      if (last) last.ties += 1;
      else leadingTies += 1;
      continue;
    }
    let col: number;
    let row: number;
    if (!last || last.outcome !== outcome) {
      // A new streak starts a new column at the top, right of the previous streak's first column.
      streakCol += 1;
      col = streakCol;
      row = 0;
      // If an earlier dragon tail already took the top of that column, move right until free.
      while (taken.has(key(col, row))) col += 1;
      streakCol = col;
    } else {
      const down = last.row + 1;
      const turned = last.col !== streakCol;
      if (!turned && down < ROAD_ROWS && !taken.has(key(last.col, down))) {
        col = last.col;
        row = down;
      } else {
        col = last.col + 1;
        row = last.row;
      }
    }
    const cell: BigRoadCell = { col, row, outcome, ties: 0 };
    taken.add(key(col, row));
    cells.push(cell);
    last = cell;
  }
  if (leadingTies > 0 && cells[0]) cells[0].ties += leadingTies;
  const columns = cells.reduce((max, cell) => Math.max(max, cell.col + 1), 0);
  return { cells, leadingTies, columns };
}

/** Counts of each outcome in the shoe so far. */
export function tally(history: readonly TOutcome[]): Record<TOutcome, number> {
  const counts: Record<TOutcome, number> = { P: 0, B: 0, T: 0 };
  for (const outcome of history) counts[outcome] += 1;
  return counts;
}
