/*
 * Numbers, won and round times come from the web kit's one formatter (`@casino/web-kit/format`,
 * re-exported by the shell's index); this file keeps the studio's languages and compact amounts.
 */

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
