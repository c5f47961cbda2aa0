import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { encodeBody, sendEncoded } from '../lib/encoded-body.ts';

/** Where the back-office console lives (apps/backoffice, built with Vite's base `/backoffice/`). */
export const BACKOFFICE_PREFIX = '/backoffice/';

/**
 * Serves the built back-office console (issue 13) under `/backoffice/`: hashed files under
 * `/backoffice/assets/` are cached for a year, the other files revalidate, and every other path
 * below `/backoffice/` answers index.html (the console's router shows the screen). The console's API
 * is `/api/backoffice/*`, which this never touches. It is not closed by the maintenance switch
 * (operators run the site during maintenance) and asks crawlers to stay away. The document gets the
 * same security headers and content security policy as the portal's (no inline scripts).
 */
export async function registerBackofficeSite(app: FastifyInstance, root: string): Promise<boolean> {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return false;
  const html = readFileSync(indexFile, 'utf8');
  const body = encodeBody(html);
  const etag = `"${createHash('sha256').update(body.identity).digest('base64url').slice(0, 22)}"`;

  await app.register(fastifyStatic, {
    root,
    prefix: BACKOFFICE_PREFIX,
    decorateReply: false,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
    setHeaders(res, filePath) {
      res.header('x-robots-tag', 'noindex, nofollow');
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });

  function sendDocument(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-cache')
      .header('etag', etag)
      .header('x-robots-tag', 'noindex, nofollow');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return sendEncoded(request, reply, body, 'text/html; charset=utf-8');
  }

  // `/backoffice` also matches `/backoffice/` when the server ignores trailing slashes.
  app.get('/backoffice', async (request, reply) => {
    const query = request.url.indexOf('?');
    const urlPath = query === -1 ? request.url : request.url.slice(0, query);
    if (urlPath === BACKOFFICE_PREFIX) return sendDocument(request, reply);
    return reply.redirect(
      query === -1 ? BACKOFFICE_PREFIX : `${BACKOFFICE_PREFIX}${request.url.slice(query)}`,
      301,
    );
  });

  app.get(`${BACKOFFICE_PREFIX}*`, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? BACKOFFICE_PREFIX;
    // A file that is not there (an old hashed asset) is a 404, never the document.
    if (path.extname(urlPath) && urlPath !== `${BACKOFFICE_PREFIX}index.html`) return reply.callNotFound();
    return sendDocument(request, reply);
  });
  return true;
}
