import { z } from 'zod';
import { withCode } from './errors.ts';
import { pagedList, ZId, ZIsoDate, ZLoginPassword, ZMoney } from './fields.ts';
import { statusOnly, ZSuccess, ZSuccessOrNotFound } from './status.ts';
import { DEFAULT_SITE_TIME_ZONE, siteDay } from './site-time.ts';

/**
 * Player protection (docs/protection.md): deposit and loss limits over rolling
 * windows, reality checks, time-outs and self-exclusion, the member's sessions and account history.
 */

export const PLAY_LIMIT_KINDS = ['deposit', 'loss'] as const;
export const ZPlayLimitKind = z.enum(PLAY_LIMIT_KINDS);
export type TPlayLimitKind = z.infer<typeof ZPlayLimitKind>;

export const PLAY_LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export const ZPlayLimitPeriod = z.enum(PLAY_LIMIT_PERIODS);
export type TPlayLimitPeriod = z.infer<typeof ZPlayLimitPeriod>;

/** The rolling window of each period: the last 24 hours, 7 days or 30 days before the moment of the check. */
export const PLAY_LIMIT_WINDOW_MS: Record<TPlayLimitPeriod, number> = {
  day: 24 * 3_600_000,
  week: 7 * 24 * 3_600_000,
  month: 30 * 24 * 3_600_000,
};

/** A higher or removed limit waits this long before it applies (a lower one applies at once). */
export const PLAY_LIMIT_INCREASE_DELAY_MS = 24 * 3_600_000;

/** The largest limit a member may set (won). */
export const PLAY_LIMIT_MAX = 1_000_000_000_000;

const ZLimitAmount = z.int().min(1).max(PLAY_LIMIT_MAX);
/** Each period's limit: a whole number of won, or null for none. */
export const ZLimitTriple = z.object({
  day: ZLimitAmount.nullable(),
  week: ZLimitAmount.nullable(),
  month: ZLimitAmount.nullable(),
});
export type TLimitTriple = z.infer<typeof ZLimitTriple>;
export const ZUsedTriple = z.object({ day: ZMoney, week: ZMoney, month: ZMoney });

export const REALITY_CHECK_MINUTES = [0, 15, 30, 60] as const;
export const ZRealityCheckMinutes = z.union(REALITY_CHECK_MINUTES.map((m) => z.literal(m)));
export type TRealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];

export const BREAK_KINDS = ['time_out', 'self_exclusion'] as const;
export const ZBreakKind = z.enum(BREAK_KINDS);
export type TBreakKind = z.infer<typeof ZBreakKind>;

export const TIME_OUT_PERIODS = ['24h', '7d', '30d', '6w'] as const;
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y', 'permanent'] as const;
export const BREAK_PERIODS = [...TIME_OUT_PERIODS, ...SELF_EXCLUSION_PERIODS] as const;
export const ZBreakPeriod = z.enum(BREAK_PERIODS);
export type TBreakPeriod = z.infer<typeof ZBreakPeriod>;

/** A break in force: `until` null when permanent. */
export const ZExclusion = z.object({ kind: ZBreakKind, until: ZIsoDate.nullable() });
export type TExclusion = z.infer<typeof ZExclusion>;

export const ZGetPlayLimitsRequest = z.strictObject({});
export const ZPendingLimit = z.object({
  kind: ZPlayLimitKind,
  period: ZPlayLimitPeriod,
  amount: ZLimitAmount.nullable(),
  effectiveAt: ZIsoDate,
});
export type TPendingLimit = z.infer<typeof ZPendingLimit>;
export const ZGetPlayLimitsResponse = z.object({
  status: z.literal('success'),
  limits: z.object({ deposit: ZLimitTriple, loss: ZLimitTriple }),
  pending: z.array(ZPendingLimit),
  used: z.object({ deposit: ZUsedTriple, loss: ZUsedTriple }),
  realityCheckMinutes: ZRealityCheckMinutes,
  exclusion: ZExclusion.nullable(),
  /** Documented addition: the member's approved deposits and withdrawals since registration, and their difference. */
  lifetime: z.object({ deposits: ZMoney, withdrawals: ZMoney, net: ZMoney }),
});
export type TGetPlayLimitsResponse = z.infer<typeof ZGetPlayLimitsResponse>;

export const ZSetPlayLimitRequest = z.strictObject({
  kind: ZPlayLimitKind,
  period: ZPlayLimitPeriod,
  amount: ZLimitAmount.nullable(),
});
export type TSetPlayLimitRequest = z.infer<typeof ZSetPlayLimitRequest>;
/** `success`: applied at once (lower, or equal); `wait`: higher or removed, applies after 24 hours. */
export const ZSetPlayLimitResponse = z.discriminatedUnion('status', [ZSuccess, statusOnly('wait')]);
export type TSetPlayLimitResponse = z.infer<typeof ZSetPlayLimitResponse>;

export const ZSetRealityCheckRequest = z.strictObject({ minutes: ZRealityCheckMinutes });
export type TSetRealityCheckRequest = z.infer<typeof ZSetRealityCheckRequest>;
export const ZSetRealityCheckResponse = ZSuccess;

/** Whether `period` is one `kind` takes: time-outs 24h..6w, self-exclusion 6m..permanent. */
export function breakPeriodFits(kind: TBreakKind, period: TBreakPeriod): boolean {
  return kind === 'time_out'
    ? (TIME_OUT_PERIODS as readonly string[]).includes(period)
    : (SELF_EXCLUSION_PERIODS as readonly string[]).includes(period);
}

export const ZTakeBreakRequest = z
  .strictObject({ kind: ZBreakKind, period: ZBreakPeriod, password: ZLoginPassword })
  .refine((body) => breakPeriodFits(body.kind, body.period), { ...withCode('pattern'), path: ['period'] });
export type TTakeBreakRequest = z.infer<typeof ZTakeBreakRequest>;
/** `until` (documented addition): when the break in force ends now (null: never), for the page the member lands on. */
export const ZTakeBreakResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), until: ZIsoDate.nullable() }),
  statusOnly('pass'),
]);
export type TTakeBreakResponse = z.infer<typeof ZTakeBreakResponse>;

export const ZGetSessionsRequest = z.strictObject({});
export const ZMemberSession = z.object({
  id: ZId,
  current: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: ZIsoDate,
  lastSeenAt: ZIsoDate,
});
export type TMemberSession = z.infer<typeof ZMemberSession>;
export const ZGetSessionsResponse = z.object({
  status: z.literal('success'),
  sessions: z.array(ZMemberSession),
  /** The sign-in before the current session's (date, time and IP), or null on a first sign-in. */
  lastLogin: z.object({ at: ZIsoDate, ip: z.string().nullable() }).nullable(),
});
export type TGetSessionsResponse = z.infer<typeof ZGetSessionsResponse>;

export const ZEndSessionRequest = z.strictObject({ id: ZId });
export const ZEndSessionResponse = ZSuccessOrNotFound;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The site's day (`YYYY-MM-DD` in the site's time zone `zone`) a history bound names, or null when
 * it names none. A bound is either a day, taken as it is when that date exists (`2025-02-30` does
 * not), or an ISO-8601 instant with its offset (`2024-05-01T16:30:00Z`,
 * `2024-05-02T01:30:00.000+09:00`: the form the API answers `at` in), taken as its day in the site's
 * zone (in Asia/Seoul both of those are `2024-05-02`). Whether a bound names a day does not depend
 * on the zone.
 */
export function historyDayOf(text: string, zone: string = DEFAULT_SITE_TIME_ZONE): string | null {
  const day = DAY_PATTERN.exec(text);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const date = new Date(Date.UTC(y, m - 1, d));
    const exists = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
    return exists ? text : null;
  }
  if (text.length > 40 || !ZIsoDate.safeParse(text).success) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : siteDay(at, zone);
}

/** `from` / `to` of the account history: a site's day or an instant (`historyDayOf`); 400 `pattern` otherwise. */
export const ZHistoryBound = z.string().refine((text) => historyDayOf(text) !== null, withCode('pattern'));
export const HISTORY_KINDS = ['cash', 'comp', 'game'] as const;
export const ZHistoryKind = z.enum(HISTORY_KINDS);
export type THistoryKind = z.infer<typeof ZHistoryKind>;
/** How far back the account history reaches, in months (on screen the portal shows 3). */
export const HISTORY_MONTHS_MAX = 12;
export const HISTORY_PAGE_SIZE_MAX = 100;

export const ZGetAccountHistoryRequest = z.strictObject({
  from: ZHistoryBound,
  to: ZHistoryBound,
  kind: ZHistoryKind.optional(),
  page: z.int().min(1).default(1),
  pageSize: z.int().min(1).max(HISTORY_PAGE_SIZE_MAX).default(20),
});
export type TGetAccountHistoryRequest = z.infer<typeof ZGetAccountHistoryRequest>;
export const ZHistoryEntry = z.object({
  at: ZIsoDate,
  kind: ZHistoryKind,
  /** What moved the money (the ledger's transfer code: `deposit`, `withdraw`, `bet`, `win`, `comp_convert` ...). */
  code: z.string(),
  amount: ZMoney,
  balanceAfter: ZMoney,
  /** The request, round or other reference the movement belongs to, when it has one. */
  ref: z.string().nullable(),
});
export type THistoryEntry = z.infer<typeof ZHistoryEntry>;
export const ZGetAccountHistoryResponse = pagedList(ZHistoryEntry, 'entries');
export type TGetAccountHistoryResponse = z.infer<typeof ZGetAccountHistoryResponse>;

/** The most rows `GET /api/account/history.csv` writes (newest first; `X-Truncated: true` when more). */
export const HISTORY_CSV_MAX_ROWS = 20_000;
/** `GET /api/account/history.csv?from&to&kind` (docs/protection.md): the same window rules as get-account-history. */
export const ZAccountHistoryCsvQuery = z.strictObject({
  from: ZHistoryBound,
  to: ZHistoryBound,
  kind: ZHistoryKind.optional(),
});
export type TAccountHistoryCsvQuery = z.infer<typeof ZAccountHistoryCsvQuery>;

/**
 * `get-session-summary` (this platform's addition, docs/protection.md): what the reality check shows, the
 * current session's start and its bets, wins and net result (wins minus bets) so far.
 */
export const ZGetSessionSummaryRequest = z.strictObject({});
export const ZGetSessionSummaryResponse = z.object({
  status: z.literal('success'),
  startedAt: ZIsoDate,
  bets: ZMoney,
  wins: ZMoney,
  net: ZMoney,
  realityCheckMinutes: ZRealityCheckMinutes,
});
export type TGetSessionSummaryResponse = z.infer<typeof ZGetSessionSummaryResponse>;
