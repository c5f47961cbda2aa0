import { z } from 'zod';
import { withCode } from './errors.ts';
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  HH_MM_PATTERN,
  ZCount,
  ZEmptyRequest,
  ZId,
  ZIsoDate,
  ZMoney,
  ZPopupPos,
  ZTitleColor,
  ZUserId,
} from './fields.ts';
import { statusOnly, ZRequestState, ZSuccess, ZSuccessOrNotFound } from './status.ts';

// The back office's calls of API.md section 4 (`/api/backoffice/*`); its sign-in is in auth.ts.

export const OPERATOR_ROLES = ['owner', 'cashier', 'support', 'content'] as const;
export const ZOperatorRole = z.enum(OPERATOR_ROLES);
export type TOperatorRole = z.infer<typeof ZOperatorRole>;

/** What a role may touch besides what `owner` may (everything). */
export const OPERATOR_AREAS = ['money', 'support', 'content'] as const;
export type TOperatorArea = (typeof OPERATOR_AREAS)[number];

const AREAS_OF_ROLE: Record<TOperatorRole, readonly TOperatorArea[]> = {
  owner: OPERATOR_AREAS,
  cashier: ['money'],
  support: ['support'],
  content: ['content'],
};

/** money: deposit/withdrawal queues, adjustments; support: help posts, notes; content: notices, popups, banners. */
export function roleAllows(role: TOperatorRole, area: TOperatorArea): boolean {
  return AREAS_OF_ROLE[role].includes(area);
}

export function canSeeBankNumbers(role: TOperatorRole): boolean {
  return role === 'owner' || role === 'cashier';
}

export const MEMBER_STATES = ['active', 'pending', 'blocked', 'self_excluded'] as const;
export const ZMemberState = z.enum(MEMBER_STATES);
export type TMemberState = z.infer<typeof ZMemberState>;

// Path and query values arrive as strings.
export const ZBackofficeIdParams = z.strictObject({ id: z.coerce.number().pipe(ZId) });
export type TBackofficeIdParams = z.infer<typeof ZBackofficeIdParams>;

export const ZBackofficeUserIdParams = z.strictObject({ userId: ZUserId });
export type TBackofficeUserIdParams = z.infer<typeof ZBackofficeUserIdParams>;

export const ZBackofficeQueueQuery = z.strictObject({
  state: ZRequestState.optional(),
  page: z.coerce.number().pipe(z.int().min(1)).default(DEFAULT_PAGE),
  pageSize: z.coerce.number().pipe(z.int().min(1).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
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

export const ZBackofficeQueueResponse = z.object({
  status: z.literal('success'),
  list: z.array(ZBackofficeQueueItem),
  maxCount: ZCount,
});
export type TBackofficeQueueResponse = z.infer<typeof ZBackofficeQueueResponse>;

export const ZBackofficeDepositsResponse = ZBackofficeQueueResponse;
export type TBackofficeDepositsResponse = z.infer<typeof ZBackofficeDepositsResponse>;
export const ZBackofficeWithdrawsResponse = ZBackofficeQueueResponse;
export type TBackofficeWithdrawsResponse = z.infer<typeof ZBackofficeWithdrawsResponse>;

export const REASON_MAX = 200;
export const ZReason = z.string().trim().max(REASON_MAX);

export const ZBackofficeApproveRequest = ZEmptyRequest;
export type TBackofficeApproveRequest = z.infer<typeof ZBackofficeApproveRequest>;
export const ZBackofficeRejectRequest = z.strictObject({ reason: ZReason.optional() });
export type TBackofficeRejectRequest = z.infer<typeof ZBackofficeRejectRequest>;

/** The answer of approve and reject, for deposits and withdrawals alike. */
export const ZBackofficeDecisionResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('already'),
  statusOnly('not_found'),
]);
export type TBackofficeDecisionResponse = z.infer<typeof ZBackofficeDecisionResponse>;

export const OPERATOR_TITLE_MAX = 100;
export const OPERATOR_HTML_MAX = 20_000;
export const DOMAIN_FIELD_MAX = 500;
const ZOperatorTitle = z.string().trim().min(1).max(OPERATOR_TITLE_MAX);
/**
 * Operator HTML. Not sanitized by this schema: the routes that store it (later work) must pass it
 * through createHtmlSanitizer (sanitize-html.ts), and the portal must again before rendering it.
 */
const ZOperatorHtml = z.string().min(1).max(OPERATOR_HTML_MAX);
const ZDomainField = z.string().trim().max(DOMAIN_FIELD_MAX);

/** `userId` null sends the note to every member that exists now. */
export const ZBackofficeNoteRequest = z.strictObject({
  userId: ZUserId.nullable(),
  title: ZOperatorTitle,
  contents: ZOperatorHtml,
});
export type TBackofficeNoteRequest = z.infer<typeof ZBackofficeNoteRequest>;
// `not_found` answers a note to a user id that does not exist.
export const ZBackofficeNoteResponse = ZSuccessOrNotFound;
export type TBackofficeNoteResponse = z.infer<typeof ZBackofficeNoteResponse>;

export const ZBackofficeHelpAnswerRequest = z.strictObject({ answer: ZOperatorHtml });
export type TBackofficeHelpAnswerRequest = z.infer<typeof ZBackofficeHelpAnswerRequest>;
export const ZBackofficeHelpAnswerResponse = ZSuccessOrNotFound;
export type TBackofficeHelpAnswerResponse = z.infer<typeof ZBackofficeHelpAnswerResponse>;

const ZCreatedResponse = z.object({ status: z.literal('success'), id: ZId });

export const ZBackofficeNoticeRequest = z.strictObject({
  title: ZOperatorTitle,
  contents: ZOperatorHtml,
  domain: ZDomainField,
});
export type TBackofficeNoticeRequest = z.infer<typeof ZBackofficeNoticeRequest>;
export const ZBackofficeNoticeResponse = ZCreatedResponse;
export type TBackofficeNoticeResponse = z.infer<typeof ZBackofficeNoticeResponse>;

export const ZBackofficePopupRequest = z.strictObject({
  title: ZOperatorTitle,
  titleColor: ZTitleColor,
  contents: ZOperatorHtml,
  domain: ZDomainField,
  posX: ZPopupPos,
  posY: ZPopupPos,
});
export type TBackofficePopupRequest = z.infer<typeof ZBackofficePopupRequest>;
export const ZBackofficePopupResponse = ZCreatedResponse;
export type TBackofficePopupResponse = z.infer<typeof ZBackofficePopupResponse>;

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

// --- the back office's own routes beyond API.md section 4: session, settings, operators, audit ---

/** `POST /api/backoffice/logout`: always `success` (a missing or stale cookie is already signed out). */
export const ZBackofficeLogoutResponse = ZSuccess;
export type TBackofficeLogoutResponse = z.infer<typeof ZBackofficeLogoutResponse>;

/** `GET /api/backoffice/me`: the signed-in operator and the permissions of its role. */
export const ZBackofficeMeResponse = z.object({
  status: z.literal('success'),
  operator: z.object({
    operatorId: z.string(),
    role: ZOperatorRole,
    permissions: z.array(z.string()),
  }),
});
export type TBackofficeMeResponse = z.infer<typeof ZBackofficeMeResponse>;

const ZPositiveInt = z.int().positive();
const ZLockWindow = z.strictObject({
  from: z.string().regex(HH_MM_PATTERN),
  to: z.string().regex(HH_MM_PATTERN),
});

/** A partial change of the cashier settings; a lock window is `{from, to}` or null (always open). */
export const ZCashierSettingsPatch = z.strictObject({
  minDeposit: ZPositiveInt.optional(),
  minWithdraw: ZPositiveInt.optional(),
  unit: ZPositiveInt.optional(),
  maxAmount: ZPositiveInt.optional(),
  minConversion: ZPositiveInt.optional(),
  depositLock: ZLockWindow.refine((w) => w.from !== w.to, { message: 'a window needs a length' })
    .nullable()
    .optional(),
  withdrawLock: ZLockWindow.refine((w) => w.from !== w.to, { message: 'a window needs a length' })
    .nullable()
    .optional(),
});
export type TCashierSettingsPatch = z.infer<typeof ZCashierSettingsPatch>;

/** The cashier settings in force: amounts in won (points for `minConversion`), lock windows in Asia/Seoul. */
export const ZCashierSettings = z.object({
  minDeposit: ZPositiveInt,
  minWithdraw: ZPositiveInt,
  unit: ZPositiveInt,
  maxAmount: ZPositiveInt,
  minConversion: ZPositiveInt,
  depositLock: ZLockWindow.nullable(),
  withdrawLock: ZLockWindow.nullable(),
});
export type TCashierSettings = z.infer<typeof ZCashierSettings>;

/** `GET` and `PUT /api/backoffice/settings/cashier`: the settings in force (after the change). */
export const ZCashierSettingsResponse = z.object({
  status: z.literal('success'),
  settings: ZCashierSettings,
});
export type TCashierSettingsResponse = z.infer<typeof ZCashierSettingsResponse>;

/** `GET /api/backoffice/operators` (owner). */
export const ZBackofficeOperatorsResponse = z.object({
  status: z.literal('success'),
  list: z.array(
    z.object({
      operatorId: z.string(),
      role: ZOperatorRole,
      isActive: z.boolean(),
      hasTotp: z.boolean(),
      regDate: ZIsoDate,
      lastLoginDate: ZIsoDate.nullable(),
    }),
  ),
});
export type TBackofficeOperatorsResponse = z.infer<typeof ZBackofficeOperatorsResponse>;

/** `POST /api/backoffice/operators` (owner). */
export const ZCreateOperatorRequest = z.strictObject({
  operatorId: z.string().regex(/^[A-Za-z][A-Za-z0-9._-]{2,31}$/),
  password: z.string().min(12).max(128),
  role: ZOperatorRole,
  withTotp: z.boolean().optional(),
});
export type TCreateOperatorRequest = z.infer<typeof ZCreateOperatorRequest>;

/** The TOTP secret is in the answer once, for the new operator's authenticator app. */
export const ZCreateOperatorResponse = z.union([
  z.object({ status: z.literal('success'), totpSecret: z.string(), otpauthUrl: z.string() }),
  ZSuccess,
  statusOnly('already'),
]);
export type TCreateOperatorResponse = z.infer<typeof ZCreateOperatorResponse>;

/** `GET /api/backoffice/audit` (owner). */
export const ZAuditQuery = z.strictObject({
  target: z.string().max(100).optional(),
  page: z.coerce.number().pipe(z.int().min(1)).default(1),
  pageSize: z.coerce.number().pipe(z.int().min(1).max(MAX_PAGE_SIZE)).default(20),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditResponse = z.object({
  status: z.literal('success'),
  maxCount: ZCount,
  list: z.array(
    z.object({
      id: ZId,
      operatorId: z.string(),
      action: z.string(),
      target: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      ip: z.string().nullable(),
      regDate: ZIsoDate,
    }),
  ),
});
export type TAuditResponse = z.infer<typeof ZAuditResponse>;
