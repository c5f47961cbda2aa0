import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The pages of the game client: the platform launches `/play`, members check rounds on `/verify`. */
const PAGES = ['/play', '/verify'];

/**
 * The page with the portal origins the game window takes reality checks from besides its own
 * (decision 0014): `<meta name="studio-portal-origins" content="https://a https://b">` in its head.
 */
export function withPortalOrigins(html: string, origins: readonly string[]): string {
  for (const origin of origins) {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || !['https:', 'http:'].includes(url.protocol) || url.origin !== origin)
      throw new Error(`portalOrigins: not an origin: ${origin}`);
  }
  if (origins.length === 0) return html;
  return html.replace('<head>', `<head><meta name="studio-portal-origins" content="${origins.join(' ')}" />`);
}

/**
 * Serves the built game client (apps/studio/dist): its pages answer index.html (kept in memory,
 * with the portal origins named), its hashed files under `assets/` are cached for a year. Without a
 * build the pages say so.
 */
export async function registerClient(
  app: FastifyInstance,
  distDir: string | undefined,
  portalOrigins: readonly string[] = [],
): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const page =
    indexFile && existsSync(indexFile)
      ? withPortalOrigins(readFileSync(indexFile, 'utf8'), portalOrigins)
      : undefined;
  for (const url of PAGES)
    app.get(url, async (_request, reply) => {
      if (!page)
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The game client is not built: npm run build -w apps/studio');
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    });
  if (!page || !distDir) return;
  await app.register(fastifyStatic, {
    root: path.resolve(distDir),
    prefix: '/',
    // The platform's server has its own @fastify/static for the portal.
    decorateReply: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
}
