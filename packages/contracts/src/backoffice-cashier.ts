import { z } from 'zod';
import { backofficeRoute, CSV_ANSWER, prefixedRoutes } from './backoffice-route.ts';
import { ZBackofficeIdParams, ZReason } from './backoffice.ts';
import { pagedList, ZCount, ZEmptyRequest, ZId, ZIsoDate, ZMoney, ZPageQuery } from './fields.ts';
import { statusOnly, ZRequestState, ZSuccess } from './status.ts';

export const ZBackofficeQueueQuery = z.strictObject({
  state: ZRequestState.optional(),
  ...ZPageQuery,
});

export type TBackofficeQueueQuery = z.infer<typeof ZBackofficeQueueQuery>;

/** A queued request; withdrawals carry the destination account (owner and cashier only see queues). */
export const ZBackofficeQueueItem = z.object({
  id: ZId,
  userId: z.string(),
  amount: ZMoney,
  depositor: z.string().nullable().optional(),
  bankname: z.string().optional(),
  bankOwner: z.string().optional(),
  banknum: z.string().optional(),
  state: ZRequestState,
  reason: z.string().nullable().optional(),
  regDate: ZIsoDate,
});

export type TBackofficeQueueItem = z.infer<typeof ZBackofficeQueueItem>;

export const ZBackofficeQueueResponse = pagedList(ZBackofficeQueueItem);

export type TBackofficeQueueResponse = z.infer<typeof ZBackofficeQueueResponse>;

export const ZBackofficeApproveRequest = ZEmptyRequest;

export type TBackofficeApproveRequest = z.infer<typeof ZBackofficeApproveRequest>;

export const ZBackofficeRejectRequest = z.strictObject({ reason: ZReason.optional() });

export type TBackofficeRejectRequest = z.infer<typeof ZBackofficeRejectRequest>;

/**
 * The answer of approve and reject, for deposits and withdrawals alike. A withdrawal at or above
 * `withdrawSecondApprovalAbove`: `first_approved` (recorded, a different operator completes it),
 * `same_operator` (the first approver cannot give the second approval). docs/api/backoffice-cashier.md
 */
export const ZBackofficeDecisionResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('already'),
  statusOnly('not_found'),
  z.object({ status: z.literal('first_approved') }),
  z.object({ status: z.literal('same_operator') }),
]);

export type TBackofficeDecisionResponse = z.infer<typeof ZBackofficeDecisionResponse>;

// The cashier in the back office (issue 13): a request's review (the member's balance and recent
// history, and a withdrawal's safety checks), the history with filters, totals and CSV export.
// docs/api/backoffice-cashier.md

/** The most rows one CSV export holds; the answer says when the filtered set had more. */
export const CASHIER_CSV_MAX_ROWS = 50_000;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ZAmountFilter = z.coerce.number().pipe(z.int().min(0).max(1_000_000_000_000));

/** The history's filters: `from` and `to` are the site's days (inclusive) of the request time. */
export const ZCashierHistoryFilter = z.strictObject({
  state: ZRequestState.optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  userId: z.string().trim().toLowerCase().min(1).max(20).optional(),
  minAmount: ZAmountFilter.optional(),
  maxAmount: ZAmountFilter.optional(),
});
export type TCashierHistoryFilter = z.infer<typeof ZCashierHistoryFilter>;

/** `GET /api/backoffice/{deposits|withdraws}/history`. */
export const ZCashierHistoryQuery = ZCashierHistoryFilter.extend({
  ...ZPageQuery,
});
export type TCashierHistoryQuery = z.infer<typeof ZCashierHistoryQuery>;

/** A request of the history; withdrawals carry the destination account and the first of two approvals. */
export const ZCashierHistoryItem = z.object({
  id: ZId,
  userId: z.string(),
  amount: ZMoney,
  state: ZRequestState,
  depositor: z.string().optional(),
  bankname: z.string().optional(),
  bankOwner: z.string().optional(),
  banknum: z.string().optional(),
  reason: z.string().nullable(),
  regDate: ZIsoDate,
  processedDate: ZIsoDate.nullable(),
  /** Withdrawals at or above the second-approval amount: the operator of the first approval, if any. */
  firstApprovedBy: z.string().nullable().optional(),
  firstApprovedDate: ZIsoDate.nullable().optional(),
});
export type TCashierHistoryItem = z.infer<typeof ZCashierHistoryItem>;

export const ZCashierHistoryResponse = pagedList(ZCashierHistoryItem).extend({
  /** The whole filtered set (not only this page): how many requests and their amounts. */
  totals: z.object({ count: ZCount, amount: ZMoney }),
  /** The owner's second-approval amount in force (0 = off). */
  secondApprovalAbove: ZMoney,
});
export type TCashierHistoryResponse = z.infer<typeof ZCashierHistoryResponse>;

const ZRecentRequest = z.object({
  id: ZId,
  amount: ZMoney,
  state: ZRequestState,
  depositor: z.string().optional(),
  regDate: ZIsoDate,
  processedDate: ZIsoDate.nullable(),
});

/** A withdrawal's safety checks; each `flag` true is a warning for the operator. */
export const ZWithdrawChecks = z.object({
  /** Bets since the member's last approved deposit against that deposit's amount (flag: bets < amount, or no deposit). */
  turnover: z.object({
    lastDeposit: z.object({ id: ZId, amount: ZMoney, processedDate: ZIsoDate.nullable() }).nullable(),
    bets: ZMoney,
    percent: z.int().min(0),
    flag: z.boolean(),
  }),
  /** Depositor names of the member's recent deposits that differ from the withdrawal's bank owner. */
  depositorName: z.object({
    bankOwner: z.string(),
    mismatches: z.array(z.object({ id: ZId, depositor: z.string(), amount: ZMoney, regDate: ZIsoDate })),
    flag: z.boolean(),
  }),
  /** Other members seen on the member's addresses (registration, sign-ins, sessions). */
  sharedIp: z.object({
    ips: z.array(z.string()),
    members: z.array(
      z.object({ userId: z.string(), ip: z.string(), source: z.enum(['reg', 'sign_in', 'session']) }),
    ),
    flag: z.boolean(),
  }),
  /** Other members with this bank account number (registered, or used in their withdrawals). */
  sharedBank: z.object({
    members: z.array(z.object({ userId: z.string(), source: z.enum(['member', 'withdraw']) })),
    flag: z.boolean(),
  }),
});
export type TWithdrawChecks = z.infer<typeof ZWithdrawChecks>;

/** `GET /api/backoffice/{deposits|withdraws}/:id/review` (owner, cashier). */
export const ZCashierReviewResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    member: z.object({
      userId: z.string(),
      nick: z.string(),
      level: z.int(),
      state: z.string(),
      balance: ZMoney,
      rolling: ZMoney,
      inBalance: ZMoney,
      bankname: z.string(),
      bankOwner: z.string(),
      banknum: z.string().nullable(),
    }),
    recent: z.object({ deposits: z.array(ZRecentRequest), withdraws: z.array(ZRecentRequest) }),
    /** Withdrawals only (null for deposits). */
    checks: ZWithdrawChecks.nullable(),
    /** Withdrawals only: whether this one needs two approvals, and the first if given. */
    secondApproval: z
      .object({
        required: z.boolean(),
        above: ZMoney,
        firstApprovedBy: z.string().nullable(),
        firstApprovedDate: ZIsoDate.nullable(),
      })
      .nullable(),
  }),
  statusOnly('not_found'),
]);
export type TCashierReviewResponse = z.infer<typeof ZCashierReviewResponse>;

/** The routes of one queue (`deposit` or `withdraw`): the queue, its actions, review and history. */
function queueRoutes<K extends 'deposit' | 'withdraw'>(kind: K) {
  const base = `/api/backoffice/${kind}s` as const;
  const decision = <A extends 'reg' | 'approve'>(action: A) =>
    backofficeRoute({
      method: 'POST',
      path: `${base}/:id/${action}`,
      permission: 'queue',
      params: ZBackofficeIdParams,
      body: ZBackofficeApproveRequest,
      response: ZBackofficeDecisionResponse,
    });
  return {
    queue: backofficeRoute({
      method: 'GET',
      path: base,
      permission: 'queue',
      query: ZBackofficeQueueQuery,
      response: ZBackofficeQueueResponse,
    }),
    reg: decision('reg'),
    approve: decision('approve'),
    reject: backofficeRoute({
      method: 'POST',
      path: `${base}/:id/reject`,
      permission: 'queue',
      params: ZBackofficeIdParams,
      body: ZBackofficeRejectRequest,
      response: ZBackofficeDecisionResponse,
    }),
    history: backofficeRoute({
      method: 'GET',
      path: `${base}/history`,
      permission: 'queue',
      query: ZCashierHistoryQuery,
      response: ZCashierHistoryResponse,
    }),
    review: backofficeRoute({
      method: 'GET',
      path: `${base}/:id/review`,
      permission: 'queue',
      params: ZBackofficeIdParams,
      response: ZCashierReviewResponse,
    }),
    historyCsv: backofficeRoute({
      method: 'GET',
      path: `${base}/history.csv`,
      permission: 'queue',
      query: ZCashierHistoryFilter,
      response: CSV_ANSWER,
    }),
  };
}

/** The deposit and withdrawal queues (docs/api/backoffice-cashier.md); part of BACKOFFICE_ROUTES. */
export const BACKOFFICE_CASHIER_ROUTES = {
  ...prefixedRoutes('deposits', queueRoutes('deposit')),
  ...prefixedRoutes('withdraws', queueRoutes('withdraw')),
};
