/**
 * The reality check's timing (issue 14): a check is due at every whole interval since the session
 * started (`startedAt` of get-session-summary), never at load: a reload, a second tab or a page that
 * slept keeps the same moments. Each moment shows once: the last one shown is remembered (local
 * storage, per session start), and after a long sleep only the latest missed moment shows.
 */

const MINUTE_MS = 60_000;

/** The latest interval moment at or before `nowMs` (after the start), or null when none has passed. */
export function latestCheckAt(startedAtMs: number, minutes: number, nowMs: number): number | null {
  if (!(minutes > 0) || !Number.isFinite(startedAtMs) || nowMs < startedAtMs) return null;
  const intervalMs = minutes * MINUTE_MS;
  const count = Math.floor((nowMs - startedAtMs) / intervalMs);
  return count >= 1 ? startedAtMs + count * intervalMs : null;
}

/** The next interval moment after `nowMs`, or null when reality checks are off. */
export function nextCheckAt(startedAtMs: number, minutes: number, nowMs: number): number | null {
  if (!(minutes > 0) || !Number.isFinite(startedAtMs)) return null;
  const intervalMs = minutes * MINUTE_MS;
  if (nowMs < startedAtMs) return startedAtMs + intervalMs;
  return startedAtMs + (Math.floor((nowMs - startedAtMs) / intervalMs) + 1) * intervalMs;
}

/**
 * The moment a check is due for now (to show, then remember as shown), or null: due when an interval
 * moment has passed that is later than the last one shown for this session.
 */
export function dueCheckAt(
  startedAtMs: number,
  minutes: number,
  nowMs: number,
  lastShownAtMs: number | null,
): number | null {
  const latest = latestCheckAt(startedAtMs, minutes, nowMs);
  if (latest === null) return null;
  return lastShownAtMs !== null && lastShownAtMs >= latest ? null : latest;
}

/** The session's length in whole hours and minutes. */
export function sessionLength(startedAtMs: number, nowMs: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.floor((nowMs - startedAtMs) / MINUTE_MS));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** What local storage keeps: the session's start and the last moment shown for it. */
export interface TShownCheck {
  startedAt: string;
  shownAt: number;
}

export function parseShownCheck(raw: string | null): TShownCheck | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TShownCheck>;
    return typeof value.startedAt === 'string' && typeof value.shownAt === 'number'
      ? { startedAt: value.startedAt, shownAt: value.shownAt }
      : null;
  } catch {
    return null;
  }
}

/** The last moment shown for the session that started at `startedAt` (null for another session). */
export function lastShownFor(stored: TShownCheck | null, startedAt: string): number | null {
  return stored && stored.startedAt === startedAt ? stored.shownAt : null;
}
