import { z } from 'zod';
import { MEMBER_LEVEL_MAX, MEMBER_LEVEL_MIN } from './backoffice-members.ts';
import { ZBankCode, ZBankNum, ZBankOwner, ZEmptyRequest, ZIsoDate, ZMoney } from './fields.ts';
import { isNonEmptyPatch } from './backoffice.ts';
import { withCode } from './errors.ts';
import { statusOnly } from './status.ts';

// Member levels and the deposit bonus with its rollover (docs/api/levels.md, docs/api/member-calls.md
// "Levels and deposit bonus"): the member calls and the level settings both sides read.

export const ZLevelNumber = z.int().min(MEMBER_LEVEL_MIN).max(MEMBER_LEVEL_MAX);

/** Comp rates in basis points of a bet that stands (100 = 1%), at most 100%. */
export const ZCompRateBps = z.int().min(0).max(10_000);

/** A won amount an operator sets (a cap, a limit, a threshold): a positive safe integer. */
export const ZSettingAmount = z.int().positive().max(Number.MAX_SAFE_INTEGER);

export const DEPOSIT_BONUS_KINDS = ['first', 'every'] as const;
/** Kinds a member is offered: the level's `first` (첫충) and `every` (매충), and a running deposit event. */
export const BONUS_OPTION_KINDS = ['first', 'every', 'event'] as const;
export const ZBonusOptionKind = z.enum(BONUS_OPTION_KINDS);
export type TBonusOptionKind = z.infer<typeof ZBonusOptionKind>;

export const BONUS_PERCENT_MAX = 100;
export const BONUS_ROLLOVER_MAX = 50;
/** Bonus options one level may offer. */
export const LEVEL_BONUS_OPTIONS_MAX = 6;

/** One deposit bonus option of a level as an operator sets it. */
export const ZDepositBonusSetting = z.strictObject({
  kind: z.enum(DEPOSIT_BONUS_KINDS),
  percent: z.int().min(1).max(BONUS_PERCENT_MAX),
  cap: ZSettingAmount,
  rollover: z.int().min(1).max(BONUS_ROLLOVER_MAX),
});
export type TDepositBonusSetting = z.infer<typeof ZDepositBonusSetting>;

/**
 * A level option's id: its kind and terms (`first-10-100000-3`), so an option the operator changed
 * is another option, and a member who chose the old one is told it is no longer offered.
 */
export function bonusOptionId(option: TDepositBonusSetting): string {
  return `${option.kind}-${option.percent}-${option.cap}-${option.rollover}`;
}

/** A deposit event's option id. */
export function eventOptionId(eventId: number): string {
  return `event-${eventId}`;
}

export const ZBonusId = z.string().trim().min(1).max(64);

/** An option of `get-deposit-bonus`. */
export const ZBonusOption = z.object({
  id: z.string(),
  kind: ZBonusOptionKind,
  percent: z.int(),
  cap: ZMoney,
  rollover: z.int(),
  /** A deposit event's name (kind `event` only). */
  name: z.string().optional(),
  /** When a deposit event ends (kind `event` only). */
  until: ZIsoDate.optional(),
  /**
   * Only for a member with a deposit limit: the largest deposit the limit allows together with
   * this option's bonus (the bonus counts as money in, docs/protection.md).
   */
  maxAmount: ZMoney.optional(),
  /** The member's deposit limit leaves no room for this option (not even the minimum deposit with its bonus). */
  blocked: z.literal(true).optional(),
});
export type TBonusOption = z.infer<typeof ZBonusOption>;

export const ZGetDepositBonusRequest = ZEmptyRequest;
export type TGetDepositBonusRequest = z.infer<typeof ZGetDepositBonusRequest>;
/** `first`: the member has no approved deposit yet on the site's day (a `first` option is offered). */
export const ZGetDepositBonusResponse = z.object({
  status: z.literal('success'),
  options: z.array(ZBonusOption),
  first: z.boolean(),
});
export type TGetDepositBonusResponse = z.infer<typeof ZGetDepositBonusResponse>;

/** The member's rollover: `required` 0 when no bonus is being played through. */
export const ZRollover = z.object({ required: ZMoney, done: ZMoney });
export type TRollover = z.infer<typeof ZRollover>;

export const ZGetRolloverRequest = ZEmptyRequest;
export type TGetRolloverRequest = z.infer<typeof ZGetRolloverRequest>;
/** Beyond the contract's fields: `bonus`, the bonus paid, and what `cancel-bonus` would take back now. */
export const ZGetRolloverResponse = z.object({
  status: z.literal('success'),
  required: ZMoney,
  done: ZMoney,
  since: ZIsoDate.nullable(),
  bonus: ZMoney.optional(),
  kind: ZBonusOptionKind.optional(),
  cancelAmount: ZMoney.optional(),
});
export type TGetRolloverResponse = z.infer<typeof ZGetRolloverResponse>;

export const ZCancelBonusRequest = ZEmptyRequest;
export type TCancelBonusRequest = z.infer<typeof ZCancelBonusRequest>;
/** `success` with what went back (`returned`, at most the cash balance) · `not_found` (no bonus in play). */
export const ZCancelBonusResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), returned: ZMoney }),
  statusOnly('not_found'),
]);
export type TCancelBonusResponse = z.infer<typeof ZCancelBonusResponse>;

/** Comp rates of a level per game kind; null: the site's single rate for that kind. */
export const ZLevelCompRates = z.object({
  casino: ZCompRateBps.nullable(),
  slot: ZCompRateBps.nullable(),
  mini: ZCompRateBps.nullable(),
});
export type TLevelCompRates = z.infer<typeof ZLevelCompRates>;

/** What reaching a level takes: total stakes that stand, or total approved deposits (null: not by that). */
export const ZLevelThreshold = z.object({
  stakes: ZSettingAmount.nullable(),
  deposits: ZSettingAmount.nullable(),
});
export type TLevelThreshold = z.infer<typeof ZLevelThreshold>;

/** A level's benefits as a member sees them on my page. */
export const ZLevelBenefits = z.object({
  level: ZLevelNumber,
  name: z.string(),
  /** Comp rates in force for this level (the level's own, else the site's), basis points. */
  compRates: z.object({ casino: z.int(), slot: z.int(), mini: z.int() }),
  withdrawDailyLimit: ZMoney.nullable(),
  depositBonus: z.array(ZBonusOption),
});
export type TLevelBenefits = z.infer<typeof ZLevelBenefits>;

export const ZGetMyLevelRequest = ZEmptyRequest;
export type TGetMyLevelRequest = z.infer<typeof ZGetMyLevelRequest>;
/**
 * `get-my-level` (this platform's addition): the member's level and its benefits, and what the next
 * level needs (`next` null at the top, or when no higher level has a threshold).
 */
export const ZGetMyLevelResponse = z.object({
  status: z.literal('success'),
  current: ZLevelBenefits,
  totals: z.object({ stakes: ZMoney, deposits: ZMoney }),
  next: ZLevelBenefits.extend({ threshold: ZLevelThreshold }).nullable(),
});
export type TGetMyLevelResponse = z.infer<typeof ZGetMyLevelResponse>;

/** `apply-user-withdraw` while a bonus's rollover is not met. */
export const ZRollingAnswer = z.object({ status: z.literal('rolling'), required: ZMoney, done: ZMoney });

/** The deposit account a level's members are given (the site's own when a level has none). */
export const ZLevelDepositAccount = z.strictObject({ bank: ZBankCode, number: ZBankNum, holder: ZBankOwner });
export type TLevelDepositAccount = z.infer<typeof ZLevelDepositAccount>;

/** One level's settings as stored and shown (docs/api/levels.md). */
export const ZLevelSettings = z.object({
  compRates: ZLevelCompRates,
  withdrawDailyLimit: ZMoney.nullable(),
  depositBonus: z.array(ZDepositBonusSetting.extend({ id: z.string() })),
  threshold: ZLevelThreshold,
  depositAccount: ZLevelDepositAccount.nullable(),
});
export type TLevelSettings = z.infer<typeof ZLevelSettings>;

/** What a level has before an owner sets anything: the site's rates, no limit, no bonus, no threshold. */
export const DEFAULT_LEVEL_SETTINGS: TLevelSettings = Object.freeze({
  compRates: { casino: null, slot: null, mini: null },
  withdrawDailyLimit: null,
  depositBonus: [],
  threshold: { stakes: null, deposits: null },
  depositAccount: null,
});

/** A level's name (the same rule as `ZLevelName` of backoffice-settings.ts). */
const LEVEL_SETTING_NAME_MAX = 30;

/** `PUT /api/backoffice/settings/levels/:level`: what changes (at least one field). */
export const ZLevelPatch = z
  .strictObject({
    name: z.string().trim().min(1).max(LEVEL_SETTING_NAME_MAX).optional(),
    compRates: z
      .strictObject({
        casino: ZCompRateBps.nullable().optional(),
        slot: ZCompRateBps.nullable().optional(),
        mini: ZCompRateBps.nullable().optional(),
      })
      .optional(),
    withdrawDailyLimit: ZSettingAmount.nullable().optional(),
    depositBonus: z.array(ZDepositBonusSetting).max(LEVEL_BONUS_OPTIONS_MAX).optional(),
    threshold: z
      .strictObject({
        stakes: ZSettingAmount.nullable().optional(),
        deposits: ZSettingAmount.nullable().optional(),
      })
      .optional(),
    depositAccount: ZLevelDepositAccount.nullable().optional(),
  })
  .refine(isNonEmptyPatch, withCode('required'));
export type TLevelPatch = z.infer<typeof ZLevelPatch>;
