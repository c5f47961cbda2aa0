import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves a built single-page app: hashed files under /assets/ are cached for a year, everything
 * else revalidates; unknown non-API GETs answer index.html so client routes load directly.
 */
export async function registerStaticSite(app: FastifyInstance, root: string): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });
  app.get('/*', async (request, reply) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.callNotFound();
    }
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    const candidate = path.join(root, path.normalize(urlPath));
    if (candidate.startsWith(root + path.sep) && path.extname(candidate) && existsSync(candidate)) {
      return reply.sendFile(path.relative(root, candidate));
    }
    if (path.extname(urlPath) && urlPath.startsWith('/assets/')) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
  return true;
}
