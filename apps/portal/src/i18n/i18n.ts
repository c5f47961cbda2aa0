import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type TLocale } from '@casino/contracts/locales';
import { fetchBackend } from './fetch-backend.ts';
import { DEFAULT_NAMESPACE } from './namespaces.ts';

/**
 * Starts i18next in the locale of the URL the page was opened with, so the first render needs
 * only that locale's `common` file. No fallback language: the locale test keeps every file
 * complete, and a fallback would download a second language on every page load.
 */
export function createI18n(locale: TLocale): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      fallbackLng: false,
      ns: [DEFAULT_NAMESPACE],
      defaultNS: DEFAULT_NAMESPACE,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return instance;
}
