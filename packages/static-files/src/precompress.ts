/**
 * The build side of this package: a Vite plugin that writes every text file of a build also as
 * .br and .gz, compressed once at the highest levels, so that the server sends these as they are
 * (answer.ts, decision 0015) and never compresses a file per request (issue 9). The portal's, the back
 * office's and the studio's builds all use it, so the three cannot drift apart.
 */
import { constants as zlib } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The .br and .gz twins of every build file of text over 1 KiB (Brotli quality 11, gzip level 9). */
export function precompressed(): ReturnType<typeof compression> {
  return compression({
    include: /\.(html|css|js|mjs|json|svg|txt|map)$/,
    threshold: 1024,
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
    logLevel: 'silent',
  });
}
