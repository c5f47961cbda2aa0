import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every answer (helmet): the content security policy, HSTS in production,
 * no sniffing, no framing. The middleware is built once here, with its header values computed
 * once; @fastify/helmet, used before, rebuilt the whole helmet configuration on every request,
 * which was a measurable share of each call (issue 9).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { isProduction: boolean }): void {
  const applyHeaders = helmet({
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
    strictTransportSecurity: options.isProduction ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, () => done());
  });
}
