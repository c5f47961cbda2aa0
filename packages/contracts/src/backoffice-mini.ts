import { z } from 'zod';
import { backofficeRoute } from './backoffice-route.ts';
import { ZCount, ZIsoDate, ZMoney } from './fields.ts';
import { statusOnly, ZSuccess } from './status.ts';

// The house mini-games (Powerball, Ladder) in the back office (docs/api/backoffice-mini.md,
// decision 0026): settings (odds per market, cadence, cut-off, limits, exposure), rounds, the bets
// and exposure of a round, and voiding a round (its bets refunded). The platform answers these by
// calling the studio's operator API; when the studio does not answer, the route fails with HTTP 500
// in the error shape of every route (the `error` members below are never sent as a 200).

export const MINI_GAME_CODES = ['powerball', 'ladder'] as const;
export const ZMiniGameCode = z.enum(MINI_GAME_CODES);
export const MINI_CADENCES = [1, 2, 3, 5] as const;

/** The highest stake or exposure an operator may set (won). */
export const MINI_LIMIT_CEILING = 100_000_000_000;
const ZLimit = z.int().min(1).max(MINI_LIMIT_CEILING);
const ZMarket = z.string().regex(/^[a-z-]{2,30}$/);

export const ZMiniGameParams = z.strictObject({ game: ZMiniGameCode });
export const ZMiniRoundParams = z.strictObject({
  game: ZMiniGameCode,
  round: z.coerce.number().pipe(z.int().min(1).max(Number.MAX_SAFE_INTEGER)),
});

/** A market's settings with the engine's bounds: `odds` must stay within `minOdds..maxOdds` (RTP 90..99 %). */
export const ZMiniMarketSettings = z.object({
  code: z.string(),
  /** Hundredths (195 = 1.95x, stake included). */
  odds: z.int(),
  minOdds: z.int(),
  maxOdds: z.int(),
  defaultOdds: z.int(),
  /** Exact probability wins / outcomes; RTP = wins * odds / (outcomes * 100). */
  wins: z.int(),
  outcomes: z.int(),
  /** The smallest stake of one bet. */
  minBet: ZMoney,
  /** The most one member may stake on the market in one round. */
  maxBet: ZMoney,
  /** The most the house may have to pay on the market in one round (every member's possible wins together). */
  maxExposure: ZMoney,
});

export const ZMiniSettingsResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    game: ZMiniGameCode,
    cadenceMinutes: z.int(),
    cutoffSeconds: z.int(),
    maxRoundTotal: ZMoney,
    markets: z.array(ZMiniMarketSettings),
  }),
  statusOnly('error'),
]);

/**
 * A settings change: only what is named changes. A market's `odds` outside its bounds, a `minBet`
 * above its `maxBet`, or an unknown market answers `invalid` with `market`. A new cadence or
 * cut-off applies from the next round scheduled, and to the round scheduled now while nobody has
 * bet on it (re-timed to the new clock).
 */
export const ZMiniSettingsPatch = z.strictObject({
  cadenceMinutes: z
    .int()
    .refine((n) => (MINI_CADENCES as readonly number[]).includes(n))
    .optional(),
  cutoffSeconds: z.int().min(0).max(120).optional(),
  maxRoundTotal: ZLimit.optional(),
  markets: z
    .array(
      z.strictObject({
        code: ZMarket,
        odds: z.int().min(1).max(100_000).optional(),
        minBet: ZLimit.optional(),
        maxBet: ZLimit.optional(),
        maxExposure: ZLimit.optional(),
      }),
    )
    .max(60)
    .optional(),
});

export const ZMiniSettingsPatchResponse = z.discriminatedUnion('status', [
  ZSuccess,
  z.object({ status: z.literal('invalid'), market: z.string().optional() }),
  statusOnly('error'),
]);

/** `open` (taking bets), `closed` (past the cut-off, not drawn), `drawn` (paying), `settled`, `voided`. */
export const MINI_ROUND_STATES = ['open', 'closed', 'drawn', 'settled', 'voided'] as const;

export const ZMiniRoundSummary = z.object({
  round: z.int(),
  day: z.string(),
  dayRound: z.int(),
  opensAt: ZIsoDate,
  closesAt: ZIsoDate,
  drawsAt: ZIsoDate,
  drawnAt: ZIsoDate.nullable(),
  result: z.unknown(),
  state: z.enum(MINI_ROUND_STATES),
  /** Stakes that stand (taken, not refunded), wins paid, slips and members. */
  stakes: ZMoney,
  wins: ZMoney,
  slips: ZCount,
  members: ZCount,
});

export const ZMiniRoundsQuery = z.strictObject({
  before: z.coerce.number().pipe(z.int().min(1).max(Number.MAX_SAFE_INTEGER)).optional(),
  limit: z.coerce.number().pipe(z.int().min(1).max(100)).default(30),
});

export const ZMiniRoundsResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    rounds: z.array(ZMiniRoundSummary),
    /** Pass as `before` for the next (older) page; null at the end. */
    next: z.int().nullable(),
  }),
  statusOnly('error'),
]);

export const ZMiniExposure = z.object({
  market: z.string(),
  /** Stakes on the market that stand, and the house's possible payout on it against its cap. */
  stakes: ZMoney,
  payout: ZMoney,
  maxExposure: ZMoney,
  bets: ZCount,
});

export const ZMiniRoundBet = z.object({
  slipId: z.string(),
  userId: z.string(),
  market: z.string(),
  amount: ZMoney,
  odds: z.int(),
  /** As the member sees it (`open`, `won`, `lost`, `refunded`). */
  state: z.enum(['open', 'won', 'lost', 'refunded']),
  win: ZMoney,
  at: ZIsoDate,
});

export const ZMiniRoundResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    round: ZMiniRoundSummary.extend({
      voidedAt: ZIsoDate.nullable(),
      voidedBy: z.string().nullable(),
      voidReason: z.string().nullable(),
    }),
    exposure: z.array(ZMiniExposure),
    /** The round's bets, newest first, at most 1,000 (`totalBets` counts them all). */
    bets: z.array(ZMiniRoundBet),
    totalBets: ZCount,
  }),
  statusOnly('not_found'),
  statusOnly('error'),
]);

export const ZMiniVoidRequest = z.strictObject({ reason: z.string().trim().min(1).max(200) });

/**
 * `success`: the round is voided and its bets are being refunded (wallet rollbacks; the round's
 * state turns `voided` once every one is done). `already`: the round was settled or voided before.
 */
export const ZMiniVoidResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('already'),
  statusOnly('not_found'),
  statusOnly('error'),
]);

export const BACKOFFICE_MINI_ROUTES = {
  'mini.settings': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/mini/:game/settings',
    permission: 'rounds',
    params: ZMiniGameParams,
    response: ZMiniSettingsResponse,
  }),
  'mini.updateSettings': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/mini/:game/settings',
    permission: 'catalog',
    params: ZMiniGameParams,
    body: ZMiniSettingsPatch,
    response: ZMiniSettingsPatchResponse,
  }),
  'mini.rounds': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/mini/:game/rounds',
    permission: 'rounds',
    params: ZMiniGameParams,
    query: ZMiniRoundsQuery,
    response: ZMiniRoundsResponse,
  }),
  'mini.round': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/mini/:game/rounds/:round',
    permission: 'rounds',
    params: ZMiniRoundParams,
    response: ZMiniRoundResponse,
  }),
  'mini.void': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/mini/:game/rounds/:round/void',
    permission: 'catalog',
    params: ZMiniRoundParams,
    body: ZMiniVoidRequest,
    response: ZMiniVoidResponse,
  }),
};

export type TMiniSettingsResponse = z.infer<typeof ZMiniSettingsResponse>;
export type TMiniSettingsPatch = z.infer<typeof ZMiniSettingsPatch>;
export type TMiniRoundsResponse = z.infer<typeof ZMiniRoundsResponse>;
export type TMiniRoundResponse = z.infer<typeof ZMiniRoundResponse>;
export type TMiniRoundSummary = z.infer<typeof ZMiniRoundSummary>;
