import { z } from 'zod';
import { ZHelpKind } from './community.ts';
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
import { statusOnly, ZHelpState, ZRequestState, ZSuccess, ZSuccessOrNotFound } from './status.ts';
import {
  LEGAL_BODY_MAX,
  LEGAL_TITLE_MAX,
  ZLegalKind,
  ZMaintenanceMessage,
  ZMaintenanceSettings,
  ZSiteLocale,
} from './site.ts';

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

export const OPERATOR_TITLE_MAX = 100;
export const OPERATOR_HTML_MAX = 20_000;
export const DOMAIN_FIELD_MAX = 500;
const ZOperatorTitle = z.string().trim().min(1).max(OPERATOR_TITLE_MAX);
/**
 * Operator HTML. Not sanitized by this schema: the server passes it through createHtmlSanitizer
 * (sanitize-html.ts) before storing it (a text that comes out empty is a 400 `required`), and the
 * portal again before rendering it.
 */
const ZOperatorHtml = z.string().min(1).max(OPERATOR_HTML_MAX);
const ZDomainField = z.string().trim().max(DOMAIN_FIELD_MAX);
const ZSortOrder = z.int().min(-1_000_000).max(1_000_000);

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

/** `isActive` (default true): an inactive notice is kept for the operators and hidden from members. */
export const ZBackofficeNoticeRequest = z.strictObject({
  title: ZOperatorTitle,
  contents: ZOperatorHtml,
  domain: ZDomainField,
  isActive: z.boolean().optional(),
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
  /** Default true; an inactive popup is not shown. */
  isActive: z.boolean().optional(),
  /** Popups are shown lower `sortOrder` first (default 0), equal ones newest first. */
  sortOrder: ZSortOrder.optional(),
});
export type TBackofficePopupRequest = z.infer<typeof ZBackofficePopupRequest>;
export const ZBackofficePopupResponse = ZCreatedResponse;
export type TBackofficePopupResponse = z.infer<typeof ZBackofficePopupResponse>;

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
    /** Set by an owner (new operator, password reset): only My account works until it is changed. */
    mustChangePassword: z.boolean().optional(),
  }),
});
export type TBackofficeMeResponse = z.infer<typeof ZBackofficeMeResponse>;

const ZPositiveInt = z.int().positive();
const ZLockWindow = z.strictObject({
  from: z.string().regex(HH_MM_PATTERN),
  to: z.string().regex(HH_MM_PATTERN),
});

/**
 * Withdrawals of this amount (won) or more need the approvals of two different operators; 0 = off.
 * Details: docs/api/backoffice-cashier.md.
 */
export const ZSecondApprovalAbove = z.int().min(0).max(1_000_000_000_000);

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
  withdrawSecondApprovalAbove: ZSecondApprovalAbove.optional(),
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
  withdrawSecondApprovalAbove: ZSecondApprovalAbove,
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

/** `GET /api/backoffice/audit` (owner): its filters live with the audit viewer's contracts. */
export { ZAuditQuery, ZAuditResponse, type TAuditQuery, type TAuditResponse } from './backoffice-reports.ts';

/** Comp points per bet that stands, by provider kind, in basis points (100 = 1%, at most 10,000). */
const ZCompRate = z.int().min(0).max(10_000);
export const ZCompRatesPatch = z.strictObject({
  casino: ZCompRate.optional(),
  slot: ZCompRate.optional(),
  sport: ZCompRate.optional(),
});
export const ZCompRatesResponse = z.object({
  status: z.literal('success'),
  rates: z.object({ casino: ZCompRate, slot: ZCompRate, sport: ZCompRate }),
});

// --- community (API.md section 4): help posts and notes (role `support`), notices and popups
// (role `content`); `owner` may do all of it ---

const ZPageQuery = {
  page: z.coerce.number().pipe(z.int().min(1)).default(DEFAULT_PAGE),
  pageSize: z.coerce.number().pipe(z.int().min(1).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
};

/** A patch must change something: `{}` is a 400 on the whole body. */
const isNonEmptyPatch = (patch: object) => Object.values(patch).some((v) => v !== undefined);

/** `GET /api/backoffice/helps?state=wait&kind=guest&userId=…`: newest first, without deleted posts. */
export const ZBackofficeHelpsQuery = z.strictObject({
  state: ZHelpState.optional(),
  kind: ZHelpKind.optional(),
  userId: ZUserId.optional(),
  /** Words in the title, the text, or a guest's id or phone (docs/api/backoffice-content.md). */
  q: z.string().trim().min(1).max(100).optional(),
  ...ZPageQuery,
});
export type TBackofficeHelpsQuery = z.infer<typeof ZBackofficeHelpsQuery>;

/**
 * A help post as operators see it: a member's (`userId`), or a guest's from the login page
 * (`guestPhone`, and the unverified `guestUserId` the guest typed). `contents` is the writer's
 * plain text, `answer` sanitized operator HTML.
 */
export const ZBackofficeHelp = z.object({
  id: ZId,
  kind: ZHelpKind,
  userId: z.string().nullable(),
  guestUserId: z.string().nullable(),
  guestPhone: z.string().nullable(),
  title: z.string(),
  contents: z.string(),
  answer: z.string().nullable(),
  answerDate: ZIsoDate.nullable(),
  answeredBy: z.string().nullable(),
  state: ZHelpState,
  isRead: z.boolean(),
  regDate: ZIsoDate,
  lastDate: ZIsoDate,
});
export type TBackofficeHelp = z.infer<typeof ZBackofficeHelp>;

export const ZBackofficeHelpsResponse = z.object({
  status: z.literal('success'),
  list: z.array(ZBackofficeHelp),
  maxCount: ZCount,
});
export type TBackofficeHelpsResponse = z.infer<typeof ZBackofficeHelpsResponse>;

/** `GET /api/backoffice/notes`: the notes operators sent, newest first. */
export const ZBackofficeNotesQuery = z.strictObject({ ...ZPageQuery });
export type TBackofficeNotesQuery = z.infer<typeof ZBackofficeNotesQuery>;

/** One sending: `userId` null for a note to all; `recipients` copies written, `readCount` read so far. */
export const ZBackofficeNoteSend = z.object({
  id: ZId,
  userId: z.string().nullable(),
  title: z.string(),
  contents: z.string(),
  recipients: ZCount,
  readCount: ZCount,
  operatorId: z.string(),
  regDate: ZIsoDate,
});
export type TBackofficeNoteSend = z.infer<typeof ZBackofficeNoteSend>;

export const ZBackofficeNotesResponse = z.object({
  status: z.literal('success'),
  list: z.array(ZBackofficeNoteSend),
  maxCount: ZCount,
});
export type TBackofficeNotesResponse = z.infer<typeof ZBackofficeNotesResponse>;

/** `GET /api/backoffice/notices` and `/popups`: every one not deleted, active or not. */
export const ZBackofficeContentQuery = z.strictObject({ ...ZPageQuery });
export type TBackofficeContentQuery = z.infer<typeof ZBackofficeContentQuery>;

export const ZBackofficeNotice = z.object({
  id: ZId,
  title: z.string(),
  contents: z.string(),
  domain: z.string(),
  isActive: z.boolean(),
  operatorId: z.string().nullable(),
  regDate: ZIsoDate,
  lastDate: ZIsoDate,
});
export type TBackofficeNotice = z.infer<typeof ZBackofficeNotice>;

export const ZBackofficeNoticesResponse = z.object({
  status: z.literal('success'),
  list: z.array(ZBackofficeNotice),
  maxCount: ZCount,
});
export type TBackofficeNoticesResponse = z.infer<typeof ZBackofficeNoticesResponse>;

/** `PATCH /api/backoffice/notices/:id`: the fields to change (at least one). */
export const ZBackofficeNoticePatch = z
  .strictObject({
    title: ZOperatorTitle.optional(),
    contents: ZOperatorHtml.optional(),
    domain: ZDomainField.optional(),
    isActive: z.boolean().optional(),
  })
  .refine(isNonEmptyPatch, withCode('required'));
export type TBackofficeNoticePatch = z.infer<typeof ZBackofficeNoticePatch>;

export const ZBackofficePopup = z.object({
  id: ZId,
  title: z.string(),
  titleColor: z.string(),
  contents: z.string(),
  domain: z.string(),
  posX: z.int(),
  posY: z.int(),
  isActive: z.boolean(),
  sortOrder: z.int(),
  operatorId: z.string().nullable(),
  regDate: ZIsoDate,
  lastDate: ZIsoDate,
});
export type TBackofficePopup = z.infer<typeof ZBackofficePopup>;

export const ZBackofficePopupsResponse = z.object({
  status: z.literal('success'),
  list: z.array(ZBackofficePopup),
  maxCount: ZCount,
});
export type TBackofficePopupsResponse = z.infer<typeof ZBackofficePopupsResponse>;

/** `PATCH /api/backoffice/popups/:id`: the fields to change (at least one). */
export const ZBackofficePopupPatch = z
  .strictObject({
    title: ZOperatorTitle.optional(),
    titleColor: ZTitleColor.optional(),
    contents: ZOperatorHtml.optional(),
    domain: ZDomainField.optional(),
    posX: ZPopupPos.optional(),
    posY: ZPopupPos.optional(),
    isActive: z.boolean().optional(),
    sortOrder: ZSortOrder.optional(),
  })
  .refine(isNonEmptyPatch, withCode('required'));
export type TBackofficePopupPatch = z.infer<typeof ZBackofficePopupPatch>;

/** The answer of a notice's or popup's change and deletion. */
export const ZBackofficeContentChangeResponse = ZSuccessOrNotFound;
export type TBackofficeContentChangeResponse = z.infer<typeof ZBackofficeContentChangeResponse>;

// --- the site: maintenance switch (owner) and legal documents (owner, content) ---

/**
 * `PUT /api/backoffice/settings/maintenance`: the fields to change (at least one). `until` is the
 * expected end (a future instant) or null; it is shown to members and ends nothing by itself.
 */
export const ZMaintenancePatch = z
  .strictObject({
    enabled: z.boolean().optional(),
    message: ZMaintenanceMessage.optional(),
    until: ZIsoDate.nullable().optional(),
  })
  .refine(isNonEmptyPatch, withCode('required'));
export type TMaintenancePatch = z.infer<typeof ZMaintenancePatch>;

/** `GET` and `PUT /api/backoffice/settings/maintenance`: the switch in force (after the change). */
export const ZMaintenanceResponse = z.object({
  status: z.literal('success'),
  maintenance: ZMaintenanceSettings,
});
export type TMaintenanceResponse = z.infer<typeof ZMaintenanceResponse>;

/** `GET /api/backoffice/legal`: every published text, newest version first. */
export const ZLegalListQuery = z.strictObject({
  kind: ZLegalKind.optional(),
  page: z.coerce.number().pipe(z.int().min(1)).default(DEFAULT_PAGE),
  pageSize: z.coerce.number().pipe(z.int().min(1).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
});
export type TLegalListQuery = z.infer<typeof ZLegalListQuery>;

export const ZLegalListResponse = z.object({
  status: z.literal('success'),
  /** The version in force of each kind (null before the first). */
  current: z.object({ terms: z.int().positive().nullable(), privacy: z.int().positive().nullable() }),
  list: z.array(
    z.object({
      kind: ZLegalKind,
      version: z.int().positive(),
      locale: ZSiteLocale,
      title: z.string(),
      body: z.string(),
      publishedAt: ZIsoDate,
      createdBy: z.string().nullable(),
    }),
  ),
  maxCount: ZCount,
});
export type TLegalListResponse = z.infer<typeof ZLegalListResponse>;

const ZLegalText = z.strictObject({
  locale: ZSiteLocale,
  title: z.string().trim().min(1).max(LEGAL_TITLE_MAX),
  body: z.string().trim().min(1).max(LEGAL_BODY_MAX),
});

/**
 * `POST /api/backoffice/legal`: publishes the next version of a document, in force at once. The
 * Korean text is required (the default locale, and the fallback of the others); each locale once.
 */
export const ZPublishLegalRequest = z.strictObject({
  kind: ZLegalKind,
  texts: z
    .array(ZLegalText)
    .min(1)
    .max(5)
    .refine((texts) => texts.some((t) => t.locale === 'ko'), withCode('required'))
    .refine((texts) => new Set(texts.map((t) => t.locale)).size === texts.length, withCode('pattern')),
});
export type TPublishLegalRequest = z.infer<typeof ZPublishLegalRequest>;

export const ZPublishLegalResponse = z.object({
  status: z.literal('success'),
  kind: ZLegalKind,
  version: z.int().positive(),
});
export type TPublishLegalResponse = z.infer<typeof ZPublishLegalResponse>;

// ============================================================================================
// --- members console and dashboard (issue 13, server side): dashboard, member list, member
// --- actions and the operator's own sessions. docs/api/backoffice.md "Members console".
// ============================================================================================

export {
  ZDashboardPeriod,
  ZDashboardResponse,
  type TDashboardPeriod,
  type TDashboardResponse,
} from './backoffice-reports.ts';

/** `GET /api/backoffice/sessions`: the signed-in operator's own live sessions, newest first. */
export const ZBackofficeSessionsResponse = z.object({
  status: z.literal('success'),
  list: z.array(
    z.object({
      id: ZId,
      current: z.boolean(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      regDate: ZIsoDate,
      lastSeenDate: ZIsoDate,
    }),
  ),
});
export type TBackofficeSessionsResponse = z.infer<typeof ZBackofficeSessionsResponse>;

/** `POST /api/backoffice/sessions/revoke-others`: how many other sessions ended. */
export const ZBackofficeRevokeOthersResponse = z.object({ status: z.literal('success'), revoked: ZCount });
export type TBackofficeRevokeOthersResponse = z.infer<typeof ZBackofficeRevokeOthersResponse>;

// --- end of the members console and dashboard section ---
