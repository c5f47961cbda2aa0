import { formatDate } from '@casino/web-kit/format';

/**
 * The days of the history page, on the site's calendar (the web kit's site time zone, the server's):
 * the screen reaches 3 months back, the CSV download 12 (HISTORY_MONTHS_MAX of the contracts).
 */

/** `YYYY-MM-DD` of `nowMs` on the site's calendar. */
export function seoulToday(nowMs: number): string {
  return formatDate(new Date(nowMs));
}

/** The day `months` calendar months before `day` (`YYYY-MM-DD`), clamped to the month's last day. */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** `day` moved into [min, max] (days compare as text in this format). */
export function clampDay(day: string, min: string, max: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return max;
  return day < min ? min : day > max ? max : day;
}
