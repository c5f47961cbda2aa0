import { z } from 'zod';
import { ZBackofficeUserIdParams } from './backoffice.ts';
import { backofficeRoute } from './backoffice-route.ts';
import { withCode } from './errors.ts';
import { pagedList, ZCount, ZIsoDate, ZPageQuery } from './fields.ts';
import { DAY_PATTERN, ZAttendanceReward, ZPoints } from './rewards.ts';
import { statusOnly } from './status.ts';

/**
 * The back office's attendance, referral and payback settings (issue 26,
 * docs/api/promotions.md): read by owner and cashier, changed by the owner.
 */

/** At most one reward per streak length; `streak` 1 is the every-day reward. */
export const ZAttendanceSettings = z.strictObject({
  enabled: z.boolean(),
  requireDeposit: z.boolean(),
  rewards: z
    .array(ZAttendanceReward)
    .max(31)
    .refine((list) => new Set(list.map((r) => r.streak)).size === list.length, withCode('unknown')),
});
export type TAttendanceSettings = z.infer<typeof ZAttendanceSettings>;

/** `rate`: basis points (1 = 0.01 %) of the referee's stakes that stand, paid to the recommender. */
export const ZReferralSettings = z.strictObject({
  enabled: z.boolean(),
  rate: z.int().min(0).max(10_000),
});
export type TReferralSettings = z.infer<typeof ZReferralSettings>;

const LEVEL_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] as const;
const ZPercent = z.int().min(0).max(100);

/** `percentByLevel`: the payback percent of each level (a level left out gets 0); `cap`: points per member and week. */
export const ZPaybackSettings = z.strictObject({
  enabled: z.boolean(),
  percentByLevel: z.partialRecord(z.enum(LEVEL_KEYS), ZPercent),
  cap: z.int().min(0).max(1_000_000_000),
});
export type TPaybackSettings = z.infer<typeof ZPaybackSettings>;

/** What a promotion has paid: how many rewards and their sum (points), in all and in the last 30 days. */
export const ZPromotionFigures = z.object({
  count: ZCount,
  points: ZPoints,
  count30: ZCount,
  points30: ZPoints,
});
export type TPromotionFigures = z.infer<typeof ZPromotionFigures>;

export const ZAttendanceSettingsResponse = z.object({
  status: z.literal('success'),
  settings: ZAttendanceSettings,
  figures: ZPromotionFigures,
});
export const ZReferralSettingsResponse = z.object({
  status: z.literal('success'),
  settings: ZReferralSettings,
  figures: ZPromotionFigures.extend({ links: ZCount, flagged: ZCount }),
});
export const ZPaybackSettingsResponse = z.object({
  status: z.literal('success'),
  settings: ZPaybackSettings,
  figures: ZPromotionFigures,
});

/** A referral link flagged for the operator (not paid): the new member, the recommender and why. */
export const ZFlaggedReferral = z.object({
  userId: z.string(),
  nick: z.string(),
  recommender: z.string(),
  flag: z.enum(['self', 'ip', 'bank', 'device']),
  joined: ZIsoDate,
});
export type TFlaggedReferral = z.infer<typeof ZFlaggedReferral>;
export const ZFlaggedReferralsQuery = z.strictObject({ ...ZPageQuery });
export const ZFlaggedReferralsResponse = pagedList(ZFlaggedReferral);

/**
 * A member's attendance as the member detail shows it: the streak (as `get-attendance` counts it),
 * the last checked day, and the checks and their points of the last 30 days.
 */
export const ZMemberAttendanceResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    streak: ZCount,
    lastDay: z.string().regex(DAY_PATTERN).nullable(),
    days30: ZCount,
    points30: ZPoints,
  }),
  statusOnly('not_found'),
]);
export type TMemberAttendanceResponse = z.infer<typeof ZMemberAttendanceResponse>;

/** Part of BACKOFFICE_ROUTES (backoffice-routes.ts). */
export const BACKOFFICE_REWARD_ROUTES = {
  'promotions.attendance': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/promotions/attendance',
    permission: 'settingsRead',
    response: ZAttendanceSettingsResponse,
  }),
  'promotions.updateAttendance': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/promotions/attendance',
    permission: 'settingsWrite',
    body: ZAttendanceSettings,
    response: ZAttendanceSettingsResponse,
  }),
  'promotions.referral': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/promotions/referral',
    permission: 'settingsRead',
    response: ZReferralSettingsResponse,
  }),
  'promotions.updateReferral': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/promotions/referral',
    permission: 'settingsWrite',
    body: ZReferralSettings,
    response: ZReferralSettingsResponse,
  }),
  'promotions.flaggedReferrals': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/promotions/referral/flagged',
    permission: 'settingsRead',
    query: ZFlaggedReferralsQuery,
    response: ZFlaggedReferralsResponse,
  }),
  'promotions.memberAttendance': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/members/:userId/attendance',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    response: ZMemberAttendanceResponse,
  }),
  'promotions.payback': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/promotions/payback',
    permission: 'settingsRead',
    response: ZPaybackSettingsResponse,
  }),
  'promotions.updatePayback': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/promotions/payback',
    permission: 'settingsWrite',
    body: ZPaybackSettings,
    response: ZPaybackSettingsResponse,
  }),
};
