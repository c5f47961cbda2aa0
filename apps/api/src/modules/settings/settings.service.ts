import type { Database } from '../../db/database.ts';
import { HH_MM, isLocked, type LockWindow } from './lock-window.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { type TMaintenancePatch } from '@casino/contracts/backoffice-settings';
import { MEMBER_LEVEL_MAX, MEMBER_LEVEL_MIN } from '@casino/contracts/backoffice-members';
import { defaultLevelName } from '@casino/contracts/backoffice-settings';
import type { TMaintenanceSettings } from '@casino/contracts/site';
import { createSharedCaches, type SharedCaches } from '../../lib/shared-caches.ts';
import { ZDepositAccount, type TDepositAccount } from '@casino/contracts/backoffice-content';
import type { TLevelPatch, TLevelSettings } from '@casino/contracts/levels';
import {
  applyLevelPatch,
  DEPOSIT_BONUS_SWITCH_KEY,
  LEVEL_SETTINGS_KEY,
  normalizeLevelSettings,
} from './level-settings.ts';
import {
  createMaintenanceCache,
  MAINTENANCE_KEY,
  normalizeMaintenance,
  retryAfterSeconds,
} from './maintenance.ts';

/**
 * The cashier's operator settings. Amounts are whole won (points for `minConversion`). A lock
 * window is `{from, to}` in `HH:mm` of the site's time zone, or null for always open.
 */
export interface CashierSettings {
  minDeposit: number;
  minWithdraw: number;
  unit: number;
  maxAmount: number;
  minConversion: number;
  depositLock: LockWindow | null;
  withdrawLock: LockWindow | null;
  /** Withdrawals of this amount or more need two different operators' approvals; 0 = off. */
  withdrawSecondApprovalAbove: number;
}

export const DEFAULT_CASHIER_SETTINGS: CashierSettings = Object.freeze({
  minDeposit: 10_000,
  minWithdraw: 10_000,
  unit: 1_000,
  maxAmount: 100_000_000,
  minConversion: 10_000,
  depositLock: null,
  withdrawLock: null,
  withdrawSecondApprovalAbove: 0,
});

const CASHIER_KEY = 'cashier';
/** The back office's IP allow-list (docs/api/backoffice-operators.md). */
const BACKOFFICE_IP_ALLOWLIST_KEY = 'backoffice.ipAllowlist';
/** The site's deposit account given in answers to account inquiries (contracts' backoffice-content.ts). */
const DEPOSIT_ACCOUNT_KEY = 'cashier.depositAccount';
/** Whether a new member waits for an operator's approval (`pending`) instead of starting `active`. */
export const REQUIRE_APPROVAL_KEY = 'members.requireApproval';
/** The names operators gave member levels (an array, level MEMBER_LEVEL_MIN first). */
const LEVEL_NAMES_KEY = 'members.levelNames';

/** Stored level names over the defaults (`Lv.N`), one per level; anything invalid falls back. */
export function normalizeLevelNames(stored: unknown): string[] {
  const list = Array.isArray(stored) ? stored : [];
  const names: string[] = [];
  for (let level = MEMBER_LEVEL_MIN; level <= MEMBER_LEVEL_MAX; level += 1) {
    const v: unknown = list[level - MEMBER_LEVEL_MIN];
    names.push(typeof v === 'string' && v.trim() !== '' ? v : defaultLevelName(level));
  }
  return names;
}

export interface CashierWindowStatus {
  locked: boolean;
  from: string | null;
  to: string | null;
}

function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isWindow(value: unknown): value is LockWindow {
  if (!value || typeof value !== 'object') return false;
  const w = value as Record<string, unknown>;
  return (
    typeof w.from === 'string' &&
    typeof w.to === 'string' &&
    HH_MM.test(w.from) &&
    HH_MM.test(w.to) &&
    w.from !== w.to
  );
}

/**
 * Merges a stored value over the defaults, field by field: a field that is missing or no longer
 * valid (written by an older version, or by hand) falls back to its default instead of breaking
 * the cashier.
 */
export function normalizeCashierSettings(stored: unknown): CashierSettings {
  const s = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const d = DEFAULT_CASHIER_SETTINGS;
  const num = (k: 'minDeposit' | 'minWithdraw' | 'unit' | 'maxAmount' | 'minConversion') =>
    isPositiveInt(s[k]) ? s[k] : d[k];
  const win = (k: 'depositLock' | 'withdrawLock') =>
    isWindow(s[k]) ? { from: s[k].from, to: s[k].to } : null;
  return {
    minDeposit: num('minDeposit'),
    minWithdraw: num('minWithdraw'),
    unit: num('unit'),
    maxAmount: num('maxAmount'),
    minConversion: num('minConversion'),
    depositLock: win('depositLock'),
    withdrawLock: win('withdrawLock'),
    withdrawSecondApprovalAbove:
      typeof s.withdrawSecondApprovalAbove === 'number' &&
      Number.isSafeInteger(s.withdrawSecondApprovalAbove) &&
      s.withdrawSecondApprovalAbove >= 0
        ? s.withdrawSecondApprovalAbove
        : d.withdrawSecondApprovalAbove,
  };
}

/** Why a settings change is refused: the field and the contract's error code. */
export interface SettingsProblem {
  path: string;
  code: 'min' | 'max' | 'pattern' | 'unit';
}

/** Cross-field rules the schema of one field cannot see. */
export function checkCashierSettings(s: CashierSettings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  if (s.minDeposit > s.maxAmount) problems.push({ path: 'minDeposit', code: 'max' });
  if (s.minWithdraw > s.maxAmount) problems.push({ path: 'minWithdraw', code: 'max' });
  if (s.minConversion > s.maxAmount) problems.push({ path: 'minConversion', code: 'max' });
  if (s.unit > s.maxAmount) problems.push({ path: 'unit', code: 'max' });
  if (s.depositLock && s.depositLock.from === s.depositLock.to)
    problems.push({ path: 'depositLock', code: 'pattern' });
  if (s.withdrawLock && s.withdrawLock.from === s.withdrawLock.to)
    problems.push({ path: 'withdrawLock', code: 'pattern' });
  return problems;
}

/** A lock window's state at `at` on the wall clock of the site's time zone `zone`. */
export function windowStatus(window: LockWindow | null, at: Date, zone: string): CashierWindowStatus {
  return { locked: isLocked(window, at, zone), from: window?.from ?? null, to: window?.to ?? null };
}

/** Comp points per bet that stands, by provider kind, in basis points of the bet (100 = 1%). */
export interface CompRates {
  casino: number;
  slot: number;
  sport: number;
}

export const DEFAULT_COMP_RATES: CompRates = Object.freeze({ casino: 50, slot: 100, sport: 50 });
const COMP_RATES_KEY = 'games.compRates';
/** At most 100% of a bet. */
const MAX_COMP_RATE = 10_000;

export function normalizeCompRates(stored: unknown): CompRates {
  const s = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const rate = (k: keyof CompRates) => {
    const v = s[k];
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= MAX_COMP_RATE
      ? v
      : DEFAULT_COMP_RATES[k];
  };
  return { casino: rate('casino'), slot: rate('slot'), sport: rate('sport') };
}

export function createSettingsService(deps: { db: Database; now?: () => Date; caches?: SharedCaches }) {
  const repo = createSettingsRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  const maintenance = createMaintenanceCache(() => repo.get(MAINTENANCE_KEY), now);
  const caches = deps.caches ?? createSharedCaches(undefined);
  caches.register('maintenance', () => maintenance.forget());
  return {
    /**
     * The site-wide maintenance switch, as this instance last read it (at most
     * MAINTENANCE_CACHE_MS old): every member call and page asks, so it costs no query per request.
     */
    maintenance(): Promise<TMaintenanceSettings> {
      return maintenance.get();
    },

    /**
     * What the maintenance gate of the API and the pages asks (plugins/maintenance.ts): null when
     * the site is open, else the seconds to the expected end (for `Retry-After`), if any.
     */
    async maintenanceGate(): Promise<{ retryAfterSec: number | undefined } | null> {
      const current = await maintenance.get();
      return current.enabled ? { retryAfterSec: retryAfterSeconds(current, now()) } : null;
    },

    /** The switch as stored now (the back office shows and changes this one). */
    async maintenanceStored(trx?: Database): Promise<TMaintenanceSettings> {
      return normalizeMaintenance(await repo.get(MAINTENANCE_KEY, trx));
    },

    /**
     * Changes the switch inside the caller's transaction; returns before and after for the audit
     * log. The caller calls `maintenanceChanged` once the transaction has committed.
     */
    async updateMaintenance(
      patch: TMaintenancePatch,
      trx: Database,
    ): Promise<{ before: TMaintenanceSettings; after: TMaintenanceSettings }> {
      const before = normalizeMaintenance(await repo.getForUpdate(MAINTENANCE_KEY, trx));
      const after: TMaintenanceSettings = {
        enabled: patch.enabled ?? before.enabled,
        message: patch.message ?? before.message,
        until: patch.until === undefined ? before.until : patch.until && new Date(patch.until).toISOString(),
      };
      await repo.put(MAINTENANCE_KEY, after, trx);
      return { before, after };
    },

    /** Every instance sees a committed change at once (lib/shared-caches.ts). */
    maintenanceChanged(): void {
      caches.changed('maintenance');
    },

    /** The site's deposit account (null until an owner sets it); an invalid stored value counts as none. */
    async depositAccount(trx?: Database): Promise<TDepositAccount | null> {
      const parsed = ZDepositAccount.safeParse(await repo.get(DEPOSIT_ACCOUNT_KEY, trx));
      return parsed.success ? parsed.data : null;
    },

    /** Replaces the deposit account inside the caller's transaction; returns before and after for the audit log. */
    async updateDepositAccount(
      account: TDepositAccount | null,
      trx: Database,
    ): Promise<{ before: TDepositAccount | null; after: TDepositAccount | null }> {
      const stored = ZDepositAccount.safeParse(await repo.getForUpdate(DEPOSIT_ACCOUNT_KEY, trx));
      await repo.put(DEPOSIT_ACCOUNT_KEY, account, trx);
      return { before: stored.success ? stored.data : null, after: account };
    },

    /** Whether registration leaves new members `pending` until an operator approves them. */
    async memberApprovalRequired(trx?: Database): Promise<boolean> {
      return (await repo.get(REQUIRE_APPROVAL_KEY, trx)) === true;
    },

    /** Switches member approval inside the caller's transaction; returns before and after for the audit log. */
    async setMemberApprovalRequired(
      requireApproval: boolean,
      trx: Database,
    ): Promise<{ before: { requireApproval: boolean }; after: { requireApproval: boolean } }> {
      const before = (await repo.getForUpdate(REQUIRE_APPROVAL_KEY, trx)) === true;
      await repo.put(REQUIRE_APPROVAL_KEY, requireApproval, trx);
      return { before: { requireApproval: before }, after: { requireApproval } };
    },

    /** The names of member levels MEMBER_LEVEL_MIN..MAX (`Lv.N` for a level without one), in level order. */
    async memberLevelNames(trx?: Database): Promise<string[]> {
      return normalizeLevelNames(await repo.get(LEVEL_NAMES_KEY, trx));
    },

    /** Renames some levels inside the caller's transaction; returns every name before and after. */
    async updateMemberLevelNames(
      names: Record<string, string>,
      trx: Database,
    ): Promise<{ before: string[]; after: string[] }> {
      const before = normalizeLevelNames(await repo.getForUpdate(LEVEL_NAMES_KEY, trx));
      const after = before.map((name, i) => names[String(i + MEMBER_LEVEL_MIN)] ?? name);
      await repo.put(LEVEL_NAMES_KEY, after, trx);
      return { before, after };
    },

    /** Every level's settings (docs/api/levels.md), level MEMBER_LEVEL_MIN first. */
    async levelSettings(trx?: Database): Promise<TLevelSettings[]> {
      return normalizeLevelSettings(await repo.get(LEVEL_SETTINGS_KEY, trx));
    },

    /** Changes some levels' settings inside the caller's transaction; every level before and after. */
    async updateLevelSettings(
      patches: Record<string, TLevelPatch>,
      trx: Database,
    ): Promise<{ before: TLevelSettings[]; after: TLevelSettings[] }> {
      const before = normalizeLevelSettings(await repo.getForUpdate(LEVEL_SETTINGS_KEY, trx));
      const after = before.map((settings, i) => {
        const patch = patches[String(i + MEMBER_LEVEL_MIN)];
        return patch ? applyLevelPatch(settings, patch) : settings;
      });
      await repo.put(LEVEL_SETTINGS_KEY, after, trx);
      return { before, after };
    },

    /** Whether the levels' deposit bonus (첫충, 매충) is offered; on until an owner turns it off. */
    async depositBonusEnabled(trx?: Database): Promise<boolean> {
      const stored = await repo.get(DEPOSIT_BONUS_SWITCH_KEY, trx);
      return !(stored && typeof stored === 'object' && (stored as { enabled?: unknown }).enabled === false);
    },

    /** Switches the deposit bonus inside the caller's transaction; before and after for the audit log. */
    async setDepositBonusEnabled(
      enabled: boolean,
      trx: Database,
    ): Promise<{ before: { enabled: boolean }; after: { enabled: boolean } }> {
      const stored = await repo.getForUpdate(DEPOSIT_BONUS_SWITCH_KEY, trx);
      const before = !(
        stored &&
        typeof stored === 'object' &&
        (stored as { enabled?: unknown }).enabled === false
      );
      await repo.put(DEPOSIT_BONUS_SWITCH_KEY, { enabled }, trx);
      return { before: { enabled: before }, after: { enabled } };
    },

    /**
     * A value every instance shares (the CSRF secret): the stored one, else `create()` stored by
     * the first instance to write it and read back, so concurrent first starts agree.
     */
    async sharedValue(key: string, create: () => unknown): Promise<unknown> {
      const stored = await repo.get(key);
      if (stored !== undefined) return stored;
      await repo.insertIfAbsent(key, create());
      return repo.get(key);
    },

    /** The comp rates of bets by provider kind (defaults for whatever is not stored). */
    async compRates(trx?: Database): Promise<CompRates> {
      return normalizeCompRates(await repo.get(COMP_RATES_KEY, trx));
    },

    /** Changes comp rates inside the caller's transaction; returns before and after for the audit log. */
    async updateCompRates(
      patch: Partial<CompRates>,
      trx: Database,
    ): Promise<{ before: CompRates; after: CompRates }> {
      const before = normalizeCompRates(await repo.getForUpdate(COMP_RATES_KEY, trx));
      const after = normalizeCompRates({ ...before, ...patch });
      await repo.put(COMP_RATES_KEY, after, trx);
      return { before, after };
    },

    /** The cashier settings in force (defaults for whatever is not stored). */
    async cashier(trx?: Database): Promise<CashierSettings> {
      return normalizeCashierSettings(await repo.get(CASHIER_KEY, trx));
    },

    /**
     * Applies a partial change inside the caller's transaction and returns the settings before and
     * after (for the audit log). The caller validates field shapes; cross-field rules are checked
     * here and returned as problems without writing anything.
     */
    async updateCashier(
      patch: Partial<CashierSettings>,
      trx: Database,
    ): Promise<{ before: CashierSettings; after: CashierSettings; problems: SettingsProblem[] }> {
      const before = normalizeCashierSettings(await repo.getForUpdate(CASHIER_KEY, trx));
      const after: CashierSettings = { ...before };
      for (const [k, v] of Object.entries(patch) as [keyof CashierSettings, unknown][]) {
        if (v !== undefined) (after as unknown as Record<string, unknown>)[k] = v;
      }
      const problems = checkCashierSettings(after);
      if (problems.length === 0) await repo.put(CASHIER_KEY, after, trx);
      return { before, after, problems };
    },

    /** The back office's IP allow-list (CIDR texts, validated when saved; empty: off). */
    async backofficeIpAllowlist(trx?: Database): Promise<string[]> {
      const stored = await repo.get(BACKOFFICE_IP_ALLOWLIST_KEY, trx);
      return Array.isArray(stored) ? stored.filter((r): r is string => typeof r === 'string') : [];
    },

    /** Replaces the allow-list inside the caller's transaction; before and after for the audit log. */
    async updateBackofficeIpAllowlist(
      ranges: string[],
      trx: Database,
    ): Promise<{ before: string[]; after: string[] }> {
      const stored = await repo.getForUpdate(BACKOFFICE_IP_ALLOWLIST_KEY, trx);
      const before = Array.isArray(stored) ? stored.filter((r): r is string => typeof r === 'string') : [];
      await repo.put(BACKOFFICE_IP_ALLOWLIST_KEY, ranges, trx);
      return { before, after: ranges };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
