import { describe, expect, it } from 'vitest';
import { formatDateTime, formatWon } from './format.ts';

describe('formats', () => {
  it('writes integer won as each language reads it', () => {
    expect(formatWon(1_250_000, 'ko')).toBe('1,250,000원');
    expect(formatWon(1_250_000, 'en')).toBe('₩1,250,000');
    expect(formatWon(0, 'ko')).toBe('0원');
    // A debit: the sign before the currency, as English writes it.
    expect(formatWon(-20_000, 'en')).toBe('-₩20,000');
    expect(formatWon(-20_000, 'ko')).toBe('-20,000원');
  });

  it("writes a date and time to the second on the site's clock, not the browser's", () => {
    // 22:08:09 UTC is 07:08:09 the next day in Seoul (UTC+9), whatever zone the browser is in.
    expect(formatDateTime('2026-01-04T22:08:09.000Z')).toBe('2026-01-05 07:08:09');
  });
});
