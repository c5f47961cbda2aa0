import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES } from '@casino/contracts/locales';
import { isMemberPage, matchPagePath, PAGE_IDS, pageUrlPath } from '@casino/contracts/pages';
import { fillSiteName } from '@casino/contracts/prerender';
import type { TPopup } from '@casino/contracts/community';
import type { TSiteInfo } from '@casino/contracts/site-info';
import {
  encodeBody,
  ENCODINGS,
  prepareAnswer,
  sendAnswer,
  writeAnswer,
  type EncodedBody,
  type Encoding,
  type PreparedAnswer,
} from '@casino/static-files/answer';
import { REVALIDATE, StaticFiles } from '@casino/static-files/directory';
import type { FrontDoor } from '@casino/static-files/front';
import type { SharedCaches } from '../lib/shared-caches.ts';
import { siteDocumentHtml, withSiteInfo, withSiteTimeZone } from '../lib/site-info.ts';
import { createDocumentPopups, withSitePopups, type DocumentPopups } from '../lib/site-popups.ts';
import { loadPrerenderedPages } from './prerendered-pages.ts';
import { createSiteDocuments, rawRequestHost, type SiteLook, type SiteOfHost } from './site-documents.ts';
import type { MaintenanceProbe } from './maintenance.ts';

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const HTML = 'text/html; charset=utf-8';

/**
 * A document the server answers page requests with (index.html, a prerendered page), held in
 * memory with the compressed variants the build wrote beside it and its answers prepared: as the
 * page of its path (200, revalidated with its ETag) and as a not-found or maintenance page (404,
 * 503: never kept by a cache, never a 304). The most requested answer costs no file read, no
 * compression and no header built (issues 9 and 22).
 */
export interface Document {
  page: PreparedAnswer;
  failed: PreparedAnswer;
}

/** A document's answers from its body, with `headers` besides its own (the security headers). */
export function documentOf(body: EncodedBody, headers?: Readonly<Record<string, string>>): Document {
  const extra = headers ? { headers } : {};
  return {
    page: prepareAnswer(body, { contentType: HTML, cacheControl: REVALIDATE, etag: true, ...extra }),
    failed: prepareAnswer(body, { contentType: HTML, cacheControl: 'no-store', etag: false, ...extra }),
  };
}

/** A built document as the default site (SITE_NAME, SITE_TIME_ZONE) is served it. */
function defaultSiteHtml(built: string, options: Pick<StaticSiteOptions, 'site' | 'timeZone'>): string {
  const { site = {}, timeZone } = options;
  // A prerendered page's site name is the operator's when one is set (contracts/prerender.ts); the
  // build's own marks are invisible, so the page is served as built when none is.
  const named = withSiteInfo(site.siteName ? fillSiteName(built, site.siteName) : built, site);
  return timeZone ? withSiteTimeZone(named, timeZone) : named;
}

function loadDocument(
  file: string,
  options: Pick<StaticSiteOptions, 'site' | 'timeZone' | 'headers'>,
): Document {
  const { headers } = options;
  const built = readFileSync(file, 'utf8');
  const html = defaultSiteHtml(built, options);
  if (html !== built) {
    // The operator's details or the site's time zone are written in (lib/site-info.ts): compressed
    // here, once, at start, so the ETag and the .br/.gz answers are of what is sent.
    return documentOf(encodeBody(html), headers);
  }
  const body: EncodedBody = { identity: Buffer.from(built) };
  for (const encoding of ENCODINGS) {
    const variant = `${file}${SUFFIX[encoding]}`;
    if (existsSync(variant)) body[encoding] = readFileSync(variant);
  }
  return documentOf(body, headers);
}

/** The answer to a page request: the page itself (200), no such page (404), maintenance (503). */
type PageAnswer = { code: 200 } | { code: 404 } | { code: 503; retryAfterSec: number | undefined };

/**
 * What a document answer sends: a 200 revalidates with its ETag; a 404 or 503 carries the same
 * document (the portal shows its not-found or maintenance page) but is never kept by a cache or
 * answered 304, and a 503 says when to come back when the end is known.
 */
function pageOutcome(
  document: Document,
  answer: PageAnswer,
): { prepared: PreparedAnswer; status: number; more: Readonly<Record<string, string>> | undefined } {
  if (answer.code === 200) return { prepared: document.page, status: 200, more: undefined };
  const more =
    answer.code === 503 && answer.retryAfterSec !== undefined
      ? { 'retry-after': String(answer.retryAfterSec) }
      : undefined;
  return { prepared: document.failed, status: answer.code, more };
}

function sendPage(
  document: Document,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PageAnswer,
): FastifyReply {
  const { prepared, status, more } = pageOutcome(document, answer);
  if (more) reply.headers(more);
  return sendAnswer(request, reply, prepared, status);
}

function writePage(document: Document, req: IncomingMessage, res: ServerResponse, answer: PageAnswer): void {
  const { prepared, status, more } = pageOutcome(document, answer);
  writeAnswer(req, res, prepared, status, more);
}

/** Pino's levels: static answers are logged at `debug` (plugins/access-log.ts). */
const LEVELS: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/** Whether the log takes the static answers' lines now (LOG_LEVEL=debug or trace). */
function logsStatic(log: FastifyBaseLogger): boolean {
  return (LEVELS[log.level] ?? Infinity) <= LEVELS.debug!;
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
  /** The site's time zone (SITE_TIME_ZONE), written into the page unless it is the default. */
  timeZone?: string;
  /**
   * The headers of every answer besides its own (the document's security headers,
   * plugins/security-headers.ts), prepared into the answers the front door sends.
   */
  headers?: Readonly<Record<string, string>>;
  /** Where the pages and files in memory are answered before Fastify (`FrontDoor`). */
  front?: FrontDoor;
  /**
   * The site of a request's host (issue 25): its documents carry its name and look
   * (plugins/site-documents.ts); null, or no `siteOf`, serves the documents prepared at start.
   */
  siteOf?: SiteOfHost;
  /** Whether the host is read from `X-Forwarded-Host` (TRUST_PROXY), as Fastify's `request.host` is. */
  trustProxy?: boolean;
  /**
   * The site popups of a request's host (`get-notice-popup`'s answer), written into its documents
   * (lib/site-popups.ts, decision 0023); without it the documents carry none.
   */
  popupsOf?: (host: string) => Promise<readonly TPopup[]>;
  /** Where the documents with popups are forgotten when an operator changes the popups (`popups`). */
  caches?: Pick<SharedCaches, 'register'>;
}

/** What a document with popups is made of: the site's look (none for the default site) and the popups. */
interface PopupsLook {
  version: string;
  site: SiteLook | null;
  popups: DocumentPopups;
}

/** The documents of a build: index.html's names, which are answered by the page route, not as files. */
const isIndexFile = (filePath: string) => /^\/index\.html(\.br|\.gz)?$/.test(filePath);

/**
 * Serves a built single-page app from memory (decision 0015): hashed files under /assets/ are
 * cached for a year (`immutable`), everything else revalidates with its ETag (304). A page path of
 * the portal's route table (packages/contracts/src/pages.ts, in every locale) answers its document
 * with 200; any other path answers it with 404, so the portal shows its not-found page and crawlers
 * and monitors see the truth; `/ko/...` is redirected to the unprefixed path, as the portal's
 * router does. While the site is in maintenance every page answers 503 (with `Retry-After` when the
 * end is known) and the portal shows its maintenance page; files keep being served. Text files go
 * out as the .br or .gz the build made, never compressed per request, and no request touches the
 * disk once a file has been read.
 *
 * The pages of the route table and the files in memory are answered at the front door, before
 * Fastify, with the same status, headers and bytes as the route below gives (which answers them
 * for `inject`, for a file's first read, and while the log takes static answers' lines); the
 * route answers everything else (unknown paths, redirects, encoded paths, `/index.html`).
 */
export async function registerStaticSite(
  app: FastifyInstance,
  root: string,
  options: StaticSiteOptions = {},
): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) return false;
  const { headers } = options;
  const index = loadDocument(path.join(root, 'index.html'), options);
  // Each locale's prerendered documents: its public pages, the not-found page and the frame
  // (decisions 0013, 0016; plugins/prerendered-pages.ts picks one per path).
  const prerendered = loadPrerenderedPages(root, (file) => loadDocument(file, options));
  // The document is answered by the page route below (also at /index.html), with the status of the
  // path it stands for.
  const files = new StaticFiles(root, { exclude: isIndexFile, ...(headers ? { headers } : {}) });

  // The documents of the sites' hosts (issue 25): the same picks by file, made for each site when
  // first asked (plugins/site-documents.ts).
  const indexFile = path.join(root, 'index.html');
  const fileOf = loadPrerenderedPages(root, (file) => file);
  const siteDocuments = createSiteDocuments(
    (built, site) => siteDocumentHtml(built, { ...options.site, ...site.info }, options.timeZone),
    (body) => documentOf(body, headers),
    (err) => app.log.warn({ err }, "a site's document could not be compressed; it is served uncompressed"),
  );
  // The documents of a host with site popups (decision 0023): its site's (or the default site's)
  // with the popups written in, keyed by both versions and forgotten when an operator changes the
  // popups (the community service forgets its list then too, so the next request reads the new one).
  const documentPopups = options.popupsOf ? createDocumentPopups(options.popupsOf) : null;
  const popupsDocuments = createSiteDocuments<Document, PopupsLook>(
    (built, look) =>
      withSitePopups(
        look.site
          ? siteDocumentHtml(built, { ...options.site, ...look.site.info }, options.timeZone)
          : defaultSiteHtml(built, options),
        look.popups.popups,
      ),
    (body) => documentOf(body, headers),
    (err) =>
      app.log.warn({ err }, 'a document with popups could not be compressed; it is served uncompressed'),
  );
  options.caches?.register('popups', () => {
    documentPopups?.forget();
    popupsDocuments.forget();
  });

  /** The site of `host`: null for the default site, or when it cannot be read (logged). */
  async function siteOfHost(host: string, log: FastifyBaseLogger): Promise<SiteLook | null> {
    if (!options.siteOf) return null;
    try {
      return await options.siteOf(host);
    } catch (err) {
      log.warn({ err }, "site's document unavailable; serving the default site's");
      return null;
    }
  }

  /** The popups of `host`'s documents: null when it has none, or when they cannot be read (logged). */
  async function popupsOfHost(host: string, log: FastifyBaseLogger): Promise<DocumentPopups | null> {
    if (!documentPopups) return null;
    try {
      return await documentPopups.of(host);
    } catch (err) {
      log.warn({ err }, 'site popups unavailable; the document is served without them (the app asks)');
      return null;
    }
  }

  /**
   * The document of `file` as the site of `host` is served it, with the host's popups;
   * `fallback` (prepared at start) for the default site without popups.
   */
  async function forHost(host: string, file: string | undefined, fallback: Document, log: FastifyBaseLogger) {
    const [site, popups] = await Promise.all([siteOfHost(host, log), popupsOfHost(host, log)]);
    if (popups)
      return popupsDocuments.get(
        { version: `${site?.version ?? ''}\n${popups.version}`, site, popups },
        file ?? indexFile,
      );
    return site ? siteDocuments.get(site, file ?? indexFile) : fallback;
  }

  /** 503 while in maintenance; a failed look at the switch serves the page rather than an error. */
  async function closed(log: FastifyBaseLogger): Promise<PageAnswer | null> {
    if (!options.maintenance) return null;
    try {
      const state = await options.maintenance();
      return state ? { code: 503, retryAfterSec: state.retryAfterSec } : null;
    } catch (err) {
      log.warn({ err }, 'maintenance switch unreadable; serving the page');
      return null;
    }
  }

  /** A document request for `urlPath` (decoded, no query): the page, a redirect, 404 or 503. */
  async function sendDocument(
    request: FastifyRequest,
    reply: FastifyReply,
    urlPath: string,
  ): Promise<FastifyReply> {
    const maintenance = await closed(request.log);
    const site = (file: string | undefined, fallback: Document) =>
      forHost(request.host, file, fallback, request.log);
    if (maintenance) return sendPage(await site(indexFile, index), request, reply, maintenance);
    const match = matchPagePath(urlPath);
    if (!match) {
      const notFound = await site(fileOf(null, urlPath), prerendered(null, urlPath) ?? index);
      return sendPage(notFound, request, reply, { code: 404 });
    }
    if (match.kind === 'redirect') {
      const query = request.url.indexOf('?');
      return reply.redirect(query === -1 ? match.to : `${match.to}${request.url.slice(query)}`, 301);
    }
    const page = await site(fileOf(match, urlPath), prerendered(match, urlPath) ?? index);
    return sendPage(page, request, reply, { code: 200 });
  }

  app.get('/*', (request, reply) => {
    const query = request.url.indexOf('?');
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(query === -1 ? request.url : request.url.slice(0, query));
    } catch {
      return reply.callNotFound();
    }
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    // A file of the build, from memory: nothing more to do once it went out.
    const sent = files.send(request, reply, urlPath);
    if (sent !== false) return sent === true ? undefined : sent;
    if (urlPath === '/index.html') return sendDocument(request, reply, '/');
    // A file that is not there (an old hashed asset) is a 404, never the page.
    if (urlPath.startsWith('/assets/') && path.extname(urlPath)) return reply.callNotFound();
    return sendDocument(request, reply, urlPath);
  });

  // The same answers before Fastify, for what needs no more than memory: a file already read, or a
  // page of the route table (its URL as sent, with nothing to decode). The access log takes no line
  // for them, so while it takes the static answers' lines (debug) everything goes to the route.
  options.front?.add((req, res) => {
    if (logsStatic(app.log)) return false;
    // Nothing percent-encoded, so nothing for the text guard (plugins/text-guard.ts) to refuse.
    const url = req.url ?? '';
    if (!url.startsWith('/') || url.includes('%')) return false;
    const query = url.indexOf('?');
    const urlPath = query === -1 ? url : url.slice(0, query);
    if (files.write(req, res, urlPath)) return true;
    const match = path.extname(urlPath) ? null : matchPagePath(urlPath);
    if (match?.kind !== 'page') return false;
    const document = prerendered(match, urlPath) ?? index;
    const host = rawRequestHost(req, options.trustProxy ?? false);
    void closed(app.log).then(async (maintenance) => {
      const sent = maintenance
        ? await forHost(host, indexFile, index, app.log)
        : await forHost(host, fileOf(match, urlPath), document, app.log);
      writePage(sent, req, res, maintenance ?? { code: 200 });
    });
    return true;
  });
  return true;
}
