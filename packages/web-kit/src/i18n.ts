import i18next, { type i18n as I18n, type InitOptions, type Module, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** What an app passes to `createI18n`: its languages and strings; the rest is the same for every app. */
export interface I18nSetup {
  /** The language to start in (the app detects it: the URL, the game window's, a stored choice). */
  lng: string;
  supportedLngs: readonly string[];
  /** The language of a missing key; `false` (the default) for none, where a locale test keeps every file complete. */
  fallbackLng?: string | false;
  /** The namespaces to load at once, and the one `t` reads without a prefix. */
  ns?: readonly string[];
  defaultNS?: string;
  /**
   * Strings at hand: the whole bundle of an app that bundles them, or with `backend` what a
   * prerendered document carries (the other namespaces are fetched). Given, i18next starts at once.
   */
  resources?: Resource;
  /** Fetches the namespaces `resources` does not hold (an i18next backend module). */
  backend?: Module;
  /** Whether `useTranslation` suspends while a namespace loads (react-i18next's default: true). */
  suspense?: boolean;
  /** The document's `lang` for `lng` (its BCP 47 tag where the app's codes differ), set at once. */
  htmlLang?: string;
  /** Options of the app's own (`load: 'currentOnly'`). */
  options?: InitOptions;
}

function setDocumentLang(tag: string | undefined): void {
  if (tag !== undefined && typeof document !== 'undefined') document.documentElement.lang = tag;
}

/**
 * The one i18next setup of the web apps (portal, back office, studio client): a new instance bound
 * to react-i18next (the instance `useTranslation` reads where no provider gives one), HTML left to
 * React to escape, never a null string.
 */
export function createI18n(setup: I18nSetup): I18n {
  const instance = i18next.createInstance();
  if (setup.backend) instance.use(setup.backend);
  setDocumentLang(setup.htmlLang);
  void instance.use(initReactI18next).init({
    ...setup.options,
    lng: setup.lng,
    supportedLngs: [...setup.supportedLngs],
    fallbackLng: setup.fallbackLng ?? false,
    ...(setup.ns && { ns: [...setup.ns] }),
    ...(setup.defaultNS && { defaultNS: setup.defaultNS }),
    ...(setup.resources && {
      resources: setup.resources,
      initAsync: false,
      ...(setup.backend && { partialBundledLanguages: true }),
    }),
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: setup.suspense ?? true },
  });
  return instance;
}

/** Switches an instance to another language, and the document's `lang` with it. */
export async function switchLanguage(instance: I18n, lng: string, htmlLang: string = lng): Promise<void> {
  setDocumentLang(htmlLang);
  await instance.changeLanguage(lng);
}
