import type { i18n as I18n } from 'i18next';
import { createI18n as createKitI18n, switchLanguage as switchKitLanguage } from '@casino/web-kit/i18n';
import type { TLang } from '../shell/format.ts';
import { LANGS, LANG_TAGS } from '../shell/format.ts';

/*
 * Translations of the game client, bundled (no request for a language file, nothing from another
 * host: the game window opens in one language; all five are ~20 KB compressed).
 *
 * Layout: src/i18n/locales/<lng>/<namespace>.json for every lng in ko, en, jp, vn, cn and every
 * namespace below; one namespace per area of the client:
 *   shell    - the frame, the fairness dialog, loading and error screens, error/refusal codes
 *   baccarat - the baccarat table (src/baccarat)
 *   slots    - the slot screens (src/slots); per-game texts under `games.<code>`
 *   verify   - the verify page (src/verify)
 *   mini     - Powerball and Ladder (src/mini)
 * A new key goes into all five files of its namespace (ko first: it is the reference);
 * src/i18n/locales.test.ts fails when a locale misses a key of ko or copies the English text.
 * Components read them with react-i18next's `useTranslation('<namespace>')`.
 */

export const NAMESPACES = ['shell', 'baccarat', 'slots', 'verify', 'mini'] as const;

type TTree = { [key: string]: string | TTree };
type TResources = Record<string, Record<string, TTree>>;

const files = import.meta.glob<TTree>('./locales/*/*.json', { eager: true, import: 'default' });

/** Every bundled translation, as i18next resources: `{ [lng]: { [namespace]: tree } }`. */
function bundledResources(): TResources {
  const resources: TResources = {};
  for (const [file, tree] of Object.entries(files)) {
    const match = /\.\/locales\/([a-z]+)\/([a-z]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    (resources[lng] ??= {})[ns] = tree;
  }
  return resources;
}

/**
 * Starts i18next synchronously in the member's language (the resources are in the bundle), and
 * sets the document's language so screen readers and fonts pick the right script.
 */
export function createI18n(lang: TLang, resources: TResources = bundledResources()): I18n {
  return createKitI18n({
    lng: lang,
    supportedLngs: LANGS,
    ns: NAMESPACES,
    defaultNS: 'shell',
    resources,
    suspense: false,
    htmlLang: LANG_TAGS[lang],
  });
}

/** Switches to another language (the verify page's picker). */
export function switchLanguage(instance: I18n, lang: TLang): Promise<void> {
  return switchKitLanguage(instance, lang, LANG_TAGS[lang]);
}
