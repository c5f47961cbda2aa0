import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES } from '../i18n/namespaces.ts';

const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** An i18next instance with the real translation files already loaded (no fetch in tests). */
export function createTestI18n(lng = 'ko'): I18n {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, locale, ns] = match;
    (resources[locale!] ??= {})[ns!] = content;
  }
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    resources,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
