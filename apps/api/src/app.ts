import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyCompress from '@fastify/compress';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { CallRegistry } from './lib/calls.ts';
import { createPgRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { registerErrorHandling } from './plugins/http-errors.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerStaticSite } from './plugins/static-site.ts';

export const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppDeps {
  config: Config;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  redis?: Redis | undefined;
  logger?: FastifyServerOptions['logger'];
  /** The clock; tests move it to expire sessions and windows. */
  now?: () => Date;
}

/** What every module receives: the narrow shared pieces, never another module's repository. */
export interface AppContext {
  config: Config;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  rateLimiter: RateLimiter;
  calls: CallRegistry;
  now: () => Date;
}

/** Builds the app (plugins from the outside in, then modules) without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
  });

  registerErrorHandling(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Operator HTML (notices, popups) keeps inline styles; it is sanitized before storage and rendering.
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
    hsts: config.isProduction ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  // An empty JSON body counts as `{}` (the specification's empty-body calls); anything else goes
  // through Fastify's own parser, which refuses prototype poisoning.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    defaultJsonParser(request, body as string, done);
  });

  registerOriginCheck(app, config.allowedOrigins);

  const ctx: AppContext = {
    config,
    db: deps.db,
    dbKind: deps.dbKind,
    rateLimiter: deps.redis ? createRedisRateLimiter(deps.redis) : createPgRateLimiter(deps.db, deps.now),
    calls: new CallRegistry(),
    now: deps.now ?? (() => new Date()),
  };

  await registerModules(app, ctx);

  if (config.portalDist) await registerStaticSite(app, config.portalDist);
  return app;
}

async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/health', async () => ({ status: 'success' }));
  ctx.calls.mount(app, async () => null);
}
