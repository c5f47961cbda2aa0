import { describe, expect, it } from 'vitest';
import { siteMinuteOfDay } from '@casino/contracts/site-time';
import { isLocked, minutesOf } from './lock-window.ts';

const SEOUL = 'Asia/Seoul';

/** A UTC instant for a wall-clock time in Seoul (UTC+9, no daylight saving). */
function seoul(hhmm: string, day = '2025-03-10'): Date {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.parse(`${day}T00:00:00Z`) + ((h - 9) * 60 + m) * 60_000);
}

describe('lock windows', () => {
  it('reads the Seoul wall clock whatever the server time zone', () => {
    expect(siteMinuteOfDay(new Date('2025-03-10T15:00:00Z'), SEOUL)).toBe(0); // 00:00 KST on the 11th
    expect(siteMinuteOfDay(new Date('2025-03-10T14:59:00Z'), SEOUL)).toBe(23 * 60 + 59);
    expect(siteMinuteOfDay(seoul('09:30'), SEOUL)).toBe(9 * 60 + 30);
    expect(minutesOf('23:30')).toBe(1410);
    expect(() => minutesOf('24:00')).toThrow();
  });

  it('is always open without a window', () => {
    expect(isLocked(null, seoul('03:00'), SEOUL)).toBe(false);
    expect(isLocked(undefined, seoul('23:59'), SEOUL)).toBe(false);
  });

  it('closes a same-day window from its start (inclusive) to its end (exclusive)', () => {
    const w = { from: '03:00', to: '04:30' };
    expect(isLocked(w, seoul('02:59'), SEOUL)).toBe(false);
    expect(isLocked(w, seoul('03:00'), SEOUL)).toBe(true);
    expect(isLocked(w, seoul('04:29'), SEOUL)).toBe(true);
    expect(isLocked(w, seoul('04:30'), SEOUL)).toBe(false);
    expect(isLocked(w, seoul('15:00'), SEOUL)).toBe(false);
  });

  it('closes a window that crosses midnight on both sides of it', () => {
    const w = { from: '23:30', to: '00:30' };
    expect(isLocked(w, seoul('23:29'), SEOUL)).toBe(false);
    expect(isLocked(w, seoul('23:30'), SEOUL)).toBe(true);
    expect(isLocked(w, seoul('23:59'), SEOUL)).toBe(true);
    expect(isLocked(w, seoul('00:00'), SEOUL)).toBe(true);
    expect(isLocked(w, seoul('00:29'), SEOUL)).toBe(true);
    expect(isLocked(w, seoul('00:30'), SEOUL)).toBe(false);
    expect(isLocked(w, seoul('12:00'), SEOUL)).toBe(false);
  });

  it('reads the wall clock of the zone it is given (America/New_York, EDT UTC-4 in June)', () => {
    const w = { from: '23:30', to: '00:30' };
    expect(isLocked(w, new Date('2025-06-11T03:45:00Z'), 'America/New_York')).toBe(true); // 23:45 EDT
    expect(isLocked(w, new Date('2025-06-11T03:45:00Z'), SEOUL)).toBe(false); // 12:45 KST
    expect(isLocked(w, new Date('2025-06-10T14:45:00Z'), SEOUL)).toBe(true); // 23:45 KST
    expect(isLocked(w, new Date('2025-06-10T14:45:00Z'), 'America/New_York')).toBe(false); // 10:45 EDT
  });

  it('treats an empty window (from = to) as open', () => {
    expect(isLocked({ from: '05:00', to: '05:00' }, seoul('05:00'), SEOUL)).toBe(false);
  });
});
