import { z } from 'zod';
import {
  pagedList,
  ZAmount,
  ZEmptyRequest,
  ZExchangePassword,
  ZHhMm,
  ZId,
  ZIdRequest,
  ZIsoDate,
  ZMoney,
  ZPaging,
} from './fields.ts';
import { ZBonusId, ZRollingAnswer } from './levels.ts';
import { statusOnly, ZRequestState, ZSuccess } from './status.ts';

export const ZDepositor = z.string().trim().min(1).max(20);

/** `bonusId`: an option of `get-deposit-bonus` (docs/api/levels.md), paid with the deposit on approval. */
export const ZApplyUserDepositRequest = z.strictObject({
  amount: ZAmount,
  depositor: ZDepositor.optional(),
  bonusId: ZBonusId.optional(),
});
export type TApplyUserDepositRequest = z.infer<typeof ZApplyUserDepositRequest>;
export const ZApplyUserDepositResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('wait'),
  statusOnly('time'),
  /** The chosen bonus is unknown or no longer offered (nothing is written). */
  statusOnly('fail'),
  /**
   * The member may not deposit: `remaining` (docs/protection.md) is what the member's deposit limits
   * still allow when a limit refused the amount; absent for a blocked account or a break.
   */
  z.object({
    status: z.literal('blocked'),
    remaining: ZMoney.optional(),
    /**
     * With a chosen bonus: the largest deposit the limits allow together with that bonus (the bonus
     * counts toward the deposit limit; 0 when even the smallest does not fit).
     */
    bonusMax: ZMoney.optional(),
  }),
]);
export type TApplyUserDepositResponse = z.infer<typeof ZApplyUserDepositResponse>;

export const ZApplyUserWithdrawRequest = z.strictObject({
  amount: ZAmount,
  exchangePassword: ZExchangePassword,
});
export type TApplyUserWithdrawRequest = z.infer<typeof ZApplyUserWithdrawRequest>;
export const ZApplyUserWithdrawResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('wait'),
  statusOnly('time'),
  statusOnly('balance'),
  statusOnly('pass'),
  /**
   * The member may not withdraw; `remaining` is what the level's daily withdrawal limit still allows
   * today when that limit refused the amount (docs/api/member-calls.md).
   */
  z.object({ status: z.literal('blocked'), remaining: ZMoney.optional() }),
  /** A deposit bonus's rollover is not met yet: `required` and `done` so far (docs/api/levels.md). */
  ZRollingAnswer,
]);
export type TApplyUserWithdrawResponse = z.infer<typeof ZApplyUserWithdrawResponse>;

/** A deposit or withdrawal request in the member's list; `reason` is the operator's words on a rejection. */
export const ZCashierRequest = z.object({
  id: ZId,
  amount: ZMoney,
  state: ZRequestState,
  reason: z.string().nullable(),
  regDate: ZIsoDate,
  lastDate: ZIsoDate.nullable(),
});
export type TCashierRequest = z.infer<typeof ZCashierRequest>;

const ZCashierListResponse = pagedList(ZCashierRequest);

export const ZGetDepositListRequest = ZPaging;
export type TGetDepositListRequest = z.infer<typeof ZGetDepositListRequest>;
export const ZGetDepositListResponse = ZCashierListResponse;
export type TGetDepositListResponse = z.infer<typeof ZGetDepositListResponse>;

export const ZGetWithdrawListRequest = ZPaging;
export type TGetWithdrawListRequest = z.infer<typeof ZGetWithdrawListRequest>;
export const ZGetWithdrawListResponse = ZCashierListResponse;
export type TGetWithdrawListResponse = z.infer<typeof ZGetWithdrawListResponse>;

export const ZDelDepositRequest = ZIdRequest;
export type TDelDepositRequest = z.infer<typeof ZDelDepositRequest>;
/**
 * Beyond `success` · `not_found`, this platform adds `already`: a request an operator has taken
 * (`reg`), which the member can no longer cancel (docs/api/member-calls.md, `del-deposit`).
 */
const ZDelRequestResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('not_found'),
  statusOnly('already'),
]);
export const ZDelDepositResponse = ZDelRequestResponse;
export type TDelDepositResponse = z.infer<typeof ZDelDepositResponse>;

export const ZDelWithdrawRequest = ZIdRequest;
export type TDelWithdrawRequest = z.infer<typeof ZDelWithdrawRequest>;
export const ZDelWithdrawResponse = ZDelRequestResponse;
export type TDelWithdrawResponse = z.infer<typeof ZDelWithdrawResponse>;

/** A cashier lock window in `HH:mm` of the site's time zone; `from`/`to` are null when there is no window. */
export const ZCashierWindow = z.object({ locked: z.boolean(), from: ZHhMm.nullable(), to: ZHhMm.nullable() });
export type TCashierWindow = z.infer<typeof ZCashierWindow>;

export const ZGetCashierStatusRequest = ZEmptyRequest;
export type TGetCashierStatusRequest = z.infer<typeof ZGetCashierStatusRequest>;
// `maxAmount` and `minConversion` are additions so the forms can tell the limits before sending.
export const ZGetCashierStatusResponse = z.object({
  status: z.literal('success'),
  deposit: ZCashierWindow,
  withdraw: ZCashierWindow,
  minDeposit: ZMoney,
  minWithdraw: ZMoney,
  unit: ZMoney,
  maxAmount: ZMoney.optional(),
  minConversion: ZMoney.optional(),
});
export type TGetCashierStatusResponse = z.infer<typeof ZGetCashierStatusResponse>;

/** A completed request on the public ticker; the user id is masked (`maskUserId`). */
export const ZCashTick = z.object({ userId: z.string(), amount: ZMoney, regDate: ZIsoDate });
export type TCashTick = z.infer<typeof ZCashTick>;

export const CASH_TICKER_SIZE = 10;

export const ZGetCashTickerRequest = ZEmptyRequest;
export type TGetCashTickerRequest = z.infer<typeof ZGetCashTickerRequest>;
export const ZGetCashTickerResponse = z.object({
  status: z.literal('success'),
  deposits: z.array(ZCashTick),
  withdraws: z.array(ZCashTick),
});
export type TGetCashTickerResponse = z.infer<typeof ZGetCashTickerResponse>;

/** `abcdef` -> `ab***`: the first two characters and a fixed mask, so the length is not told either. */
export function maskUserId(userId: string): string {
  return `${[...userId].slice(0, 2).join('')}***`;
}

export const ZRollToBalanceRequest = z.strictObject({ amount: ZAmount });
export type TRollToBalanceRequest = z.infer<typeof ZRollToBalanceRequest>;
/**
 * `blocked` (this platform's addition, docs/api/member-calls.md) answers a blocked, pending or
 * self-excluded member, as on every money call.
 */
export const ZRollToBalanceResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('low_point'),
  statusOnly('blocked'),
]);
export type TRollToBalanceResponse = z.infer<typeof ZRollToBalanceResponse>;

export const ZUserAskAccountRequest = ZEmptyRequest;
export type TUserAskAccountRequest = z.infer<typeof ZUserAskAccountRequest>;
export const ZUserAskAccountResponse = z.discriminatedUnion('status', [ZSuccess, statusOnly('already')]);
export type TUserAskAccountResponse = z.infer<typeof ZUserAskAccountResponse>;
