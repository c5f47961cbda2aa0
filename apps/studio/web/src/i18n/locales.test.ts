import { describe, expect, it } from 'vitest';
import { LANGS } from '../shell/format.ts';
import { NAMESPACES } from './index.ts';

type TTree = { [key: string]: string | TTree };

const files = import.meta.glob<TTree>('./locales/*/*.json', { eager: true, import: 'default' });
const resources: Record<string, Record<string, TTree>> = {};
for (const [file, tree] of Object.entries(files)) {
  const [, lng, ns] = /\.\/locales\/([a-z]+)\/([a-z]+)\.json$/.exec(file)!;
  (resources[lng!] ??= {})[ns!] = tree;
}

function flatten(tree: TTree, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, out);
    else out[path] = value;
  }
  return out;
}

const flat = (lng: string, ns: string) => flatten((resources[lng]?.[ns] ?? {}) as TTree);

/**
 * Values that are the same in English and another language on purpose: proper names, the jackpot
 * tiers, and the terms Vietnamese keeps in Latin letters (apps/portal/README.md, "Terms kept as they
 * are": server seed, client seed, nonce, wild, scatter, RTP, turbo...).
 */
const SAME_AS_ENGLISH_ALLOWED = new Set([
  'Baccarat',
  'Server seed',
  'Client seed',
  'Nonce',
  'Wild',
  'Scatter',
  'RTP',
  'Turbo',
  'Powerball',
  'Jade Lotus',
  'Tiger Fortune',
  'Dragon Pearl',
  'MEGA',
  'MAJOR',
  'MINOR',
]);

/** A symbol rather than a word (a road's one-letter mark, a number, a ratio): the same everywhere. */
function isSymbolic(value: string): boolean {
  const text = value.replace(/\{\{[^}]*\}\}/g, '').trim();
  return text.length <= 1 || !/\p{L}{2,}/u.test(text);
}

function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

describe('translation files', () => {
  it('exist for every locale and namespace', () => {
    for (const lng of LANGS)
      for (const ns of NAMESPACES) expect(resources[lng]?.[ns], `${lng}/${ns}.json`).toBeTruthy();
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: every locale has every key of ko, and no key ko lacks`, () => {
      const reference = Object.keys(flat('ko', ns));
      expect(reference.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const lng of LANGS) {
        const keys = flat(lng, ns);
        for (const key of reference) if (!(key in keys)) problems.push(`${lng}/${ns}: missing ${key}`);
        for (const key of Object.keys(keys))
          if (!reference.includes(key)) problems.push(`${lng}/${ns}: extra ${key}`);
      }
      expect(problems).toEqual([]);
    });

    it(`${ns}: every value is a non-empty string with the same placeholders as ko`, () => {
      const problems: string[] = [];
      const ko = flat('ko', ns);
      for (const lng of LANGS) {
        for (const [key, value] of Object.entries(flat(lng, ns))) {
          if (typeof value !== 'string' || value.trim() === '') problems.push(`${lng}/${ns}:${key} is empty`);
          else if (typeof ko[key] === 'string' && placeholders(value).join() !== placeholders(ko[key]).join())
            problems.push(
              `${lng}/${ns}:${key} placeholders ${placeholders(value).join()} vs ko ${placeholders(ko[key]).join()}`,
            );
        }
      }
      expect(problems).toEqual([]);
    });

    it(`${ns}: no other locale copies the English text`, () => {
      const en = flat('en', ns);
      const copies: string[] = [];
      for (const lng of LANGS) {
        if (lng === 'en') continue;
        for (const [key, value] of Object.entries(flat(lng, ns))) {
          if (typeof value !== 'string' || value !== en[key]) continue;
          if (SAME_AS_ENGLISH_ALLOWED.has(value) || isSymbolic(value)) continue;
          copies.push(`${lng}/${ns}:${key} = ${JSON.stringify(value)}`);
        }
      }
      expect(copies).toEqual([]);
    });
  }
});
