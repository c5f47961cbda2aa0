import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The pages of the game client: the platform launches `/play`, members check rounds on `/verify`. */
const PAGES = ['/play', '/verify'];

/**
 * Serves the built game client (apps/studio/dist): its pages answer index.html (kept in memory),
 * its hashed files under `assets/` are cached for a year. Without a build the pages say so.
 */
export async function registerClient(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const page = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : undefined;
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
