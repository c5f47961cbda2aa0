import { z } from 'zod';
import { ZJackpotHit } from '../contract.ts';
import { MINI_GAMES } from './draw.ts';

/**
 * The mini-games' part of the studio's browser API (`POST <studio>/api/<action>`, JSON both ways,
 * docs/api/studio-mini.md): what the game client calls with the launch token to bet on Powerball
 * and Ladder. Same conventions as the rest of the browser API (../contract.ts): errors are HTTP
 * 4xx/5xx `{status: "error", code}`, a business refusal HTTP 200 `{status: "refused", code}`.
 *
 * Amounts are whole won (safe integers). Odds are integers in hundredths (195 = 1.95x): a winning
 * stake s is paid floor(s * odds / 100), stake included.
 */

const ZToken = z.string().min(1).max(200);
export const ZMiniGame = z.enum(MINI_GAMES);
/** A market's code (markets.ts): lower-case letters and dashes. */
export const ZMarketCode = z.string().regex(/^[a-z-]{2,30}$/);
const ZAmount = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const ZRoundNumber = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const ZMiniBase = z.object({ token: ZToken, game: ZMiniGame });

/** At most this many markets in one slip. */
export const MAX_SLIP_BETS = 20;

// -- requests ------------------------------------------------------------------------------------

/** `mini-session`: the member, the balance, the game's settings and the round being played. */
export const ZMiniSessionRequest = ZMiniBase;

/**
 * `mini-bet`: one slip on one round: 1..20 bets on distinct markets. A slip is taken whole or
 * refused whole (one wallet bet of its total).
 */
export const ZMiniBetRequest = ZMiniBase.extend({
  round: ZRoundNumber,
  bets: z
    .array(z.object({ market: ZMarketCode, amount: ZAmount }))
    .min(1)
    .max(MAX_SLIP_BETS)
    .refine((bets) => new Set(bets.map((b) => b.market)).size === bets.length, {
      message: 'one bet per market in a slip',
    }),
});

/** `mini-bets`: the member's bets of one round (`round`) or else of the site's day (`day`, default today). */
export const ZMiniBetsRequest = ZMiniBase.extend({
  round: ZRoundNumber.optional(),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

// -- answers ---------------------------------------------------------------------------------------

/** A market as the board shows it: the odds now, the exact probability, the stake limits. */
export const ZMiniMarket = z.object({
  code: z.string(),
  /** Hundredths: 195 = 1.95x, stake included. */
  odds: z.number().int(),
  /** Exact probability of a win: wins / outcomes. */
  wins: z.number().int(),
  outcomes: z.number().int(),
  /** The smallest stake of one bet on it. */
  minBet: z.number().int(),
  /** The most one member may stake on it in one round (every slip of the round together). */
  maxBet: z.number().int(),
});

export const ZMiniRound = z.object({
  round: z.number().int(),
  day: z.string(),
  dayRound: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  drawsAt: z.string(),
});

export const ZMiniSettings = z.object({
  /** Minutes between draws: 1, 2, 3 or 5. */
  cadenceMinutes: z.number().int(),
  /** Betting closes this many seconds before the draw (by the server's clock). */
  cutoffSeconds: z.number().int(),
  /** The most one member may stake in one round over every market. */
  maxRoundTotal: z.number().int(),
  markets: z.array(ZMiniMarket),
});

export const ZMiniSessionAnswer = z.object({
  status: z.literal('success'),
  userId: z.string(),
  balance: z.number(),
  currency: z.literal('KRW'),
  /**
   * How the operator runs `house-mini`'s money: `seamless` (the member's cash at the platform) or
   * `transfer` (the money moved into the studio's wallet when the game opened; `balance` is that).
   */
  wallet: z.enum(['seamless', 'transfer']),
  game: ZMiniGame,
  settings: ZMiniSettings,
  /** The round open for bets, or null between rounds (the `round` event of the stream names the next). */
  current: ZMiniRound.nullable(),
  /** The server's clock when answering (ISO): the countdown is `closesAt - serverTime`, not the phone's clock. */
  serverTime: z.string(),
  /** The stream that pushes the game's rounds, draws and settlements (Server-Sent Events, no token). */
  events: z.string(),
});

/**
 * A bet as the member sees it. `state`: `open` (taken, round not drawn yet), `won`, `lost`,
 * `refunded` (the round was voided or the bet could not be confirmed: its stake is back).
 * `win` is the amount paid (0 until paid, stake included).
 */
export const ZMiniBet = z.object({
  slipId: z.string(),
  game: ZMiniGame,
  round: z.number().int(),
  dayRound: z.number().int(),
  market: z.string(),
  amount: z.number().int(),
  odds: z.number().int(),
  state: z.enum(['open', 'won', 'lost', 'refunded']),
  win: z.number().int(),
  /** ISO time the slip was taken. */
  at: z.string(),
});

/**
 * `mini-bet` taken: the slip's bets and the balance after it. `jackpots`: the house jackpots the
 * slip's wallet bet won (drawn by the platform on the bet when the operator opted `house-mini` in;
 * already in `balance`), usually none.
 */
export const ZMiniBetAnswer = z.object({
  status: z.literal('success'),
  slipId: z.string(),
  bets: z.array(ZMiniBet),
  balance: z.number(),
  jackpots: z.array(ZJackpotHit),
});

/** A jackpot a slip won, as the member's bets list it. */
export const ZMiniSlipJackpot = ZJackpotHit.extend({
  slipId: z.string(),
  round: z.number().int(),
  dayRound: z.number().int(),
});

/**
 * `mini-bet` refused (HTTP 200, nothing taken):
 * - `closed`: the round is not open (betting closed at the cut-off, or not that round, or voided);
 * - `unknown_market`: a market the game does not have;
 * - `bet_out_of_range`: a stake under the market's `minBet`, or the member's stake on a market in
 *   the round over its `maxBet`;
 * - `round_limit`: the member's stake in the round over `maxRoundTotal`;
 * - `exposure`: the house takes no more on that market this round (`market` names it);
 * - `not_enough_money` (with `balance`), `user_disabled`, `limit_exceeded` (a player-protection
 *   limit: loss limit, break, self-exclusion), `invalid_token`, `maintenance`;
 * - `unconfirmed`: the platform did not answer: the stake, if it was taken, is given back at the draw.
 */
export const ZMiniRefused = z.object({
  status: z.literal('refused'),
  code: z.enum([
    'closed',
    'unknown_market',
    'bet_out_of_range',
    'round_limit',
    'exposure',
    'not_enough_money',
    'user_disabled',
    'limit_exceeded',
    'invalid_token',
    'maintenance',
    'unconfirmed',
  ]),
  market: z.string().optional(),
  balance: z.number().optional(),
});

/**
 * `mini-bets`: the member's bets, newest first (at most 500), the jackpots their slips won (of the
 * slips listed), and the balance now.
 */
export const ZMiniBetsAnswer = z.object({
  status: z.literal('success'),
  bets: z.array(ZMiniBet),
  jackpots: z.array(ZMiniSlipJackpot),
  balance: z.number(),
});

// -- the stream -------------------------------------------------------------------------------------

/**
 * `GET <studio>/api/mini/<game>/events` (text/event-stream, public like the rounds): an event when
 * a round opens (`round`: ZMiniRound), when it is drawn (`draw`: `{round, seed, result}`) and when
 * its bets are settled (`settled`: `{round, voided}`; the client then asks `mini-bets` for the
 * member's outcome and balance). The first event of every connection is the current `round`.
 */
export const ZMiniDrawEvent = z.object({ round: z.number().int(), seed: z.string(), result: z.unknown() });
export const ZMiniSettledEvent = z.object({ round: z.number().int(), voided: z.boolean() });

export type TMiniMarket = z.infer<typeof ZMiniMarket>;
export type TMiniRound = z.infer<typeof ZMiniRound>;
export type TMiniBet = z.infer<typeof ZMiniBet>;
export type TMiniSessionAnswer = z.infer<typeof ZMiniSessionAnswer>;
export type TMiniBetAnswer = z.infer<typeof ZMiniBetAnswer>;
export type TMiniSlipJackpot = z.infer<typeof ZMiniSlipJackpot>;
export type TMiniRefused = z.infer<typeof ZMiniRefused>;
export type TMiniBetsAnswer = z.infer<typeof ZMiniBetsAnswer>;
export type TMiniRefusalCode = TMiniRefused['code'];
