import { useLayoutEffect } from 'react';
import { ScrollRestoration, type Location } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INTL_LOCALE, type TLocale } from '@casino/contracts/locales';
import { setApiLocale } from '../lib/api.ts';
import { LocaleContext } from '../i18n/locale-context.ts';
import { loadLocaleFont } from '../i18n/locale-fonts.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { MaintenanceGate } from './maintenance-gate.tsx';

/**
 * The key a page's scroll position is kept under: the history entry's own key, except for the entry
 * of a freshly loaded document, which React Router names "default" whatever its address. Keyed by
 * that name, a page loaded anew (after a sign-in, a break, `reloadPage(url)`) took over the scroll
 * position of the page just left (the blocked page opened half-way down): such entries are kept
 * under their address instead, so a reload of the same page still comes back where it was.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/**
 * The root of one locale's routes: provides the locale, switches i18next to it and sets
 * `<html lang>` to its Intl tag (ko, en, ja, vi, zh-Hans).
 */
export function LocaleRoot({ locale }: { locale: TLocale }) {
  const { i18n } = useTranslation('common');

  useLayoutEffect(() => {
    document.documentElement.lang = INTL_LOCALE[locale];
    setApiLocale(locale);
    loadLocaleFont(locale);
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [i18n, locale]);

  return (
    <LocaleContext.Provider value={locale}>
      <MaintenanceGate>
        <AppLayout />
      </MaintenanceGate>
      <ScrollRestoration getKey={scrollKey} />
    </LocaleContext.Provider>
  );
}
