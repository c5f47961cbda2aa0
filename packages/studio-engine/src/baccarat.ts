import type { FairStream } from './fair.ts';
import {
  BACCARAT_SPOTS,
  type BaccaratBets,
  type BaccaratHand,
  type BaccaratSettlement,
  type BaccaratSpot,
  type BaccaratTable,
  type Card,
  type ShoeState,
} from './types.ts';

/**
 * Punto banco from an 8-deck shoe (docs/games/baccarat.md). Cards are drawn one at a time,
 * uniformly without replacement, by the provably fair stream: `stream.int(cardsLeft)` picks the
 * position of the card among the remaining ones listed in card order 0..51, each repeated by its
 * count. Dealing order: player, banker, player, banker, then the player's third card, then the
 * banker's.
 */

/** A fresh shoe of a version of the game: `decks` of each card, its cut card. */
export function newShoe(table: Pick<BaccaratTable, 'decks' | 'cutCard'>): ShoeState {
  return { remaining: Array.from({ length: 52 }, () => table.decks), cutCard: table.cutCard, rounds: 0 };
}

export function cardsLeft(shoe: ShoeState): number {
  let total = 0;
  for (const count of shoe.remaining) total += count;
  return total;
}

/** True once the cut card is out: the server starts a new shoe before the next coup. */
export function shoeIsDone(shoe: ShoeState): boolean {
  return cardsLeft(shoe) <= shoe.cutCard;
}

/** A shoe as received from outside (a stored round, the verify script): 52 non-negative integer counts. */
export function isShoeState(value: unknown): value is ShoeState {
  if (typeof value !== 'object' || value === null) return false;
  const shoe = value as Partial<ShoeState>;
  return (
    Array.isArray(shoe.remaining) &&
    shoe.remaining.length === 52 &&
    shoe.remaining.every((c) => Number.isSafeInteger(c) && c >= 0 && c <= 1000) &&
    Number.isSafeInteger(shoe.cutCard) &&
    shoe.cutCard! >= 0 &&
    Number.isSafeInteger(shoe.rounds) &&
    shoe.rounds! >= 0
  );
}

/** The rank 0..12 (0 ace, 1..8 two..nine, 9 ten, 10 jack, 11 queen, 12 king). */
export const cardRank = (card: Card): number => card % 13;

/** The baccarat value: ace 1, two..nine face value, ten and pictures 0. */
export const cardValue = (card: Card): number => {
  const rank = card % 13;
  return rank < 9 ? rank + 1 : 0;
};

const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_LABELS = ['♠', '♥', '♦', '♣'];

/** 'A♠', '10♥', 'K♣'... */
export function cardLabel(card: Card): string {
  return `${RANK_LABELS[card % 13]}${SUIT_LABELS[Math.floor(card / 13)]}`;
}

const total = (cards: Card[]): number => cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;

/**
 * The banker's tableau when the player drew a third card of value `p3`: does a banker on `banker`
 * (two-card total) draw? 0-2 always, 3 unless an 8, 4 on 2-7, 5 on 4-7, 6 on 6-7, 7 never.
 */
export function bankerDraws(banker: number, p3: number | null): boolean {
  if (p3 === null) return banker <= 5;
  switch (banker) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return p3 !== 8;
    case 4:
      return p3 >= 2 && p3 <= 7;
    case 5:
      return p3 >= 4 && p3 <= 7;
    case 6:
      return p3 === 6 || p3 === 7;
    default:
      return false;
  }
}

/** Does the player draw a third card on these two-card totals? Not when either side has a natural (8 or 9); yes on 0-5. */
export function playerDraws(player: number, banker: number): boolean {
  if (player >= 8 || banker >= 8) return false;
  return player <= 5;
}

/** Deals one coup from `shoe` (which must not be done) and returns the hand and the shoe after it. */
export function dealBaccarat(shoe: ShoeState, stream: FairStream): { hand: BaccaratHand; shoe: ShoeState } {
  const remaining = shoe.remaining.slice();
  let left = remaining.reduce((sum, c) => sum + c, 0);
  if (remaining.length !== 52 || left < 6) throw new Error('the shoe has too few cards for a coup');

  const draw = (): Card => {
    let index = stream.int(left);
    for (let card = 0; card < 52; card++) {
      const count = remaining[card]!;
      if (index < count) {
        remaining[card] = count - 1;
        left -= 1;
        return card;
      }
      index -= count;
    }
    throw new Error('unreachable: the index is below the number of cards left');
  };

  const player: Card[] = [];
  const banker: Card[] = [];
  player.push(draw());
  banker.push(draw());
  player.push(draw());
  banker.push(draw());

  const p2 = total(player);
  const b2 = total(banker);
  const natural = p2 >= 8 || b2 >= 8;
  if (!natural) {
    let p3: number | null = null;
    if (playerDraws(p2, b2)) {
      const card = draw();
      player.push(card);
      p3 = cardValue(card);
    }
    if (bankerDraws(b2, p3)) banker.push(draw());
  }

  const playerTotal = total(player);
  const bankerTotal = total(banker);
  const hand: BaccaratHand = {
    player,
    banker,
    playerTotal,
    bankerTotal,
    outcome: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: cardRank(player[0]!) === cardRank(player[1]!),
    bankerPair: cardRank(banker[0]!) === cardRank(banker[1]!),
  };
  return { hand, shoe: { remaining, cutCard: shoe.cutCard, rounds: shoe.rounds + 1 } };
}

/** What a winning stake returns, stake included: the stake and its win at the spot's pay, rounded down. */
function winReturn(table: BaccaratTable, spot: BaccaratSpot, stake: number): number {
  const [num, den] = table.pays[spot];
  // Integer arithmetic: stake * 0.95 in floating point can land a hair under the integer.
  return stake + Math.floor((stake * num) / den);
}

/** Settles the stakes against a hand at a version's pays: player and banker push on a tie. */
export function settleBaccarat(
  hand: BaccaratHand,
  bets: BaccaratBets,
  table: BaccaratTable,
): BaccaratSettlement {
  const returns: Partial<Record<BaccaratSpot, number>> = {};
  let totalBet = 0;
  let totalReturn = 0;
  for (const spot of BACCARAT_SPOTS) {
    const stake = bets[spot] ?? 0;
    if (stake <= 0) continue;
    totalBet += stake;
    let value: number;
    switch (spot) {
      case 'player':
      case 'banker':
        value = hand.outcome === spot ? winReturn(table, spot, stake) : hand.outcome === 'tie' ? stake : 0;
        break;
      case 'tie':
        value = hand.outcome === 'tie' ? winReturn(table, spot, stake) : 0;
        break;
      case 'playerPair':
        value = hand.playerPair ? winReturn(table, spot, stake) : 0;
        break;
      case 'bankerPair':
        value = hand.bankerPair ? winReturn(table, spot, stake) : 0;
        break;
    }
    returns[spot] = value;
    totalReturn += value;
  }
  return { returns, totalBet, totalReturn };
}

/**
 * Version 1 of the house table, published: 8 decks, the cut card at 16, the usual punto banco pays,
 * stakes in multiples of 1,000 won. Never edit a published version: a re-tuning is a new constant
 * with the next version, registered in versions.ts (docs/games/studio.md, "Re-tuning a game").
 */
export const BACCARAT_V1: BaccaratTable = {
  code: 'baccarat',
  version: 1,
  decks: 8,
  cutCard: 16,
  pays: {
    player: [1, 1],
    banker: [19, 20],
    tie: [8, 1],
    playerPair: [11, 1],
    bankerPair: [11, 1],
  },
  unit: 1000,
  limits: {
    player: { min: 1000, max: 1_000_000 },
    banker: { min: 1000, max: 1_000_000 },
    tie: { min: 1000, max: 200_000 },
    playerPair: { min: 1000, max: 100_000 },
    bankerPair: { min: 1000, max: 100_000 },
  },
  chips: [1000, 5000, 10000, 50000, 100000, 500000],
};

/**
 * Checks stakes against a table: `empty` (nothing staked), `unit` (not a whole multiple of the
 * unit), `min` / `max` (a staked spot outside its limits); null when the bets are acceptable.
 * A spot left out or staked 0 is not played.
 */
export function validateBaccaratBets(table: BaccaratTable, bets: BaccaratBets): string | null {
  let staked = false;
  for (const spot of BACCARAT_SPOTS) {
    const stake = bets[spot];
    if (stake === undefined || stake === 0) continue;
    if (typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake % table.unit !== 0) return 'unit';
    if (stake < table.limits[spot].min) return 'min';
    if (stake > table.limits[spot].max) return 'max';
    staked = true;
  }
  return staked ? null : 'empty';
}

// ---------------------------------------------------------------------------------------------
// The exact house edge

/** A rational as two bigints (den > 0). */
export interface Rational {
  num: bigint;
  den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};

export function rational(num: bigint, den: bigint): Rational {
  if (den === 0n) throw new RangeError('zero denominator');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

/** A rational to a double, exact to the double's precision even when num and den are huge. */
export function rationalToNumber(r: Rational): number {
  const scale = 10n ** 30n;
  return Number((r.num * scale) / r.den) / 1e30;
}

const houseEdgeCache = new WeakMap<BaccaratTable, Record<BaccaratSpot, Rational>>();

/**
 * The house edge of each bet of a version off the top of a full shoe (8 decks in version 1), exactly: every sequence of up to six
 * cards is weighed by its number of orderings without replacement. The first four cards are taken
 * by rank (13 ranks of 32 cards: pairs are two cards of the same rank), third cards by value class
 * (ten and pictures are one class of 128 cards: only the total matters then). A sequence that stops
 * after k cards is weighed by (416 - k)(415 - k)... down to six cards, so every weight shares the
 * denominator 416 x 415 x ... x 411. The edge is minus the expected result of a 1-won stake,
 * ties included (banker wins pay 0.95 exactly here: the rounding of the table is on whole
 * thousands, where 5% is exact).
 */
export function baccaratHouseEdgeExact(table: BaccaratTable): Record<BaccaratSpot, Rational> {
  const cached = houseEdgeCache.get(table);
  if (cached) return cached;
  const N = 52 * table.decks;
  // rankCounts[r]: cards of rank r left; value of rank r is r + 1 for r < 9, else 0.
  const rankCounts = Array.from({ length: 13 }, () => 4 * table.decks);
  const valueOf = (rank: number) => (rank < 9 ? rank + 1 : 0);
  const classCount = (value: number) =>
    value === 0
      ? rankCounts[9]! + rankCounts[10]! + rankCounts[11]! + rankCounts[12]!
      : rankCounts[value - 1]!;
  const takeClass = (value: number, delta: number) => {
    // Only the count of the class matters for later draws; adjust one of its ranks (pictures: the
    // first one that has cards) so that the class total moves by delta.
    if (value !== 0) rankCounts[value - 1]! += delta;
    else {
      for (const r of [9, 10, 11, 12]) {
        if (delta < 0 ? rankCounts[r]! > 0 : true) {
          rankCounts[r]! += delta;
          return r;
        }
      }
    }
    return value - 1;
  };
  // fall[k] = (N - k)(N - k - 1)...(N - 5): the weight of the undealt part of a six-card sequence.
  const fall: bigint[] = [];
  for (let k = 0; k <= 6; k++) {
    let f = 1n;
    for (let i = k; i < 6; i++) f *= BigInt(N - i);
    fall.push(f);
  }
  const den = fall[0]!;
  // Sums of weights by outcome and by pair (results per unit stake are combined at the end).
  let playerWins = 0n;
  let bankerWins = 0n;
  let ties = 0n;
  let playerPairs = 0n;
  let bankerPairs = 0n;

  const settle = (weight: bigint, p: number, b: number) => {
    if (p > b) playerWins += weight;
    else if (b > p) bankerWins += weight;
    else ties += weight;
  };

  for (let r1 = 0; r1 < 13; r1++) {
    const w1 = BigInt(rankCounts[r1]!);
    rankCounts[r1]! -= 1;
    for (let r2 = 0; r2 < 13; r2++) {
      const w2 = w1 * BigInt(rankCounts[r2]!);
      if (w2 === 0n) continue;
      rankCounts[r2]! -= 1;
      for (let r3 = 0; r3 < 13; r3++) {
        const w3 = w2 * BigInt(rankCounts[r3]!);
        if (w3 === 0n) continue;
        rankCounts[r3]! -= 1;
        // Card order: player r1, banker r2, player r3, banker r4.
        if (r1 === r3) playerPairs += w3 * fall[3]!;
        for (let r4 = 0; r4 < 13; r4++) {
          const w4 = w3 * BigInt(rankCounts[r4]!);
          if (w4 === 0n) continue;
          if (r2 === r4) bankerPairs += w4 * fall[4]!;
          rankCounts[r4]! -= 1;
          const p2 = (valueOf(r1) + valueOf(r3)) % 10;
          const b2 = (valueOf(r2) + valueOf(r4)) % 10;
          if (!playerDraws(p2, b2)) {
            if (p2 >= 8 || b2 >= 8 || !bankerDraws(b2, null)) settle(w4 * fall[4]!, p2, b2);
            else {
              for (let v6 = 0; v6 < 10; v6++) {
                const w6 = w4 * BigInt(classCount(v6));
                if (w6 !== 0n) settle(w6 * fall[5]!, p2, (b2 + v6) % 10);
              }
            }
          } else {
            for (let v5 = 0; v5 < 10; v5++) {
              const w5 = w4 * BigInt(classCount(v5));
              if (w5 === 0n) continue;
              const p3 = (p2 + v5) % 10;
              if (!bankerDraws(b2, v5)) {
                settle(w5 * fall[5]!, p3, b2);
                continue;
              }
              const taken = takeClass(v5, -1);
              for (let v6 = 0; v6 < 10; v6++) {
                const w6 = w5 * BigInt(classCount(v6));
                if (w6 !== 0n) settle(w6 * fall[6]!, p3, (b2 + v6) % 10);
              }
              rankCounts[taken]! += 1;
            }
          }
          rankCounts[r4]! += 1;
        }
        rankCounts[r3]! += 1;
      }
      rankCounts[r2]! += 1;
    }
    rankCounts[r1]! += 1;
  }

  const total = playerWins + bankerWins + ties;
  if (total !== den) throw new Error('baccarat enumeration: the weights do not add up');
  // Edge = -(expected result of a unit stake): a win of spot s pays num/den, a loss costs 1;
  // player and banker push on a tie.
  const pay = (spot: BaccaratSpot) => table.pays[spot].map(BigInt) as [bigint, bigint];
  const [pn, pd] = pay('player');
  const [bn, bd] = pay('banker');
  const [tn, td] = pay('tie');
  const [ppn, ppd] = pay('playerPair');
  const [bpn, bpd] = pay('bankerPair');
  const edge: Record<BaccaratSpot, Rational> = {
    player: rational(bankerWins * pd - playerWins * pn, den * pd),
    banker: rational(playerWins * bd - bankerWins * bn, den * bd),
    tie: rational((playerWins + bankerWins) * td - ties * tn, den * td),
    playerPair: rational((den - playerPairs) * ppd - playerPairs * ppn, den * ppd),
    bankerPair: rational((den - bankerPairs) * bpd - bankerPairs * bpn, den * bpd),
  };
  houseEdgeCache.set(table, edge);
  return edge;
}

/** The exact house edges of a version as fractions of the stake (0.010579... for version 1's banker). */
export function baccaratHouseEdge(table: BaccaratTable): Record<BaccaratSpot, number> {
  const exact = baccaratHouseEdgeExact(table);
  const out = {} as Record<BaccaratSpot, number>;
  for (const spot of BACCARAT_SPOTS) out[spot] = rationalToNumber(exact[spot]);
  return out;
}
