import { INTL_LOCALE, type TLocale } from './locales.ts';

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** A number from a wire value: numbers and numeric strings as they are, anything else 0. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    const text = value.trim();
    if (!NUMERIC.test(text)) return 0;
    const n = Number(text);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

const numberFormats = new Map<TLocale, Intl.NumberFormat>();
function numberFormat(locale: TLocale): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return format;
}

export function formatNumber(value: unknown, locale: TLocale): string {
  return numberFormat(locale).format(toNumber(value) || 0);
}

/** Whole won: `10,000원` in Korean, `₩10,000` with the locale's grouping elsewhere (GLOSSARY). */
export function formatMoney(value: unknown, locale: TLocale): string {
  const won = Math.trunc(toNumber(value));
  const digits = numberFormat(locale).format(Math.abs(won));
  const sign = won < 0 ? '-' : '';
  return locale === 'ko' ? `${sign}${digits}원` : `${sign}₩${digits}`;
}

/**
 * The Asia/Seoul clock's fields, made on first use: building a formatter with a time zone loads the
 * zone data, tens of milliseconds of a phone's main thread that no module load should pay (the
 * portal's first script imports this module; decision 0016).
 */
let seoulParts: Intl.DateTimeFormat | undefined;
function seoulFormat(): Intl.DateTimeFormat {
  seoulParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return seoulParts;
}

function seoulFields(value: unknown): Record<string, string> | null {
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'string' && value !== '') date = new Date(value);
  else return null;
  if (Number.isNaN(date.getTime())) return null;
  const fields: Record<string, string> = {};
  for (const part of seoulFormat().formatToParts(date)) fields[part.type] = part.value;
  fields.year = (fields.year ?? '').padStart(4, '0');
  return fields;
}

export const MISSING_DATE = '-';

/** `YYYY-MM-DD` of the Asia/Seoul calendar date; `-` when missing or invalid. */
export function formatDate(value: unknown): string {
  const f = seoulFields(value);
  return f ? `${f.year}-${f.month}-${f.day}` : MISSING_DATE;
}

/** `HH:mm` on the Asia/Seoul clock; `-` when missing or invalid. */
export function formatTime(value: unknown): string {
  const f = seoulFields(value);
  return f ? `${f.hour}:${f.minute}` : MISSING_DATE;
}

/** `YYYY-MM-DD HH:mm` in Asia/Seoul; `-` when missing or invalid. */
export function formatDateTime(value: unknown): string {
  const f = seoulFields(value);
  return f ? `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}` : MISSING_DATE;
}
