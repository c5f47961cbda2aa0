import { describe, expect, it } from 'vitest';
import { historyDayOf, ZGetAccountHistoryRequest } from './protection.ts';
import { toFieldErrors } from './errors.ts';

describe('historyDayOf (from / to of the account history)', () => {
  it('takes a day that exists as it is', () => {
    expect(historyDayOf('2024-05-01')).toBe('2024-05-01');
    expect(historyDayOf('2024-02-29')).toBe('2024-02-29');
    expect(historyDayOf('2025-02-29')).toBeNull();
    expect(historyDayOf('2025-13-01')).toBeNull();
  });

  it('takes an instant as its day in Seoul (UTC+9), which differs from the UTC day from 15:00Z on', () => {
    expect(historyDayOf('2024-05-01T14:59:59.999Z')).toBe('2024-05-01');
    expect(historyDayOf('2024-05-01T15:00:00Z')).toBe('2024-05-02');
    expect(historyDayOf('2024-05-02T00:30:00+09:00')).toBe('2024-05-02');
    expect(historyDayOf('2024-05-01T20:00:00-05:00')).toBe('2024-05-02');
    expect(historyDayOf('2024-12-31T15:00:00Z')).toBe('2025-01-01');
  });

  it('takes an instant as its day in the site time zone it is given', () => {
    expect(historyDayOf('2024-05-02T03:59:59Z', 'America/New_York')).toBe('2024-05-01');
    expect(historyDayOf('2024-05-02T04:00:00Z', 'America/New_York')).toBe('2024-05-02');
    expect(historyDayOf('2024-05-01', 'America/New_York')).toBe('2024-05-01');
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      'today',
      '2024-05-01T00:30:00',
      '2024-05-01 00:30:00Z',
      '2024-02-30T00:00:00Z',
      '20240501',
    ])
      expect(historyDayOf(text), text).toBeNull();
  });

  it('makes the request schema answer 400 pattern naming the field', () => {
    const parsed = ZGetAccountHistoryRequest.safeParse({ from: '2024-05-01T15:00:00Z', to: 'soon' });
    expect(parsed.success).toBe(false);
    expect(toFieldErrors(parsed.error!.issues)).toEqual([{ path: 'to', code: 'pattern' }]);
    expect(ZGetAccountHistoryRequest.parse({ from: '2024-05-01T15:00:00Z', to: '2024-05-02' })).toMatchObject(
      {
        from: '2024-05-01T15:00:00Z',
        to: '2024-05-02',
      },
    );
  });
});
