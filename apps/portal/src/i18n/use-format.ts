import { useMemo } from 'react';
import { formatDate, formatWon, formatNumber } from '@casino/web-kit/format';
import { useLocale } from './locale-context.ts';

/** The contracts' formatters bound to the current locale (grouping, 원 / ₩, YYYY-MM-DD). */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      money: (value: unknown) => formatWon(value, locale),
      number: (value: unknown) => formatNumber(value, locale),
      date: (value: unknown) => formatDate(value),
    }),
    [locale],
  );
}
