// Uploaded images (banners, tiles, popup pictures) and the URLs they are served under, shared by
// the server (which resizes and re-encodes) and the portal (which builds `srcset` from them). No
// schema library here: the portal's image component imports this file on every page.

/**
 * The widths (CSS pixels times density) an image is served at besides its own: a phone asks for
 * 320..640, a desktop for up to 1920. Never above the image's own width: a larger request is
 * answered with the image at its own width.
 */
export const MEDIA_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;
export type TMediaWidth = (typeof MEDIA_WIDTHS)[number];

/** The encoder quality of every served variant (the specification's image default). */
export const MEDIA_QUALITY = 75;

/** The largest upload the back office accepts (the API's other bodies stop at 64 KiB). */
export const MEDIA_MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

/**
 * The most pixels an upload may have (width × height, every frame of an animation counted), read
 * from its header before anything is decoded: 25 million, a 6000 × 4000 photograph with room to
 * spare. More is refused (400 `max`): decoding is what takes the memory, not the file's size
 * (issue 22: a 281 KiB JPEG of 7000 × 7000 decodes to 147 MB).
 */
export const MEDIA_MAX_INPUT_PIXELS = 25_000_000;

/** A stored image is scaled down to fit this many pixels on its longer side. */
export const MEDIA_MAX_DIMENSION = 4096;

/** The extension of each uploadable type; the stored original keeps its type. */
export const MEDIA_UPLOAD_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
} as const;
export type TMediaContentType = keyof typeof MEDIA_UPLOAD_TYPES;
export type TMediaExt = (typeof MEDIA_UPLOAD_TYPES)[TMediaContentType];

export const MEDIA_CONTENT_TYPE_OF: Record<TMediaExt, TMediaContentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** The modern formats every image is offered in, best first. */
export const MEDIA_FORMATS = ['avif', 'webp'] as const;
export type TMediaFormat = (typeof MEDIA_FORMATS)[number];

/** `/media/<key>[.<ext>]`: the key is the first 128 bits of a SHA-256, in lower-case hex. */
const MEDIA_PATH = /^\/media\/([0-9a-f]{32})(?:\.(png|jpg|webp|avif|gif))?$/;

export interface TMediaUrlParts {
  key: string;
  /** The extension of the URL; none for the form whose format the Accept header chooses. */
  ext: TMediaExt | undefined;
}

/**
 * The key and extension of an uploaded image's URL (`/media/<key>.<ext>`, or `/media/<key>`),
 * with any query string ignored; undefined for any other URL.
 */
export function parseMediaUrl(url: string): TMediaUrlParts | undefined {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const match = MEDIA_PATH.exec(path);
  if (!match) return undefined;
  return { key: match[1]!, ext: match[2] as TMediaExt | undefined };
}

/** The canonical URL of a stored image: its original type, at its own width. */
export function mediaUrl(key: string, ext: TMediaExt): string {
  return `/media/${key}.${ext}`;
}

/**
 * The URL of one variant of an uploaded image: `format` (avif, webp, or the original's own type
 * when omitted) at `width` (one of MEDIA_WIDTHS; omitted for the image's own width).
 */
export function mediaVariantUrl(
  url: string,
  options: { format?: TMediaFormat | undefined; width?: number | undefined } = {},
): string {
  const parts = parseMediaUrl(url);
  if (!parts) return url;
  const ext = options.format ?? parts.ext;
  const base = ext ? `/media/${parts.key}.${ext}` : `/media/${parts.key}`;
  return options.width === undefined ? base : `${base}?w=${options.width}`;
}

/** The ladder widths below an image's own width (its own width is served without `w`). */
export function mediaWidthsBelow(intrinsicWidth: number): TMediaWidth[] {
  return MEDIA_WIDTHS.filter((w) => w < intrinsicWidth);
}

/**
 * A `srcset` for one format: every ladder width below the image's own, then the image at its own
 * width. The server answers exactly these URLs (and caches each once).
 */
export function mediaSrcSet(url: string, intrinsicWidth: number, format?: TMediaFormat): string {
  const entries = mediaWidthsBelow(intrinsicWidth).map(
    (width) => `${mediaVariantUrl(url, { format, width })} ${width}w`,
  );
  entries.push(`${mediaVariantUrl(url, { format })} ${intrinsicWidth}w`);
  return entries.join(', ');
}
