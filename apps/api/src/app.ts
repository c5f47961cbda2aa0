import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import { DEFAULT_BODY_LIMIT_BYTES } from '@casino/contracts/backoffice-route';
import { FrontDoor } from '@casino/static-files/front';
import { CallRegistry } from './lib/calls.ts';
import type { ModuleContext } from './lib/module-context.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/http-errors.ts';
import { AccessLogController } from './plugins/access-log.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { registerMaintenanceGate } from './plugins/maintenance.ts';
import { registerBackofficeSite } from './plugins/backoffice-site.ts';
import { registerRobotsTxt, registerStaticSite } from './plugins/static-site.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { registerOperations } from './plugins/operations.ts';
import { createEventHub, type EventHub } from './lib/event-hub.ts';
import type { EventBus } from './lib/event-bus.ts';
import { registerMemberEvents } from './modules/members/events.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerBackofficeRoutes } from './modules/backoffice/backoffice.routes.ts';
import { registerCashierCalls } from './modules/cashier/cashier.routes.ts';
import { registerGameCalls, registerWalletRoutes } from './modules/games/games.routes.ts';
import { registerCompCalls } from './modules/comp/comp.routes.ts';
import { registerRewardsCalls } from './modules/rewards/rewards.routes.ts';
import { registerLegalCalls } from './modules/legal/legal.routes.ts';
import { registerSiteCalls } from './modules/settings/settings.routes.ts';
import { registerCommunityCalls } from './modules/community/community.routes.ts';
import { memberResolver, registerMemberCalls } from './modules/members/members.routes.ts';
import { registerMediaCalls, registerMediaRoutes } from './modules/media/media.routes.ts';
import {
  registerAccountHistoryCsv,
  registerProtectionCalls,
} from './modules/protection/protection.routes.ts';
import type { Services } from './services.ts';

/** Every request body's limit, unless its route names its own `bodyLimit` (lib/routes.ts). */
export const BODY_LIMIT_BYTES = DEFAULT_BODY_LIMIT_BYTES;

export interface AppDeps {
  /** The service graph of `createServices`, built once by the caller and shared with the seed. */
  services: Services;
  logger?: FastifyServerOptions['logger'];
  /** A ready pino logger (main.ts); Fastify 5 takes an instance only as `loggerInstance`. */
  loggerInstance?: FastifyBaseLogger;
  /** Where the portal's pages and files are answered before Fastify (a test passes its own to watch it). */
  front?: FrontDoor;
}

/**
 * Request ids (the `requestId` of a 500 and of every log line): a random prefix per server
 * instance and a counter, unique across instances and restarts without drawing random bytes for
 * every request as a UUID does.
 */
function requestIds(): (request: IncomingMessage) => string {
  const instance = randomBytes(6).toString('base64url');
  let count = 0;
  return (request) => {
    // A load balancer's or a caller's own id is kept when it is a safe token, so one id follows a
    // request through every hop's logs; anything else (spaces, control characters, too long) is not.
    const given = request.headers['x-request-id'];
    if (typeof given === 'string' && SAFE_REQUEST_ID.test(given)) return given;
    return `${instance}-${(++count).toString(36)}`;
  };
}

/** An incoming `X-Request-Id` kept as the request's id: 1 to 128 letters, digits and `-_.:`. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the app (plugins from the outside in, then modules) without listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { services } = deps;
  const { config } = services;
  const calls = new CallRegistry({ now: services.now });
  // The portal's pages and files held in memory are answered before Fastify's routing and hooks,
  // with the same answers its route gives (plugins/static-site.ts, decision 0015). A hook that must
  // see every request (one that refuses some) must know that these never reach it.
  const front = deps.front ?? new FrontDoor();
  const app = Fastify({
    serverFactory: front.serverFactory(),
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: deps.logger ?? false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: requestIds(),
    requestIdHeader: false,
    // One access line per request instead of Fastify's two (plugins/access-log.ts).
    logController: new AccessLogController((url) => calls.isPoll(url)),
    routerOptions: { ignoreTrailingSlash: true },
    // The router's and Node's own refusals answer the contract's shapes too (plugins/http-errors.ts).
    frameworkErrors,
    clientErrorHandler,
    // A request that reached the instance as it stops (a connection taken just before) is answered,
    // not refused with a bare 503 that a load balancer would not retry for a POST (main.ts, shutdown).
    return503OnClosing: false,
  });

  registerErrorHandling(app);
  // Every answer names its request id (the one in the log lines and in a 500's body).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  // Probes and metrics (docs/operations.md "Health and metrics"), and every answer counted.
  registerOperations(app, {
    metrics: services.metrics,
    metricsToken: config.metricsToken,
    readiness: () => services.operations.readiness(),
    callName: (url) => {
      const name = url.slice('/api/routes/'.length).split('?')[0] ?? '';
      return calls.has(name) ? name : null;
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: BODY_LIMIT_BYTES });
  registerSecurityHeaders(app, { isProduction: config.isProduction });

  // An empty JSON body counts as `{}` (the specification's empty-body calls); anything else goes
  // through Fastify's own parser, which refuses prototype poisoning.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') return done(null, {});
      defaultJsonParser(request, body as string, done);
    },
  );

  registerOriginCheck(app, config.allowedOrigins);
  registerTextGuard(app);
  // The operator's maintenance switch (docs/operations.md): member calls and pages answer 503.
  const maintenance = () => services.settings.maintenanceGate();
  registerMaintenanceGate(app, maintenance);

  const ctx: ModuleContext = {
    config,
    db: services.db,
    dbKind: services.dbKind,
    rateLimiter: services.rateLimiter,
    calls,
    now: services.now,
    events: services.events,
    caches: services.caches,
    // The event streams (docs/api/events.md), when the services have a bus to hear other instances.
    streams: services.bus ? registerEventStreams(app, services, services.bus) : undefined,
  };

  // The API's answers are sent by `sendJson` (lib/encoded-body.ts), which compresses the large
  // ones; the static site (below) sends the .br/.gz files its build made.
  await registerModules(app, ctx, services);

  // The back-office console under /backoffice/ (its API stays /api/backoffice/*).
  if (config.backofficeDist) await registerBackofficeSite(app, config.backofficeDist, config.siteTimeZone);
  registerRobotsTxt(app);
  if (config.portalDist)
    await registerStaticSite(app, config.portalDist, {
      site: config.site,
      timeZone: config.siteTimeZone,
      maintenance,
      // The answers the front door sends carry the security headers the hook would have set.
      headers: securityHeaders(config.isProduction),
      front,
      // Each site's hosts see its name and look (issue 25, docs/api/backoffice-sites.md).
      siteOf: (host) => services.sites.pageLookOf(host),
      trustProxy: config.trustProxy,
      // The host's site popups, written into its documents (decision 0023).
      popupsOf: async (host) => (await services.community.content.popupsFor(host)).note,
      caches: services.caches,
    });
  return app;
}

function registerEventStreams(app: FastifyInstance, services: Services, bus: EventBus): EventHub {
  const hub = createEventHub({
    bus,
    now: () => services.now().getTime(),
    async readMember(memberId) {
      const user = await services.members.user(memberId);
      return (
        user && {
          balance: user.balance,
          rolling: user.rolling,
          noteCount: user.noteCount,
          helpCount: user.helpCount,
        }
      );
    },
    async readQueue() {
      const queues = await services.operations.queues();
      const pending = (name: string) => queues.find((q) => q.queue === name)?.pending ?? 0;
      return {
        deposits: pending('deposits'),
        withdraws: pending('withdrawals'),
        helps: pending('helps'),
        reviews: await services.fraud.openCount(),
      };
    },
    async readJackpot() {
      const amounts = await services.jackpots.amounts();
      return { mega: amounts.MEGA, major: amounts.MAJOR, minor: amounts.MINOR };
    },
    onError: (error) => app.log.error({ err: error }, 'event stream read failed'),
  });
  registerMemberEvents(app, { hub, resolveMember: memberResolver(services.members) });
  services.metrics.gauge(
    'casino_event_streams',
    'Open event streams on this instance, by kind (member, operator).',
    ['kind'],
    async () => {
      const counts = hub.counts();
      return [
        { labels: { kind: 'member' }, value: counts.member },
        { labels: { kind: 'operator' }, value: counts.operator },
      ];
    },
  );
  // Streams end first (with the retry hint), then the bus stops listening; the database closes after.
  app.addHook('preClose', async () => {
    hub.close();
  });
  app.addHook('onClose', async () => {
    await bus.close();
  });
  return hub;
}

async function registerModules(app: FastifyInstance, ctx: ModuleContext, services: Services): Promise<void> {
  app.get('/api/health', async () => ({ status: 'success' }));

  const {
    ledger,
    settings,
    audit,
    legal,
    community,
    cashier,
    comp,
    members,
    backoffice,
    sessions,
    signInLimiter,
    csrf,
    catalog,
    wallet,
    transfers,
    jackpots,
    media,
    banners,
  } = services;
  // Cashier, comp conversion and the back office: money moves only through the ledger service.
  registerCashierCalls(ctx, { cashier, community, depositBonus: services.depositBonus });
  registerCompCalls(ctx, { comp });
  // Attendance, referral and weekly payback (docs/promotions.md).
  registerRewardsCalls(ctx, { rewards: services.rewards });
  await registerBackofficeRoutes(app, ctx, {
    backoffice,
    cashier,
    settings,
    audit,
    sessions,
    signInLimiter,
    catalog,
    jackpots,
    transfers,
    community,
    media,
    banners,
    legal,
    reports: services.reports,
    jobs: services.jobs,
    settingsAdmin: services.settingsAdmin,
    members,
    memberConsole: services.memberConsole,
    cashierReview: services.cashierReview,
    depositBonus: services.depositBonus,
    protectionAdmin: services.protectionAdmin,
    sitesAdmin: services.sitesAdmin,
    blacklist: services.blacklist,
    fraud: services.fraud,
    rewards: services.rewards,
    partners: services.partners,
  });

  // Games: the catalog and launch as member calls, and the provider wallet (its own body parser,
  // signature check and answer shapes).
  registerGameCalls(ctx, { catalog, wallet, transfers, jackpots, ledger });
  await registerWalletRoutes(app, {
    wallet,
    metrics: services.metrics,
    events: services.events,
    oppositeBets: services.oppositeBets,
  });

  // Members and their sessions (cookie `sid`): the auth layer of /api/auth and the member calls.
  registerAuthRoutes(app, ctx, { sessions, csrf, members });
  registerMemberCalls(ctx, { members, sites: services.sites });

  // The site: its maintenance status (served during maintenance too) and the legal documents.
  registerSiteCalls(ctx, { settings, sites: services.sites });
  registerLegalCalls(ctx, { legal });

  // Community: help posts, notes, notices and popups (the back office's side is in its routes).
  registerCommunityCalls(ctx, { community });

  // Player protection: limits, reality checks, breaks, sessions and history (docs/protection.md).
  registerProtectionCalls(ctx, {
    protection: services.protection,
    breaks: services.breaks,
    memberSessions: services.memberSessions,
    history: services.history,
  });
  registerAccountHistoryCsv(app, { members, history: services.history });

  // Uploaded images under /media/ (resized and re-encoded; before the static site's fallback) and
  // the home banners.
  registerMediaRoutes(app, { media });
  registerMediaCalls(ctx, { banners });

  ctx.calls.mount(app, memberResolver(members));
}
