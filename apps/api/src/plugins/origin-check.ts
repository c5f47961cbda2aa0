import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export const SESSION_COOKIES = ['sid', 'bo_sid'] as const;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The provider wallet (later work) is called server to server and authenticated by a signature,
 * never by a cookie: it alone is exempt, and only when the route that will run is a wallet route.
 */
const WALLET_PREFIX = '/api/wallet/';

/** The site's own origin: the request's scheme and host (X-Forwarded-* only when TRUST_PROXY is set). */
export function siteOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`.toLowerCase();
}

/**
 * CSRF defence of docs/api/README.md for EVERY unsafe method (POST, PUT, PATCH, DELETE) on the whole
 * server: a foreign Origin (look-alikes and `null` included) or a cross-site/same-site
 * Sec-Fetch-Site is refused; a request with neither header is accepted only when it carries no
 * session cookie (browsers always send one of them, scripts do not).
 *
 * The check judges the request, not its raw URL: it used to look at a prefix of `request.url`, so
 * `/api/%72outes/...` or an absolute-form request line (`POST http://evil.example/api/...`), which
 * the router still routes to the same handler, skipped it (issue 8, defect 2). The only exemption
 * is decided on the route the router matched AND the decoded, normalized path.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  // A callback hook, not an async one: it runs on every request, and most (GETs) leave at once.
  app.addHook('onRequest', (request, _reply, done) => {
    done(isForbidden(request, allowedOrigins) ? new AppError('forbidden') : undefined);
  });
}

function isForbidden(request: FastifyRequest, allowedOrigins: string[]): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  if (isWalletRoute(request)) return false;

  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && (fetchSite === 'cross-site' || fetchSite === 'same-site')) return true;
  if (typeof origin === 'string') {
    const normalized = origin.trim().toLowerCase().replace(/\/+$/, '');
    return normalized !== siteOrigin(request) && !allowedOrigins.includes(normalized);
  }
  if (fetchSite === undefined) {
    const cookies = request.cookies ?? {};
    return SESSION_COOKIES.some((name) => cookies[name]);
  }
  return false;
}

/** True only when the matched route is a wallet route and the decoded, normalized path is one too. */
function isWalletRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (typeof route !== 'string' || !route.startsWith(WALLET_PREFIX)) return false;
  return normalizedPath(request.url)?.startsWith(WALLET_PREFIX) === true;
}

/** The path of a request line (origin-form or absolute-form), percent-decoded and dot-segment free. */
function normalizedPath(url: string): string | undefined {
  try {
    const pathname = new URL(url, 'http://site.invalid').pathname;
    const decoded = decodeURIComponent(pathname);
    // Decoding can reveal new dot segments (`%2e%2e`); resolve once more on the decoded form.
    return new URL(decoded.replace(/\\/g, '/'), 'http://site.invalid').pathname;
  } catch {
    return undefined;
  }
}
