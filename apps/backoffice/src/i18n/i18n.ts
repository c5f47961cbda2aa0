import type { i18n as I18n } from 'i18next';
import { createI18n, switchLanguage } from '@casino/web-kit/i18n';
import en from './en.json';
import ko from './ko.json';

/** The console's languages (Korean first: the operators' own). Strings are bundled: one small file each. */
export const LANGUAGES = ['ko', 'en'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
/**
 * Each screen keeps its strings beside it in `features/<feature>/i18n/{ko,en}.json`, merged under the
 * feature's name (`t('members.title')`); the shell's own strings are `./ko.json` and `./en.json`.
 */
const FEATURE_FILES = import.meta.glob<Record<string, unknown>>('../features/*/i18n/*.json', {
  eager: true,
  import: 'default',
});

export function featureStrings(language: TLanguage): Record<string, Record<string, unknown>> {
  const tree: Record<string, Record<string, unknown>> = {};
  for (const [path, strings] of Object.entries(FEATURE_FILES)) {
    const match = /features\/([^/]+)\/i18n\/(\w+)\.json$/.exec(path);
    if (match?.[2] === language) tree[match[1]!] = strings;
  }
  return tree;
}

/** The shell's strings with each feature's merged in (a feature may add to a shell group of its name). */
function translation(shell: Record<string, unknown>, language: TLanguage): Record<string, unknown> {
  const tree: Record<string, unknown> = { ...shell };
  for (const [name, strings] of Object.entries(featureStrings(language)))
    tree[name] = { ...(tree[name] as Record<string, unknown> | undefined), ...strings };
  return tree;
}

export const RESOURCES = {
  ko: { translation: translation(ko, 'ko') },
  en: { translation: translation(en, 'en') },
} as const;

const LANGUAGE_KEY = 'backoffice.language';

function storedLanguage(): TLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return stored === 'en' ? 'en' : 'ko';
  } catch {
    return 'ko';
  }
}

let current: I18n | undefined;

export function setLanguage(language: TLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage refused: the choice lasts until the page reloads.
  }
  if (current) void switchLanguage(current, language);
}

/** Starts the console's strings in the stored language (Korean unless English was chosen), Korean the fallback. */
export function initI18n(): I18n {
  const lng = storedLanguage();
  current = createI18n({
    lng,
    supportedLngs: LANGUAGES,
    fallbackLng: 'ko',
    resources: RESOURCES,
    htmlLang: lng,
  });
  return current;
}
