import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LOCALE, LOCALES } from '@casino/contracts/locales';
import { isMemberPage, matchPagePath, PAGE_IDS, pageUrlPath } from '@casino/contracts/pages';
import { fillSiteName } from '@casino/contracts/prerender';
import type { TSiteInfo } from '@casino/contracts/site-info';
import { encodeBody, ENCODINGS, sendEncoded, type EncodedBody, type Encoding } from '../lib/encoded-body.ts';
import { withSiteInfo } from '../lib/site-info.ts';
import { loadPrerenderedPages } from './prerendered-pages.ts';
import type { MaintenanceProbe } from './maintenance.ts';

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

function loadPage(file: string, site: TSiteInfo = {}): Page {
  const built = readFileSync(file, 'utf8');
  // A prerendered page's site name is the operator's when one is set (contracts/prerender.ts); the
  // build's own marks are invisible, so the page is served as built when none is.
  const html = withSiteInfo(site.siteName ? fillSiteName(built, site.siteName) : built, site);
  let body: EncodedBody;
  if (html === built) {
    body = { identity: Buffer.from(built) };
    for (const encoding of ENCODINGS) {
      const variant = `${file}${SUFFIX[encoding]}`;
      if (existsSync(variant)) body[encoding] = readFileSync(variant);
    }
  } else {
    // The operator's details are written in (lib/site-info.ts): compressed here, once, at start.
    body = encodeBody(html);
  }
  const etag = `"${createHash('sha256').update(body.identity).digest('base64url').slice(0, 22)}"`;
  return { etag, body };
}

/** The answer to a page request: the page itself (200), no such page (404), maintenance (503). */
type PageAnswer = { code: 200 } | { code: 404 } | { code: 503; retryAfterSec: number | undefined };

/**
 * Sends index.html. A 200 revalidates with its ETag; a 404 or 503 carries the same document (the
 * portal shows its not-found or maintenance page) but is never kept by a cache or answered 304.
 */
function sendPage(
  page: Page,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PageAnswer,
): FastifyReply {
  reply.header('vary', 'accept-encoding');
  if (answer.code === 200) {
    reply.header('cache-control', 'no-cache').header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  } else {
    reply.code(answer.code).header('cache-control', 'no-store');
    if (answer.code === 503 && answer.retryAfterSec !== undefined)
      reply.header('retry-after', String(answer.retryAfterSec));
  }
  return sendEncoded(request, reply, page.body, 'text/html; charset=utf-8');
}

/**
 * Paths crawlers are asked to leave alone: the API, the sign-in error page (`/admin/error`), every
 * member page in every locale (they only ask a guest to sign in), and the house studio's game
 * client (it needs a launch token). Everything else, the public pages, may be crawled.
 */
export function robotsTxt(): string {
  const prefixes = LOCALES.map((locale) => (locale === DEFAULT_LOCALE ? '' : `/${locale}`));
  const lines = ['User-agent: *', 'Disallow: /api/', 'Disallow: /studio/'];
  for (const prefix of prefixes) lines.push(`Disallow: ${prefix}/admin`);
  for (const page of PAGE_IDS.filter(isMemberPage))
    for (const locale of LOCALES) lines.push(`Disallow: ${pageUrlPath(page, locale)}`);
  lines.push('Allow: /');
  return `${lines.join('\n')}\n`;
}

/** `GET /robots.txt`, built once from the page table (served with or without a built portal). */
export function registerRobotsTxt(app: FastifyInstance): void {
  const body = robotsTxt();
  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(body),
  );
}

export interface StaticSiteOptions {
  /** Whether the site is in maintenance (plugins/maintenance.ts): pages then answer 503. */
  maintenance?: MaintenanceProbe;
  /** The operator's details, written into the page (lib/site-info.ts). */
  site?: TSiteInfo;
}

/**
 * Serves a built single-page app: hashed files under /assets/ are cached for a year, everything
 * else revalidates. A page path of the portal's route table (packages/contracts/src/pages.ts, in
 * every locale) answers index.html with 200; any other path answers it with 404, so the portal
 * shows its not-found page and crawlers and monitors see the truth; `/ko/...` is redirected to the
 * unprefixed path, as the portal's router does. While the site is in maintenance every page
 * answers 503 (with `Retry-After` when the end is known) and the portal shows its maintenance
 * page; files keep being served. Text files go out as the .br or .gz the build made
 * (`preCompressed`), so the compression plugin never compresses a file per request.
 */
export async function registerStaticSite(
  app: FastifyInstance,
  root: string,
  options: StaticSiteOptions = {},
): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) return false;
  const page = loadPage(path.join(root, 'index.html'), options.site);
  // Each locale's home page and page frame, prerendered by the build (decision 0013).
  const prerendered = loadPrerenderedPages(root, (file) => loadPage(file, options.site));
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The document is answered from memory by the page route below (also at /index.html), with the
    // status of the path it stands for.
    globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.header('cache-control', 'no-cache');
      }
    },
  });

  /** 503 while in maintenance; a failed look at the switch serves the page rather than an error. */
  async function closed(request: FastifyRequest): Promise<PageAnswer | null> {
    if (!options.maintenance) return null;
    try {
      const state = await options.maintenance();
      return state ? { code: 503, retryAfterSec: state.retryAfterSec } : null;
    } catch (err) {
      request.log.warn({ err }, 'maintenance switch unreadable; serving the page');
      return null;
    }
  }

  /** A document request for `urlPath` (decoded, no query): the page, a redirect, 404 or 503. */
  async function sendDocument(
    request: FastifyRequest,
    reply: FastifyReply,
    urlPath: string,
  ): Promise<FastifyReply> {
    const maintenance = await closed(request);
    if (maintenance) return sendPage(page, request, reply, maintenance);
    const match = matchPagePath(urlPath);
    if (!match) return sendPage(prerendered(null, urlPath) ?? page, request, reply, { code: 404 });
    if (match.kind === 'redirect') {
      const query = request.url.indexOf('?');
      return reply.redirect(query === -1 ? match.to : `${match.to}${request.url.slice(query)}`, 301);
    }
    return sendPage(prerendered(match, urlPath) ?? page, request, reply, { code: 200 });
  }

  app.get('/*', async (request, reply) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.callNotFound();
    }
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    // A client route (`/`, `/en/deposit`): no look at the disk.
    if (!path.extname(urlPath)) return sendDocument(request, reply, urlPath);
    const candidate = path.join(root, path.normalize(urlPath));
    if (candidate === path.join(root, 'index.html')) return sendDocument(request, reply, '/');
    if (candidate.startsWith(root + path.sep) && existsSync(candidate)) {
      return reply.sendFile(path.relative(root, candidate));
    }
    if (urlPath.startsWith('/assets/')) return reply.callNotFound();
    return sendDocument(request, reply, urlPath);
  });
  return true;
}
