import type { SlotGameDefinition, SlotRound, SlotSpin, SlotWin } from '@casino/studio-engine/types';

/**
 * The slot screens' presentation, as data: what a recorded round shows, beat by beat, in order.
 * The screen plays these beats with animations (use-slot-machine.ts); keeping the sequence pure
 * lets the tests check that every spin of a round is shown, with the right counters and totals,
 * without timers.
 */

/** A round's total win at or above this many bets gets the big-win celebration. */
export const BIG_WIN_X = 10;
/** ... and these bigger names above these multiples. */
export const MEGA_WIN_X = 25;
export const EPIC_WIN_X = 50;

export type TBigWinTier = 'big' | 'mega' | 'epic';

export function bigWinTier(amount: number, bet: number): TBigWinTier | null {
  if (bet <= 0 || amount < bet * BIG_WIN_X) return null;
  if (amount >= bet * EPIC_WIN_X) return 'epic';
  if (amount >= bet * MEGA_WIN_X) return 'mega';
  return 'big';
}

export interface FreeCounter {
  /** This free game's number, from 1. */
  index: number;
  /** Free games awarded so far (grows with retriggers). */
  total: number;
}

export type TBeat =
  /** Reels spin and stop on `spin.window`; `free` is set for a free game. */
  | { type: 'spin'; spinIndex: number; spin: SlotSpin; free: FreeCounter | null }
  /** The spin's wins, shown together then one by one; `roundWin` is the round's win so far. */
  | { type: 'wins'; spinIndex: number; wins: SlotWin[]; amount: number; roundWin: number }
  /** The paid spin awarded free games. */
  | { type: 'freeIntro'; count: number }
  /** A free game awarded more free games. */
  | { type: 'retrigger'; count: number; total: number }
  /** The free games are over: what they paid in all, and how many were played. */
  | { type: 'freeTotal'; amount: number; played: number }
  /** The round's win reached the big-win threshold. */
  | { type: 'bigWin'; tier: TBigWinTier; amount: number }
  /** The end: the round's total win (as settled, after the max-win cap). */
  | { type: 'end'; totalWin: number };

export function planRound(round: SlotRound): TBeat[] {
  const beats: TBeat[] = [];
  let awarded = 0;
  let played = 0;
  let sum = 0;
  let freeSum = 0;
  round.spins.forEach((spin, spinIndex) => {
    const isFree = spin.kind === 'free';
    if (isFree) played += 1;
    beats.push({ type: 'spin', spinIndex, spin, free: isFree ? { index: played, total: awarded } : null });
    sum += spin.amount;
    if (isFree) freeSum += spin.amount;
    if (spin.wins.length > 0 || spin.amount > 0) {
      // The round's win never shows more than what it settles for (the max-win cap).
      beats.push({
        type: 'wins',
        spinIndex,
        wins: spin.wins,
        amount: spin.amount,
        roundWin: Math.min(sum, round.totalWin),
      });
    }
    if (spin.freeSpinsAwarded > 0) {
      awarded += spin.freeSpinsAwarded;
      beats.push(
        isFree
          ? { type: 'retrigger', count: spin.freeSpinsAwarded, total: awarded }
          : { type: 'freeIntro', count: spin.freeSpinsAwarded },
      );
    }
  });
  if (played > 0) {
    const baseWin = round.spins[0]?.kind === 'base' ? round.spins[0].amount : 0;
    beats.push({
      type: 'freeTotal',
      amount: Math.max(0, Math.min(freeSum, round.totalWin - baseWin)),
      played,
    });
  }
  const tier = bigWinTier(round.totalWin, round.bet);
  if (tier) beats.push({ type: 'bigWin', tier, amount: round.totalWin });
  beats.push({ type: 'end', totalWin: round.totalWin });
  return beats;
}

/** The bet one line (lines games) or one way (ways games) carries: pays are multiples of it. */
export function unitBet(definition: SlotGameDefinition, bet: number): number {
  return bet / definition.betDivisor;
}

/**
 * What a symbol pays for 3, 4 and 5 of a kind at this total bet, in won: the paytable's multiple of
 * the line bet (lines) or of the way bet, per way (ways), as the engine pays it (evaluate.ts).
 */
export function symbolPays(
  definition: SlotGameDefinition,
  symbol: string,
  bet: number,
): [number, number, number] | null {
  const row = definition.paytable[symbol];
  if (!row) return null;
  const unit = unitBet(definition, bet);
  return [row[0] * unit, row[1] * unit, row[2] * unit];
}

/** What 3, 4, 5 scatters anywhere pay at this total bet, in won (multiples of the total bet). */
export function scatterPays(definition: SlotGameDefinition, bet: number): [number, number, number] {
  const [a, b, c] = definition.scatterPays;
  return [a * bet, b * bet, c * bet];
}

/** The symbols in paytable order: wild, scatter, the theme symbols best first, then the royals. */
export const SYMBOL_ORDER = ['W', 'S', 'H1', 'H2', 'H3', 'H4', 'A', 'K', 'Q', 'J', 'T'] as const;

export function cellKey(reel: number, row: number): string {
  return `${reel}:${row}`;
}

/** The cells of every win, for highlighting them all at once. */
export function winCells(wins: readonly SlotWin[]): Set<string> {
  const cells = new Set<string>();
  for (const win of wins) for (const [reel, row] of win.cells) cells.add(cellKey(reel, row));
  return cells;
}

/** How many scatters the first `reels` reels of a window show (for the anticipation of the last reels). */
export function scattersIn(window: readonly (readonly string[])[], scatter: string, reels: number): number {
  let count = 0;
  for (let r = 0; r < reels && r < window.length; r++)
    for (const symbol of window[r] ?? []) if (symbol === scatter) count += 1;
  return count;
}

/**
 * The symbols a reel shows while it runs into its stop: the strip just below the window (the reel
 * turns downwards, so these pass before the stop arrives), as a real reel would show them.
 */
export function runIn(strip: readonly string[], stop: number, rows: number, length: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < length && strip.length > 0; i++)
    out.push(strip[(stop + rows + i) % strip.length] ?? '');
  return out;
}
