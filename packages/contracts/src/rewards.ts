import { z } from 'zod';
import { ZCount, ZIsoDate, ZPaging } from './fields.ts';
import { statusOnly } from './status.ts';

/**
 * Attendance, referral and weekly payback (issue 26, docs/promotions.md): the member calls.
 * Every reward is comp points (`rolling`), one ledger transfer from its promotions account.
 */

/** A month of the site's calendar, `YYYY-MM`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A day of the site's calendar, `YYYY-MM-DD`. */
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Comp points of a reward: a whole number, at most the storable maximum. */
export const ZPoints = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

/** One step of the attendance reward table: from `streak` consecutive days on, `points` per check. */
export const ZAttendanceReward = z.strictObject({
  streak: z.int().min(1).max(366),
  points: z.int().min(0).max(100_000_000),
});
export type TAttendanceReward = z.infer<typeof ZAttendanceReward>;

export const ZGetAttendanceRequest = z.strictObject({ month: z.string().regex(MONTH_PATTERN).optional() });
export type TGetAttendanceRequest = z.infer<typeof ZGetAttendanceRequest>;

/**
 * `days`: the member's checked days of the month (default the site's current month); `streak`: the
 * consecutive days up to today (or up to yesterday while today is not checked yet; 0 when broken);
 * `enabled`, `requireDeposit`: the operator's settings (this platform's additions).
 */
export const ZGetAttendanceResponse = z.object({
  status: z.literal('success'),
  days: z.array(z.string().regex(DAY_PATTERN)),
  streak: ZCount,
  todayDone: z.boolean(),
  rewards: z.array(ZAttendanceReward),
  month: z.string().regex(MONTH_PATTERN),
  today: z.string().regex(DAY_PATTERN),
  enabled: z.boolean(),
  requireDeposit: z.boolean(),
});
export type TGetAttendanceResponse = z.infer<typeof ZGetAttendanceResponse>;

export const ZCheckAttendanceRequest = z.strictObject({});
/**
 * `success` with the points paid and the streak after today's check; `already` (today is checked);
 * `fail` (the operator requires an approved deposit today and there is none, or attendance is off);
 * `blocked` (a member who may not use the cashier: blocked, pending, on a break or self-excluded).
 */
export const ZCheckAttendanceResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), points: ZPoints, streak: ZCount }),
  statusOnly('already'),
  statusOnly('fail'),
  statusOnly('blocked'),
]);
export type TCheckAttendanceResponse = z.infer<typeof ZCheckAttendanceResponse>;

export const ZGetReferralsRequest = ZPaging.partial();
/** The members who joined naming this member (newest first), the points each earned them, and the sum. */
export const ZReferral = z.object({ nick: z.string(), joined: ZIsoDate, points: ZPoints });
export type TReferral = z.infer<typeof ZReferral>;
export const ZGetReferralsResponse = z.object({
  status: z.literal('success'),
  list: z.array(ZReferral),
  total: ZPoints,
  maxCount: ZCount,
  rate: z.int().min(0).max(10_000),
  enabled: z.boolean(),
});
export type TGetReferralsResponse = z.infer<typeof ZGetReferralsResponse>;

export const ZGetPaybackRequest = z.strictObject({});
/** Last week's payback (Monday to Sunday, site time): paid (`paidAt`) or as it stands (`paidAt` null). */
export const ZPaybackWeek = z.object({
  loss: ZPoints,
  percent: z.int().min(0).max(100),
  points: ZPoints,
  paidAt: ZIsoDate.nullable(),
  week: z.string().regex(DAY_PATTERN),
});
export const ZGetPaybackResponse = z.object({
  status: z.literal('success'),
  lastWeek: ZPaybackWeek,
  enabled: z.boolean(),
});
export type TGetPaybackResponse = z.infer<typeof ZGetPaybackResponse>;
