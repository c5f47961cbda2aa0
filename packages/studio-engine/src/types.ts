/**
 * The house studio's game engine: the types every part of the studio shares (the server that
 * settles rounds, the game client that draws them, the verify page and script that recompute them).
 * Everything in this package is pure and isomorphic (no I/O, no Node-only module): the same code
 * decides a round on the server and re-decides it in the member's browser.
 *
 * Money is whole won (KRW) in `number`s that are safe integers; pays are exact integers.
 */

/** HMAC-SHA256(key, message), both UTF-8 text; the server passes node:crypto's, the browser @noble/hashes'. */
export type HmacSha256 = (key: string, message: string) => Uint8Array;

/** What decides one round (docs/games/provably-fair.md). */
export interface FairInput {
  /** 64 lower-case hex characters (32 random bytes), secret until rotated. */
  serverSeed: string;
  /** The member's seed: 1..64 printable characters. */
  clientSeed: string;
  /** The round's number for this seed pair: 0, 1, 2, ... */
  nonce: number;
}

/** The fairness state the member sees before a round: the commitment, their seed, the next nonce. */
export interface FairCommitment {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

// ---------------------------------------------------------------------------------------------
// Baccarat (punto banco, 8 decks)

/** A card 0..51: rank = card % 13 (0 ace, 1..8 two..nine, 9 ten, 10 jack, 11 queen, 12 king), suit = floor(card / 13) (0 spades, 1 hearts, 2 diamonds, 3 clubs). */
export type Card = number;

/** The shoe between rounds: how many of each of the 52 cards are left, and where the cut card is. */
export interface ShoeState {
  /** 52 counts (8 of each card in a fresh 8-deck shoe). */
  remaining: number[];
  /** The round after which the shoe is changed: once this many cards or fewer remain, the round in play is the last. */
  cutCard: number;
  /** Rounds dealt from this shoe so far. */
  rounds: number;
}

export const BACCARAT_SPOTS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export type BaccaratSpot = (typeof BACCARAT_SPOTS)[number];
export type BaccaratBets = Partial<Record<BaccaratSpot, number>>;

export interface BaccaratHand {
  /** Cards in the order dealt: player 1st, 2nd, (3rd); banker likewise. */
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  outcome: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
}

export interface BaccaratSettlement {
  /** What each spot returns to the member (stake included; 0 for a lost spot). */
  returns: Partial<Record<BaccaratSpot, number>>;
  /** The sum of the bets. */
  totalBet: number;
  /** The sum of the returns (what the `win` wallet call pays). */
  totalReturn: number;
}

/**
 * The baccarat game's definition, one published version of it (versions.ts): the shoe, what each
 * spot pays and the table's limits. The dealing and the third-card rules (punto banco) are the
 * engine's code, the same for every version.
 */
export interface BaccaratTable {
  code: string;
  /** The version of this definition (1, 2, ...): recorded with every round it decides; a published version never changes. */
  version: number;
  /** Decks in a new shoe. */
  decks: number;
  /** A new shoe is started once this many cards or fewer remain. */
  cutCard: number;
  /**
   * What a winning stake wins besides the stake, as the fraction [num, den] of it, rounded down to
   * the won: player [1, 1] (1:1), banker [19, 20] (0.95:1, the 5% commission), tie [8, 1].
   * Player and banker stakes are returned on a tie.
   */
  pays: Record<BaccaratSpot, readonly [number, number]>;
  /** Smallest and largest stake per spot, in won; every stake is a multiple of `unit`. */
  limits: Record<BaccaratSpot, { min: number; max: number }>;
  unit: number;
  chips: number[];
}

// ---------------------------------------------------------------------------------------------
// Video slots

export type Volatility = 'low' | 'medium' | 'high';

/**
 * A video slot's definition, one published version of it (versions.ts): its strips, paytable,
 * lines and free games. A re-tuning is a new version; a published version never changes.
 */
export interface SlotGameDefinition {
  /** The game code in the catalog (also the key of its art and texts in the game client). */
  code: string;
  /** The version of this definition (1, 2, ...): recorded with every round it decides. */
  version: number;
  volatility: Volatility;
  rows: number; // 3
  /** The base game's 5 reel strips (symbol ids); a stop shows `rows` consecutive symbols, wrapping. */
  reels: string[][];
  /** The free games' reel strips. */
  freeReels: string[][];
  /** Paylines: for each line, the row (0 top) on each of the 5 reels. Empty for a ways game. */
  lines: number[][];
  /** `lines` (pays left to right on the lines) or `ways` (243 ways: adjacent reels from the left). */
  pays: 'lines' | 'ways';
  /** Symbol id -> multiplier of the line bet (lines) or of the ways bet (ways) for 3, 4, 5 of a kind. */
  paytable: Record<string, [number, number, number]>;
  wild: string;
  scatter: string;
  /** Scatter pays as multiples of the total bet, for 3, 4, 5 scatters anywhere. */
  scatterPays: [number, number, number];
  /** Free games awarded for 3, 4, 5 scatters (also when they land during free games). */
  freeSpins: [number, number, number];
  /** Every free-game win is multiplied by this. */
  freeMultiplier: number;
  /** The total bets a member may choose, in won; each is a multiple of `betDivisor`. */
  betLevels: number[];
  /** Line bet = total bet / betDivisor (lines: the number of lines; ways: the ways divisor). */
  betDivisor: number;
  /** Caps a round's total return at this multiple of the bet (part of the exact RTP). */
  maxWinMultiplier: number;
  /** The most free games one paid spin can lead to, retriggers included (awards beyond it are cut). */
  maxFreeGames: number;
  /** The exact theoretical return to player (a fraction, to 8 decimals), shown in the paytable; rtp.ts computes it and a test holds the two equal. */
  rtp: number;
}

export interface SlotWin {
  /** The line index (lines games), -1 for a scatter win, -2 for a ways win (the count is in `ways`). */
  line: number;
  symbol: string;
  count: number;
  /** For ways games: how many ways. */
  ways?: number;
  /** The [reel, row] cells that make the win (for the animation). */
  cells: [number, number][];
  /** What the win pays, in won (free games: after the free-game multiplier, so the wins add up to the spin's amount). */
  amount: number;
}

export interface SlotSpin {
  /** `base` for the paid spin, `free` for a free game. */
  kind: 'base' | 'free';
  /** The stop of each reel (index into that reel strip). */
  stops: number[];
  /** The window: window[reel][row]. */
  window: string[][];
  wins: SlotWin[];
  /** Free games this spin awarded. */
  freeSpinsAwarded: number;
  /** What this spin paid (after the free-game multiplier). */
  amount: number;
}

export interface SlotRound {
  bet: number;
  /** The paid spin first, then every free game it led to, in order. */
  spins: SlotSpin[];
  /** What the round pays in all (capped by maxWinMultiplier x bet): the `win` wallet call. */
  totalWin: number;
}
