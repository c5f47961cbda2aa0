import i18next, { type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type TLocale } from '@casino/contracts/locales';
import { fetchBackend } from './fetch-backend.ts';
import { DEFAULT_NAMESPACE } from './namespaces.ts';

/**
 * Starts i18next in the locale of the URL the page was opened with, so the first render needs
 * only that locale's `common` file (or none: `preloaded` holds what a prerendered document
 * carries). No fallback language: the locale test keeps every file
 * complete, and a fallback would download a second language on every page load.
 */
export function createI18n(locale: TLocale, preloaded?: ResourceLanguage): I18n {
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
      // A prerendered document carries the namespaces of its first render (decision 0013): they are
      // used as they are, and only the others are fetched.
      ...(preloaded && {
        resources: { [locale]: preloaded },
        partialBundledLanguages: true,
        initAsync: false,
      }),
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return instance;
}
