import { describe, expect, it } from 'vitest';
import { INTL_LOCALE, isLocale, LOCALES } from './locales.ts';

describe('locales', () => {
  it('maps every locale to an Intl tag the runtime supports', () => {
    expect(LOCALES).toEqual(['ko', 'en', 'jp', 'vn', 'cn']);
    for (const locale of LOCALES) {
      expect(Intl.NumberFormat.supportedLocalesOf(INTL_LOCALE[locale])).toEqual([INTL_LOCALE[locale]]);
    }
  });
  it('isLocale accepts only the specification codes', () => {
    expect(isLocale('jp')).toBe(true);
    expect(isLocale('ja')).toBe(false);
    expect(isLocale('KO')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
