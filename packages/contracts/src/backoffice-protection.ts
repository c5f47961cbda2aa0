import { z } from 'zod';
import { ZBackofficeUserIdParams } from './backoffice.ts';
import { backofficeRoute } from './backoffice-route.ts';
import { pagedList, ZCount, ZId, ZIsoDate, ZPageQuery } from './fields.ts';
import {
  ZBreakKind,
  ZBreakPeriod,
  ZLimitTriple,
  ZPendingLimit,
  ZPlayLimitKind,
  ZPlayLimitPeriod,
  ZRealityCheckMinutes,
} from './protection.ts';
import { statusOnly } from './status.ts';

// Player protection in the back office (issue 14, docs/api/backoffice-protection.md): a member's
// limits, their history, breaks and reality-check setting, and the report of members under a break.
// Both are read only: nobody, operators included, may end or shorten a break.

/**
 * Where one row of a member's limit history stands now: `in_force` the limit that applies,
 * `pending` an increase or removal waiting for its 24 hours, `replaced` an earlier limit a later one
 * took over from, `cancelled` a pending change a later decrease cancelled before it applied.
 */
export const LIMIT_CHANGE_STATES = ['in_force', 'pending', 'replaced', 'cancelled'] as const;
export const ZLimitChangeState = z.enum(LIMIT_CHANGE_STATES);
export type TLimitChangeState = z.infer<typeof ZLimitChangeState>;

/** One change of a limit as the member asked it (`amount` null: no limit). */
export const ZLimitChange = z.object({
  id: ZId,
  kind: ZPlayLimitKind,
  period: ZPlayLimitPeriod,
  amount: z.int().min(1).nullable(),
  requestedAt: ZIsoDate,
  effectiveAt: ZIsoDate,
  cancelledAt: ZIsoDate.nullable(),
  state: ZLimitChangeState,
});
export type TLimitChange = z.infer<typeof ZLimitChange>;

/** A time-out or self-exclusion; `until` null when permanent, `active` while it is in force. */
export const ZMemberBreak = z.object({
  id: ZId,
  kind: ZBreakKind,
  period: ZBreakPeriod,
  startedAt: ZIsoDate,
  until: ZIsoDate.nullable(),
  active: z.boolean(),
});
export type TMemberBreak = z.infer<typeof ZMemberBreak>;

/** How many of a member's latest limit changes the answer carries (`historyCount` tells them all). */
export const PROTECTION_HISTORY_MAX = 500;

/** `GET /api/backoffice/members/:userId/protection` (permission `memberRead`). */
export const ZBackofficeProtectionResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    /** The limits that apply now (null: none). */
    limits: z.object({ deposit: ZLimitTriple, loss: ZLimitTriple }),
    /** Increases and removals waiting for their 24 hours, soonest first. */
    pending: z.array(ZPendingLimit),
    /** Every change of a limit, newest first (at most `PROTECTION_HISTORY_MAX`). */
    history: z.array(ZLimitChange),
    historyCount: ZCount,
    /** Every break the member took, newest first. */
    breaks: z.array(ZMemberBreak),
    /** The break in force now, or null. */
    activeBreak: ZMemberBreak.nullable(),
    realityCheckMinutes: ZRealityCheckMinutes,
  }),
  statusOnly('not_found'),
]);
export type TBackofficeProtectionResponse = z.infer<typeof ZBackofficeProtectionResponse>;

/** `GET /api/backoffice/protection/breaks?kind&page&pageSize` (permission `protectionReport`). */
export const ZBackofficeBreaksQuery = z.strictObject({
  kind: ZBreakKind.optional(),
  ...ZPageQuery,
});
export type TBackofficeBreaksQuery = z.infer<typeof ZBackofficeBreaksQuery>;

/** A member under a break now. */
export const ZBreakReportRow = z.object({
  id: ZId,
  userId: z.string(),
  nick: z.string(),
  kind: ZBreakKind,
  period: ZBreakPeriod,
  startedAt: ZIsoDate,
  until: ZIsoDate.nullable(),
});
export type TBreakReportRow = z.infer<typeof ZBreakReportRow>;

/** The breaks in force now, newest first; `maxCount` all of them (with the kind filter). */
export const ZBackofficeBreaksResponse = pagedList(ZBreakReportRow);
export type TBackofficeBreaksResponse = z.infer<typeof ZBackofficeBreaksResponse>;

/** Player protection, read only (docs/api/backoffice-protection.md); part of BACKOFFICE_ROUTES. */
export const BACKOFFICE_PROTECTION_ROUTES = {
  'members.protection': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/members/:userId/protection',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    response: ZBackofficeProtectionResponse,
  }),
  'protection.breaks': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/protection/breaks',
    permission: 'protectionReport',
    query: ZBackofficeBreaksQuery,
    response: ZBackofficeBreaksResponse,
  }),
};
