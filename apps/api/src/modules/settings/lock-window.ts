import { siteMinuteOfDay } from '@casino/contracts/site-time';

/**
 * Cashier lock windows: a daily period, on the site's wall clock (its time zone, config
 * SITE_TIME_ZONE), during which deposits or
 * withdrawals are closed (the banks' night maintenance, typically). A window may cross midnight
 * (`23:30`-`00:30` is closed from 23:30 until 00:30 the next morning). `from` is inclusive, `to`
 * exclusive. A missing window (null) means always open.
 */
export interface LockWindow {
  /** `HH:mm`, 00:00..23:59. */
  from: string;
  /** `HH:mm`, 00:00..23:59, different from `from`. */
  to: string;
}

export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of `hhmm` (`HH:mm`); throws on anything else. */
export function minutesOf(hhmm: string): number {
  if (!HH_MM.test(hhmm)) throw new RangeError(`not an HH:mm time: ${hhmm}`);
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** Whether `at` falls inside the window on the wall clock of `zone`. Pure: the caller passes the clock. */
export function isLocked(window: LockWindow | null | undefined, at: Date, zone: string): boolean {
  if (!window) return false;
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  const now = siteMinuteOfDay(at, zone);
  if (from === to) return false;
  // A window that crosses midnight is the union of [from, 24:00) and [00:00, to).
  return from < to ? now >= from && now < to : now >= from || now < to;
}
