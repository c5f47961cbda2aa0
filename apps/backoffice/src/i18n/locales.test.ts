import { describe, expect, it } from 'vitest';
import { RESOURCES } from './i18n.ts';

const ko = RESOURCES.ko.translation;
const en = RESOURCES.en.translation;

/** Every key path of a translation tree (`queue.approve` ...). */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** The {{placeholders}} of every string. */
function placeholders(tree: object): Record<string, string[]> {
  const flat: Record<string, string[]> = {};
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string')
        flat[`${prefix}${key}`] = [...value.matchAll(/{{(\w+)}}/g)].map((m) => m[1]!).sort();
      else walk(value as object, `${prefix}${key}.`);
    }
  };
  walk(tree, '');
  return flat;
}

describe('back-office locales', () => {
  it('has every key in Korean and English', () => {
    expect(keys(ko).sort()).toEqual(keys(en).sort());
  });

  it('has no empty string and no English copied into Korean', () => {
    const koText = placeholders(ko);
    for (const key of keys(ko)) {
      const value = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ko);
      expect(value, key).toMatch(/\S/);
      expect(value, key).toMatch(/[\uac00-\ud7a3]/);
    }
    expect(Object.keys(koText).length).toBeGreaterThan(10);
  });

  it('uses the same placeholders in both', () => {
    expect(placeholders(ko)).toEqual(placeholders(en));
  });
});
