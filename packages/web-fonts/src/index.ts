/**
 * Web fonts cut at build time to the glyphs a client draws, so that every device shows the same
 * letters and none shows an empty box for want of a Korean, Japanese or Chinese font. Two builds use
 * it: the portal's prerender (one Pretendard file per locale for the first paint,
 * apps/portal/vite-prerender.ts) and the house studio's game client (its fonts, cut to the texts of
 * its five locales, apps/studio/web/vite-fonts.ts). Node only: builds and tests, never a browser.
 *
 * The subsetting is harfbuzz's hb-subset (`subset-font`, wasm); fonts are read with harfbuzzjs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as hb from 'harfbuzzjs';

/** An inclusive range of code points. */
export type TRange = readonly [number, number];

/** A weight axis range, as `font-weight: min max` declares it. */
export interface TWeights {
  min: number;
  max: number;
}

const require = createRequire(import.meta.url);

/** subset-font (CommonJS, no types of its own): a subset of an SFNT font with the glyphs of `text` (hb-subset). */
const subsetFont = require('subset-font') as (
  font: Buffer,
  text: string,
  options?: {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  },
) => Promise<Buffer>;

/** fontverter (CommonJS, no types of its own): converts between SFNT formats (WOFF2 with Google's woff2 in wasm). */
const fontverter = require('fontverter') as {
  convert(font: Uint8Array, toFormat: 'truetype' | 'sfnt' | 'woff' | 'woff2'): Promise<Buffer>;
};

/** The distinct characters of a text, in code point order. */
export function distinctChars(text: string): string {
  return [...new Set(text)].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!).join('');
}

/** Every printable ASCII character (space to `~`): digits, Latin letters and the common punctuation. */
export const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) =>
  String.fromCharCode(0x20 + i),
).join('');

/** `unicode-range` of a set of characters, consecutive code points as ranges (`U+20-7e,U+ac00`). */
export function unicodeRange(text: string): string {
  const codes = [...new Set([...text].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < codes.length; i++) {
    const start = codes[i]!;
    while (i + 1 < codes.length && codes[i + 1] === codes[i]! + 1) i++;
    const hex = (n: number) => n.toString(16);
    ranges.push(start === codes[i] ? `U+${hex(start)}` : `U+${hex(start)}-${hex(codes[i]!)}`);
  }
  return ranges.join(',');
}

/** The ranges of a CSS `unicode-range` value (`U+0-ff,U+131,U+4e00-9fff`). */
export function parseUnicodeRange(value: string): TRange[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): TRange => {
      const match = /^U\+([0-9a-f]+)(?:-([0-9a-f]+))?$/i.exec(part);
      if (!match) throw new Error(`not a unicode-range: ${part}`);
      const start = parseInt(match[1]!, 16);
      return [start, match[2] ? parseInt(match[2], 16) : start];
    });
}

export function inRanges(codePoint: number, ranges: readonly TRange[]): boolean {
  return ranges.some(([start, end]) => codePoint >= start && codePoint <= end);
}

/** Where Pretendard Variable is (WOFF2: Latin, Hangul and Vietnamese; weights 45 to 920), as the `pretendard` package ships it. */
export function pretendardVariableFile(): string {
  return path.join(
    path.dirname(require.resolve('pretendard/package.json')),
    'dist/web/variable/woff2/PretendardVariable.woff2',
  );
}

/**
 * One file of a font: the whole font (`ranges` null), or one slice of a font split by
 * unicode-range as @fontsource packages ship them (only the characters of `ranges` are taken from
 * it).
 */
export interface TFontFile {
  file: string;
  ranges: readonly TRange[] | null;
}

/**
 * The slices of a @fontsource package, as its stylesheet declares them (`src: url(./files/...)` and
 * `unicode-range` of each @font-face). `packageJson` is the package's package.json, resolved by the
 * build that depends on the package.
 */
export function fontsourceFiles(packageJson: string, stylesheet = 'wght.css'): TFontFile[] {
  const dir = path.dirname(packageJson);
  const css = readFileSync(path.join(dir, stylesheet), 'utf8');
  const files: TFontFile[] = [];
  for (const face of css.matchAll(/@font-face\s*{([^}]*)}/g)) {
    const body = face[1]!;
    const url = /src:\s*url\(([^)]+\.woff2)\)/.exec(body)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (!url || !range) throw new Error(`${stylesheet} of ${dir}: a face without src or unicode-range`);
    files.push({ file: path.join(dir, url.replace(/^['"]|['"]$/g, '')), ranges: parseUnicodeRange(range) });
  }
  if (files.length === 0) throw new Error(`${stylesheet} of ${dir} declares no face`);
  return files;
}

/** The reads of codePointsOf, one after the other: two at once return an empty cmap for one of them. */
let reading: Promise<unknown> = Promise.resolve();

/** The code points a font maps to glyphs (its cmap); any SFNT format, WOFF2 included. */
export function codePointsOf(font: Uint8Array): Promise<Set<number>> {
  const read = reading.then(async () => {
    const sfnt = await fontverter.convert(font, 'truetype');
    const face = new hb.Face(new hb.Blob(new Uint8Array(sfnt)));
    return new Set(face.collectUnicodes());
  });
  reading = read.catch(() => {});
  return read;
}

/**
 * A WOFF2 subset of a font with the glyphs of `text` (and what its layout features reach from
 * them). `weights` narrows a variable font's weight axis to what the client uses.
 */
export function subsetWoff2(font: Uint8Array, text: string, weights?: TWeights): Promise<Buffer> {
  return subsetFont(Buffer.from(font), text, {
    targetFormat: 'woff2',
    ...(weights ? { variationAxes: { wght: { min: weights.min, max: weights.max } } } : {}),
  });
}

/** One `@font-face` rule of a variable WOFF2 file (normal style). */
export function fontFaceRule(face: {
  family: string;
  url: string;
  weights: TWeights;
  display: 'swap' | 'block' | 'fallback' | 'optional';
  /** The characters the file is used for (its unicode-range). */
  text: string;
}): string {
  const family = face.family.replace(/'/g, '');
  return `@font-face{font-family:'${family}';font-style:normal;font-display:${face.display};font-weight:${face.weights.min} ${face.weights.max};src:url(${face.url}) format('woff2-variations');unicode-range:${unicodeRange(face.text)}}`;
}

/** A family to cut: its name in CSS, where its glyphs come from, and how its files are split. */
export interface TFamily {
  family: string;
  files: readonly TFontFile[];
  weights: TWeights;
  /**
   * The group of a character (one file per group and source file): so that a page downloads only
   * the files of the characters it shows (Latin apart from Hangul). One group when left out.
   */
  groupOf?: (codePoint: number) => string;
}

/** A text to cover, and the families in the order the page's font stack names them for it. */
export interface TCoverText {
  text: string;
  /** Family names, the first one first: each character is drawn by the first family that has it. */
  order: readonly string[];
}

/** One file of the cut: a subset of one source file for the characters of one group. */
export interface TCutFace {
  family: string;
  /** A name for the file: `<family slug>[-<group>][-<slice number>]`. */
  name: string;
  chars: string;
  data: Buffer;
  weights: TWeights;
}

/** Reads the files of a family once, each when first needed. */
function familyReader(family: TFamily) {
  const cmaps = new Map<TFontFile, Promise<Set<number>>>();
  const cmapOf = (file: TFontFile) => {
    let cmap = cmaps.get(file);
    if (!cmap) {
      cmap = codePointsOf(readFileSync(file.file));
      cmaps.set(file, cmap);
    }
    return cmap;
  };
  return {
    /** The file that draws a character: the first whose ranges take it and whose cmap has it. */
    async fileFor(codePoint: number): Promise<TFontFile | null> {
      for (const file of family.files) {
        if (file.ranges && !inRanges(codePoint, file.ranges)) continue;
        if ((await cmapOf(file)).has(codePoint)) return file;
      }
      return null;
    },
  };
}

/**
 * Cuts the families to the characters of the texts: each character of a text goes to the first
 * family of the text's order that has a glyph for it, and each family becomes one WOFF2 file per
 * source file and group with exactly the characters it got. `missing` lists, per text, the
 * characters no family of its order has (a build should fail on any).
 */
export async function cutFamilies(
  families: readonly TFamily[],
  texts: readonly TCoverText[],
): Promise<{ faces: TCutFace[]; missing: string[] }> {
  const readers = new Map(families.map((family) => [family.family, familyReader(family)]));
  // family -> source file -> group -> characters
  const wanted = new Map<string, Map<TFontFile, Map<string, Set<string>>>>();
  const missing = new Set<string>();
  for (const { text, order } of texts) {
    for (const char of distinctChars(text)) {
      const codePoint = char.codePointAt(0)!;
      let placed = false;
      for (const name of order) {
        const family = families.find((f) => f.family === name);
        const reader = readers.get(name);
        if (!family || !reader) throw new Error(`no family ${name} to cut`);
        const file = await reader.fileFor(codePoint);
        if (!file) continue;
        const group = family.groupOf?.(codePoint) ?? 'all';
        const byFile = wanted.get(name) ?? new Map<TFontFile, Map<string, Set<string>>>();
        wanted.set(name, byFile);
        const byGroup = byFile.get(file) ?? new Map<string, Set<string>>();
        byFile.set(file, byGroup);
        const chars = byGroup.get(group) ?? new Set<string>();
        byGroup.set(group, chars);
        chars.add(char);
        placed = true;
        break;
      }
      // Control characters (a newline in a text) are never drawn.
      if (!placed && codePoint >= 0x20) missing.add(char);
    }
  }
  const faces: TCutFace[] = [];
  for (const family of families) {
    const slug = family.family.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const byFile = wanted.get(family.family);
    if (!byFile) continue;
    for (const [file, byGroup] of byFile) {
      const slice = family.files.length > 1 ? `-${family.files.indexOf(file)}` : '';
      const source = readFileSync(file.file);
      for (const [group, set] of [...byGroup].sort(([a], [b]) => a.localeCompare(b))) {
        const chars = distinctChars([...set].join(''));
        faces.push({
          family: family.family,
          name: `${slug}${family.groupOf ? `-${group}` : ''}${slice}`,
          chars,
          data: await subsetWoff2(source, chars, family.weights),
          weights: family.weights,
        });
      }
    }
  }
  return { faces, missing: [...missing] };
}
