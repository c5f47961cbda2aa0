import type { MiniGame } from '@casino/studio-engine/mini/draw';

/*
 * The betting board's layout: the markets of each game (packages/studio-engine/src/mini/markets.ts,
 * the same codes) in groups as members know them, each market named by its outcomes
 * (`pb-odd-under` = the powerball odd and under). Odds and limits come from the server.
 */

export interface BoardGroup {
  /** i18n key under `mini:groups.`. */
  code: string;
  markets: readonly { code: string; parts: readonly string[] }[];
}

const OE = ['odd', 'even'] as const;
const UO = ['under', 'over'] as const;
const SIZES = ['small', 'medium', 'large'] as const;

const single = (prefix: string, values: readonly string[]) =>
  values.map((v) => ({ code: `${prefix}-${v}`, parts: [v] }));
const pairs = (prefix: string, a: readonly string[], b: readonly string[], infix = '') =>
  a.flatMap((x) => b.map((y) => ({ code: `${prefix}-${x}-${infix}${y}`, parts: [x, y] })));

export const BOARD: Record<MiniGame, readonly BoardGroup[]> = {
  powerball: [
    { code: 'pbOddEven', markets: single('pb', OE) },
    { code: 'pbUnderOver', markets: single('pb', UO) },
    { code: 'sumOddEven', markets: single('sum', OE) },
    { code: 'sumUnderOver', markets: single('sum', UO) },
    { code: 'sumSize', markets: single('sum', SIZES) },
    { code: 'pbCombo', markets: pairs('pb', OE, UO) },
    { code: 'sumCombo', markets: pairs('sum', OE, UO) },
    { code: 'sumSizeCombo', markets: pairs('sum', OE, SIZES) },
    { code: 'pbSumCombo', markets: pairs('pb', OE, OE, 'sum-') },
  ],
  ladder: [
    {
      code: 'start',
      markets: [
        { code: 'left', parts: ['left'] },
        { code: 'right', parts: ['right'] },
      ],
    },
    {
      code: 'rungs',
      markets: [
        { code: 'three', parts: ['three'] },
        { code: 'four', parts: ['four'] },
      ],
    },
    {
      code: 'finish',
      markets: [
        { code: 'odd', parts: ['odd'] },
        { code: 'even', parts: ['even'] },
      ],
    },
    {
      code: 'ladderCombo',
      markets: ['left', 'right'].flatMap((s) =>
        ['three', 'four'].map((r) => ({ code: `${s}-${r}`, parts: [s, r] })),
      ),
    },
  ],
};

/** The outcome codes a market's code names (for its label), or null for a code not on the board. */
export function marketParts(game: MiniGame, code: string): readonly string[] | null {
  for (const group of BOARD[game]) for (const m of group.markets) if (m.code === code) return m.parts;
  return null;
}

/** Every market code of a game's board, in board order. */
export function boardCodes(game: MiniGame): string[] {
  return BOARD[game].flatMap((g) => g.markets.map((m) => m.code));
}
