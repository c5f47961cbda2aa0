/**
 * The one formatter of the web apps (portal, back office, studio client): numbers and won as
 * members and operators read them, and dates and times on the SITE's clock, never the browser's.
 * The site's time zone is the server's SITE_TIME_ZONE (decision 0020): an app sets it once at
 * start from its document (`setSiteTimeZone`), and every formatter uses it unless given a zone;
 * Asia/Seoul until it is set. Pure (Intl only): no DOM, so the studio's game client and the
 * server may use it as well.
 *
 * `lang` is one of the platform's language codes (`ko`, `en`, `jp`, `vn`, `cn`, as the wire and the
 * URLs name them) or any BCP 47 tag (`ko-KR`, `en-US` ...).
 */

/**
 * The site's time zone until the app says otherwise: the server's default (contracts'
 * DEFAULT_SITE_TIME_ZONE; the kit imports nothing of the platform).
 */
const DEFAULT_TIME_ZONE = 'Asia/Seoul';
let siteZone = DEFAULT_TIME_ZONE;

/** The site's time zone the formatters use when the caller names none. */
export function siteTimeZone(): string {
  return siteZone;
}

/**
 * Sets the site's time zone: the one the server names in the document (`documentSiteTimeZone` of
 * site-time-zone.ts). A missing or unknown name leaves Asia/Seoul. Call it before the first render.
 */
export function setSiteTimeZone(zone: string | null | undefined): void {
  siteZone = DEFAULT_TIME_ZONE;
  if (!zone) return;
  try {
    partsFormat(zone);
    siteZone = zone;
  } catch {
    // Not a zone this browser knows: the default stays.
  }
}

/** What a missing or invalid date shows. */
export const MISSING_DATE = '-';

// The platform's language codes that are not BCP 47 tags themselves (contracts' INTL_LOCALE agrees).
const TAG_OF_CODE: Readonly<Record<string, string>> = { jp: 'ja', vn: 'vi', cn: 'zh-Hans' };

function intlTag(lang: string): string {
  return TAG_OF_CODE[lang] ?? lang;
}

function isKorean(lang: string): boolean {
  return lang === 'ko' || lang.startsWith('ko-');
}

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

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: string): Intl.NumberFormat {
  const tag = intlTag(lang);
  let format = numberFormats.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
    numberFormats.set(tag, format);
  }
  return format;
}

/** A number with the language's grouping (up to two decimals); a non-number shows as 0. */
export function formatNumber(value: unknown, lang: string): string {
  return numberFormat(lang).format(toNumber(value) || 0);
}

/**
 * Whole won: `10,000원` in Korean, `₩10,000` with the language's grouping elsewhere,
 * `-` before either below 0. Intl's own KRW style puts the sign after the number in some locales
 * (vi-VN), which is not what the apps show, hence the sign is placed here.
 */
export function formatWon(value: unknown, lang: string): string {
  const won = Math.trunc(toNumber(value));
  const digits = numberFormat(lang).format(Math.abs(won));
  const sign = won < 0 ? '-' : '';
  return isKorean(lang) ? `${sign}${digits}원` : `${sign}₩${digits}`;
}

/**
 * The site clock's fields, formatters made on first use per zone: building a formatter with a time
 * zone loads the zone data, tens of milliseconds of a phone's main thread that no module load
 * should pay (the portal's first script imports this module; decision 0016).
 */
const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

function toDate(value: unknown): Date | null {
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'string' && value !== '') date = new Date(value);
  else return null;
  return Number.isNaN(date.getTime()) ? null : date;
}

function siteFields(value: unknown, timeZone: string): Record<string, string> | null {
  const date = toDate(value);
  if (!date) return null;
  const fields: Record<string, string> = {};
  for (const part of partsFormat(timeZone).formatToParts(date)) fields[part.type] = part.value;
  fields.year = (fields.year ?? '').padStart(4, '0');
  return fields;
}

/** `YYYY-MM-DD` of the site's calendar date; `-` when missing or invalid. */
export function formatDate(value: unknown, timeZone: string = siteZone): string {
  const f = siteFields(value, timeZone);
  return f ? `${f.year}-${f.month}-${f.day}` : MISSING_DATE;
}

/** `HH:mm` on the site's clock; `-` when missing or invalid. */
export function formatTime(value: unknown, timeZone: string = siteZone): string {
  const f = siteFields(value, timeZone);
  return f ? `${f.hour}:${f.minute}` : MISSING_DATE;
}

/** `YYYY-MM-DD HH:mm` on the site's clock; `-` when missing or invalid. */
export function formatDateTime(value: unknown, timeZone: string = siteZone): string {
  const f = siteFields(value, timeZone);
  return f ? `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}` : MISSING_DATE;
}

/** `YYYY-MM-DD HH:mm:ss` on the site's clock (the back office's records); `-` when missing or invalid. */
export function formatDateTimeSeconds(value: unknown, timeZone: string = siteZone): string {
  const f = siteFields(value, timeZone);
  return f ? `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}:${f.second}` : MISSING_DATE;
}

const dayTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A short date and time in the language's own order (`11/24, 11:13:40 PM` in English) on the
 * site's clock: a game round in the studio's history. An invalid value shows as given.
 */
export function formatDayTime(value: string, lang: string, timeZone: string = siteZone): string {
  const date = toDate(value);
  if (!date) return value;
  const key = `${intlTag(lang)} ${timeZone}`;
  let format = dayTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlTag(lang), {
      timeZone,
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    dayTimeFormats.set(key, format);
  }
  return format.format(date);
}

const whenFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time in words of the member's language, on the site's clock with the zone named
 * (`November 24, 2026 at 11:13 PM GMT+9`), for the moments that matter to a member: when a limit
 * change applies, when a break ends. Empty for a missing or invalid value.
 */
export function formatWhen(
  value: string | null | undefined,
  lang: string,
  timeZone: string = siteZone,
): string {
  const date = toDate(value);
  if (!date) return '';
  const key = `${intlTag(lang)} ${timeZone}`;
  let format = whenFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlTag(lang), {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
    whenFormats.set(key, format);
  }
  return format.format(date);
}
