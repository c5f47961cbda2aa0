import { z } from 'zod';
import { ZBackofficeIdParams } from './backoffice.ts';
import { backofficeRoute } from './backoffice-route.ts';
import { pagedList, successList, ZIsoDate, ZPageQuery, ZUserId } from './fields.ts';
import { statusOnly, ZSuccess } from './status.ts';

// Abuse signals and linked accounts of issue 28 (docs/api/backoffice-fraud.md, docs/security.md
// "Abuse signals"): the operator's settings, a member's links, the rings and the review entries.

/** What a member's requests told: address, its /24 or /64, device cookie, browser hash, phone, bank account, depositor. */
export const SIGNAL_KINDS = ['ip', 'range', 'device', 'browser', 'phone', 'bank', 'depositor'] as const;
export type TSignalKind = (typeof SIGNAL_KINDS)[number];
/** The kinds that link two members whatever the settings say. */
export const LINK_KINDS = ['device', 'bank', 'phone'] as const;
/** The kinds that link only when the operator turns IP links on, and only when both were seen lately. */
export const IP_LINK_KINDS = ['ip', 'range'] as const;
export type TLinkKind = (typeof LINK_KINDS)[number] | (typeof IP_LINK_KINDS)[number];
export const ZLinkKind = z.enum([...LINK_KINDS, ...IP_LINK_KINDS]);

/** What one shared kind adds to the score of a link (capped at 100). */
export const LINK_WEIGHTS: Record<TLinkKind, number> = { device: 60, bank: 50, phone: 50, ip: 20, range: 10 };

export const FRAUD_ACTIONS = ['allow', 'flag', 'refuse'] as const;
export const ZFraudAction = z.enum(FRAUD_ACTIONS);
export type TFraudAction = z.infer<typeof ZFraudAction>;

export const FRAUD_FLAG_KINDS = ['linked_register', 'linked_sign_in', 'opposite_bet', 'bonus_hunt'] as const;
export const ZFraudFlagKind = z.enum(FRAUD_FLAG_KINDS);
export type TFraudFlagKind = z.infer<typeof ZFraudFlagKind>;

export const ZFraudSettings = z.object({
  /** A registration linked to `linkThreshold` members or more: let it through, flag it, or refuse it (neutral `fail`). */
  registerAction: ZFraudAction,
  /** A sign-in by a member linked to `linkThreshold` members or more (refused: answered as wrong credentials). */
  signInAction: ZFraudAction,
  linkThreshold: z.int().min(1).max(1000),
  /** Whether a shared address (or its /24, /64) links members; off by default (mobile carriers share ranges). */
  ipLinks: z.boolean(),
  /** Over how many days a shared address links (both members seen there within them). */
  ipLinkDays: z.int().min(1).max(90),
  /** Whether promotions skip members with an open linked-account or bonus-hunting entry. */
  skipFlaggedPromotions: z.boolean(),
  /** Whether a bet opposite to a linked (or co-watched) member's stake in the same round is refused before it moves money. */
  refuseOppositeBets: z.boolean(),
});
export type TFraudSettings = z.infer<typeof ZFraudSettings>;
export const ZFraudSettingsResponse = z.object({
  status: z.literal('success'),
  settings: ZFraudSettings,
  updatedBy: z.string().nullable(),
  updatedAt: ZIsoDate,
});
export const ZFraudSettingsRequest = z.strictObject(ZFraudSettings.shape);

/** One member linked to the member asked about: by which shared values, since when, with a score. */
export const ZFraudLink = z.object({
  memberId: z.number(),
  userId: z.string(),
  nick: z.string(),
  state: z.string(),
  score: z.number(),
  /** When the first shared value was seen by both. */
  since: ZIsoDate,
  by: z.array(z.object({ kind: ZLinkKind, value: z.string(), since: ZIsoDate })),
});
export type TFraudLink = z.infer<typeof ZFraudLink>;
export const ZFraudSignal = z.object({
  kind: z.enum(SIGNAL_KINDS),
  value: z.string(),
  firstSeen: ZIsoDate,
  lastSeen: ZIsoDate,
  seen: z.number(),
});
export const ZFraudLinksResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    member: z.object({ memberId: z.number(), userId: z.string(), nick: z.string(), state: z.string() }),
    /** The member's score: the strongest link's, plus 10 for each further linked member, at most 100. */
    score: z.number(),
    links: z.array(ZFraudLink),
    signals: z.array(ZFraudSignal),
  }),
  statusOnly('not_found'),
]);
export type TFraudLinksResponse = z.infer<typeof ZFraudLinksResponse>;

/** A ring: the members sharing one linking value. */
export const ZFraudRing = z.object({
  kind: ZLinkKind,
  value: z.string(),
  members: z.array(z.object({ memberId: z.number(), userId: z.string(), state: z.string() })),
  count: z.number(),
  firstSeen: ZIsoDate,
  lastSeen: ZIsoDate,
});
export type TFraudRing = z.infer<typeof ZFraudRing>;
export const ZFraudRingsQuery = z.strictObject({ ...ZPageQuery, kind: ZLinkKind.optional() });
export const ZFraudRingsResponse = pagedList(ZFraudRing);

export const ZFraudFlag = z.object({
  id: z.number(),
  kind: ZFraudFlagKind,
  memberId: z.number().nullable(),
  userId: z.string().nullable(),
  action: z.enum(['flag', 'refuse']),
  details: z.record(z.string(), z.unknown()),
  state: z.enum(['open', 'closed']),
  note: z.string().nullable(),
  at: ZIsoDate,
});
export type TFraudFlag = z.infer<typeof ZFraudFlag>;
export const ZFraudFlagsQuery = z.strictObject({
  ...ZPageQuery,
  kind: ZFraudFlagKind.optional(),
  state: z.enum(['open', 'closed']).optional(),
});
export const ZFraudFlagsResponse = pagedList(ZFraudFlag);

/** `POST .../flags/:id/close`: closes a review entry with the operator's note. */
export const ZFraudCloseRequest = z.strictObject({
  note: z
    .string()
    .trim()
    .min(1)
    .max(500)
    // eslint-disable-next-line no-control-regex
    .refine((text) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(text), { message: 'pattern' }),
});
export const ZFraudCloseResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('not_found'),
  statusOnly('already'),
]);

export const ZFraudWatchEntry = z.object({
  memberId: z.number(),
  userId: z.string(),
  reason: z.string(),
  addedBy: z.string(),
  addedAt: ZIsoDate,
});
export const ZFraudWatchResponse = successList(ZFraudWatchEntry);
export const ZFraudWatchRequest = z.strictObject({
  userId: ZUserId,
  reason: z
    .string()
    .trim()
    .min(1)
    .max(200)
    // eslint-disable-next-line no-control-regex
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), { message: 'pattern' }),
});
export const ZFraudWatchAddResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('already'),
  statusOnly('not_found'),
]);
export const ZFraudWatchDeleteResponse = z.discriminatedUnion('status', [ZSuccess, statusOnly('not_found')]);

/** The dashboard's card: the site day's review entries by kind, refusals, blacklist hits, and the open entries. */
export const ZFraudSummaryResponse = z.object({
  status: z.literal('success'),
  day: z.string(),
  entries: z.object({
    linked_register: z.number(),
    linked_sign_in: z.number(),
    opposite_bet: z.number(),
    bonus_hunt: z.number(),
  }),
  refused: z.number(),
  blacklistHits: z.number(),
  open: z.number(),
});
export type TFraudSummary = z.infer<typeof ZFraudSummaryResponse>;

/** Abuse signals and linked accounts: part of BACKOFFICE_ROUTES. */
export const BACKOFFICE_FRAUD_ROUTES = {
  'fraud.settings': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/fraud/settings',
    permission: 'settingsRead',
    response: ZFraudSettingsResponse,
  }),
  'fraud.settings.update': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/fraud/settings',
    permission: 'settingsWrite',
    body: ZFraudSettingsRequest,
    response: ZFraudSettingsResponse,
  }),
  'fraud.summary': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/fraud/summary',
    permission: 'memberRead',
    response: ZFraudSummaryResponse,
  }),
  'fraud.links': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/fraud/members/:id/links',
    permission: 'memberRead',
    params: ZBackofficeIdParams,
    response: ZFraudLinksResponse,
  }),
  'fraud.rings': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/fraud/rings',
    permission: 'memberRead',
    query: ZFraudRingsQuery,
    response: ZFraudRingsResponse,
  }),
  'fraud.flags': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/fraud/flags',
    permission: 'memberRead',
    query: ZFraudFlagsQuery,
    response: ZFraudFlagsResponse,
  }),
  'fraud.watch': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/fraud/watch',
    permission: 'memberRead',
    response: ZFraudWatchResponse,
  }),
  'fraud.watch.add': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/fraud/watch',
    permission: 'memberManage',
    body: ZFraudWatchRequest,
    response: ZFraudWatchAddResponse,
  }),
  'fraud.watch.delete': backofficeRoute({
    method: 'DELETE',
    path: '/api/backoffice/fraud/watch/:id',
    permission: 'memberManage',
    params: ZBackofficeIdParams,
    response: ZFraudWatchDeleteResponse,
  }),
  'fraud.voidBonus': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/fraud/members/:id/void-bonus',
    permission: 'adjust',
    params: ZBackofficeIdParams,
    response: z.object({ status: z.literal('success'), voided: z.number() }),
  }),
  'fraud.flags.close': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/fraud/flags/:id/close',
    permission: 'memberManage',
    params: ZBackofficeIdParams,
    body: ZFraudCloseRequest,
    response: ZFraudCloseResponse,
  }),
};
