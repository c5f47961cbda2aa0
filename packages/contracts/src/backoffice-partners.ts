import { z } from 'zod';
import { backofficeRoute, CSV_ANSWER } from './backoffice-route.ts';
import { ZOperatorIdText, ZOperatorNewPassword } from './backoffice-operators.ts';
import { ZBackofficeUserIdParams } from './backoffice.ts';
import { withCode } from './errors.ts';
import {
  pagedList,
  successList,
  ZAmount,
  ZCount,
  ZId,
  ZIsoDate,
  ZMoney,
  ZPageQuery,
  ZRegCode,
} from './fields.ts';
import { statusOnly, ZSuccess } from './status.ts';

// Partners (총판; docs/api/backoffice-partners.md): a tree of operators of role
// `partner`, their rates, codes, members, settlements, commission balance and payouts. A partner
// sees and touches only its own subtree: anything outside it answers HTTP 404 `not_found`.

/** The game kinds a partner earns rolling on, and the rate names (those kinds and `losing`). */
export const PARTNER_KINDS = ['casino', 'slot', 'mini'] as const;
export type TPartnerKind = (typeof PARTNER_KINDS)[number];
export const PARTNER_RATE_NAMES = [...PARTNER_KINDS, 'losing'] as const;
export type TPartnerRateName = (typeof PARTNER_RATE_NAMES)[number];

/** A rate in basis points (1 = 0.01 %). */
export const PARTNER_RATE_MAX = 10_000;
export const ZPartnerRate = z.int().min(0).max(PARTNER_RATE_MAX);

export const ZPartnerRates = z.strictObject({
  casino: ZPartnerRate,
  slot: ZPartnerRate,
  mini: ZPartnerRate,
  losing: ZPartnerRate,
});
export type TPartnerRates = z.infer<typeof ZPartnerRates>;

/** A partner's id: its operator id (sign-in name). */
export const ZPartnerId = ZOperatorIdText;
export const PARTNER_NAME_MAX = 50;
export const ZPartnerName = z.string().trim().min(1).max(PARTNER_NAME_MAX);

export const ZPartnerParams = z.strictObject({ partnerId: ZPartnerId });
export type TPartnerParams = z.infer<typeof ZPartnerParams>;

/** The longest settlement period, in days. */
export const SETTLEMENT_MAX_DAYS = 92;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar day `YYYY-MM-DD` as its UTC day number, or null. */
export function partnerDayNumber(text: string): number | null {
  const m = DAY.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  if (y < 2000 || at.getUTCFullYear() !== y || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d)
    return null;
  return at.getTime() / 86_400_000;
}

/** `from`, `to`: days of the site's calendar, both included, `to` not before `from`, at most 92 days. */
function checkPeriod(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const from = partnerDayNumber(q.from);
  const to = partnerDayNumber(q.to);
  if (from === null) ctx.addIssue({ code: 'custom', path: ['from'], params: withCode('pattern').params });
  if (to === null) ctx.addIssue({ code: 'custom', path: ['to'], params: withCode('pattern').params });
  if (from === null || to === null) return;
  if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], params: withCode('min').params });
  else if (to - from + 1 > SETTLEMENT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], params: withCode('max').params });
}
const PERIOD = { from: z.string().max(10), to: z.string().max(10) };
export const ZPartnerPeriod = z.strictObject(PERIOD).superRefine(checkPeriod);
export type TPartnerPeriod = z.infer<typeof ZPartnerPeriod>;

const notFound = statusOnly('not_found');

// --- the tree ---

/** `POST /api/backoffice/partners`: `parentId` null or absent is directly under the house (owner only). */
export const ZPartnerCreateRequest = z.strictObject({
  partnerId: ZPartnerId,
  password: ZOperatorNewPassword,
  name: ZPartnerName,
  parentId: ZPartnerId.nullable().optional(),
  rates: ZPartnerRates,
});
export type TPartnerCreateRequest = z.infer<typeof ZPartnerCreateRequest>;

export const ZPartnerCreateResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('already'),
  notFound,
]);
export type TPartnerCreateResponse = z.infer<typeof ZPartnerCreateResponse>;

/** `PATCH /api/backoffice/partners/:partnerId`: by the owner or an ancestor, never by the partner itself. */
export const ZPartnerPatchRequest = z.strictObject({
  name: ZPartnerName.optional(),
  rates: ZPartnerRates.partial().optional(),
  enabled: z.boolean().optional(),
});
export type TPartnerPatchRequest = z.infer<typeof ZPartnerPatchRequest>;

export const ZPartnerPatchResponse = z.discriminatedUnion('status', [ZSuccess, notFound]);

export const ZPartnersQuery = z.strictObject({
  /** Only the direct children of this partner (`parentId=` empty: those directly under the house). */
  parentId: z.string().trim().max(32).optional(),
  /** `figures=true`: each row carries its subtree's figures of today and this month (the tree view's one read). */
  figures: z.enum(['true', 'false']).optional(),
  ...ZPageQuery,
});
export type TPartnersQuery = z.infer<typeof ZPartnersQuery>;

/** The partner console's dashboard: its subtree's figures today and this month (the site's calendar). */
const ZPartnerPeriodFigures = z.object({
  from: ZIsoDate,
  deposits: ZMoney,
  withdrawals: ZMoney,
  stakes: ZMoney,
  wins: ZMoney,
  ggr: ZMoney,
});
/** A partner's subtree figures today and this month, on each row of the tree with `figures=true`. */
export const ZPartnerTreeFigures = z.object({ today: ZPartnerPeriodFigures, month: ZPartnerPeriodFigures });
export type TPartnerTreeFigures = z.infer<typeof ZPartnerTreeFigures>;

/** `members`: the members of the partner's whole subtree. `depth` 1 is directly under the house. */
export const ZPartner = z.object({
  partnerId: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  depth: z.int().positive(),
  rates: ZPartnerRates,
  members: ZCount,
  enabled: z.boolean(),
  regDate: ZIsoDate,
  /** With `figures=true`: the subtree's figures today and this month (as the partner's dashboard shows them). */
  figures: ZPartnerTreeFigures.optional(),
});
export type TPartner = z.infer<typeof ZPartner>;

export const ZPartnersResponse = pagedList(ZPartner);
export type TPartnersResponse = z.infer<typeof ZPartnersResponse>;

// --- codes ---

export const ZPartnerCodeRequest = z.strictObject({
  code: ZRegCode,
  domain: z.string().trim().toLowerCase().max(253).optional(),
});
export type TPartnerCodeRequest = z.infer<typeof ZPartnerCodeRequest>;

export const ZPartnerCodeResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('already'),
  notFound,
]);

export const ZPartnerCode = z.object({
  code: z.string(),
  domain: z.string(),
  enabled: z.boolean(),
  members: ZCount,
  regDate: ZIsoDate,
});
export type TPartnerCode = z.infer<typeof ZPartnerCode>;

export const ZPartnerCodesResponse = z.discriminatedUnion('status', [successList(ZPartnerCode), notFound]);
export type TPartnerCodesResponse = z.infer<typeof ZPartnerCodesResponse>;

/** `PATCH /api/backoffice/members/:userId` (docs/api/backoffice-partners.md): `partnerId` needs the owner. */
export const ZMemberPatchRequest = z
  .strictObject({
    partnerId: ZPartnerId.nullable().optional(),
    level: z.int().min(1).max(10).optional(),
  })
  .refine((b) => b.partnerId !== undefined || b.level !== undefined, withCode('required'));
export type TMemberPatchRequest = z.infer<typeof ZMemberPatchRequest>;

export const ZMemberPatchResponse = z.discriminatedUnion('status', [ZSuccess, notFound]);

// --- figures, settlements ---

const ZKindFigures = z.object({ casino: ZMoney, slot: ZMoney, mini: ZMoney });

/** `GET /api/backoffice/partners/:partnerId/settlement?from&to`: the formula's figures of a period. */
export const ZPartnerSettlementResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    partnerId: z.string(),
    from: z.string(),
    to: z.string(),
    stakes: ZKindFigures,
    wins: ZKindFigures,
    rolling: ZKindFigures,
    losing: ZMoney,
    total: ZMoney,
    /** Members of the subtree who staked or won in the period. */
    members: ZCount,
    /** Every day of the period is settled. */
    settled: z.boolean(),
    /** What the previous settlements carried into the next one (a negative total, as a positive deduction). */
    carried: ZMoney,
    /**
     * What the next settlement will carry in from rollbacks made after days settled before (the
     * settlements they touch recomputed, less what those counted; 0 or negative).
     */
    adjustment: ZMoney,
  }),
  notFound,
]);
export type TPartnerSettlementResponse = z.infer<typeof ZPartnerSettlementResponse>;

/** One day's figures of `GET /api/backoffice/partners/:partnerId/days` (and its CSV). */
export const ZPartnerDay = z.object({
  day: z.string(),
  stakes: ZMoney,
  wins: ZMoney,
  rolling: ZMoney,
  losing: ZMoney,
  total: ZMoney,
  settled: z.boolean(),
});
export type TPartnerDay = z.infer<typeof ZPartnerDay>;

export const ZPartnerDaysQuery = z
  .strictObject({ ...PERIOD, lang: z.enum(['ko', 'en']).default('ko') })
  .superRefine(checkPeriod);

export const ZPartnerDaysResponse = z.discriminatedUnion('status', [successList(ZPartnerDay), notFound]);
export type TPartnerDaysResponse = z.infer<typeof ZPartnerDaysResponse>;

/** `POST /api/backoffice/partners/:partnerId/settlements {from, to}` (owner; Idempotency-Key). */
export const ZSettlementCreateResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    id: ZId,
    /** Paid into the commission balance (0 for a total at or below zero). */
    paid: ZMoney,
    total: ZMoney,
    /** The deduction carried in from earlier periods that this settlement applied. */
    carried: ZMoney,
    /** The correction of earlier settlements by rollbacks after their days, carried in (0 or negative). */
    adjustment: ZMoney,
  }),
  statusOnly('already'),
  notFound,
]);
export type TSettlementCreateResponse = z.infer<typeof ZSettlementCreateResponse>;

/** `POST /api/backoffice/partner-settlements {from, to}` (owner; Idempotency-Key): a run over every partner. */
export const ZSettlementRunResponse = z.object({
  status: z.literal('success'),
  /** Partners settled by this run, and what it paid in all. */
  settled: ZCount,
  paid: ZMoney,
  /** Partners with a day of the period settled already (left as they were). */
  already: ZCount,
});
export type TSettlementRunResponse = z.infer<typeof ZSettlementRunResponse>;

export const ZPartnerSettlement = z.object({
  id: ZId,
  partnerId: z.string(),
  from: z.string(),
  to: z.string(),
  rolling: ZMoney,
  losing: ZMoney,
  total: ZMoney,
  carriedIn: ZMoney,
  /** The correction of earlier settlements by rollbacks after their days that this one carried in. */
  adjustment: ZMoney,
  paid: ZMoney,
  carriedOut: ZMoney,
  regDate: ZIsoDate,
});
export type TPartnerSettlement = z.infer<typeof ZPartnerSettlement>;

export const ZPartnerSettlementsQuery = z.strictObject({ ...ZPageQuery });
export const ZPartnerSettlementsResponse = z.discriminatedUnion('status', [
  pagedList(ZPartnerSettlement),
  notFound,
]);
export type TPartnerSettlementsResponse = z.infer<typeof ZPartnerSettlementsResponse>;

/** `GET /api/backoffice/partners/:partnerId/balance`: the commission balance and the deduction carried. */
export const ZPartnerBalanceResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), balance: ZMoney, held: ZMoney, carried: ZMoney }),
  notFound,
]);
export type TPartnerBalanceResponse = z.infer<typeof ZPartnerBalanceResponse>;

export const ZPartnerSummaryResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    partnerId: z.string(),
    members: ZCount,
    partners: ZCount,
    today: ZPartnerPeriodFigures,
    month: ZPartnerPeriodFigures,
  }),
  notFound,
]);
export type TPartnerSummaryResponse = z.infer<typeof ZPartnerSummaryResponse>;

// --- payouts ---

export const ZPayoutRequest = z.strictObject({ amount: ZAmount });
export const ZPayoutCreateResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), id: ZId }),
  statusOnly('balance'),
  statusOnly('wait'),
  notFound,
]);
export type TPayoutCreateResponse = z.infer<typeof ZPayoutCreateResponse>;

export const PAYOUT_STATES = ['wait', 'approved', 'rejected'] as const;
export const ZPayoutState = z.enum(PAYOUT_STATES);
export type TPayoutState = z.infer<typeof ZPayoutState>;

export const ZPayoutsQuery = z.strictObject({
  state: ZPayoutState.optional(),
  partnerId: z.string().trim().max(32).optional(),
  ...ZPageQuery,
});
export type TPayoutsQuery = z.infer<typeof ZPayoutsQuery>;

export const ZPayout = z.object({
  id: ZId,
  partnerId: z.string(),
  amount: ZMoney,
  state: ZPayoutState,
  reason: z.string().nullable(),
  regDate: ZIsoDate,
  decidedDate: ZIsoDate.nullable(),
});
export type TPayout = z.infer<typeof ZPayout>;
export const ZPayoutsResponse = pagedList(ZPayout);
export type TPayoutsResponse = z.infer<typeof ZPayoutsResponse>;

export const ZPayoutParams = z.strictObject({ partnerId: ZPartnerId, id: z.coerce.number().pipe(ZId) });
export const ZPayoutRejectRequest = z.strictObject({ reason: z.string().trim().max(200).optional() });
export const ZPayoutDecisionResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('already'),
  notFound,
]);
export type TPayoutDecisionResponse = z.infer<typeof ZPayoutDecisionResponse>;

/** The partners' routes (docs/api/backoffice-partners.md); part of BACKOFFICE_ROUTES. */
export const BACKOFFICE_PARTNER_ROUTES = {
  'partners.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/partners',
    permission: 'partnersRead',
    query: ZPartnersQuery,
    response: ZPartnersResponse,
  }),
  'partners.create': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/partners',
    permission: 'partnersManage',
    body: ZPartnerCreateRequest,
    response: ZPartnerCreateResponse,
  }),
  'partners.patch': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/partners/:partnerId',
    permission: 'partnersManage',
    params: ZPartnerParams,
    body: ZPartnerPatchRequest,
    response: ZPartnerPatchResponse,
  }),
  'partners.summary': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/partners/:partnerId/summary',
    permission: 'partnersRead',
    params: ZPartnerParams,
    response: ZPartnerSummaryResponse,
  }),
  'partners.codes': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/partners/:partnerId/codes',
    permission: 'partnersRead',
    params: ZPartnerParams,
    response: ZPartnerCodesResponse,
  }),
  'partners.addCode': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/partners/:partnerId/codes',
    permission: 'partnersManage',
    params: ZPartnerParams,
    body: ZPartnerCodeRequest,
    response: ZPartnerCodeResponse,
  }),
  'partners.settlement': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/partners/:partnerId/settlement',
    permission: 'partnersRead',
    params: ZPartnerParams,
    query: ZPartnerPeriod,
    response: ZPartnerSettlementResponse,
  }),
  'partners.days': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/partners/:partnerId/days',
    permission: 'partnersRead',
    params: ZPartnerParams,
    query: ZPartnerDaysQuery,
    response: ZPartnerDaysResponse,
  }),
  'partners.daysCsv': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/partners/:partnerId/days/csv',
    permission: 'partnersRead',
    params: ZPartnerParams,
    query: ZPartnerDaysQuery,
    response: CSV_ANSWER,
  }),
  'partners.settlements': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/partners/:partnerId/settlements',
    permission: 'partnersRead',
    params: ZPartnerParams,
    query: ZPartnerSettlementsQuery,
    response: ZPartnerSettlementsResponse,
  }),
  'partners.settle': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/partners/:partnerId/settlements',
    permission: 'partnersSettle',
    params: ZPartnerParams,
    body: ZPartnerPeriod,
    response: ZSettlementCreateResponse,
  }),
  'partners.settleAll': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/partner-settlements',
    permission: 'partnersSettle',
    body: ZPartnerPeriod,
    response: ZSettlementRunResponse,
  }),
  'partners.balance': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/partners/:partnerId/balance',
    permission: 'partnersRead',
    params: ZPartnerParams,
    response: ZPartnerBalanceResponse,
  }),
  'partners.requestPayout': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/partners/:partnerId/payouts',
    permission: 'partnersManage',
    params: ZPartnerParams,
    body: ZPayoutRequest,
    response: ZPayoutCreateResponse,
  }),
  'partners.payouts': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/partner-payouts',
    permission: 'partnersRead',
    query: ZPayoutsQuery,
    response: ZPayoutsResponse,
  }),
  'partners.approvePayout': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/partners/:partnerId/payouts/:id/approve',
    permission: 'partnersSettle',
    params: ZPayoutParams,
    response: ZPayoutDecisionResponse,
  }),
  'partners.rejectPayout': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/partners/:partnerId/payouts/:id/reject',
    permission: 'partnersSettle',
    params: ZPayoutParams,
    body: ZPayoutRejectRequest,
    response: ZPayoutDecisionResponse,
  }),
  'members.patch': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/members/:userId',
    permission: 'memberManage',
    params: ZBackofficeUserIdParams,
    body: ZMemberPatchRequest,
    response: ZMemberPatchResponse,
  }),
};
