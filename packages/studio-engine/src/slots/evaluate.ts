import type { SlotGameDefinition, SlotSpin, SlotWin } from '../types.ts';

/**
 * How a slot window pays (docs/games/<code>.md). Amounts are whole won: a paid line or way is
 * `pay x lineBet` with lineBet = bet / betDivisor, a scatter win `pay x bet`; free games multiply
 * every win by `freeMultiplier`. The same functions price every stop combination in rtp.ts, so the
 * exact RTP is the RTP of this code.
 */

/** The symbols shown at `stops`: window[reel][row] = reel[(stop + row) mod length]. */
export function windowAt(reels: string[][], stops: number[], rows: number): string[][] {
  return reels.map((strip, reel) => {
    const stop = stops[reel]!;
    return Array.from({ length: rows }, (_, row) => strip[(stop + row) % strip.length]!);
  });
}

/** The best pay of one line (symbols on reels 1..5): a wild run paying as wild against the symbol it stands for. */
export function bestLinePay(
  game: Pick<SlotGameDefinition, 'paytable' | 'wild' | 'scatter'>,
  symbols: string[],
): { symbol: string; count: number; pay: number } | null {
  const { wild, scatter, paytable } = game;
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === wild) wildRun++;
  let best: { symbol: string; count: number; pay: number } | null = null;
  const wildPays = paytable[wild];
  if (wildPays && wildRun >= 3) best = { symbol: wild, count: wildRun, pay: wildPays[wildRun - 3]! };
  const target = symbols[wildRun];
  if (target !== undefined && target !== scatter && paytable[target]) {
    let count = wildRun + 1;
    while (count < symbols.length && (symbols[count] === target || symbols[count] === wild)) count++;
    // On equal pays the substituted symbol is shown: its run covers the wild run and more.
    if (count >= 3) {
      const pay = paytable[target]![count - 3]!;
      if (pay > 0 && (!best || pay >= best.pay)) best = { symbol: target, count, pay };
    }
  }
  return best && best.pay > 0 ? best : null;
}

/** Scatter cells anywhere in the window. */
export function scatterCells(
  game: Pick<SlotGameDefinition, 'scatter'>,
  window: string[][],
): [number, number][] {
  const cells: [number, number][] = [];
  window.forEach((column, reel) =>
    column.forEach((symbol, row) => {
      if (symbol === game.scatter) cells.push([reel, row]);
    }),
  );
  return cells;
}

/** The award table's index for a scatter count: 3, 4, 5 (and more, which the strips never show) -> 0, 1, 2. */
const scatterIndex = (count: number): number | null => (count < 3 ? null : Math.min(count, 5) - 3);

/**
 * Prices one window. `multiplier` is 1 in the base game and `freeMultiplier` in free games; the
 * amounts returned are after it. `freeSpinsAwarded` is the award before the round's cap on free games.
 */
export function evaluateWindow(
  game: SlotGameDefinition,
  window: string[][],
  bet: number,
  multiplier: number,
): { wins: SlotWin[]; amount: number; freeSpinsAwarded: number } {
  const lineBet = bet / game.betDivisor;
  const wins: SlotWin[] = [];

  if (game.pays === 'lines') {
    // One array for the symbols of every line: this runs for each line of every spin.
    const symbols = new Array<string>(window.length);
    game.lines.forEach((line, index) => {
      for (let reel = 0; reel < line.length; reel++) symbols[reel] = window[reel]![line[reel]!]!;
      const best = bestLinePay(game, symbols);
      if (!best) return;
      wins.push({
        line: index,
        symbol: best.symbol,
        count: best.count,
        cells: line.slice(0, best.count).map((row, reel): [number, number] => [reel, row]),
        amount: best.pay * lineBet * multiplier,
      });
    });
  } else {
    // Ways: for each symbol, the product over consecutive reels from the left of its cells (wilds
    // included) on that reel. Wilds never land on reel 1 of a ways game (checked by the game
    // definitions' test), so a way always starts on a real symbol and no way is paid twice.
    for (const symbol of Object.keys(game.paytable)) {
      if (symbol === game.wild || symbol === game.scatter) continue;
      let ways = 1;
      let count = 0;
      const cells: [number, number][] = [];
      for (let reel = 0; reel < window.length; reel++) {
        let here = 0;
        window[reel]!.forEach((s, row) => {
          if (s === symbol || s === game.wild) {
            here++;
            cells.push([reel, row]);
          }
        });
        if (here === 0) break;
        ways *= here;
        count++;
      }
      if (count < 3) continue;
      const pay = game.paytable[symbol]![count - 3]!;
      if (pay <= 0) continue;
      wins.push({
        line: -2,
        symbol,
        count,
        ways,
        cells: cells.filter(([reel]) => reel < count),
        amount: ways * pay * lineBet * multiplier,
      });
    }
  }

  const scatters = scatterCells(game, window);
  const index = scatterIndex(scatters.length);
  let freeSpinsAwarded = 0;
  if (index !== null) {
    freeSpinsAwarded = game.freeSpins[index]!;
    const pay = game.scatterPays[index]!;
    if (pay > 0 || freeSpinsAwarded > 0) {
      wins.push({
        line: -1,
        symbol: game.scatter,
        count: scatters.length,
        cells: scatters,
        amount: pay * bet * multiplier,
      });
    }
  }
  const amount = wins.reduce((sum, win) => sum + win.amount, 0);
  return { wins, amount, freeSpinsAwarded };
}

/** One spin at the given stops (the stops come from the fair stream in playSlotRound). */
export function spinAt(
  game: SlotGameDefinition,
  kind: SlotSpin['kind'],
  stops: number[],
  bet: number,
): Omit<SlotSpin, 'freeSpinsAwarded'> & { freeSpinsAwarded: number } {
  const reels = kind === 'base' ? game.reels : game.freeReels;
  const window = windowAt(reels, stops, game.rows);
  const { wins, amount, freeSpinsAwarded } = evaluateWindow(
    game,
    window,
    bet,
    kind === 'base' ? 1 : game.freeMultiplier,
  );
  return { kind, stops, window, wins, amount, freeSpinsAwarded };
}
