import { isLocked, type LockWindow } from '../settings/lock-window.ts';
import type { ProviderRow } from './games.repository.ts';

/** A provider's maintenance window (`HH:mm` of the site's time zone, may cross midnight), or null. */
export function maintenanceOf(p: ProviderRow): LockWindow | null {
  return p.maint_from !== null && p.maint_to !== null ? { from: p.maint_from, to: p.maint_to } : null;
}

/** Whether a provider is in its maintenance window at `at` on the wall clock of the site's time zone `zone`. */
export function isInMaintenance(p: ProviderRow, at: Date, zone: string): boolean {
  return isLocked(maintenanceOf(p), at, zone);
}

/** A provider members may play now: enabled and not in its maintenance window. */
export function isOpen(p: ProviderRow, at: Date, zone: string): boolean {
  return p.enabled && !isInMaintenance(p, at, zone);
}
