import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export const SESSION_COOKIES = ['sid', 'bo_sid'] as const;
const GUARDED_PREFIXES = ['/api/routes/', '/api/auth/', '/api/backoffice/'];

/** The site's own origin: the request's scheme and host (X-Forwarded-* only when TRUST_PROXY is set). */
export function siteOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`.toLowerCase();
}

/**
 * CSRF defence of API.md section 1 for every POST under the guarded prefixes: a foreign Origin
 * (look-alikes and `null` included) or a cross-site/same-site Sec-Fetch-Site is refused; a request
 * with neither header is accepted only when it carries no session cookie (browsers always send one
 * of them, scripts do not).
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST') return;
    const path = request.url;
    if (!GUARDED_PREFIXES.some((p) => path.startsWith(p))) return;

    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (typeof fetchSite === 'string' && (fetchSite === 'cross-site' || fetchSite === 'same-site')) {
      throw new AppError('forbidden');
    }
    if (typeof origin === 'string') {
      const normalized = origin.trim().toLowerCase().replace(/\/+$/, '');
      if (normalized !== siteOrigin(request) && !allowedOrigins.includes(normalized)) throw new AppError('forbidden');
      return;
    }
    if (fetchSite === undefined) {
      const cookies = request.cookies ?? {};
      if (SESSION_COOKIES.some((name) => cookies[name])) throw new AppError('forbidden');
    }
  });
}
