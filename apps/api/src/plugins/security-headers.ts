import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every answer, as helmet sets them: the content security policy, HSTS
 * in production, no sniffing, no framing, the cross-origin policies.
 */
function helmetOptions(isProduction: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Operator HTML (notices, popups) keeps inline styles. The routes that take it must pass it
        // through createHtmlSanitizer (packages/contracts/src/sanitize-html.ts) on storage and rendering.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Switches for software that is gone, left out to keep every answer's headers short (each one
    // is validated and written by Node for every response; issue 9): X-XSS-Protection steers the
    // XSS filters that browsers removed years ago (helmet sends it only to turn them off),
    // X-Download-Options is Internet Explorer 8's, X-Permitted-Cross-Domain-Policies is for Flash
    // and PDF plug-ins reading a crossdomain.xml, which this site does not have. DNS prefetching
    // keeps the browser's default (on): the portal links only to its own host.
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    // Game windows are opened with window.open and navigated by the opener on iOS.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: isProduction ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet writes, computed once: helmet runs on a response that is never sent and
 * its headers are read back. They do not depend on the request, so every answer gets the same.
 */
export function securityHeaders(isProduction: boolean): Readonly<Record<string, string>> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(helmetOptions(isProduction))(response.req, response, () => {});
  const headers: Record<string, string> = {};
  for (const name of response.getHeaderNames()) headers[name] = String(response.getHeader(name));
  return Object.freeze(headers);
}

/**
 * The headers of an API answer (JSON, never rendered as a page), after OWASP's REST Security Cheat
 * Sheet: nothing may be cached (member data), nothing loaded or framed if it is ever opened, no
 * sniffing, no cross-origin reads, and HSTS in production. A page's other headers (the document's
 * content security policy, the opener and referrer policies, the legacy X-* switches) govern only
 * documents, and sending them with every call cost a tenth of the health check's time (issue 9).
 */
export function apiSecurityHeaders(isProduction: boolean): Readonly<Record<string, string>> {
  const document = securityHeaders(isProduction);
  return Object.freeze({
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(document['strict-transport-security']
      ? { 'strict-transport-security': document['strict-transport-security'] }
      : {}),
  });
}

/** Whether a request is for the API (`/api/...`, by its request line or the route it matched). */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/') || request.routeOptions.url?.startsWith('/api/') === true;
}

/**
 * Every answer carries its security headers: an API answer the API's set, anything else (the
 * portal's page and files, the not-found page) the document's. They go onto Fastify's reply in one
 * call from sets computed at start: running helmet's middleware per request (let alone
 * @fastify/helmet, which rebuilt helmet's whole configuration per request) cost a fifth of the
 * portal page's time, mostly in Node's per-header bookkeeping of `setHeader` (issue 9).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { isProduction: boolean }): void {
  const document = securityHeaders(options.isProduction);
  const api = apiSecurityHeaders(options.isProduction);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiRequest(request) ? api : document);
    done();
  });
}
