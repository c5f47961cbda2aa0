import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import ko from './ko.json';

/** The console's languages (Korean first: the operators' own). Strings are bundled: one small file each. */
export const LANGUAGES = ['ko', 'en'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const RESOURCES = { ko: { translation: ko }, en: { translation: en } } as const;

const LANGUAGE_KEY = 'backoffice.language';

function storedLanguage(): TLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return stored === 'en' ? 'en' : 'ko';
  } catch {
    return 'ko';
  }
}

export function setLanguage(language: TLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage refused: the choice lasts until the page reloads.
  }
  document.documentElement.lang = language;
  void i18next.changeLanguage(language);
}

export function initI18n(): typeof i18next {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  void i18next.use(initReactI18next).init({
    resources: RESOURCES,
    lng,
    fallbackLng: 'ko',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
