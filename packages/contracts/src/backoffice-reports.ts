import { z } from 'zod';
import { backofficeRoute, CSV_ANSWER, EVENT_STREAM_ANSWER } from './backoffice-route.ts';
import { withCode } from './errors.ts';
import { MAX_PAGE_SIZE, pagedList, successList, ZCount, ZId, ZIsoDate, ZMoney } from './fields.ts';
import { addDays, siteDayStart, siteMonthStart } from './site-time.ts';

// The back office's reports and audit log viewer (issue 13): `GET /api/backoffice/reports`, its
// CSV twin, and the filters of `GET /api/backoffice/audit`. docs/api/backoffice-reports.md.

export const REPORT_UNITS = ['day', 'month'] as const;
export const ZReportUnit = z.enum(REPORT_UNITS);
export type TReportUnit = z.infer<typeof ZReportUnit>;

/** The longest range one report covers: a year of days, three years of months. */
export const REPORT_MAX_DAYS = 366;
export const REPORT_MAX_MONTHS = 36;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` as the UTC day number of its date (null when no such day). */
function dayNumber(text: string): number | null {
  const match = DAY_PATTERN.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (y < 2000 || back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    return null;
  return ms / 86_400_000;
}

/** A month `YYYY-MM` as a month number (year * 12 + month index), null when malformed. */
function monthNumber(text: string): number | null {
  const match = MONTH_PATTERN.exec(text);
  if (!match) return null;
  const [y, m] = [Number(match[1]), Number(match[2])];
  if (y < 2000 || m < 1 || m > 12) return null;
  return y * 12 + (m - 1);
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/** Whether `text` names a period of `unit` (a real calendar day, or a month). */
export function isReportPeriod(unit: TReportUnit, text: string): boolean {
  return (unit === 'day' ? dayNumber(text) : monthNumber(text)) !== null;
}

/** How many periods of `unit` lie from `from` to `to`, both included (0 or less when reversed). */
export function periodCount(unit: TReportUnit, from: string, to: string): number {
  const count = unit === 'day' ? dayNumber : monthNumber;
  return count(to)! - count(from)! + 1;
}

/** The instant a period of the site's calendar starts in `zone` (its day's start, or its month's first day's). */
export function periodStart(unit: TReportUnit, period: string, zone: string): Date {
  return unit === 'day' ? siteDayStart(period, zone) : siteMonthStart(period, zone);
}

/** The period after `period`. */
export function nextPeriod(unit: TReportUnit, period: string): string {
  if (unit === 'day') return addDays(period, 1);
  const n = monthNumber(period)! + 1;
  return `${Math.floor(n / 12)}-${two((n % 12) + 1)}`;
}

/** Every period from `from` to `to`, both included, in order. */
export function periodsBetween(unit: TReportUnit, from: string, to: string): string[] {
  const list: string[] = [];
  for (let p = from, n = periodCount(unit, from, to); list.length < n; p = nextPeriod(unit, p)) list.push(p);
  return list;
}

/**
 * `GET /api/backoffice/reports` (and `/reports/csv`): `unit` day (from, to: `YYYY-MM-DD`, at most
 * 366 days) or month (`YYYY-MM`, at most 36 months) of the site's calendar, both ends included.
 * `lang` names the CSV's column headings.
 */
export const ZReportsQuery = z
  .strictObject({
    unit: ZReportUnit.default('day'),
    from: z.string().max(10),
    to: z.string().max(10),
    lang: z.enum(['ko', 'en']).default('ko'),
  })
  .superRefine((q, ctx) => {
    const pattern = withCode('pattern').params;
    if (!isReportPeriod(q.unit, q.from)) ctx.addIssue({ code: 'custom', path: ['from'], params: pattern });
    if (!isReportPeriod(q.unit, q.to)) ctx.addIssue({ code: 'custom', path: ['to'], params: pattern });
    if (!isReportPeriod(q.unit, q.from) || !isReportPeriod(q.unit, q.to)) return;
    const n = periodCount(q.unit, q.from, q.to);
    if (n < 1) ctx.addIssue({ code: 'custom', path: ['to'], params: withCode('min').params });
    else if (n > (q.unit === 'day' ? REPORT_MAX_DAYS : REPORT_MAX_MONTHS))
      ctx.addIssue({ code: 'custom', path: ['to'], params: withCode('max').params });
  });
export type TReportsQuery = z.infer<typeof ZReportsQuery>;

/** Game figures in won: bets less rolled-back bets, wins, and GGR = bets - wins. */
const GAME_FIGURES = { bets: ZMoney, wins: ZMoney, ggr: ZMoney };

/** One provider's game figures. */
export const ZProviderFigures = z.object({ provider: z.string(), ...GAME_FIGURES });
export type TProviderFigures = z.infer<typeof ZProviderFigures>;

/**
 * What the promotions paid in a period (docs/promotions.md "In the reports"), from the ledger's
 * promotions accounts: deposit bonuses paid in cash and what members gave back of them
 * (`cancel-bonus`), and the comp points of attendance, referral and weekly payback. `cost` is
 * `bonuses - bonusesReturned + attendance + referral + payback` (a point is worth one won).
 */
export const ZPromotionFigures = z.object({
  bonuses: ZMoney,
  bonusCount: ZCount,
  bonusesReturned: ZMoney,
  attendance: ZMoney,
  referral: ZMoney,
  payback: ZMoney,
  cost: ZMoney,
});
export type TPromotionFigures = z.infer<typeof ZPromotionFigures>;

/** The figures of one period (or of the whole range), integer won and counts. */
export const ZReportFigures = z.object({
  deposits: ZMoney,
  depositCount: ZCount,
  withdrawals: ZMoney,
  withdrawalCount: ZCount,
  ...GAME_FIGURES,
  compConverted: ZMoney,
  promotions: ZPromotionFigures,
  /** Every provider with a bet, win or rollback in the report's range, in code order. */
  providers: z.array(ZProviderFigures),
});
export type TReportFigures = z.infer<typeof ZReportFigures>;

export const ZReportRow = ZReportFigures.extend({
  /** `YYYY-MM-DD` or `YYYY-MM` (the site's calendar). */
  period: z.string(),
  /** When the period starts (00:00 of the site's day). */
  start: ZIsoDate,
});
export type TReportRow = z.infer<typeof ZReportRow>;

export const ZReportsResponse = z.object({
  status: z.literal('success'),
  unit: ZReportUnit,
  from: z.string(),
  to: z.string(),
  /** Every period of the range, oldest first (periods without movements hold zeros). */
  rows: z.array(ZReportRow),
  totals: ZReportFigures,
});
export type TReportsResponse = z.infer<typeof ZReportsResponse>;

/**
 * `GET /api/backoffice/audit` (owner): `operatorId` (exact, any case), `action` (exact, or an area
 * without a dot: `member` matches `member.*`), `member` (a member's user id: target `member:<id>`),
 * `target` (exact), `from`/`to` (the site's days `YYYY-MM-DD`, both included), newest first.
 */
export const ZAuditQuery = z
  .strictObject({
    operatorId: z.string().trim().max(32).optional(),
    action: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z][a-z0-9_.]*$/)
      .optional(),
    member: z.string().trim().max(32).optional(),
    target: z.string().max(100).optional(),
    from: z.string().max(10).optional(),
    to: z.string().max(10).optional(),
    page: z.coerce.number().pipe(z.int().min(1)).default(1),
    pageSize: z.coerce.number().pipe(z.int().min(1).max(MAX_PAGE_SIZE)).default(20),
  })
  .superRefine((q, ctx) => {
    const pattern = withCode('pattern').params;
    if (q.from !== undefined && !isReportPeriod('day', q.from))
      ctx.addIssue({ code: 'custom', path: ['from'], params: pattern });
    if (q.to !== undefined && !isReportPeriod('day', q.to))
      ctx.addIssue({ code: 'custom', path: ['to'], params: pattern });
    else if (q.from && q.to && isReportPeriod('day', q.from) && periodCount('day', q.from, q.to) < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], params: withCode('min').params });
  });
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: ZId,
  operatorId: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  regDate: ZIsoDate,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditResponse = pagedList(ZAuditEntry);
export type TAuditResponse = z.infer<typeof ZAuditResponse>;

/** How many of the site's days the dashboard's trend covers (today included). */
export const DASHBOARD_TREND_DAYS = 14;

/** The dashboard's money totals of a day or a period, integer won. */
const DASHBOARD_TOTALS = { deposits: ZMoney, withdrawals: ZMoney, ...GAME_FIGURES };

/** One day of the dashboard's trend (`GET /api/backoffice/dashboard`, `days`). */
export const ZDashboardDay = z.object({ day: z.string(), ...DASHBOARD_TOTALS });
export type TDashboardDay = z.infer<typeof ZDashboardDay>;

/** Totals of one period of the site's calendar, integer won; `ggr` is bets - wins. */
export const ZDashboardPeriod = z.object({ from: ZIsoDate, ...DASHBOARD_TOTALS });
export type TDashboardPeriod = z.infer<typeof ZDashboardPeriod>;

/** `GET /api/backoffice/dashboard`: what waits for an operator, and today's and this month's totals. */
export const ZDashboardResponse = z.object({
  status: z.literal('success'),
  pending: z.object({
    deposits: ZCount,
    withdrawals: ZCount,
    helps: ZCount,
    guestHelps: ZCount,
    accountInquiries: ZCount,
  }),
  today: ZDashboardPeriod,
  month: ZDashboardPeriod,
  /** The last 14 days of the site's calendar, today last (docs/api/backoffice-reports.md). */
  days: z.array(ZDashboardDay),
});
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;

/** The dashboard, the reports and their CSV, the audit log (docs/api/backoffice-reports.md); part of BACKOFFICE_ROUTES. */
/** One periodic job as operators read it: the instance running it now, its next turn, its last runs. */
export const ZJob = z.object({
  name: z.string(),
  /** Its period on the instance that answered (null: not registered there). */
  everyMs: z.number().int().nullable(),
  /** The instance holding its lease now (`<host>/<pid>/<random>`), null when no run is in progress. */
  runningOn: z.string().nullable(),
  nextRunAt: ZIsoDate,
  lastRunOn: z.string().nullable(),
  lastStartedAt: ZIsoDate.nullable(),
  lastFinishedAt: ZIsoDate.nullable(),
  lastSuccessAt: ZIsoDate.nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: ZIsoDate.nullable(),
  runs: ZCount,
  failures: ZCount,
});
export const ZJobsResponse = successList(ZJob, 'jobs');
export type TJob = z.infer<typeof ZJob>;

export const BACKOFFICE_REPORT_ROUTES = {
  'dashboard.get': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/dashboard',
    permission: 'dashboard',
    response: ZDashboardResponse,
  }),
  /** The operators' event stream: `queue` `{deposits, withdraws, helps}` after every change (docs/api/events.md). */
  'events.stream': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/events',
    permission: 'dashboard',
    response: EVENT_STREAM_ANSWER,
  }),
  'reports.get': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/reports',
    permission: 'reports',
    query: ZReportsQuery,
    response: ZReportsResponse,
  }),
  'reports.csv': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/reports/csv',
    permission: 'reports',
    query: ZReportsQuery,
    response: CSV_ANSWER,
  }),
  'audit.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/audit',
    permission: 'auditRead',
    query: ZAuditQuery,
    response: ZAuditResponse,
  }),
  /** The periodic jobs and their last runs (docs/operations.md "Periodic jobs"). */
  'jobs.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/jobs',
    permission: 'reports',
    response: ZJobsResponse,
  }),
};
