declare module 'subset-font' {
  /** A subset of an SFNT font (TTF, WOFF, WOFF2) with only the glyphs of `text` (harfbuzz hb-subset). */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
      preserveNameIds?: number[];
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    },
  ): Promise<Buffer>;
}
