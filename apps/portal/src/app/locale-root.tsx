import { useLayoutEffect } from 'react';
import { ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INTL_LOCALE, type TLocale } from '@casino/contracts/locales';
import { setApiLocale } from '../lib/api.ts';
import { LocaleContext } from '../i18n/locale-context.ts';
import { loadLocaleFont } from '../i18n/locale-fonts.ts';
import { HealthDialogs } from './health-dialogs.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { MaintenanceGate } from './maintenance-gate.tsx';

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
        <HealthDialogs />
      </MaintenanceGate>
      <ScrollRestoration />
    </LocaleContext.Provider>
  );
}
