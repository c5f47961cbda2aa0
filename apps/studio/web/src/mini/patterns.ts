import type { LadderResult, MiniGame, PowerballResult } from '@casino/studio-engine/mini/draw';

/*
 * What members read on the result board: each round's outcome per pattern (the powerball's odd/even,
 * the sum's under/over, the ladder's start...), and the runs of the same outcome drawn as a road like
 * baccarat's big road: one column per run, top to bottom, turning right along the bottom row when a
 * run is longer than the column.
 */

export interface PatternDefinition {
  /** i18n key under `mini:patterns.<code>` and the outcomes under `mini:outcomes.<value>`. */
  code: string;
  /** The outcome of a drawn result, as an outcome code (`odd`, `even`, `under`, `left`...). */
  of: (result: PowerballResult | LadderResult) => string;
  /** The outcomes in board order; the first one is drawn in the first colour. */
  values: readonly string[];
}

function sum(r: PowerballResult): number {
  return r.balls.reduce((a, b) => a + b, 0);
}

const pb = (r: PowerballResult | LadderResult) => r as PowerballResult;
const ld = (r: PowerballResult | LadderResult) => r as LadderResult;

export const PATTERNS: Record<MiniGame, readonly PatternDefinition[]> = {
  powerball: [
    { code: 'pbOddEven', of: (r) => (pb(r).powerball % 2 === 1 ? 'odd' : 'even'), values: ['odd', 'even'] },
    { code: 'pbUnderOver', of: (r) => (pb(r).powerball <= 4 ? 'under' : 'over'), values: ['under', 'over'] },
    { code: 'sumOddEven', of: (r) => (sum(pb(r)) % 2 === 1 ? 'odd' : 'even'), values: ['odd', 'even'] },
    { code: 'sumUnderOver', of: (r) => (sum(pb(r)) <= 72 ? 'under' : 'over'), values: ['under', 'over'] },
    {
      code: 'sumSize',
      of: (r) => {
        const s = sum(pb(r));
        return s <= 64 ? 'small' : s <= 80 ? 'medium' : 'large';
      },
      values: ['small', 'medium', 'large'],
    },
  ],
  ladder: [
    { code: 'start', of: (r) => ld(r).start, values: ['left', 'right'] },
    { code: 'rungs', of: (r) => (ld(r).rungs === 3 ? 'three' : 'four'), values: ['three', 'four'] },
    { code: 'finish', of: (r) => ld(r).finish, values: ['odd', 'even'] },
  ],
};

export const ROAD_ROWS = 6;

export interface RoadCell {
  col: number;
  row: number;
  value: string;
  /** The round the cell stands for. */
  round: number;
}

/**
 * The road of a pattern over rounds given OLDEST FIRST: a new column at the top for each change of
 * outcome; a run longer than the column (or blocked by an earlier tail) turns right along its row.
 */
export function road(outcomes: readonly { round: number; value: string }[]): {
  cells: RoadCell[];
  columns: number;
} {
  const cells: RoadCell[] = [];
  const taken = new Set<string>();
  const key = (col: number, row: number) => `${col}:${row}`;
  let runCol = -1;
  let last: RoadCell | null = null;
  for (const { round, value } of outcomes) {
    let col: number;
    let row: number;
    if (!last || last.value !== value) {
      col = runCol + 1;
      while (taken.has(key(col, 0))) col += 1;
      runCol = col;
      row = 0;
    } else {
      const down = last.row + 1;
      if (last.col === runCol && down < ROAD_ROWS && !taken.has(key(last.col, down))) {
        col = last.col;
        row = down;
      } else {
        col = last.col + 1;
        row = last.row;
      }
    }
    const cell: RoadCell = { col, row, value, round };
    taken.add(key(col, row));
    cells.push(cell);
    last = cell;
  }
  return { cells, columns: cells.reduce((max, c) => Math.max(max, c.col + 1), 0) };
}

/** The current run: the latest outcome and how many rounds in a row it came (newest last). */
export function currentRun(values: readonly string[]): { value: string; length: number } | null {
  const lastValue = values.at(-1);
  if (lastValue === undefined) return null;
  let length = 0;
  for (let i = values.length - 1; i >= 0 && values[i] === lastValue; i -= 1) length += 1;
  return { value: lastValue, length };
}

/** The longest run of each outcome over the rounds given. */
export function longestRuns(values: readonly string[]): Record<string, number> {
  const best: Record<string, number> = {};
  let run = 0;
  values.forEach((v, i) => {
    run = i > 0 && values[i - 1] === v ? run + 1 : 1;
    best[v] = Math.max(best[v] ?? 0, run);
  });
  return best;
}

/** Counts of each outcome. */
export function counts(values: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

/** The outcomes of the drawn rounds (given newest first, as the public rounds answer), oldest first. */
export function outcomesOf(
  pattern: PatternDefinition,
  rounds: readonly { round: number; result: PowerballResult | LadderResult | null }[],
): { round: number; value: string }[] {
  const out: { round: number; value: string }[] = [];
  for (let i = rounds.length - 1; i >= 0; i -= 1) {
    const r = rounds[i]!;
    if (r.result) out.push({ round: r.round, value: pattern.of(r.result) });
  }
  return out;
}
