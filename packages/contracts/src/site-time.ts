/**
 * The site's calendar: the days and months of the site's time zone (an IANA name, the server's
 * SITE_TIME_ZONE, Asia/Seoul by default; decision 0020). Every day or month boundary of the
 * platform (reports, the dashboard's today and month, history and filter days, lock and
 * maintenance windows) is one of these, on the server and in the consoles alike.
 *
 * Zone-aware through `Intl.DateTimeFormat` only (no zone data of its own, no dependency): offsets
 * are read per instant, so zones with daylight saving time (America/New_York) and with half-hour
 * offsets (Asia/Kolkata) are right on every day, including the days their clocks change.
 * Formatters are made on first use per zone (building one loads the zone's data; decision 0016).
 */

/** The site's time zone when none is configured (the operator's, UTC+9 all year). */
export const DEFAULT_SITE_TIME_ZONE = 'Asia/Seoul';

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

/** Whether `name` is a time zone this runtime knows (an IANA name such as `America/New_York`, or `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    partsFormat(name);
    return true;
  } catch {
    return false;
  }
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of `zone` at `ms` as `Intl` tells it, to the second (a few microseconds a call). */
function readWall(ms: number, zone: string): Wall {
  const f: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(new Date(ms)))
    if (part.type !== 'literal') f[part.type] = Number(part.value);
  return { year: f.year!, month: f.month!, day: f.day!, hour: f.hour!, minute: f.minute!, second: f.second! };
}

/** How far `zone`'s wall clock is ahead of UTC at `ms`, in milliseconds, as `Intl` tells it. */
function readOffset(ms: number, zone: string): number {
  const w = readWall(ms, zone);
  const wall = new Date(0);
  // setUTCFullYear, not Date.UTC: years 0 to 99 stay themselves.
  wall.setUTCFullYear(w.year, w.month - 1, w.day);
  wall.setUTCHours(w.hour, w.minute, w.second, 0);
  return wall.getTime() - Math.floor(ms / 1000) * 1000;
}

/**
 * Offsets change at most a few times a year, so the quarter hours (UTC, aligned) read so far are
 * kept, each with its offset when that is the same at its first and last second: an instant in one
 * takes that offset without asking `Intl` (a day boundary per wallet call costs a lookup, not a
 * formatting), and a report's day starts do not push out the current quarter hour. A quarter hour
 * holding a change is read per instant, as before. At most `MAX_SPANS` are kept, then all dropped.
 */
const SPAN_MS = 900_000;
const MAX_SPANS = 4_096;
const spans = new Map<string, number>();

/** How far `zone`'s wall clock is ahead of UTC at `ms`, in milliseconds (negative west of UTC). */
function offsetAt(ms: number, zone: string): number {
  const from = Math.floor(ms / SPAN_MS) * SPAN_MS;
  const key = `${zone} ${from}`;
  const kept = spans.get(key);
  if (kept !== undefined) return kept;
  const offset = readOffset(from, zone);
  if (readOffset(from + SPAN_MS - 1000, zone) !== offset) return readOffset(ms, zone);
  if (spans.size >= MAX_SPANS) spans.clear();
  spans.set(key, offset);
  return offset;
}

/** The wall clock of `zone` at `ms` (milliseconds since the epoch), to the second. */
function wallAt(ms: number, zone: string): Wall {
  const local = new Date(Math.floor(ms / 1000) * 1000 + offsetAt(ms, zone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

function dayText(w: { year: number; month: number; day: number }): string {
  return `${String(w.year).padStart(4, '0')}-${two(w.month)}-${two(w.day)}`;
}

/** The site's calendar day of an instant, `YYYY-MM-DD`. */
export function siteDay(at: Date, zone: string): string {
  return dayText(wallAt(at.getTime(), zone));
}

/** The site's month of an instant, `YYYY-MM`. */
export function siteMonth(at: Date, zone: string): string {
  return siteDay(at, zone).slice(0, 7);
}

/** An instant on the site's wall clock, `YYYY-MM-DD HH:mm:ss`. */
export function siteWallTime(at: Date, zone: string): string {
  const w = wallAt(at.getTime(), zone);
  return `${dayText(w)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

/** Minutes since midnight of `at` on the site's wall clock (0..1439). */
export function siteMinuteOfDay(at: Date, zone: string): number {
  const w = wallAt(at.getTime(), zone);
  return w.hour * 60 + w.minute;
}

/** The calendar day `days` after `day` (`YYYY-MM-DD`; negative: before). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return dayText({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/**
 * The instant the site's day `day` (`YYYY-MM-DD`) starts: its first instant whose local date is
 * `day`. That is 00:00 on most days; where the clock skips midnight (a daylight saving change at
 * 00:00) the day starts when the clock jumps, and where midnight comes twice, at the first one.
 */
export function siteDayStart(day: string, zone: string): Date {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`not a day: ${day}`);
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // The offsets in force around that midnight (a zone changes its offset at most once a day).
  let start = Infinity;
  for (const around of [wall - DAY_MS, wall, wall + DAY_MS]) {
    const candidate = wall - offsetAt(around, zone);
    if (candidate < start && siteDay(new Date(candidate), zone) === day) start = candidate;
  }
  return new Date(start);
}

/** The instant the site's month `month` (`YYYY-MM`) starts: the start of its first day. */
export function siteMonthStart(month: string, zone: string): Date {
  return siteDayStart(`${month}-01`, zone);
}
