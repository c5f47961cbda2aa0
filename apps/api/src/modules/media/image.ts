import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  MEDIA_CONTENT_TYPE_OF,
  MEDIA_MAX_DIMENSION,
  MEDIA_MAX_INPUT_PIXELS,
  MEDIA_QUALITY,
  type TMediaExt,
  type TMediaFormat,
} from '@casino/contracts/media';
import { invalid } from '../../lib/app-error.ts';

// The image work of the media module, all of it through sharp (libvips): checking and normalizing
// an upload, and encoding the variants the server sends.

/**
 * How hard the AVIF encoder works (0..9): at 2 a 1920-pixel banner takes about 0.25 s of one core;
 * 4 (sharp's default) took 1.3 to 1.7 s for files 5 to 10 % smaller.
 */
const AVIF_EFFORT = 2;
/** The stored originals are the masters every variant is made from: kept near-lossless. */
const MASTER_QUALITY = 90;

// The server keeps its own caches of encoded bytes; libvips' operation cache would hold the same
// pictures again.
sharp.cache(false);
// One libvips worker thread per pipeline: each thread holds its own buffers of the image, and the
// media service decides how many pipelines run at once (issue 22). sharp already picks 1 on glibc
// without jemalloc, to limit the allocator's fragmentation; elsewhere it would take every core.
sharp.concurrency(1);

export interface NormalizedImage {
  body: Buffer;
  ext: TMediaExt;
  width: number;
  height: number;
  /** More than one frame (an animated GIF or WebP). */
  animated: boolean;
}

/** What the decoder must find for each declared type (`heif` with AV1 inside is AVIF). */
const DECODED_FORMAT: Record<TMediaExt, string> = {
  png: 'png',
  jpg: 'jpeg',
  webp: 'webp',
  avif: 'heif',
  gif: 'gif',
};

/** What an image's header says, checked: `inspectImage`'s answer, which `normalizeImage` takes. */
export interface InspectedImage {
  declared: TMediaExt | 'svg';
  /** Frames (1 for a still image). */
  frames: number;
  /** width × height × frames. */
  pixels: number;
}

/**
 * Reads an image's header only (nothing is decoded, so it costs next to no memory) and checks that
 * `bytes` are an image of the declared type (or, for the server's own art, an SVG) of at most
 * MEDIA_MAX_INPUT_PIXELS, every frame counted. Bad bytes are the contract's 400: `pattern` (not an
 * image of that type), `max` (too many pixels).
 */
export async function inspectImage(bytes: Buffer, declared: TMediaExt | 'svg'): Promise<InspectedImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    throw invalid('', 'pattern');
  }
  const expected = declared === 'svg' ? 'svg' : DECODED_FORMAT[declared];
  if (metadata.format !== expected) throw invalid('', 'pattern');
  if (declared === 'avif' && metadata.compression !== 'av1') throw invalid('', 'pattern');
  const frames = metadata.pages ?? 1;
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (!metadata.width || !frameHeight) throw invalid('', 'pattern');
  const pixels = metadata.width * frameHeight * frames;
  if (pixels > MEDIA_MAX_INPUT_PIXELS) throw invalid('', 'max');
  return { declared, frames, pixels };
}

/**
 * Makes the stored original from an inspected image: turned upright (EXIF orientation), scaled
 * down to fit MEDIA_MAX_DIMENSION, every metadata block (EXIF, XMP, ICC beyond sRGB, GPS) dropped,
 * animation kept. An SVG becomes a PNG. Pixel data that does not decode is a 400 `pattern`. This is
 * the work that takes memory (the whole picture decoded): the media service runs it in its queue.
 */
export async function normalizeImage(bytes: Buffer, inspected: InspectedImage): Promise<NormalizedImage> {
  const { declared, frames } = inspected;
  const animated = frames > 1;
  const ext: TMediaExt = declared === 'svg' ? 'png' : declared;
  try {
    // The decoder refuses more pixels too, should a header have said less than the data holds.
    let pipeline = sharp(bytes, { animated, limitInputPixels: MEDIA_MAX_INPUT_PIXELS });
    // Orientation applies to still photographs; libvips cannot rotate a stack of frames.
    if (!animated) pipeline = pipeline.rotate();
    pipeline = pipeline.resize({
      width: MEDIA_MAX_DIMENSION,
      height: MEDIA_MAX_DIMENSION,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const { data, info } = await encode(pipeline, ext, MASTER_QUALITY).toBuffer({ resolveWithObject: true });
    const height = animated ? (info.pageHeight ?? Math.round(info.height / frames)) : info.height;
    return { body: data, ext, width: info.width, height, animated };
  } catch (error) {
    // Pixel data holding more than its header said.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw invalid('', 'max');
    // Headers that looked fine but pixel data that does not decode (a truncated file).
    if (error instanceof Error && /input|corrupt|premature|unexpected|decode|read/i.test(error.message))
      throw invalid('', 'pattern');
    throw error;
  }
}

function encode(pipeline: Sharp, ext: TMediaExt | TMediaFormat, quality: number): Sharp {
  switch (ext) {
    case 'avif':
      // 4:2:0 like WebP and JPEG: sharp's default 4:4:4 made banners about 10 % larger.
      return pipeline.avif({ quality, effort: AVIF_EFFORT, chromaSubsampling: '4:2:0' });
    case 'webp':
      return pipeline.webp({ quality, effort: 4 });
    case 'jpg':
      return pipeline.jpeg({ quality, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
    case 'gif':
      return pipeline.gif();
  }
}

/** The format a variant is really sent in: AVIF cannot hold an animation, so those go out as WebP. */
export function variantFormat(
  requested: TMediaExt | TMediaFormat,
  animated: boolean,
): TMediaExt | TMediaFormat {
  return requested === 'avif' && animated ? 'webp' : requested;
}

export function contentTypeOf(format: TMediaExt | TMediaFormat): string {
  return MEDIA_CONTENT_TYPE_OF[format];
}

/**
 * One variant of a stored original: `format` at `width` (the original's own width when undefined)
 * and MEDIA_QUALITY. `format` has been through `variantFormat` already.
 */
export async function encodeVariant(
  original: Buffer,
  options: { animated: boolean; width: number | undefined; format: TMediaExt | TMediaFormat },
): Promise<Buffer> {
  let pipeline = sharp(original, { animated: options.animated, limitInputPixels: MEDIA_MAX_INPUT_PIXELS });
  if (options.width !== undefined)
    pipeline = pipeline.resize({ width: options.width, withoutEnlargement: true });
  return encode(pipeline, options.format, MEDIA_QUALITY).toBuffer();
}
