import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { encodeBody, prepareAnswer, sendAnswer } from '@casino/static-files/answer';
import { REVALIDATE, StaticFiles } from '@casino/static-files/directory';
import { siteTimeZoneMeta } from '@casino/web-kit/site-time-zone';

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

/** The page with the site's time zone its dates are shown in (decision 0020), when one is given. */
function withTimeZone(html: string, timeZone: string | undefined): string {
  return timeZone ? html.replace('</head>', `${siteTimeZoneMeta(timeZone)}</head>`) : html;
}

/**
 * Serves the built game client (apps/studio/dist) from memory, as the platform serves its own
 * (`@casino/static-files`): its pages answer index.html (with the portal origins and the site's
 * time zone named, compressed once at start, revalidated with its ETag), its hashed files under
 * `assets/` are cached for a year, the other files revalidate. Without a build the pages say so.
 */
export async function registerClient(
  app: FastifyInstance,
  distDir: string | undefined,
  portalOrigins: readonly string[] = [],
  timeZone?: string,
): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const html = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const page =
    html !== undefined
      ? prepareAnswer(encodeBody(withTimeZone(withPortalOrigins(html, portalOrigins), timeZone)), {
          contentType: 'text/html; charset=utf-8',
          cacheControl: REVALIDATE,
          etag: true,
        })
      : undefined;
  for (const url of PAGES)
    app.get(url, (request, reply) => {
      if (!page)
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The game client is not built: npm run build -w apps/studio');
      sendAnswer(request, reply, page);
      return undefined;
    });
  if (!page || !distDir) return;
  // The pages are answered above; index.html is not a file of its own.
  const files = new StaticFiles(distDir, {
    exclude: (filePath) => /^\/index\.html(\.br|\.gz)?$/.test(filePath),
  });
  const prefix = app.prefix;
  app.get('/*', (request, reply) => {
    const query = request.url.indexOf('?');
    const urlPath = query === -1 ? request.url : request.url.slice(0, query);
    let filePath: string;
    try {
      filePath = decodeURIComponent(urlPath.slice(prefix.length));
    } catch {
      return reply.callNotFound();
    }
    const sent = files.send(request, reply, filePath);
    if (sent === false) return reply.callNotFound();
    return sent === true ? undefined : sent;
  });
}
