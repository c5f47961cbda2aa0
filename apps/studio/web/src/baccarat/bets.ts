import {
  BACCARAT_SPOTS,
  type BaccaratBets,
  type BaccaratSpot,
  type BaccaratTable,
} from '@casino/studio-engine/types';
import type { BaccaratHand, Card } from '@casino/studio-engine/types';

/**
 * The table's betting logic, apart from the screen: stakes per spot, the checks a stake must pass
 * before the deal is asked for (the server checks them again), and the order cards are shown in.
 */

export type TStakes = Record<BaccaratSpot, number>;

export const EMPTY_STAKES: TStakes = { player: 0, banker: 0, tie: 0, playerPair: 0, bankerPair: 0 };

/** What a winning stake pays per 1 won, as shown on the felt: `1:1`, `0.95:1`, `8:1` (the table's version). */
export function payoutText(table: BaccaratTable, spot: BaccaratSpot): string {
  const [num, den] = table.pays[spot];
  return `${num / den}:1`;
}

export function totalStake(stakes: TStakes): number {
  return BACCARAT_SPOTS.reduce((sum, spot) => sum + stakes[spot], 0);
}

export function hasStakes(stakes: TStakes): boolean {
  return totalStake(stakes) > 0;
}

/** The `bets` of a `deal` request: only the staked spots. */
export function toBets(stakes: TStakes): BaccaratBets {
  const bets: BaccaratBets = {};
  for (const spot of BACCARAT_SPOTS) if (stakes[spot] > 0) bets[spot] = stakes[spot];
  return bets;
}

export type TStakeProblem =
  | { kind: 'max'; spot: BaccaratSpot; limit: number }
  | { kind: 'min'; spot: BaccaratSpot; limit: number }
  | { kind: 'balance'; needed: number };

/**
 * Adds a chip to a spot. A chip that would take the spot over its maximum fills it up to the
 * maximum instead (what a dealer would accept); a spot already at its maximum, or a stake the
 * balance cannot cover, is refused with the reason.
 */
export function addChip(
  stakes: TStakes,
  spot: BaccaratSpot,
  chip: number,
  table: BaccaratTable,
  balance: number,
): { stakes: TStakes; added: number } | { problem: TStakeProblem } {
  const max = table.limits[spot].max;
  const room = max - stakes[spot];
  if (room <= 0) return { problem: { kind: 'max', spot, limit: max } };
  // Whole units only: the room left is a multiple of the unit when the limits are.
  const added = Math.min(chip, room - (room % table.unit));
  if (added <= 0) return { problem: { kind: 'max', spot, limit: max } };
  const needed = totalStake(stakes) + added;
  if (needed > balance) return { problem: { kind: 'balance', needed } };
  return { stakes: { ...stakes, [spot]: stakes[spot] + added }, added };
}

/** The first staked spot below its minimum (a deal would be refused as `bet_out_of_range`). */
export function belowMinimum(stakes: TStakes, table: BaccaratTable): TStakeProblem | null {
  for (const spot of BACCARAT_SPOTS) {
    const stake = stakes[spot];
    if (stake > 0 && stake < table.limits[spot].min)
      return { kind: 'min', spot, limit: table.limits[spot].min };
  }
  return null;
}

/** The chips (largest first) that make up an amount, for drawing a stack; at most `max` of them. */
export function chipStack(amount: number, chips: readonly number[], max = 5): number[] {
  const sorted = [...chips].sort((a, b) => b - a);
  const out: number[] = [];
  let left = amount;
  for (const chip of sorted) {
    while (left >= chip && out.length < max) {
      out.push(chip);
      left -= chip;
    }
  }
  // Whatever is left (an amount below the smallest chip, or past `max` chips) shows as one more chip.
  if (left > 0 && out.length < max) out.push(sorted[sorted.length - 1] ?? left);
  return out.reverse();
}

export interface DealtCard {
  side: 'player' | 'banker';
  /** 0, 1, 2 (the third card). */
  index: number;
  card: Card;
}

/** The cards in the order they came out of the shoe: player, banker, player, banker, then third cards. */
export function dealOrder(hand: Pick<BaccaratHand, 'player' | 'banker'>): DealtCard[] {
  const order: DealtCard[] = [];
  for (let i = 0; i < 2; i++) {
    if (hand.player[i] !== undefined) order.push({ side: 'player', index: i, card: hand.player[i]! });
    if (hand.banker[i] !== undefined) order.push({ side: 'banker', index: i, card: hand.banker[i]! });
  }
  if (hand.player[2] !== undefined) order.push({ side: 'player', index: 2, card: hand.player[2] });
  if (hand.banker[2] !== undefined) order.push({ side: 'banker', index: 2, card: hand.banker[2] });
  return order;
}

/** The table definition from the session answer, checked enough to draw it. */
export function readTable(definition: unknown): BaccaratTable {
  const table = definition as Partial<BaccaratTable> | null;
  if (
    !table ||
    !Array.isArray(table.chips) ||
    table.chips.length === 0 ||
    !table.limits ||
    !BACCARAT_SPOTS.every((spot) => table.limits![spot] && table.limits![spot].max > 0) ||
    !(typeof table.unit === 'number' && table.unit > 0) ||
    !(typeof table.decks === 'number' && typeof table.cutCard === 'number') ||
    !table.pays ||
    !BACCARAT_SPOTS.every((spot) => Array.isArray(table.pays![spot]) && table.pays![spot].length === 2)
  )
    throw new Error('the session did not describe a baccarat table');
  return table as BaccaratTable;
}
