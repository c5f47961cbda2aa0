import { ipAllowedBy } from '@casino/contracts/backoffice-operators';

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
  const { read, floor, now } = deps;
  const cacheMs = deps.cacheMs ?? IP_ALLOWLIST_CACHE_MS;
  let cached: { ranges: string[]; at: number } | undefined;
  let inFlight: Promise<string[]> | undefined;
  // A read that started before `forget` may return the list from before the change: it answers
  // its callers but is not kept.
  let generation = 0;

  function current(): Promise<string[]> {
    if (cached && now().getTime() - cached.at < cacheMs) return Promise.resolve(cached.ranges);
    if (inFlight) return inFlight;
    const startedIn = generation;
    const reading: Promise<string[]> = read()
      .then(
        (ranges) => {
          if (startedIn === generation) cached = { ranges, at: now().getTime() };
          return ranges;
        },
        (error: unknown) => {
          if (cached) return cached.ranges;
          throw error;
        },
      )
      .finally(() => {
        if (inFlight === reading) inFlight = undefined;
      });
    inFlight = reading;
    return reading;
  }

  return {
    /** Whether a request from `ip` may reach the back office. */
    async allows(ip: string): Promise<boolean> {
      if (floor.length > 0 && !ipAllowedBy(floor, ip)) return false;
      const ranges = await current();
      return ranges.length === 0 || ipAllowedBy(ranges, ip);
    },

    /** Whether `ip` passes the floor alone (a saved list is checked against both). */
    floorAllows(ip: string): boolean {
      return floor.length === 0 || ipAllowedBy(floor, ip);
    },

    /** This instance sees a committed change at once (the others within IP_ALLOWLIST_CACHE_MS). */
    forget(): void {
      generation += 1;
      cached = undefined;
    },
  };
}
