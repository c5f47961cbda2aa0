import { describe, expect, it } from 'vitest';
import { LOCALES } from '@casino/contracts/locales';
import { CONTRACT_I18N_KEYS } from '@casino/contracts/messages';
import { STATUSES } from '@casino/contracts/status';
import { FIELD_ERROR_CODES } from '@casino/contracts/errors';
import { NAMESPACES } from './namespaces.ts';

type TJson = { [key: string]: string | TJson };

const files = import.meta.glob<TJson>('../../public/locales/*/*.json', { eager: true, import: 'default' });

function load(lng: string, ns: string): TJson | undefined {
  return files[`../../public/locales/${lng}/${ns}.json`];
}

function flatten(tree: TJson, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, out);
    else out[path] = value;
  }
  return out;
}

const flat: Record<string, Record<string, Record<string, unknown>>> = {};
for (const lng of LOCALES) {
  flat[lng] = {};
  for (const ns of NAMESPACES) flat[lng]![ns] = flatten(load(lng, ns) ?? {});
}

/**
 * Values that are the same in every language on purpose: the brand, the jackpot tiers, and the
 * terms Vietnamese keeps in Latin letters (apps/portal/README.md, "Terms kept as they are").
 */
const SAME_AS_ENGLISH_ALLOWED = new Set([
  'GOLD CROWN',
  'MEGA',
  'MAJOR',
  'MINOR',
  'Live casino',
  'Slot game',
  'OK',
  'Menu',
]);

/** A value long enough to be a phrase: two or more words once placeholders are removed. */
function isSentenceLength(value: string): boolean {
  const words = value
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w));
  return words.length >= 2;
}

function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

describe('translation files', () => {
  it('exist for every locale and namespace', () => {
    for (const lng of LOCALES)
      for (const ns of NAMESPACES) expect(load(lng, ns), `${lng}/${ns}.json`).toBeTruthy();
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: every locale has every key any other locale has`, () => {
      const all = new Set(LOCALES.flatMap((lng) => Object.keys(flat[lng]![ns]!)));
      const missing: string[] = [];
      for (const lng of LOCALES)
        for (const key of all) if (!(key in flat[lng]![ns]!)) missing.push(`${lng}/${ns}:${key}`);
      expect(missing).toEqual([]);
    });

    it(`${ns}: no empty or non-string value`, () => {
      const bad: string[] = [];
      for (const lng of LOCALES) {
        for (const [key, value] of Object.entries(flat[lng]![ns]!)) {
          if (typeof value !== 'string' || value.trim() === '') bad.push(`${lng}/${ns}:${key}`);
        }
      }
      expect(bad).toEqual([]);
    });

    it(`${ns}: no English copied into another locale`, () => {
      const copied: string[] = [];
      const en = flat.en![ns]!;
      for (const lng of LOCALES) {
        if (lng === 'en') continue;
        for (const [key, value] of Object.entries(flat[lng]![ns]!)) {
          const english = en[key];
          if (typeof value !== 'string' || value !== english) continue;
          if (SAME_AS_ENGLISH_ALLOWED.has(value.trim())) continue;
          if (isSentenceLength(value)) copied.push(`${lng}/${ns}:${key} = "${value}"`);
        }
      }
      expect(copied).toEqual([]);
    });

    it(`${ns}: every translation keeps the Korean text's placeholders`, () => {
      const bad: string[] = [];
      for (const [key, ko] of Object.entries(flat.ko![ns]!)) {
        if (typeof ko !== 'string') continue;
        for (const lng of LOCALES) {
          const value = flat[lng]![ns]![key];
          if (typeof value === 'string' && placeholders(value).join() !== placeholders(ko).join())
            bad.push(`${lng}/${ns}:${key}`);
        }
      }
      expect(bad).toEqual([]);
    });
  }

  it('common holds every key the contracts imply (messages, statuses, field codes, request states)', () => {
    const required = [
      ...CONTRACT_I18N_KEYS,
      ...STATUSES.map((s) => `status.${s}`),
      ...FIELD_ERROR_CODES.map((c) => `field.${c}`),
      'error.network',
    ];
    for (const lng of LOCALES) {
      const missing = required.filter((key) => !(key in flat[lng]!.common!));
      expect(missing, lng).toEqual([]);
    }
  });

  it('common explains the register and login fields', () => {
    const fields = [
      'userId',
      'password',
      'passwordConfirm',
      'nick',
      'phone',
      'bankname',
      'bankOwner',
      'banknum',
      'exchangePassword',
      'code',
      'agree18',
    ];
    for (const lng of LOCALES) {
      const missing = fields.filter((f) => !(`field.${f}.required` in flat[lng]!.common!));
      expect(missing, lng).toEqual([]);
    }
  });

  it('auth explains the sign-in errors of /admin/error', () => {
    for (const lng of LOCALES) {
      for (const kind of ['CredentialsSignin', 'AccessDenied', 'default']) {
        expect(flat[lng]!.auth![`adminError.${kind}.title`], `${lng} ${kind}`).toBeTruthy();
        expect(flat[lng]!.auth![`adminError.${kind}.text`], `${lng} ${kind}`).toBeTruthy();
      }
    }
  });
});

describe('the copied-English check itself', () => {
  it('treats phrases as sentence-length and single words or placeholders as not', () => {
    expect(isSentenceLength('Please log in to use this service.')).toBe(true);
    expect(isSentenceLength('Welcome, {{nick}}')).toBe(false);
    expect(isSentenceLength('OK')).toBe(false);
  });
});
