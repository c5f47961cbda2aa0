import { formatDate } from '@casino/web-kit/format';
import { INTL_LOCALE, type TLocale } from '@casino/contracts/locales';

/**
 * A member id as the ticker shows it: the server masks ids already (`ab***`, the first two
 * characters and a fixed mask); an id that somehow came unmasked is masked the same way here, so
 * the home page never shows a whole id.
 */
export function tickerUserId(userId: string): string {
  if (/^[^*]{0,2}\*{3}$/u.test(userId)) return userId;
  return `${[...userId].slice(0, 2).join('')}***`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relativeFormats = new Map<TLocale, Intl.RelativeTimeFormat>();
function relativeFormat(locale: TLocale): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto', style: 'long' });
    relativeFormats.set(locale, format);
  }
  return format;
}

/**
 * When a request was completed: relative within a day (`3분 전`, `3 minutes ago`, in the locale's
 * words), `YYYY-MM-DD` (the site's calendar) beyond, `-` when missing or invalid.
 */
export function tickerTime(iso: string, now: number, locale: TLocale): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return formatDate(iso);
  const ago = Math.max(0, now - at);
  if (ago >= DAY) return formatDate(iso);
  const format = relativeFormat(locale);
  if (ago < MINUTE) return format.format(0, 'second');
  if (ago < HOUR) return format.format(-Math.floor(ago / MINUTE), 'minute');
  return format.format(-Math.floor(ago / HOUR), 'hour');
}
