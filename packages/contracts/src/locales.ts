export const LOCALES = ['ko', 'en', 'jp', 'vn', 'cn'] as const;
export type TLocale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE = 'ko' satisfies TLocale;

// The wire and URL codes are the specification's; Intl and <html lang> need BCP 47 tags.
export const INTL_LOCALE = {
  ko: 'ko',
  en: 'en',
  jp: 'ja',
  vn: 'vi',
  cn: 'zh-Hans',
} as const satisfies Record<TLocale, string>;

export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
