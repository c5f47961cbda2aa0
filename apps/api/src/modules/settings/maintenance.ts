import {
  maintenanceMessageFor,
  ZMaintenanceSettings,
  type TMaintenanceMessage,
  type TMaintenanceSettings,
  type TSiteMaintenance,
} from '@casino/contracts/site';
import { keptRead } from '../../lib/kept-reads.ts';

/** The settings key of the site-wide maintenance switch. */
export const MAINTENANCE_KEY = 'site.maintenance';

/**
 * How long an instance keeps the switch it read. Every instance reads it from the one database, so
 * an operator's change reaches all of them within this time (the instance that made it at once).
 */
export const MAINTENANCE_CACHE_MS = 2_000;

export const DEFAULT_MAINTENANCE: TMaintenanceSettings = Object.freeze({
  enabled: false,
  message: '',
  until: null,
});

/** The stored value, or the default (off) for anything missing or malformed. */
export function normalizeMaintenance(stored: unknown): TMaintenanceSettings {
  const parsed = ZMaintenanceSettings.safeParse(stored);
  return parsed.success ? parsed.data : { ...DEFAULT_MAINTENANCE };
}

/** What members are told in one locale (`get-site-status`). */
export function siteMaintenanceFor(settings: TMaintenanceSettings, locale: string): TSiteMaintenance {
  return {
    enabled: settings.enabled,
    message: maintenanceMessageFor(settings.message as TMaintenanceMessage, locale),
    until: settings.until,
  };
}

/** Seconds until `until`, for `Retry-After`; undefined when there is no future end. */
export function retryAfterSeconds(settings: TMaintenanceSettings, at: Date): number | undefined {
  if (!settings.until) return undefined;
  const ms = Date.parse(settings.until) - at.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : undefined;
}

/**
 * The switch as this instance knows it: read from the database at most once per
 * MAINTENANCE_CACHE_MS (one read in flight however many requests ask at once). When a read fails
 * the last value read is kept until the next one succeeds; with none, the failure propagates.
 */
export function createMaintenanceCache(read: () => Promise<unknown>, now: () => Date) {
  return keptRead(async () => normalizeMaintenance(await read()), {
    maxAgeMs: MAINTENANCE_CACHE_MS,
    now,
    lastOnError: true,
  });
}
