import { z } from 'zod';
import { BACCARAT_SPOTS } from './types.ts';

/**
 * The house studio's own browser API (`POST <studio>/api/<action>`, JSON both ways): what its game
 * client calls. Not the platform's API: the studio answers these itself and reaches the platform
 * only through the provider wallet (docs/providers.md). Every request names the launch token the
 * platform put in the game URL (kept in the page's memory, never in a cookie, so there is no CSRF
 * surface) and the game.
 *
 * Errors: HTTP 4xx/5xx with `{status: "error", code}` (codes below); a business refusal of a round
 * is HTTP 200 with `{status: "refused", code}`.
 */

export const ZLocale = z.enum(['ko', 'en', 'jp', 'vn', 'cn']);

const ZToken = z.string().min(1).max(200);
const ZGameCode = z.string().regex(/^[a-z0-9_-]{1,40}$/);
const ZAmount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A client seed: 1..64 printable ASCII characters. */
export const ZClientSeed = z.string().regex(/^[\x21-\x7e]{1,64}$/);

export const ZFairCommitment = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});

const ZBase = z.object({ token: ZToken, game: ZGameCode });

// -- requests ------------------------------------------------------------------------------------

/** `session`: who the member is, their balance, the game's rules and the fairness commitment. */
export const ZSessionRequest = ZBase;
/** `spin`: one paid slot spin (and the free games it leads to). */
export const ZSpinRequest = ZBase.extend({ bet: ZAmount });
/** `deal`: one baccarat coup with the member's stakes per spot. */
export const ZDealRequest = ZBase.extend({
  bets: z.partialRecord(z.enum(BACCARAT_SPOTS), ZAmount),
});
/** `client-seed`: the member sets their seed (the nonce starts again at 0). */
export const ZClientSeedRequest = ZBase.extend({ clientSeed: ZClientSeed });
/** `rotate`: reveals the current server seed and commits to a new one. */
export const ZRotateRequest = ZBase;
/** `rounds`: the member's recorded rounds of this game, newest first, 20 a page. */
export const ZRoundsRequest = ZBase.extend({ before: z.string().max(100).optional() });

// -- answers ---------------------------------------------------------------------------------------

export const ZError = z.object({
  status: z.literal('error'),
  /** `bad_request` (400), `invalid_token` (401), `not_found` (404), `unavailable` (503: the platform did not answer), `error` (500). */
  code: z.string(),
});

/**
 * A refusal of a round: `not_enough_money`, `invalid_token` (launch again from the portal),
 * `user_disabled`, `limit_exceeded` (a player-protection limit), `bet_out_of_range`, `maintenance`.
 */
export const ZRefused = z.object({
  status: z.literal('refused'),
  code: z.string(),
  balance: z.number().optional(),
});

export const ZJackpotHit = z.object({ tier: z.enum(['MEGA', 'MAJOR', 'MINOR']), amount: z.number() });

/** A recorded round as the member and the verify page see it. */
export const ZRoundRecord = z.object({
  roundId: z.string(),
  game: z.string(),
  /** ISO time of the round. */
  at: z.string(),
  bet: z.number(),
  win: z.number(),
  /** `settled`, `open` (the platform has not confirmed yet), `rolled_back`. */
  state: z.enum(['settled', 'open', 'rolled_back']),
  serverSeedHash: z.string(),
  /** Only once the seed was rotated. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number(),
  /**
   * The version of the game's definition the round was decided with (versions.ts): the verify page
   * and scripts/verify-round.ts re-decide it with that version, whatever the game's newest one is.
   */
  version: z.number().int().min(1),
  /** The game's input beside the seeds (baccarat: the stakes and the shoe before the coup; slots: the bet). */
  input: z.unknown(),
  /** The outcome as recorded (a `SlotRound` or `{hand, settlement}`): what verification must reproduce. */
  outcome: z.unknown(),
  jackpots: z.array(ZJackpotHit),
});

export const ZSessionAnswer = z.object({
  status: z.literal('success'),
  userId: z.string(),
  balance: z.number(),
  currency: z.literal('KRW'),
  wallet: z.enum(['seamless', 'transfer']),
  kind: z.enum(['slot', 'baccarat']),
  /**
   * The game's definition, its newest version (what the next round is played with, `version` in it):
   * a `SlotGameDefinition` or a `BaccaratTable` (with the roads of the current shoe).
   */
  definition: z.unknown(),
  fairness: ZFairCommitment,
});

export const ZSpinAnswer = z.object({
  status: z.literal('success'),
  balance: z.number(),
  round: ZRoundRecord,
  fairness: ZFairCommitment,
});

export const ZDealAnswer = z.object({
  status: z.literal('success'),
  balance: z.number(),
  round: ZRoundRecord,
  /** The shoe after the coup: cards left, whether a new shoe starts next, the outcomes so far (roads). */
  shoe: z.object({
    cardsLeft: z.number(),
    newShoeNext: z.boolean(),
    history: z.array(z.enum(['P', 'B', 'T'])),
  }),
  fairness: ZFairCommitment,
});

export const ZFairnessAnswer = z.object({ status: z.literal('success'), fairness: ZFairCommitment });

export const ZRotateAnswer = z.object({
  status: z.literal('success'),
  revealed: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    rounds: z.number(),
  }),
  fairness: ZFairCommitment,
});

export const ZRoundsAnswer = z.object({
  status: z.literal('success'),
  rounds: z.array(ZRoundRecord),
  /** Pass as `before` for the next page; null at the end. */
  next: z.string().nullable(),
});

export type TRoundRecord = z.infer<typeof ZRoundRecord>;
export type TSessionAnswer = z.infer<typeof ZSessionAnswer>;
export type TSpinAnswer = z.infer<typeof ZSpinAnswer>;
export type TDealAnswer = z.infer<typeof ZDealAnswer>;
export type TRotateAnswer = z.infer<typeof ZRotateAnswer>;
export type TRoundsAnswer = z.infer<typeof ZRoundsAnswer>;
export type TFairnessAnswer = z.infer<typeof ZFairnessAnswer>;
