import { DEFAULT_LOCALE, isLocale, type TLocale } from '@casino/contracts/locales';

/** URL prefix of a locale: none for the default (Korean), `/<code>` for the others. */
export function localePrefix(locale: TLocale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/**
 * Splits a pathname into its locale and the path inside that locale:
 * `/en/deposit` -> en + `/deposit`, `/en` -> en + `/`, `/deposit` -> ko + `/deposit`.
 * The default locale has no prefix, so `/ko/...` is not a locale prefix (the router redirects it).
 */
export function splitLocalePath(pathname: string): { locale: TLocale; path: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && first !== DEFAULT_LOCALE && isLocale(first)) {
    return { locale: first, path: match?.[2] || '/' };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** The URL of an unprefixed path in a locale: (`/deposit`, en) -> `/en/deposit`, (`/`, en) -> `/en`. */
export function localizePath(path: string, locale: TLocale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const prefix = localePrefix(locale);
  if (!prefix) return clean;
  return clean === '/' ? prefix : `${prefix}${clean}`;
}

/**
 * The same page in another locale, keeping the query and hash:
 * (`/en/deposit?x=1`, jp) -> `/jp/deposit?x=1`; (`/jp/help`, ko) -> `/help`.
 */
export function switchLocaleUrl(
  url: { pathname: string; search?: string; hash?: string },
  locale: TLocale,
): string {
  const { path } = splitLocalePath(url.pathname);
  return `${localizePath(path, locale)}${url.search ?? ''}${url.hash ?? ''}`;
}
