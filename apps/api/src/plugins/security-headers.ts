import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
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
 * Every answer carries the security headers. They go onto Fastify's reply in one call from a
 * set computed at start: running helmet's middleware per request (let alone @fastify/helmet,
 * which rebuilt helmet's whole configuration per request) cost a fifth of the portal page's
 * time, mostly in Node's per-header bookkeeping of `setHeader` (issue 9).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { isProduction: boolean }): void {
  const headers = securityHeaders(options.isProduction);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
