import type { TLocale } from '@casino/contracts/locales';

/*
 * Pretendard (loaded for every locale) draws Latin, Hangul and Vietnamese, but not the kanji and
 * hanzi of Japanese and Chinese. Phones and desktops usually have a system font for them (first in
 * the locale's font stack, global.css), but not every device does, and a missing glyph shows as an
 * empty box. So the jp and cn locales also load a Noto Sans font shipped with the portal: its CSS is
 * split by unicode-range, so a browser fetches only the slices the page's characters need, and none
 * at all when a system font earlier in the stack already has them. Other locales never load them.
 */
const LOCALE_FONTS: Partial<Record<TLocale, () => Promise<unknown>>> = {
  jp: () => import('@fontsource-variable/noto-sans-jp'),
  cn: () => import('@fontsource-variable/noto-sans-sc'),
};

const loaded = new Set<TLocale>();

/** Loads the extra font a locale needs, once. */
export function loadLocaleFont(locale: TLocale): void {
  const load = LOCALE_FONTS[locale];
  if (!load || loaded.has(locale)) return;
  loaded.add(locale);
  load().catch(() => {
    // A failed chunk (offline, a deploy in between) leaves the system fonts: let a later switch retry.
    loaded.delete(locale);
  });
}
