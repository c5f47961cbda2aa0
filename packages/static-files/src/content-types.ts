/**
 * The content types of the files a Vite build writes, by extension. A short table rather than a
 * MIME database: the builds hold a handful of kinds, and an unknown one goes out as bytes to
 * download (`application/octet-stream`), which `nosniff` keeps from being run as anything else.
 */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
};

const OCTET_STREAM = 'application/octet-stream';

/** The content type of a file name (its last extension, case-insensitive). */
export function contentTypeOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot === -1 || fileName.lastIndexOf('/') > dot) return OCTET_STREAM;
  return TYPES[fileName.slice(dot).toLowerCase()] ?? OCTET_STREAM;
}

/** Whether compressing a body of this type pays (text; fonts, images and media are compressed already). */
export function isCompressible(contentType: string): boolean {
  return (
    contentType.startsWith('text/') ||
    contentType.startsWith('application/json') ||
    contentType.startsWith('application/manifest+json') ||
    contentType.startsWith('application/xml') ||
    contentType === 'image/svg+xml'
  );
}
