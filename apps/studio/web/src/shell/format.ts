/** The member's language, as the platform names it in the game URL (`lang=`). */
export type TLang = 'ko' | 'en' | 'jp' | 'vn' | 'cn';

export const LANGS: readonly TLang[] = ['ko', 'en', 'jp', 'vn', 'cn'];

/** BCP 47 tags behind the platform's language codes (for Intl and `<html lang>`). */
export const LANG_TAGS: Record<TLang, string> = {
  ko: 'ko-KR',
  en: 'en-US',
  jp: 'ja-JP',
  vn: 'vi-VN',
  cn: 'zh-Hans-CN',
};

export function parseLang(value: string | null | undefined): TLang {
  return (LANGS as readonly string[]).includes(value ?? '') ? (value as TLang) : 'ko';
}

const numberFormats = new Map<TLang, Intl.NumberFormat>();

function numberFormat(lang: TLang): Intl.NumberFormat {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LANG_TAGS[lang], { maximumFractionDigits: 0 });
    numberFormats.set(lang, format);
  }
  return format;
}

/** A whole number with the locale's grouping (no currency). */
export function formatNumber(n: number, lang: TLang): string {
  return numberFormat(lang).format(n);
}

/**
 * An amount of won as members read it: `10,000원` in Korean, `₩10,000` elsewhere with the locale's
 * grouping (GLOSSARY.md). Intl's own KRW style puts the sign after the number in some locales
 * (vi-VN), which is not what the portal shows, hence the sign is placed here.
 */
export function formatWon(n: number, lang: TLang): string {
  const digits = numberFormat(lang).format(Math.abs(n));
  const sign = n < 0 ? '-' : '';
  return lang === 'ko' ? `${sign}${digits}원` : `${sign}₩${digits}`;
}

/** A short date and time of a round in the member's locale. */
export function formatTime(iso: string, lang: TLang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LANG_TAGS[lang], {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(date);
}

const compactFormats = new Map<TLang, Intl.NumberFormat>();

/** A short amount for chips and limits: `1만`, `10K`, `5万`, in the member's locale. */
export function formatCompact(n: number, lang: TLang): string {
  let format = compactFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LANG_TAGS[lang], { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(lang, format);
  }
  return format.format(n);
}
