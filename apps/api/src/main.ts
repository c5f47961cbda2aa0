import { existsSync } from 'node:fs';
import { Server as NetServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { registerStudio, studioRegistration } from '@casino/studio';
import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { formatFirstStartBanner, seedOnFirstStart } from './seed.ts';
import { embeddedSecretsKey } from './lib/secrets.ts';
import { createLogger } from './lib/logger.ts';
import { createServices, type Services } from './services.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** How often the house studio's open rounds are looked for (its own loop's default). */
const STUDIO_RECOVERY_MS = 60_000;
/** At shutdown, how long a connection taken just before the instance stopped taking them has to send its request. */
const ACCEPTED_SETTLE_MS = 250;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  if (config.databaseUrl && !config.secretsKey) {
    console.error(
      'configuration error: SECRETS_KEY is required with DATABASE_URL (32 bytes as 64 hex digits: openssl rand -hex 32); every instance needs the same key',
    );
    process.exit(2);
  }
  const logger = await createLogger({
    level: config.logLevel,
    format: config.logFormat,
    isTTY: Boolean(process.stdout.isTTY),
  });
  const defaultDist = path.resolve(here, '../../portal/dist');
  if (!config.portalDist && existsSync(path.join(defaultDist, 'index.html'))) config.portalDist = defaultDist;
  const defaultBackofficeDist = path.resolve(here, '../../backoffice/dist');
  if (!config.backofficeDist && existsSync(path.join(defaultBackofficeDist, 'index.html')))
    config.backofficeDist = defaultBackofficeDist;

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
  });
  logger.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    'database opened',
  );
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ applied }, 'migrations applied');

  let redis: import('ioredis').Redis | undefined;
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
    redis.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
  }

  const secretsKey = config.secretsKey ?? embeddedSecretsKey(config.dataDir);
  const services = createServices({
    config,
    db: database.db,
    dbKind: database.kind,
    redis,
    secretsKey,
    pool: database.pool,
    notifications: database.notifications,
    onEventError: (err) => logger.warn({ err }, 'event not published'),
  });
  // This instance hears the others (events, caches) before it does anything (docs/api/events.md).
  await services.bus?.ready;
  const created = await seedOnFirstStart({ services, logger });
  // The house studio is a provider like any other (decision 0012): registered in the catalog on
  // the first start, with secrets derived from the secrets key, then mounted under /studio/.
  const studioOptions = {
    studioKey: secretsKey,
    platformUrl: config.studioPlatformUrl,
    secrets: config.studioSecrets,
  };
  if (config.studioEnabled)
    await registerStudioProviders(services, studioRegistration(studioOptions), logger);
  // The jackpot pools get their first seed through the ledger (once per database).
  await services.jackpots.ensureSeeded();
  // Operators' TOTP secrets written before they were sealed at rest: sealed once, here.
  const sealedTotp = await services.backoffice.operators.sealLegacyTotpSecrets();
  if (sealedTotp > 0) logger.info({ operators: sealedTotp }, 'operator TOTP secrets sealed at rest');

  const app = await buildApp({ services, loggerInstance: logger });
  if (config.studioEnabled) {
    const studioDist = config.studioDist ?? path.resolve(here, '../../studio/dist');
    const studio = await registerStudio(app, {
      ...studioOptions,
      db: database.db,
      distDir: existsSync(path.join(studioDist, 'index.html')) ? studioDist : undefined,
      // The game client shows the rounds' times on the site's clock (decision 0020).
      timeZone: config.siteTimeZone,
      log: logger,
      // Its recovery runs as a periodic job of the platform (below), once across instances.
      recoveryIntervalMs: 0,
    });
    services.jobs.register({
      name: 'studio-recovery',
      everyMs: STUDIO_RECOVERY_MS,
      run: () => studio.recover(),
    });
  }
  // While the instance drains (docs/operations.md "Shutdown"), every answer closes its connection:
  // a client or load balancer holding a kept-alive connection opens a new one for its next request,
  // which the instance no longer takes once it closes, so it goes to another instance.
  let draining = false;
  app.server.prependListener('request', (_request, response) => {
    if (draining) response.setHeader('connection', 'close');
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    draining = true;
    // The readiness probe says 503 at once: a balancer that checks it sends no new work here.
    services.operations.beginShutdown();
    logger.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 10_000);
    force.unref();
    try {
      // This instance's job runs end and give their leases back (another instance takes them), while
      // the requests of the grace period are still answered.
      await Promise.all([
        services.jobs.stop(),
        new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs)),
      ]);
      // No new connection is taken (refused: the balancer tries another instance), and those taken
      // just before deliver their request before the idle ones are closed (app.close).
      NetServer.prototype.close.call(app.server);
      await new Promise((resolve) => setTimeout(resolve, ACCEPTED_SETTLE_MS));
      await app.close();
      await redis?.quit();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The periodic jobs (transfer reconciliation, the studio's recovery ...): each runs once at a time
  // across the instances, whichever holds its lease (lib/jobs.ts).
  services.jobs.start({
    onError: (job, err) => logger.error({ err, job }, 'job failed'),
    onLeaseLost: (job) => logger.warn({ job }, 'job lease taken over by another instance during its run'),
  });
  const url = `http://localhost:${config.port}`;
  logger.info({ url, portal: config.portalDist ? 'served' : 'not built' }, 'listening');
  // Written straight to stdout, not through the logger: a person reads it once, and the secrets
  // in it must not end up in collected JSON log lines.
  process.stdout.write(formatFirstStartBanner(created, url));
}

/**
 * Creates the studio's providers and their games through the catalog service the back office uses,
 * each provider only when the catalog does not have it yet (a restart adds nothing, and an
 * operator's later changes are kept).
 */
async function registerStudioProviders(
  services: Services,
  registration: ReturnType<typeof studioRegistration>,
  logger: Logger,
): Promise<void> {
  const system = { operatorId: null, actor: 'system', ip: null };
  for (const provider of registration.providers) {
    if ((await services.catalog.createProvider(provider, system)) !== 'success') continue;
    for (const game of registration.games.filter((g) => g.provider === provider.code))
      await services.catalog.createGame(game, system);
    logger.info({ provider: provider.code }, 'house studio provider registered');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
