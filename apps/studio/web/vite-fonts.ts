/**
 * The game client's fonts (issue 22): shipped with the client and cut to the characters it shows,
 * so that a device without a Korean, Japanese or Chinese font draws the games as every other one
 * does (the portal ships its fonts the same way, with the same helpers: @casino/web-fonts).
 *
 * Three families, each cut to the characters of the client's texts in all five locales (the
 * translation files, the characters written in its code, and what Intl writes for numbers, amounts
 * and times), in WOFF2 files with a `unicode-range` each, so that a page downloads only the files
 * of the characters it shows:
 *
 *   Studio Sans     Pretendard Variable: Latin, Vietnamese, Hangul (one file for Hangul, one for the rest)
 *   Studio Sans JP  Noto Sans JP: the kana and kanji of the Japanese texts (one file per slice of the font)
 *   Studio Sans SC  Noto Sans SC: the hanzi of the Chinese texts
 *
 * A character goes to the first family of its locale's font stack (`FONT_STACKS`) that has it; the
 * Japanese and Chinese stacks put their own family first for CJK characters only, so Latin letters
 * and digits come from Studio Sans in every locale. The build writes the files and one stylesheet
 * (the @font-face rules, `font-display: swap`, and the stacks as `--st-font`) and links it from both
 * pages with a preload of the Latin file, which every locale draws. The build fails when a
 * character has no glyph in any family of its stack; src/fonts.test.ts checks every character of
 * every text against the files as a browser would pick them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Plugin } from 'vite';
import {
  cutFamilies,
  fontFaceRule,
  fontsourceFiles,
  pretendardVariableFile,
  PRINTABLE_ASCII,
  type TCoverText,
  type TCutFace,
  type TFamily,
} from '@casino/web-fonts';
import { formatDayTime, formatWon } from '@casino/web-kit/format';
import { formatCompact, LANGS, type TLang } from './src/shell/format.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export const SANS = 'Studio Sans';
export const SANS_JP = 'Studio Sans JP';
export const SANS_SC = 'Studio Sans SC';

/** The weights the client's stylesheets use (400 to 900): the variable files keep only that part of the axis. */
const WEIGHTS = { min: 400, max: 900 };

/** After the shipped families: what a browser falls back to for a character none of them has. */
const SYSTEM_FALLBACK = ['system-ui', 'sans-serif'];

/** Each locale's font stack (`--st-font`), the first family first. */
export const FONT_STACKS: Record<TLang, readonly string[]> = {
  ko: [SANS, SANS_JP, SANS_SC],
  en: [SANS, SANS_JP, SANS_SC],
  vn: [SANS, SANS_JP, SANS_SC],
  jp: [SANS_JP, SANS, SANS_SC],
  cn: [SANS_SC, SANS, SANS_JP],
};

/** The `:lang()` of each stack in CSS (the client sets `<html lang>` from LANG_TAGS). */
const STACK_SELECTORS: Record<TLang, string> = {
  ko: ':root',
  en: ':root:lang(en)',
  vn: ':root:lang(vi)',
  jp: ':root:lang(ja)',
  cn: ':root:lang(zh-Hans)',
};

/** Kana, CJK ideographs, CJK symbols and punctuation, full-width forms: drawn by the locale's own CJK family. */
export function isCjk(codePoint: number): boolean {
  return (
    (codePoint >= 0x2e80 && codePoint <= 0x2fdf) ||
    (codePoint >= 0x3000 && codePoint <= 0x31ff) ||
    (codePoint >= 0x3400 && codePoint <= 0x4dbf) ||
    (codePoint >= 0x4e00 && codePoint <= 0x9fff) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xffef) ||
    codePoint >= 0x20000
  );
}

const isHangul = (codePoint: number) =>
  (codePoint >= 0x1100 && codePoint <= 0x11ff) ||
  (codePoint >= 0x3130 && codePoint <= 0x318f) ||
  (codePoint >= 0xa960 && codePoint <= 0xa97f) ||
  (codePoint >= 0xac00 && codePoint <= 0xd7ff);

/** The families to cut and where their glyphs come from. */
function studioFamilies(): TFamily[] {
  return [
    {
      family: SANS,
      files: [{ file: pretendardVariableFile(), ranges: null }],
      weights: WEIGHTS,
      groupOf: (codePoint) => (isHangul(codePoint) ? 'hangul' : 'latin'),
    },
    {
      family: SANS_JP,
      files: fontsourceFiles(require.resolve('@fontsource-variable/noto-sans-jp/package.json')),
      weights: WEIGHTS,
    },
    {
      family: SANS_SC,
      files: fontsourceFiles(require.resolve('@fontsource-variable/noto-sans-sc/package.json')),
      weights: WEIGHTS,
    },
  ];
}

type TTree = { [key: string]: string | TTree };

function stringsOf(tree: TTree | string, out: string[] = []): string[] {
  if (typeof tree === 'string') out.push(tree);
  else for (const value of Object.values(tree)) stringsOf(value, out);
  return out;
}

/** Every translation of a locale (src/i18n/locales/<lng>/*.json), as one text. */
function translationsOf(lang: TLang): string {
  const dir = path.join(here, 'src/i18n/locales', lang);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => stringsOf(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as TTree).join('\n'))
    .join('\n');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The characters the client's code writes itself, whatever the locale: the strings, template
 * texts and JSX texts of src/ (the language names of the verify page, `×`, `✓`, the card suits,
 * `원`, `₩`...), comments left out.
 */
let codeChars: string | null = null;

export function codeText(): string {
  if (codeChars !== null) return codeChars;
  const parts: string[] = [];
  for (const file of sourceFiles(path.join(here, 'src'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node) ||
        ts.isJsxText(node)
      )
        parts.push(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  codeChars = [...new Set(parts.join(''))].filter((c) => c.codePointAt(0)! > 0x7f).join('');
  return codeChars;
}

/**
 * What Intl writes for a locale: compact amounts (`1.5만`, `10K`, `1億`), amounts of won, times.
 * Browsers carry CLDR data of their own age, so the day periods they may write for a time are named
 * here besides what this Node writes.
 */
const DAY_PERIODS: Record<TLang, string> = {
  ko: '오전 오후 AM PM',
  en: 'AM PM',
  vn: 'SA CH',
  jp: '午前 午後',
  cn: '上午 下午',
};

function intlText(lang: TLang): string {
  const parts: string[] = [DAY_PERIODS[lang]];
  for (let power = 0; power <= 16; power++)
    for (const n of [10 ** power, 1.5 * 10 ** power]) parts.push(formatCompact(n, lang), formatWon(-n, lang));
  for (const hour of [3, 15])
    parts.push(formatDayTime(new Date(Date.UTC(2025, 11, 31, hour, 4, 5)).toISOString(), lang));
  return parts.join(' ');
}

/** Everything the client may draw in a locale: its translations, the code's own characters, Intl's output, ASCII. */
export function localeText(lang: TLang): string {
  return [PRINTABLE_ASCII, translationsOf(lang), codeText(), intlText(lang)].join('\n');
}

/**
 * The texts to cover with each locale's order: CJK characters in the locale's stack order, all
 * other characters in the default order (Latin from Studio Sans everywhere).
 */
function coverTexts(): TCoverText[] {
  const texts: TCoverText[] = [];
  for (const lang of LANGS) {
    const chars = [...new Set(localeText(lang))];
    const cjk = chars.filter((c) => isCjk(c.codePointAt(0)!)).join('');
    const other = chars.filter((c) => !isCjk(c.codePointAt(0)!)).join('');
    texts.push({ text: cjk, order: FONT_STACKS[lang] }, { text: other, order: FONT_STACKS.ko });
  }
  return texts;
}

export interface TStudioFonts {
  faces: TCutFace[];
  /** The face every locale draws (Latin letters and digits): preloaded by both pages. */
  preload: TCutFace;
}

/** Cuts the three families to the client's texts; throws when a character has no glyph in its stack. */
export async function cutStudioFonts(): Promise<TStudioFonts> {
  const { faces, missing } = await cutFamilies(studioFamilies(), coverTexts());
  const drawn = missing.filter((c) => !/\s/u.test(c));
  if (drawn.length > 0)
    throw new Error(
      `studio fonts: no shipped font has ${drawn.map((c) => `${c} (U+${c.codePointAt(0)!.toString(16)})`).join(', ')}`,
    );
  const preload = faces.find((face) => face.family === SANS && face.name.endsWith('-latin'));
  if (!preload) throw new Error('studio fonts: no Latin face');
  return { faces, preload };
}

const cssFamily = (family: string) => (family.includes(' ') ? `'${family}'` : family);

/** The stylesheet: every face, and each locale's stack as `--st-font`. */
export function fontStylesheet(faces: readonly TCutFace[], urlOf: (face: TCutFace) => string): string {
  const rules = faces.map((face) =>
    fontFaceRule({
      family: face.family,
      url: urlOf(face),
      weights: face.weights,
      display: 'swap',
      text: face.chars,
    }),
  );
  for (const lang of LANGS) {
    // en and vn share ko's stack: the default for :root is enough.
    if (lang !== 'ko' && FONT_STACKS[lang].join() === FONT_STACKS.ko.join()) continue;
    const stack = [...FONT_STACKS[lang], ...SYSTEM_FALLBACK].map(cssFamily).join(',');
    rules.push(`${STACK_SELECTORS[lang]}{--st-font:${stack}}`);
  }
  return `${rules.join('\n')}\n`;
}

const DEV_PREFIX = '@studio-fonts/';

/**
 * The Vite plugin: cuts the fonts once per build (and once per dev server), writes them and their
 * stylesheet as assets, and links both pages to them.
 */
export function studioFonts(): Plugin {
  let base = '/';
  let building = false;
  let cut: Promise<TStudioFonts> | null = null;
  const fonts = () => (cut ??= cutStudioFonts());
  let links: { stylesheet: string; preload: string } | null = null;

  const tags = (stylesheet: string, preload: string) => [
    {
      tag: 'link',
      attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: preload },
      injectTo: 'head' as const,
    },
    { tag: 'link', attrs: { rel: 'stylesheet', href: stylesheet }, injectTo: 'head' as const },
  ];

  return {
    name: 'studio-fonts',
    configResolved(config) {
      base = config.base;
      building = config.command === 'build';
    },
    buildStart() {
      // A build starts the cut early, to run while the client is bundled; a dev server (or a test
      // runner that reads this config) cuts only when a page asks for the fonts.
      if (building) void fonts().catch(() => {});
    },
    async generateBundle() {
      const { faces, preload } = await fonts();
      const urls = new Map<TCutFace, string>();
      for (const face of faces) {
        const ref = this.emitFile({ type: 'asset', name: `${face.name}.woff2`, source: face.data });
        urls.set(face, `${base}${this.getFileName(ref)}`);
      }
      const ref = this.emitFile({
        type: 'asset',
        name: 'studio-fonts.css',
        source: fontStylesheet(faces, (face) => urls.get(face)!),
      });
      links = { stylesheet: `${base}${this.getFileName(ref)}`, preload: urls.get(preload)! };
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx) {
        if (ctx.server) {
          const { preload } = await fonts();
          return tags(`${base}${DEV_PREFIX}studio-fonts.css`, `${base}${DEV_PREFIX}${preload.name}.woff2`);
        }
        if (!links) throw new Error('studio fonts: the page was written before the fonts');
        return tags(links.stylesheet, links.preload);
      },
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const prefix = `${base}${DEV_PREFIX}`;
        if (!request.url?.startsWith(prefix)) return next();
        const name = request.url.slice(prefix.length).split('?')[0];
        fonts().then(({ faces }) => {
          const url = (face: TCutFace) => `${prefix}${face.name}.woff2`;
          if (name === 'studio-fonts.css') {
            response.setHeader('content-type', 'text/css');
            return response.end(fontStylesheet(faces, url));
          }
          const face = faces.find((f) => `${f.name}.woff2` === name);
          if (!face) return next();
          response.setHeader('content-type', 'font/woff2');
          response.end(face.data);
        }, next);
      });
    },
  };
}

/** The texts every locale draws, for the test: the same as the cut is made of. */
export function studioTexts(): Record<TLang, string> {
  return Object.fromEntries(LANGS.map((lang) => [lang, localeText(lang)])) as Record<TLang, string>;
}
