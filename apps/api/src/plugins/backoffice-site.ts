import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { encodeBody, sendAnswer } from '@casino/static-files/answer';
import { StaticFiles } from '@casino/static-files/directory';
import { withSiteTimeZone } from '../lib/site-info.ts';
import { documentOf } from './static-site.ts';

/** Where the back-office console lives (apps/backoffice, built with Vite's base `/backoffice/`). */
export const BACKOFFICE_PREFIX = '/backoffice/';

/** Crawlers are asked to stay away from every answer of the console. */
const NO_ROBOTS = Object.freeze({ 'x-robots-tag': 'noindex, nofollow' });

/**
 * Serves the built back-office console (issue 13) under `/backoffice/`, from memory as the portal
 * is served (decision 0015): hashed files under `/backoffice/assets/` are cached for a year, the
 * other files revalidate with their ETag, and every other path below `/backoffice/` answers
 * index.html (the console's router shows the screen). The console's API is `/api/backoffice/*`,
 * which this never touches. It is not closed by the maintenance switch (operators run the site
 * during maintenance) and asks crawlers to stay away. The document gets the same security headers
 * and content security policy as the portal's (no inline scripts), and names the site's time zone
 * as the portal's does.
 */
export async function registerBackofficeSite(
  app: FastifyInstance,
  root: string,
  timeZone: string,
): Promise<boolean> {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return false;
  // With the site's time zone in its head (decision 0020), compressed once here.
  const html = withSiteTimeZone(readFileSync(indexFile, 'utf8'), timeZone);
  const document = documentOf(encodeBody(html), NO_ROBOTS);
  const files = new StaticFiles(root, {
    exclude: (filePath) => /^\/index\.html(\.br|\.gz)?$/.test(filePath),
    headers: NO_ROBOTS,
  });

  const sendDocument = (request: FastifyRequest, reply: FastifyReply): undefined => {
    sendAnswer(request, reply, document.page);
    return undefined;
  };

  // `/backoffice` also matches `/backoffice/` when the server ignores trailing slashes.
  app.get('/backoffice', (request, reply) => {
    const query = request.url.indexOf('?');
    const urlPath = query === -1 ? request.url : request.url.slice(0, query);
    if (urlPath === BACKOFFICE_PREFIX) return sendDocument(request, reply);
    return reply.redirect(
      query === -1 ? BACKOFFICE_PREFIX : `${BACKOFFICE_PREFIX}${request.url.slice(query)}`,
      301,
    );
  });

  app.get(`${BACKOFFICE_PREFIX}*`, (request, reply) => {
    const query = request.url.indexOf('?');
    const urlPath = query === -1 ? request.url : request.url.slice(0, query);
    let filePath: string;
    try {
      filePath = decodeURIComponent(urlPath.slice(BACKOFFICE_PREFIX.length - 1));
    } catch {
      return reply.callNotFound();
    }
    const sent = files.send(request, reply, filePath);
    if (sent !== false) return sent === true ? undefined : sent;
    // A file that is not there (an old hashed asset) is a 404, never the document.
    if (path.extname(filePath) && filePath !== '/index.html') return reply.callNotFound();
    return sendDocument(request, reply);
  });
  return true;
}
