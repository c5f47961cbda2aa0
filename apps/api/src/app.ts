import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyCompress from '@fastify/compress';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { CallRegistry } from './lib/calls.ts';
import { createPgRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/http-errors.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerStaticSite } from './plugins/static-site.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createCsrfService } from './modules/auth/csrf.service.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createSignInLimiter } from './modules/auth/sign-in-limiter.ts';
import { registerBackofficeRoutes } from './modules/backoffice/backoffice.routes.ts';
import { createBackofficeService } from './modules/backoffice/backoffice.service.ts';
import { registerCashierCalls } from './modules/cashier/cashier.routes.ts';
import { createCashierService } from './modules/cashier/cashier.service.ts';
import { createCommunityService } from './modules/community/community.service.ts';
import { registerCompCalls } from './modules/comp/comp.routes.ts';
import { createCompService } from './modules/comp/comp.service.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { memberResolver, registerMemberCalls } from './modules/members/members.routes.ts';
import { createMembersService } from './modules/members/members.service.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';

export const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppDeps {
  config: Config;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  redis?: Redis | undefined;
  logger?: FastifyServerOptions['logger'];
  /** A ready pino logger (main.ts); Fastify 5 takes an instance only as `loggerInstance`. */
  loggerInstance?: FastifyBaseLogger;
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
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: deps.logger ?? false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's and Node's own refusals answer the contract's shapes too (plugins/http-errors.ts).
    frameworkErrors,
    clientErrorHandler,
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
        // Operator HTML (notices, popups) keeps inline styles. The routes that take it (later work) must
        // pass it through createHtmlSanitizer (packages/contracts/src/sanitize-html.ts) on storage and rendering.
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
  registerTextGuard(app);

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

  // Cashier, comp conversion and the back office: money moves only through the ledger service.
  const ledger = createLedgerService({ db: ctx.db });
  const settings = createSettingsService({ db: ctx.db });
  const audit = createAuditService({ db: ctx.db });
  const community = createCommunityService({ db: ctx.db });
  const cashier = createCashierService({ ...ctx, ledger, settings, community });
  registerCashierCalls(ctx, { cashier, community, ledger });
  registerCompCalls(ctx, { comp: createCompService({ ledger, settings, cashier }) });
  await registerBackofficeRoutes(app, ctx, {
    backoffice: createBackofficeService({ ...ctx, ledger, audit }),
    cashier,
    settings,
    audit,
    sessions: createSessionService({ db: ctx.db, idleMs: ctx.config.sessionIdleMs, absoluteMs: ctx.config.sessionAbsoluteMs, now: ctx.now }),
    signInLimiter: createSignInLimiter({ rateLimiter: ctx.rateLimiter, limits: ctx.config }),
  });

  // Members and their sessions (cookie `sid`): the auth layer of /api/auth and the member calls.
  const memberSessions = createSessionService({
    db: ctx.db,
    idleMs: ctx.config.sessionIdleMs,
    absoluteMs: ctx.config.sessionAbsoluteMs,
    now: ctx.now,
  });
  const members = createMembersService({
    db: ctx.db,
    ledger,
    sessions: memberSessions,
    signInLimiter: createSignInLimiter({ rateLimiter: ctx.rateLimiter, limits: ctx.config }),
    now: ctx.now,
  });
  registerAuthRoutes(app, ctx, {
    sessions: memberSessions,
    csrf: createCsrfService({ db: ctx.db }),
    members,
  });
  registerMemberCalls(ctx, { members });

  ctx.calls.mount(app, memberResolver(members));
}
