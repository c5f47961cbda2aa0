import { z } from 'zod';
import { backofficeRoute } from './backoffice-route.ts';
import { withCode } from './errors.ts';
import { successList, ZCount, ZId, ZIsoDate, ZMoney } from './fields.ts';
import {
  BONUS_PERCENT_MAX,
  BONUS_ROLLOVER_MAX,
  ZLevelNumber,
  ZLevelPatch,
  ZSettingAmount,
} from './levels.ts';
import { ZMemberLevelsResponse } from './backoffice-settings.ts';
import { statusOnly, ZSuccess, ZSuccessOrNotFound } from './status.ts';

// The back office's levels and deposit promotions (docs/api/levels.md, docs/api/backoffice-levels.md):
// one level's settings, the deposit bonus switch and figures, and deposit events.

export const ZLevelParams = z.strictObject({ level: z.coerce.number().pipe(ZLevelNumber) });

// --- deposit bonus (첫충, 매충) ---

const ZFigure = z.object({ count: ZCount, amount: ZMoney });

/** Paid (every bonus paid), rolled over (met), given up (cancelled, and what went back), in play. */
export const ZBonusFigures = z.object({
  paid: ZFigure,
  rolledOver: ZFigure,
  givenUp: ZFigure.extend({ returned: ZMoney }),
  active: ZFigure,
});
export type TBonusFigures = z.infer<typeof ZBonusFigures>;

/** `GET|PUT /api/backoffice/promotions/deposit-bonus`: the switch and the figures, in all and per level. */
export const ZDepositBonusResponse = z.object({
  status: z.literal('success'),
  enabled: z.boolean(),
  figures: ZBonusFigures,
  byLevel: z.array(z.object({ level: ZLevelNumber, paid: ZFigure, givenUp: ZFigure })),
});
export type TDepositBonusResponse = z.infer<typeof ZDepositBonusResponse>;
export const ZDepositBonusSwitch = z.strictObject({ enabled: z.boolean() });

// --- deposit events ---

export const DEPOSIT_EVENT_NAME_MAX = 60;

export const ZDepositEventCreate = z
  .strictObject({
    name: z.string().trim().min(1).max(DEPOSIT_EVENT_NAME_MAX),
    from: ZIsoDate,
    to: ZIsoDate,
    levels: z.array(ZLevelNumber).min(1).max(10),
    percent: z.int().min(1).max(BONUS_PERCENT_MAX),
    cap: ZSettingAmount,
    rollover: z.int().min(1).max(BONUS_ROLLOVER_MAX),
  })
  .refine((e) => Date.parse(e.to) > Date.parse(e.from), { ...withCode('min'), path: ['to'] });
export type TDepositEventCreate = z.infer<typeof ZDepositEventCreate>;

export const ZDepositEvent = z.object({
  id: ZId,
  name: z.string(),
  from: ZIsoDate,
  to: ZIsoDate,
  levels: z.array(ZLevelNumber),
  percent: z.int(),
  cap: ZMoney,
  rollover: z.int(),
  enabled: z.boolean(),
  /** When an operator ended it early, else null. */
  endedAt: ZIsoDate.nullable(),
  /** `scheduled`, `running`, `over` (past its window or ended), `off` (switched off). */
  state: z.enum(['scheduled', 'running', 'over', 'off']),
  figures: ZBonusFigures,
  createdBy: z.string(),
  regDate: ZIsoDate,
});
export type TDepositEvent = z.infer<typeof ZDepositEvent>;

export const ZDepositEventsResponse = successList(ZDepositEvent);
export const ZDepositEventCreateResponse = z.object({ status: z.literal('success'), id: ZId });
export const ZDepositEventParams = z.strictObject({ id: z.coerce.number().pipe(ZId) });
export const ZDepositEventPatch = z.strictObject({ enabled: z.boolean() });
export const ZDepositEventEndResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('not_found'),
  statusOnly('already'),
]);

/** The levels and deposit promotions (docs/api/backoffice-levels.md); part of BACKOFFICE_ROUTES. */
export const BACKOFFICE_LEVEL_ROUTES = {
  'settings.updateLevel': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/settings/levels/:level',
    permission: 'settingsWrite',
    params: ZLevelParams,
    body: ZLevelPatch,
    response: ZMemberLevelsResponse,
  }),
  'depositBonus.get': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/promotions/deposit-bonus',
    permission: 'settingsRead',
    response: ZDepositBonusResponse,
  }),
  'depositBonus.set': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/promotions/deposit-bonus',
    permission: 'settingsWrite',
    body: ZDepositBonusSwitch,
    response: ZDepositBonusResponse,
  }),
  'depositEvents.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/promotions/events',
    permission: 'settingsRead',
    response: ZDepositEventsResponse,
  }),
  'depositEvents.create': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/promotions/events',
    permission: 'settingsWrite',
    body: ZDepositEventCreate,
    response: ZDepositEventCreateResponse,
  }),
  'depositEvents.update': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/promotions/events/:id',
    permission: 'settingsWrite',
    params: ZDepositEventParams,
    body: ZDepositEventPatch,
    response: ZSuccessOrNotFound,
  }),
  'depositEvents.end': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/promotions/events/:id/end',
    permission: 'settingsWrite',
    params: ZDepositEventParams,
    response: ZDepositEventEndResponse,
  }),
};
