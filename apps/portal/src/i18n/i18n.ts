import type { i18n as I18n, ResourceLanguage } from 'i18next';
import { LOCALES, type TLocale } from '@casino/contracts/locales';
import { createI18n as createKitI18n } from '@casino/web-kit/i18n';
import { fetchBackend } from './fetch-backend.ts';
import { DEFAULT_NAMESPACE } from './namespaces.ts';

/**
 * Starts i18next in the locale of the URL the page was opened with, so the first render needs
 * only that locale's `common` file (or none: `preloaded` holds what a prerendered document
 * carries, used as it is while only the other namespaces are fetched, decision 0013). No fallback
 * language: the locale test keeps every file complete, and a fallback would download a second
 * language on every page load.
 */
export function createI18n(locale: TLocale, preloaded?: ResourceLanguage): I18n {
  return createKitI18n({
    lng: locale,
    supportedLngs: LOCALES,
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    ...(preloaded && { resources: { [locale]: preloaded } }),
    backend: fetchBackend,
    options: { load: 'currentOnly' },
  });
}
