import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  isTimeZone,
  siteDay,
  siteDayStart,
  siteMinuteOfDay,
  siteMonth,
  siteMonthStart,
  siteWallTime,
} from './site-time.ts';

const at = (iso: string) => new Date(iso);

describe('isTimeZone', () => {
  it('knows IANA names and UTC, and refuses anything else', () => {
    for (const zone of ['Asia/Seoul', 'America/New_York', 'Asia/Kolkata', 'UTC', 'Etc/GMT+5'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['', 'Seoul', 'Asia/Nowhere', '+09:00', 'Asia/Seoul; drop'])
      expect(isTimeZone(zone), zone).toBe(false);
  });
});

describe('Asia/Seoul (UTC+9 all year)', () => {
  const zone = 'Asia/Seoul';
  it('reads the day, the month and the wall clock of an instant', () => {
    expect(siteDay(at('2026-02-28T14:59:59.999Z'), zone)).toBe('2026-02-28');
    expect(siteDay(at('2026-02-28T15:00:00Z'), zone)).toBe('2026-03-01');
    expect(siteMonth(at('2026-02-28T15:00:00Z'), zone)).toBe('2026-03');
    expect(siteWallTime(at('2026-02-28T15:30:05Z'), zone)).toBe('2026-03-01 00:30:05');
    expect(siteMinuteOfDay(at('2026-02-28T15:30:05Z'), zone)).toBe(30);
  });
  it('starts a day and a month at 00:00 in Seoul, 15:00 UTC the day before', () => {
    expect(siteDayStart('2026-03-01', zone).toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(siteMonthStart('2026-01', zone).toISOString()).toBe('2025-12-31T15:00:00.000Z');
  });
});

describe('America/New_York across its daylight saving changes', () => {
  const zone = 'America/New_York';
  it('starts the days around the spring change at their own offsets (a 23-hour day)', () => {
    // Clocks go from 02:00 EST to 03:00 EDT on 2026-03-08.
    expect(siteDayStart('2026-03-08', zone).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(siteDayStart('2026-03-09', zone).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(siteDay(at('2026-03-09T03:59:59.999Z'), zone)).toBe('2026-03-08');
    expect(siteDay(at('2026-03-09T04:00:00Z'), zone)).toBe('2026-03-09');
    expect(siteWallTime(at('2026-03-08T07:00:00Z'), zone)).toBe('2026-03-08 03:00:00');
  });
  it('starts the days around the autumn change at their own offsets (a 25-hour day)', () => {
    // Clocks go from 02:00 EDT back to 01:00 EST on 2026-11-01.
    expect(siteDayStart('2026-11-01', zone).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(siteDayStart('2026-11-02', zone).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(siteMonthStart('2026-11', zone).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(siteMonthStart('2026-12', zone).toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(siteMinuteOfDay(at('2026-11-01T06:30:00Z'), zone)).toBe(90); // 01:30 EST, the second time
  });
});

describe('a day the clock skips midnight', () => {
  it('starts when the clock jumps (America/Santiago, 00:00 → 01:00 on 2026-09-06)', () => {
    const zone = 'America/Santiago';
    const start = siteDayStart('2026-09-06', zone);
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(siteWallTime(start, zone)).toBe('2026-09-06 01:00:00');
    expect(siteDay(new Date(start.getTime() - 1), zone)).toBe('2026-09-05');
  });
});

describe('Asia/Kolkata (UTC+5:30)', () => {
  const zone = 'Asia/Kolkata';
  it('keeps the half hour', () => {
    expect(siteDayStart('2026-05-01', zone).toISOString()).toBe('2026-04-30T18:30:00.000Z');
    expect(siteDay(at('2026-04-30T18:29:59Z'), zone)).toBe('2026-04-30');
    expect(siteDay(at('2026-04-30T18:30:00Z'), zone)).toBe('2026-05-01');
    expect(siteMinuteOfDay(at('2026-04-30T18:45:00Z'), zone)).toBe(15);
  });
});

describe('UTC', () => {
  it('is the UTC calendar', () => {
    expect(siteDayStart('2024-02-29', 'UTC').toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(siteDay(at('2024-02-29T23:59:59.999Z'), 'UTC')).toBe('2024-02-29');
    expect(siteMonthStart('2024-03', 'UTC').toISOString()).toBe('2024-03-01T00:00:00.000Z');
  });
});

describe('addDays', () => {
  it('moves along the calendar across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-10', -40)).toBe('2025-12-01');
  });
});

describe('the wall clock kept per quarter hour', () => {
  // What Intl itself says, for comparison: the calendar reads offsets from a span it keeps.
  const ZONES = [
    'Asia/Seoul',
    'America/New_York',
    'America/Santiago',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Europe/London',
    'Africa/Monrovia',
    'UTC',
  ];
  const formats = new Map(
    ZONES.map((zone) => [
      zone,
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
    ]),
  );
  const intlWall = (ms: number, zone: string) => {
    const f: Record<string, string> = {};
    for (const p of formats.get(zone)!.formatToParts(new Date(ms))) f[p.type] = p.value;
    return `${f.year!.padStart(4, '0')}-${f.month}-${f.day} ${f.hour}:${f.minute}:${f.second}`;
  };

  it('matches Intl at random instants of 1900 to 2100, in order and out of order', () => {
    const from = Date.UTC(1900, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.array(fc.integer({ min: from, max: to }), { minLength: 1, maxLength: 20 }),
        (zone, instants) => {
          for (const ms of instants) expect(siteWallTime(new Date(ms), zone)).toBe(intlWall(ms, zone));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('matches Intl every 17 seconds across the days a clock changes (and Monrovia’s odd 1972 change)', () => {
    const days: [string, string][] = [
      ['America/New_York', '2026-03-08T04:00:00Z'],
      ['America/New_York', '2026-11-01T04:00:00Z'],
      ['America/Santiago', '2026-09-06T02:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T12:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T13:00:00Z'],
      ['Pacific/Chatham', '2026-04-04T12:00:00Z'],
      ['Europe/London', '2026-03-29T00:00:00Z'],
      ['Africa/Monrovia', '1972-01-06T12:00:00Z'],
    ];
    for (const [zone, start] of days) {
      const first = Date.parse(start);
      for (let ms = first; ms < first + 86_400_000; ms += 17_000)
        expect(siteWallTime(new Date(ms), zone), `${zone} ${new Date(ms).toISOString()}`).toBe(
          intlWall(ms, zone),
        );
    }
  });
});
