import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatDayTime,
  formatNumber,
  formatTime,
  formatWon,
  setSiteTimeZone,
  siteTimeZone,
  toNumber,
} from './format.ts';

describe('toNumber', () => {
  it.each([
    [10_000, 10_000],
    [-5, -5],
    [1.5, 1.5],
    ['10000', 10_000],
    [' 42 ', 42],
    ['-7', -7],
    ['1.25', 1.25],
    ['1e3', 1000],
  ])('%j -> %j', (input, output) => {
    expect(toNumber(input)).toBe(output);
  });
  it.each([
    ['abc'],
    [''],
    ['  '],
    ['10,000'],
    ['0x10'],
    ['12px'],
    ['Infinity'],
    [Number.NaN],
    [Infinity],
    [null],
    [undefined],
    [true],
    [{}],
    [[5]],
  ])('%j -> 0', (input) => {
    expect(toNumber(input)).toBe(0);
  });
  it('reads bigints', () => {
    expect(toNumber(10n)).toBe(10);
  });
});

describe('formatNumber', () => {
  it('groups by the mapped Intl locale', () => {
    expect(formatNumber(1_234_567, 'ko')).toBe('1,234,567');
    expect(formatNumber(1_234_567, 'en')).toBe('1,234,567');
    expect(formatNumber(1_234_567, 'jp')).toBe('1,234,567');
    expect(formatNumber(1_234_567, 'cn')).toBe('1,234,567');
    expect(formatNumber(1_234_567, 'vn')).toBe('1.234.567');
  });
  it('shows non-numeric values as 0 and parses numeric strings', () => {
    expect(formatNumber('abc', 'ko')).toBe('0');
    expect(formatNumber(undefined, 'en')).toBe('0');
    expect(formatNumber('50000', 'ko')).toBe('50,000');
    expect(formatNumber(-0, 'ko')).toBe('0');
  });
});

describe('formatWon', () => {
  it('puts 원 after the number in Korean and ₩ before it elsewhere', () => {
    expect(formatWon(10_000, 'ko')).toBe('10,000원');
    expect(formatWon(10_000, 'en')).toBe('₩10,000');
    expect(formatWon(10_000, 'jp')).toBe('₩10,000');
    expect(formatWon(10_000, 'cn')).toBe('₩10,000');
    expect(formatWon(10_000, 'vn')).toBe('₩10.000');
  });
  it('handles zero, negatives, strings and junk', () => {
    expect(formatWon(0, 'ko')).toBe('0원');
    expect(formatWon(-2500, 'ko')).toBe('-2,500원');
    expect(formatWon(-2500, 'en')).toBe('-₩2,500');
    expect(formatWon('1000000', 'ko')).toBe('1,000,000원');
    expect(formatWon('n/a', 'en')).toBe('₩0');
    expect(formatWon(null, 'ko')).toBe('0원');
  });
});

describe('formatDate and formatTime (Asia/Seoul)', () => {
  it('shows the Seoul calendar date of a UTC instant late in the day', () => {
    expect(formatDate('2024-03-31T15:30:00.000Z')).toBe('2024-04-01');
    expect(formatTime('2024-03-31T15:30:00.000Z')).toBe('00:30');
    expect(formatDateTime('2024-03-31T15:30:00.000Z')).toBe('2024-04-01 00:30');
    expect(formatDate('2024-12-31T14:59:59.999Z')).toBe('2024-12-31');
    expect(formatDate('2024-12-31T15:00:00.000Z')).toBe('2025-01-01');
  });
  it('honours offsets and Date objects', () => {
    expect(formatDate('2024-05-01T23:59:00+09:00')).toBe('2024-05-01');
    expect(formatTime('2024-05-01T23:59:00+09:00')).toBe('23:59');
    expect(formatDate(new Date(Date.UTC(2024, 0, 1, 0, 0)))).toBe('2024-01-01');
    expect(formatTime(new Date(Date.UTC(2024, 0, 1, 3, 5)))).toBe('12:05');
  });
  it('reads a date-only string as that day', () => {
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
  });
  it('uses a 24-hour clock with midnight as 00', () => {
    expect(formatTime('2024-01-01T15:00:00Z')).toBe('00:00');
    expect(formatTime('2024-01-01T14:59:00Z')).toBe('23:59');
  });
  it('shows - for missing or invalid dates', () => {
    for (const value of [null, undefined, '', 'not a date', '2024-13-45', 0, {}]) {
      expect(formatDate(value)).toBe('-');
      expect(formatTime(value)).toBe('-');
      expect(formatDateTime(value)).toBe('-');
    }
    expect(formatDate(new Date(Number.NaN))).toBe('-');
  });
});

describe('the site time zone parameter', () => {
  it('formats on the clock of the zone it is given, Asia/Seoul by default', () => {
    const at = '2024-03-31T15:30:05.000Z';
    expect(formatDateTime(at, 'UTC')).toBe('2024-03-31 15:30');
    expect(formatDate(at, 'America/New_York')).toBe('2024-03-31');
    expect(formatTime(at, 'Europe/London')).toBe('16:30');
    expect(formatDateTimeSeconds(at)).toBe('2024-04-01 00:30:05');
    expect(formatDateTimeSeconds(at, 'UTC')).toBe('2024-03-31 15:30:05');
    expect(formatDateTimeSeconds('nope')).toBe('-');
  });
  it('formatDayTime: the language’s own order on the site clock, the value itself when invalid', () => {
    expect(formatDayTime('2024-03-31T15:30:05.000Z', 'en-US')).toBe('04/01, 12:30:05 AM');
    expect(formatDayTime('2024-03-31T15:30:05.000Z', 'en', 'UTC')).toBe('03/31, 03:30:05 PM');
    expect(formatDayTime('', 'ko')).toBe('');
    expect(formatDayTime('soon', 'ko')).toBe('soon');
  });
  it('accepts BCP 47 tags beside the platform codes', () => {
    expect(formatWon(12_000, 'ko-KR')).toBe('12,000원');
    expect(formatWon(-5000, 'en-US')).toBe('-₩5,000');
    expect(formatWon(10_000, 'vi-VN')).toBe('₩10.000');
  });
});

describe('the site time zone the server names', () => {
  afterEach(() => setSiteTimeZone(null));

  it('formats on the zone set at start, and Asia/Seoul again when it is missing or unknown', () => {
    const at = '2024-03-31T15:30:05.000Z';
    expect(siteTimeZone()).toBe('Asia/Seoul');
    setSiteTimeZone('America/New_York');
    expect(siteTimeZone()).toBe('America/New_York');
    expect(formatDateTimeSeconds(at)).toBe('2024-03-31 11:30:05');
    expect(formatDate('2024-04-01T03:59:59Z')).toBe('2024-03-31');
    expect(formatTime(at)).toBe('11:30');
    expect(formatDateTime(at, 'UTC')).toBe('2024-03-31 15:30');
    setSiteTimeZone('Mars/Olympus');
    expect(formatDateTimeSeconds(at)).toBe('2024-04-01 00:30:05');
    setSiteTimeZone('Asia/Kolkata');
    setSiteTimeZone(undefined);
    expect(siteTimeZone()).toBe('Asia/Seoul');
  });
});
