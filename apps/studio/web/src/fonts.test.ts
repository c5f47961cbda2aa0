// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { codePointsOf, parseUnicodeRange, inRanges, type TRange } from '@casino/web-fonts';
import { cutStudioFonts, fontStylesheet, studioTexts, type TStudioFonts } from '../vite-fonts.ts';
import { LANG_TAGS, LANGS, type TLang } from './shell/format.ts';

/*
 * The fonts the build ships (vite-fonts.ts) against every character the client shows: each
 * character of every translation, in every locale, must be drawn by the face a browser picks for it
 * from the shipped stylesheet (the first family of the locale's `--st-font` with a face whose
 * unicode-range takes it), and that face's file must hold its glyph.
 */

type TTree = { [key: string]: string | TTree };

const files = import.meta.glob<TTree>('./i18n/locales/*/*.json', { eager: true, import: 'default' });

function stringsOf(tree: TTree | string): string[] {
  return typeof tree === 'string' ? [tree] : Object.values(tree).flatMap(stringsOf);
}

/** Every translation of each locale, read here on its own (not through the build's collection). */
function translations(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, tree] of Object.entries(files)) {
    const lng = /\.\/i18n\/locales\/([a-z]+)\//.exec(file)![1]!;
    out[lng] = (out[lng] ?? '') + stringsOf(tree).join('\n');
  }
  return out;
}

interface TParsedFace {
  family: string;
  url: string;
  ranges: TRange[];
}

/** The faces and the font stacks of the stylesheet, as a browser reads them. */
function parseStylesheet(css: string) {
  const faces: TParsedFace[] = [];
  for (const [, body] of css.matchAll(/@font-face\{([^}]*)\}/g)) {
    const family = /font-family:'([^']+)'/.exec(body!)![1]!;
    const url = /src:url\(([^)]+)\)/.exec(body!)![1]!;
    const ranges = parseUnicodeRange(/unicode-range:([^;}]+)/.exec(body!)![1]!);
    expect(body).toContain('font-display:swap');
    faces.push({ family, url, ranges });
  }
  const stacks: { lang: string | null; families: string[] }[] = [];
  for (const [, lang, value] of css.matchAll(/:root(?::lang\(([^)]+)\))?\{--st-font:([^}]*)\}/g))
    stacks.push({
      lang: lang ?? null,
      families: value!.split(',').map((f) => f.trim().replace(/^'|'$/g, '')),
    });
  return { faces, stacks };
}

/** The stack a locale's page uses: the most specific `:root:lang()` rule its `<html lang>` matches. */
function stackOf(stacks: { lang: string | null; families: string[] }[], lang: TLang): string[] {
  const tag = LANG_TAGS[lang];
  const matching = stacks.filter((s) => s.lang === null || tag === s.lang || tag.startsWith(`${s.lang}-`));
  const best = matching.sort((a, b) => (b.lang?.length ?? 0) - (a.lang?.length ?? 0))[0];
  if (!best) throw new Error(`no font stack for ${lang}`);
  return best.families;
}

describe('the fonts shipped with the game client', () => {
  let fonts: TStudioFonts;
  let glyphs: Map<string, Set<number>>;
  let css: string;

  beforeAll(async () => {
    fonts = await cutStudioFonts();
    css = fontStylesheet(fonts.faces, (face) => `${face.name}.woff2`);
    glyphs = new Map(
      await Promise.all(
        fonts.faces.map(async (face) => [`${face.name}.woff2`, await codePointsOf(face.data)] as const),
      ),
    );
  }, 180_000);

  it('draw every character of every studio text in every locale, from the face a browser picks', () => {
    const { faces, stacks } = parseStylesheet(css);
    const texts = translations();
    const collected = studioTexts();
    const problems: string[] = [];
    for (const lang of LANGS) {
      expect(texts[lang]?.length, `${lang} translations`).toBeGreaterThan(100);
      const stack = stackOf(stacks, lang);
      for (const char of new Set(`${texts[lang]}${collected[lang]}`)) {
        const codePoint = char.codePointAt(0)!;
        // A line break or another space is never drawn with a glyph of these fonts.
        if (/\s/u.test(char) && char !== ' ') continue;
        const name = `${char} (U+${codePoint.toString(16)})`;
        let face: TParsedFace | undefined;
        for (const family of stack) {
          face = faces.find((f) => f.family === family && inRanges(codePoint, f.ranges));
          if (face) break;
        }
        if (!face) problems.push(`${lang}: ${name} is in no shipped face of ${stack.join(', ')}`);
        else if (!glyphs.get(face.url)?.has(codePoint))
          problems.push(`${lang}: ${name} falls to ${face.url}, which has no glyph for it`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('draws Latin letters and digits from the preloaded file in every locale, Hangul from its own file', () => {
    const { faces, stacks } = parseStylesheet(css);
    const pick = (lang: TLang, char: string) => {
      for (const family of stackOf(stacks, lang)) {
        const face = faces.find((f) => f.family === family && inRanges(char.codePointAt(0)!, f.ranges));
        if (face) return face.url;
      }
      return null;
    };
    for (const lang of LANGS)
      for (const char of ['0', '9', 'A', 'z', ','])
        expect(pick(lang, char), `${lang} ${char}`).toBe(`${fonts.preload.name}.woff2`);
    expect(pick('ko', '바')).toMatch(/^studio-sans-hangul/);
    expect(pick('jp', '倍')).toMatch(/^studio-sans-jp-/);
    expect(pick('cn', '倍')).toMatch(/^studio-sans-sc-/);
    // A file is about its characters, not the whole font: the Hangul file holds the texts' syllables only.
    const hangul = fonts.faces.find((f) => f.name === 'studio-sans-hangul')!;
    expect([...hangul.chars].length).toBeLessThan(1000);
  });
});
