import { ipAllowedBy } from '@casino/contracts/backoffice-operators';
import { keptRead } from '../../lib/kept-reads.ts';

/**
 * How long an instance keeps the allow-list it read. Every instance reads it from the one
 * database, so an owner's change reaches all of them within this time (the instance that made it
 * at once).
 */
export const IP_ALLOWLIST_CACHE_MS = 5_000;

/**
 * The back office's IP gate (docs/api/backoffice-operators.md): a request passes when its address
 * lies in the floor (`BACKOFFICE_IP_ALLOWLIST`, when set) and in the owners' list (when not
 * empty). The owners' list is read at most once per IP_ALLOWLIST_CACHE_MS (one read in flight
 * however many requests ask); when a read fails the last list read is kept, and with none the
 * failure propagates (the request fails rather than passing unchecked).
 */
export function createIpAllowlistGate(deps: {
  read: () => Promise<string[]>;
  floor: readonly string[];
  now: () => Date;
  cacheMs?: number;
}) {
  const { floor } = deps;
  const ranges = keptRead(deps.read, {
    maxAgeMs: deps.cacheMs ?? IP_ALLOWLIST_CACHE_MS,
    now: deps.now,
    lastOnError: true,
  });

  return {
    /** Whether a request from `ip` may reach the back office. */
    async allows(ip: string): Promise<boolean> {
      if (floor.length > 0 && !ipAllowedBy(floor, ip)) return false;
      const list = await ranges.get();
      return list.length === 0 || ipAllowedBy(list, ip);
    },

    /** Whether `ip` passes the floor alone (a saved list is checked against both). */
    floorAllows(ip: string): boolean {
      return floor.length === 0 || ipAllowedBy(floor, ip);
    },

    /** This instance sees a committed change at once (the others within IP_ALLOWLIST_CACHE_MS). */
    forget(): void {
      ranges.forget();
    },
  };
}
