import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ENCODINGS, sendEncoded, type EncodedBody, type Encoding } from '../lib/encoded-body.ts';

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The page every client route answers with (index.html), held in memory with the compressed
 * variants the build wrote beside it: the most requested document costs no file read and no
 * compression (issue 9).
 */
interface Page {
  etag: string;
  body: EncodedBody;
}

function loadPage(file: string): Page {
  const body: EncodedBody = { identity: readFileSync(file) };
  for (const encoding of ENCODINGS) {
    const variant = `${file}${SUFFIX[encoding]}`;
    if (existsSync(variant)) body[encoding] = readFileSync(variant);
  }
  const etag = `"${createHash('sha256').update(body.identity).digest('base64url').slice(0, 22)}"`;
  return { etag, body };
}

function sendPage(page: Page, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  return sendEncoded(request, reply, page.body, 'text/html; charset=utf-8');
}

/**
 * Serves a built single-page app: hashed files under /assets/ are cached for a year, everything
 * else revalidates; unknown non-API GETs answer index.html so client routes load directly. Text
 * files go out as the .br or .gz the build made (`preCompressed`), so the compression plugin never
 * compresses a file per request.
 */
export async function registerStaticSite(app: FastifyInstance, root: string): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) return false;
  const page = loadPage(path.join(root, 'index.html'));
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  app.get('/*', async (request, reply) => {
    // A client route (`/`, `/ko/deposit`): the page, without looking at the disk.
    if (!request.url.includes('.') && !request.url.startsWith('/api/')) return sendPage(page, request, reply);
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.callNotFound();
    }
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    if (path.extname(urlPath)) {
      const candidate = path.join(root, path.normalize(urlPath));
      if (candidate === path.join(root, 'index.html')) return sendPage(page, request, reply);
      if (candidate.startsWith(root + path.sep) && existsSync(candidate)) {
        return reply.sendFile(path.relative(root, candidate));
      }
      if (urlPath.startsWith('/assets/')) return reply.callNotFound();
    }
    return sendPage(page, request, reply);
  });
  return true;
}
