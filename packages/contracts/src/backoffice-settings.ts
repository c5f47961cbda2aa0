import { z } from 'zod';
import { isNonEmptyPatch, patchOf } from './backoffice.ts';
import { MEMBER_LEVEL_MAX, MEMBER_LEVEL_MIN } from './backoffice-members.ts';
import { backofficeRoute } from './backoffice-route.ts';
import { withCode } from './errors.ts';
import { HH_MM_PATTERN, successList, ZCount, ZIsoDate } from './fields.ts';
import { ZLevelPatch, ZLevelSettings } from './levels.ts';
import { ZMaintenanceMessage, ZMaintenanceSettings } from './site.ts';
import { statusOnly, ZSuccess, ZSuccessOrNotFound } from './status.ts';

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

/**
 * The cashier settings in force: amounts in won (points for `minConversion`), lock windows in the
 * site's time zone.
 */
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

// The back office's settings, games and round-lookup routes added by issue 13
// (docs/api/backoffice-settings.md): registration codes, member approval, member levels, the
// order of a provider's games, provider secret rotation and a member's recent rounds.

// --- registration codes ---

/** A registration code as members type it (ZRegCode of fields.ts: 1..20 letters and digits). */
export const ZRegCodeValue = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9]+$/);
/** The hosts a code is bound to (comma, `|` or whitespace separated; '' for none). */
export const REG_DOMAIN_MAX = 500;
export const ZRegCodeDomain = z.string().trim().max(REG_DOMAIN_MAX);
export const REG_MEMO_MAX = 200;
export const ZRegCodeMemo = z.string().trim().max(REG_MEMO_MAX);

export const ZRegCodeParams = z.strictObject({ code: ZRegCodeValue });
export type TRegCodeParams = z.infer<typeof ZRegCodeParams>;

export const ZRegCode = z.object({
  code: z.string(),
  domain: z.string(),
  enabled: z.boolean(),
  memo: z.string(),
  /** Members registered with this code. */
  members: ZCount,
  regDate: ZIsoDate,
});
export type TRegCode = z.infer<typeof ZRegCode>;

/** `GET /api/backoffice/reg-codes`: every code, oldest first. */
export const ZRegCodesResponse = successList(ZRegCode);
export type TRegCodesResponse = z.infer<typeof ZRegCodesResponse>;

/** `POST /api/backoffice/reg-codes`. */
export const ZRegCodeCreateRequest = z.strictObject({
  code: ZRegCodeValue,
  domain: ZRegCodeDomain,
  memo: ZRegCodeMemo.optional(),
  enabled: z.boolean().optional(),
});
export type TRegCodeCreateRequest = z.infer<typeof ZRegCodeCreateRequest>;
/** `already`: a code that differs only in letter case exists (members type codes in any case). */
export const ZRegCodeCreateResponse = z.discriminatedUnion('status', [ZSuccess, statusOnly('already')]);
export type TRegCodeCreateResponse = z.infer<typeof ZRegCodeCreateResponse>;

/** `PATCH /api/backoffice/reg-codes/:code`: at least one field. */
export const ZRegCodePatch = patchOf(ZRegCodeCreateRequest.omit({ code: true }));
export type TRegCodePatch = z.infer<typeof ZRegCodePatch>;
export const ZRegCodeChangeResponse = ZSuccessOrNotFound;
export type TRegCodeChangeResponse = z.infer<typeof ZRegCodeChangeResponse>;

// --- member approval ---

/** `GET` and `PUT /api/backoffice/settings/registration`: whether new members wait for approval. */
export const ZRegistrationSettings = z.object({ requireApproval: z.boolean() });
export const ZRegistrationSettingsPatch = z.strictObject({ requireApproval: z.boolean() });
export type TRegistrationSettingsPatch = z.infer<typeof ZRegistrationSettingsPatch>;
export const ZRegistrationSettingsResponse = z.object({
  status: z.literal('success'),
  settings: ZRegistrationSettings,
});
export type TRegistrationSettingsResponse = z.infer<typeof ZRegistrationSettingsResponse>;

// --- member levels ---

export const LEVEL_NAME_MAX = 30;
export const ZLevelName = z.string().trim().min(1).max(LEVEL_NAME_MAX);
const ZLevel = z.int().min(MEMBER_LEVEL_MIN).max(MEMBER_LEVEL_MAX);

/**
 * One member level: its number, the name operators gave it, how many members hold it, and its
 * settings (docs/api/levels.md: comp rates, daily withdrawal limit, deposit bonus, threshold, account).
 */
export const ZMemberLevelView = z
  .object({ level: ZLevel, name: z.string(), members: ZCount })
  .extend(ZLevelSettings.shape);
export type TMemberLevelView = z.infer<typeof ZMemberLevelView>;

/** `GET` and `PUT /api/backoffice/settings/levels`: levels MEMBER_LEVEL_MIN..MEMBER_LEVEL_MAX. */
export const ZMemberLevelsResponse = successList(ZMemberLevelView, 'levels');
export type TMemberLevelsResponse = z.infer<typeof ZMemberLevelsResponse>;

/**
 * New names for some levels (`{"1": "Bronze", "10": "VIP"}`), and/or changes of some levels'
 * settings (`{"levels": {"3": {"withdrawDailyLimit": 5000000}}}`); at least one.
 */
export const ZMemberLevelsPatch = z
  .strictObject({
    names: z
      .record(z.string().regex(/^(?:[1-9]|10)$/), ZLevelName)
      .refine((names) => Object.keys(names).length > 0, withCode('required'))
      .optional(),
    levels: z
      .record(z.string().regex(/^(?:[1-9]|10)$/), ZLevelPatch)
      .refine((levels) => Object.keys(levels).length > 0, withCode('required'))
      .optional(),
  })
  .refine(isNonEmptyPatch, withCode('required'));
export type TMemberLevelsPatch = z.infer<typeof ZMemberLevelsPatch>;

/** A level's default name: `Lv.3`. */
export function defaultLevelName(level: number): string {
  return `Lv.${level}`;
}

/** The site's settings: cashier, comp rates, maintenance, registration codes and approval, level names (docs/api/backoffice-settings.md); part of BACKOFFICE_ROUTES. */
export const BACKOFFICE_SETTINGS_ROUTES = {
  'settings.cashier': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/settings/cashier',
    permission: 'settingsRead',
    response: ZCashierSettingsResponse,
  }),
  'settings.updateCashier': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/settings/cashier',
    permission: 'settingsWrite',
    body: ZCashierSettingsPatch,
    response: ZCashierSettingsResponse,
  }),
  'settings.compRates': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/settings/comp-rates',
    permission: 'settingsRead',
    response: ZCompRatesResponse,
  }),
  'settings.updateCompRates': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/settings/comp-rates',
    permission: 'settingsWrite',
    body: ZCompRatesPatch,
    response: ZCompRatesResponse,
  }),
  'settings.maintenance': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/settings/maintenance',
    permission: 'maintenance',
    response: ZMaintenanceResponse,
  }),
  'settings.updateMaintenance': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/settings/maintenance',
    permission: 'maintenance',
    body: ZMaintenancePatch,
    response: ZMaintenanceResponse,
  }),
  'settings.registration': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/settings/registration',
    permission: 'settingsRead',
    response: ZRegistrationSettingsResponse,
  }),
  'settings.updateRegistration': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/settings/registration',
    permission: 'settingsWrite',
    body: ZRegistrationSettingsPatch,
    response: ZRegistrationSettingsResponse,
  }),
  // The member screens name levels too: every role that reads members reads the names.
  'settings.levels': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/settings/levels',
    permission: 'memberRead',
    response: ZMemberLevelsResponse,
  }),
  'settings.updateLevels': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/settings/levels',
    permission: 'settingsWrite',
    body: ZMemberLevelsPatch,
    response: ZMemberLevelsResponse,
  }),
  'regCodes.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/reg-codes',
    permission: 'settingsRead',
    response: ZRegCodesResponse,
  }),
  'regCodes.create': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/reg-codes',
    permission: 'settingsWrite',
    body: ZRegCodeCreateRequest,
    response: ZRegCodeCreateResponse,
  }),
  'regCodes.update': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/reg-codes/:code',
    permission: 'settingsWrite',
    params: ZRegCodeParams,
    body: ZRegCodePatch,
    response: ZRegCodeChangeResponse,
  }),
};
