import type { TBreakKind, TBreakPeriod } from '@casino/contracts/protection';

/** `until` in the blocked page's address when the break never ends. */
export const PERMANENT = 'permanent';

/**
 * The query of the blocked page (/blocked): `until` (an ISO time, or `permanent`) when a sign-in was
 * refused during a break; `kind` and `period` right after the member took one.
 */
export type TBlockedInfo =
  | { until: string | null }
  | { kind: TBreakKind; period: TBreakPeriod; until?: string | null }
  | Record<string, never>;

export function blockedSearch(info: TBlockedInfo): string {
  const params = new URLSearchParams();
  if ('until' in info) params.set('until', info.until ?? PERMANENT);
  if ('kind' in info) {
    params.set('kind', info.kind);
    params.set('period', info.period);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
