import { INTL_LOCALE, type TLocale } from '@casino/contracts/locales';

const formats = new Map<TLocale, Intl.DateTimeFormat>();

/**
 * A date and time in words of the member's locale, on the site's clock (Asia/Seoul, named: GMT+9),
 * for the moments that matter to a member: when a limit change applies, when a break ends.
 * Empty for a missing or invalid value.
 */
export function formatWhen(value: string | null | undefined, locale: TLocale): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Asia/Seoul',
      timeZoneName: 'short',
    });
    formats.set(locale, format);
  }
  return format.format(date);
}
