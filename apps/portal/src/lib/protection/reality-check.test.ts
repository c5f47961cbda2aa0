import { describe, expect, it } from 'vitest';
import {
  dueCheckAt,
  lastShownFor,
  latestCheckAt,
  nextCheckAt,
  parseShownCheck,
  sessionLength,
} from './reality-check.ts';

const MIN = 60_000;
const START = Date.parse('2026-03-01T10:00:00Z');

describe('reality-check timing', () => {
  it('is never due while off, before the first interval, or for a bad start', () => {
    expect(dueCheckAt(START, 0, START + 120 * MIN, null)).toBeNull();
    expect(dueCheckAt(START, 15, START + 15 * MIN - 1, null)).toBeNull();
    expect(dueCheckAt(Number.NaN, 15, START + 60 * MIN, null)).toBeNull();
    expect(nextCheckAt(START, 0, START)).toBeNull();
  });

  it('is due at each whole interval since the start, exactly at its edge', () => {
    expect(dueCheckAt(START, 15, START + 15 * MIN, null)).toBe(START + 15 * MIN);
    expect(dueCheckAt(START, 30, START + 59 * MIN, null)).toBe(START + 30 * MIN);
    expect(dueCheckAt(START, 30, START + 60 * MIN, null)).toBe(START + 60 * MIN);
    expect(nextCheckAt(START, 15, START)).toBe(START + 15 * MIN);
    expect(nextCheckAt(START, 15, START + 15 * MIN)).toBe(START + 30 * MIN);
    expect(nextCheckAt(START, 60, START + 61 * MIN)).toBe(START + 120 * MIN);
  });

  it('shows each moment once: not again after it was shown (a reload), again at the next interval', () => {
    const shown = dueCheckAt(START, 15, START + 16 * MIN, null)!;
    expect(dueCheckAt(START, 15, START + 20 * MIN, shown)).toBeNull();
    expect(dueCheckAt(START, 15, START + 29 * MIN + 59_999, shown)).toBeNull();
    expect(dueCheckAt(START, 15, START + 30 * MIN, shown)).toBe(START + 30 * MIN);
  });

  it('after a long sleep shows only the latest missed moment', () => {
    const shown = START + 15 * MIN;
    expect(dueCheckAt(START, 15, START + 100 * MIN, shown)).toBe(START + 90 * MIN);
    expect(latestCheckAt(START, 15, START + 100 * MIN)).toBe(START + 90 * MIN);
  });

  it('keeps the moments when the interval changes mid-session (counted from the start)', () => {
    const shown = START + 15 * MIN;
    // Switched to 60 minutes at 20 minutes: the next check is at one hour, not 60 minutes later.
    expect(dueCheckAt(START, 60, START + 20 * MIN, shown)).toBeNull();
    expect(nextCheckAt(START, 60, START + 20 * MIN)).toBe(START + 60 * MIN);
    expect(dueCheckAt(START, 60, START + 60 * MIN, shown)).toBe(START + 60 * MIN);
  });

  it('remembers the last moment per session start only', () => {
    const stored = parseShownCheck(JSON.stringify({ startedAt: '2026-03-01T10:00:00.000Z', shownAt: 5 }));
    expect(lastShownFor(stored, '2026-03-01T10:00:00.000Z')).toBe(5);
    expect(lastShownFor(stored, '2026-03-02T10:00:00.000Z')).toBeNull();
    expect(parseShownCheck('not json')).toBeNull();
    expect(parseShownCheck(JSON.stringify({ startedAt: 1 }))).toBeNull();
  });

  it('measures the session in hours and minutes', () => {
    expect(sessionLength(START, START + 75 * MIN + 59_000)).toEqual({ hours: 1, minutes: 15 });
    expect(sessionLength(START, START - MIN)).toEqual({ hours: 0, minutes: 0 });
  });
});
