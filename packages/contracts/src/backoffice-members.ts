import { z } from 'zod';
import { ZBackofficeHelp } from './backoffice-helpdesk.ts';
import { backofficeRoute } from './backoffice-route.ts';
import { REASON_MAX, ZBackofficeUserIdParams, ZMemberState } from './backoffice.ts';
import { withCode } from './errors.ts';
import { DEFAULT_PAGE_SIZE, pagedList, ZId, ZIsoDate, ZMoney, ZPageQuery } from './fields.ts';
import { statusOnly, ZRequestState, ZSuccess } from './status.ts';

export const ADJUST_KINDS = ['cash', 'point'] as const;

export const ZAdjustKind = z.enum(ADJUST_KINDS);

export type TAdjustKind = z.infer<typeof ZAdjustKind>;

/** A signed amount: positive credits the member, negative debits (`balance` when not enough). */
export const ZBackofficeAdjustRequest = z.strictObject({
  amount: z.int().refine((n) => n !== 0, withCode('min')),
  reason: z.string().trim().min(1).max(REASON_MAX),
  kind: ZAdjustKind.optional(),
});

export type TBackofficeAdjustRequest = z.infer<typeof ZBackofficeAdjustRequest>;

export const ZBackofficeAdjustResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('balance'),
  statusOnly('not_found'),
]);

export type TBackofficeAdjustResponse = z.infer<typeof ZBackofficeAdjustResponse>;

/** `banknum` is null for roles that may not see bank numbers. */
export const ZBackofficeMember = z.object({
  id: ZId,
  userId: z.string(),
  nick: z.string(),
  phone: z.string(),
  level: z.int(),
  state: ZMemberState,
  balance: ZMoney,
  rolling: ZMoney,
  in_balance: ZMoney,
  bankname: z.string(),
  bankOwner: z.string(),
  banknum: z.string().nullable(),
  regCode: z.string().nullable(),
  regDate: ZIsoDate,
  lastLoginDate: ZIsoDate.nullable(),
  /** An operator reset the password and the member has not changed it yet (backoffice-members.md). */
  mustChangePassword: z.boolean(),
  /** The user id of the member's recommender at registration (docs/api/promotions.md), or null. */
  recommender: z.string().nullable(),
  /** The partner the member belongs to (docs/api/backoffice-partners.md), null: directly under the house. */
  partnerId: z.string().nullable(),
  /** The deposit bonus in play's rollover (docs/api/levels.md): `required` 0 when none. */
  rollover: z.object({ required: ZMoney, done: ZMoney }).optional(),
});

export type TBackofficeMember = z.infer<typeof ZBackofficeMember>;

/** A ledger movement as the member's account saw it: `amount` signed, `code` why (deposit, bet ...). */
export const ZBackofficeLedgerEntry = z.object({
  id: ZId,
  kind: z.string(),
  code: z.string(),
  amount: ZMoney,
  regDate: ZIsoDate,
});

export type TBackofficeLedgerEntry = z.infer<typeof ZBackofficeLedgerEntry>;

export const ZBackofficeMemberDetailResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    member: ZBackofficeMember,
    ledger: z.array(ZBackofficeLedgerEntry),
  }),
  statusOnly('not_found'),
]);

export type TBackofficeMemberDetailResponse = z.infer<typeof ZBackofficeMemberDetailResponse>;

/** Member levels an operator may set. */
export const MEMBER_LEVEL_MIN = 1;

export const MEMBER_LEVEL_MAX = 10;

export const ZMemberLevel = z.int().min(MEMBER_LEVEL_MIN).max(MEMBER_LEVEL_MAX);

/**
 * `GET /api/backoffice/members`: `userId` matches from the start (case-insensitive), `nick` anywhere,
 * `phone` from the start (digits), `domain` the registration code's domain; newest first.
 */
export const ZBackofficeMembersQuery = z.strictObject({
  userId: z.string().trim().toLowerCase().max(20).optional(),
  nick: z.string().trim().max(20).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\d{1,11}$/)
    .optional(),
  level: z.coerce.number().pipe(ZMemberLevel).optional(),
  state: ZMemberState.optional(),
  regCode: z.string().trim().max(32).optional(),
  domain: z.string().trim().toLowerCase().max(253).optional(),
  /** A partner's members (docs/api/backoffice-partners.md); `deep=true` takes its whole subtree. */
  partnerId: z.string().trim().max(32).optional(),
  deep: z.enum(['true', 'false']).optional(),
  ...ZPageQuery,
});

export type TBackofficeMembersQuery = z.infer<typeof ZBackofficeMembersQuery>;

/** A member row of the list; `banknum` is null for roles without `bankDetails`. */
export const ZBackofficeMemberRow = ZBackofficeMember.omit({
  id: true,
  in_balance: true,
  mustChangePassword: true,
  recommender: true,
}).extend({ regDomain: z.string().nullable() });

export type TBackofficeMemberRow = z.infer<typeof ZBackofficeMemberRow>;

export const ZBackofficeMembersResponse = pagedList(ZBackofficeMemberRow);

export type TBackofficeMembersResponse = z.infer<typeof ZBackofficeMembersResponse>;

/**
 * The answer of a member state action (approve, block, unblock): `already` when the member is not
 * in a state the action applies to (approve: pending; block: active or pending; unblock: blocked),
 * and nothing changes.
 */
export const ZBackofficeMemberActionResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('not_found'),
  statusOnly('already'),
]);

export type TBackofficeMemberActionResponse = z.infer<typeof ZBackofficeMemberActionResponse>;

/** `PATCH /api/backoffice/members/:userId/level`. */
export const ZBackofficeMemberLevelRequest = z.strictObject({ level: ZMemberLevel });

export type TBackofficeMemberLevelRequest = z.infer<typeof ZBackofficeMemberLevelRequest>;

/** `POST /api/backoffice/members/:userId/reset-exchange-password`: the new 6 digits, shown once. */
export const ZBackofficeResetExchangePasswordResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), exchangePassword: z.string().regex(/^\d{6}$/) }),
  statusOnly('not_found'),
]);

export type TBackofficeResetExchangePasswordResponse = z.infer<
  typeof ZBackofficeResetExchangePasswordResponse
>;

// The member detail's tabs and the password reset of the back office (issue 13, docs/api/backoffice-members.md).
// Each list answers `not_found` for an unknown member.

/** `?page&pageSize` of a member's lists (newest first). */
export const ZMemberPageQuery = z.strictObject({
  ...ZPageQuery,
});
export type TMemberPageQuery = z.infer<typeof ZMemberPageQuery>;

const notFound = statusOnly('not_found');

/** A paged list answer, or `not_found`. */
function pagedListOrNotFound<T extends z.ZodType>(item: T) {
  return z.discriminatedUnion('status', [pagedList(item), notFound]);
}

// --- ledger: keyset pages (the ledger is append-only and large) ---

export const MEMBER_LEDGER_MAX = 100;
/** `?beforeId&limit`: the entries of transfers older than `beforeId` (the previous page's `nextBeforeId`). */
export const ZMemberLedgerQuery = z.strictObject({
  beforeId: z.coerce.number().pipe(ZId).optional(),
  limit: z.coerce.number().pipe(z.int().min(1).max(MEMBER_LEDGER_MAX)).default(DEFAULT_PAGE_SIZE),
});
export type TMemberLedgerQuery = z.infer<typeof ZMemberLedgerQuery>;

/** One ledger leg of the member: `amount` signed from the member's side, `reason` an adjustment's. */
export const ZMemberLedgerEntry = z.object({
  id: ZId,
  kind: z.string(),
  code: z.string(),
  amount: ZMoney,
  balanceAfter: ZMoney.nullable(),
  reason: z.string().nullable(),
  regDate: ZIsoDate,
});
export type TMemberLedgerEntry = z.infer<typeof ZMemberLedgerEntry>;

export const ZMemberLedgerResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    list: z.array(ZMemberLedgerEntry),
    /** Pass as `beforeId` for the next (older) page; null when there is none. */
    nextBeforeId: ZId.nullable(),
  }),
  notFound,
]);
export type TMemberLedgerResponse = z.infer<typeof ZMemberLedgerResponse>;

// --- deposit and withdrawal requests ---

export const MEMBER_REQUEST_KINDS = ['deposit', 'withdraw'] as const;
export const ZMemberRequestsQuery = ZMemberPageQuery.extend({ kind: z.enum(MEMBER_REQUEST_KINDS) });
export type TMemberRequestsQuery = z.infer<typeof ZMemberRequestsQuery>;

export const ZMemberRequest = z.object({
  id: ZId,
  amount: ZMoney,
  state: ZRequestState,
  reason: z.string().nullable(),
  regDate: ZIsoDate,
  lastDate: ZIsoDate,
});
export type TMemberRequest = z.infer<typeof ZMemberRequest>;
export const ZMemberRequestsResponse = pagedListOrNotFound(ZMemberRequest);
export type TMemberRequestsResponse = z.infer<typeof ZMemberRequestsResponse>;

// --- game rounds ---

/** `lang` picks the game names' language (default `ko`). */
export const ZMemberRoundsQuery = ZMemberPageQuery.extend({ lang: z.enum(['ko', 'en']).default('ko') });
export type TMemberRoundsQuery = z.infer<typeof ZMemberRoundsQuery>;

export const ZMemberRound = z.object({
  id: ZId,
  provider: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  roundId: z.string(),
  bet: ZMoney,
  win: ZMoney,
  regDate: ZIsoDate,
});
export type TMemberRound = z.infer<typeof ZMemberRound>;
export const ZMemberRoundsResponse = pagedListOrNotFound(ZMemberRound);
export type TMemberRoundsResponse = z.infer<typeof ZMemberRoundsResponse>;

// --- notes the member received (operators' and the system's), as the member has them ---

export const ZMemberNote = z.object({
  id: ZId,
  title: z.string(),
  contents: z.string(),
  isRead: z.boolean(),
  regDate: ZIsoDate,
});
export type TMemberNote = z.infer<typeof ZMemberNote>;
export const ZMemberNotesResponse = pagedListOrNotFound(ZMemberNote);
export type TMemberNotesResponse = z.infer<typeof ZMemberNotesResponse>;

// --- help posts ---

export const ZMemberHelpsResponse = pagedListOrNotFound(ZBackofficeHelp);
export type TMemberHelpsResponse = z.infer<typeof ZMemberHelpsResponse>;

// --- sign-in history ---

/** `success`, or why an attempt on the member's id failed: `password` wrong, `blocked` not active. */
export const MEMBER_SIGN_IN_OUTCOMES = ['success', 'password', 'blocked'] as const;
export const ZMemberSignIn = z.object({
  id: ZId,
  at: ZIsoDate,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  outcome: z.enum(MEMBER_SIGN_IN_OUTCOMES),
});
export type TMemberSignIn = z.infer<typeof ZMemberSignIn>;
export const ZMemberSignInsResponse = pagedListOrNotFound(ZMemberSignIn);
export type TMemberSignInsResponse = z.infer<typeof ZMemberSignInsResponse>;

// --- password reset with a forced change ---

/** A temporary password: 10 of `a-z` (no l, o, i) and `2-9`, shown once. */
export const ZMemberResetPasswordResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), password: z.string().regex(/^[a-z2-9]{10}$/) }),
  notFound,
]);
export type TMemberResetPasswordResponse = z.infer<typeof ZMemberResetPasswordResponse>;

/** The member list, a member's detail, its lists and the member actions (docs/api/backoffice-members.md); part of BACKOFFICE_ROUTES. */
export const BACKOFFICE_MEMBER_ROUTES = {
  'members.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/members',
    permission: 'memberList',
    query: ZBackofficeMembersQuery,
    response: ZBackofficeMembersResponse,
  }),
  'members.detail': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/members/:userId',
    permission: 'memberList',
    params: ZBackofficeUserIdParams,
    response: ZBackofficeMemberDetailResponse,
  }),
  'members.approve': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/members/:userId/approve',
    permission: 'memberManage',
    params: ZBackofficeUserIdParams,
    response: ZBackofficeMemberActionResponse,
  }),
  'members.block': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/members/:userId/block',
    permission: 'memberManage',
    params: ZBackofficeUserIdParams,
    response: ZBackofficeMemberActionResponse,
  }),
  'members.unblock': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/members/:userId/unblock',
    permission: 'memberManage',
    params: ZBackofficeUserIdParams,
    response: ZBackofficeMemberActionResponse,
  }),
  'members.level': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/members/:userId/level',
    permission: 'memberManage',
    params: ZBackofficeUserIdParams,
    body: ZBackofficeMemberLevelRequest,
    response: ZBackofficeMemberActionResponse,
  }),
  'members.signout': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/members/:userId/signout',
    permission: 'memberManage',
    params: ZBackofficeUserIdParams,
    response: ZBackofficeMemberActionResponse,
  }),
  'members.resetExchangePassword': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/members/:userId/reset-exchange-password',
    permission: 'memberManage',
    params: ZBackofficeUserIdParams,
    response: ZBackofficeResetExchangePasswordResponse,
  }),
  'members.resetPassword': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/members/:userId/reset-password',
    permission: 'memberManage',
    params: ZBackofficeUserIdParams,
    response: ZMemberResetPasswordResponse,
  }),
  'members.adjust': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/members/:userId/adjust',
    permission: 'adjust',
    params: ZBackofficeUserIdParams,
    body: ZBackofficeAdjustRequest,
    response: ZBackofficeAdjustResponse,
  }),
  'members.ledger': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/members/:userId/ledger',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    query: ZMemberLedgerQuery,
    response: ZMemberLedgerResponse,
  }),
  'members.requests': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/members/:userId/requests',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    query: ZMemberRequestsQuery,
    response: ZMemberRequestsResponse,
  }),
  'members.rounds': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/members/:userId/rounds',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    query: ZMemberRoundsQuery,
    response: ZMemberRoundsResponse,
  }),
  'members.notes': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/members/:userId/notes',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    query: ZMemberPageQuery,
    response: ZMemberNotesResponse,
  }),
  'members.helps': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/members/:userId/helps',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    query: ZMemberPageQuery,
    response: ZMemberHelpsResponse,
  }),
  'members.signIns': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/members/:userId/sign-ins',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    query: ZMemberPageQuery,
    response: ZMemberSignInsResponse,
  }),
};
