import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { loadConfig, ConfigError } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './app.ts';
import { formatFirstStartBanner, seedOnFirstStart } from './seed.ts';
import { embeddedSecretsKey } from './lib/secrets.ts';
import { createServices } from './services.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

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
  const logger = pino({ level: config.logLevel }, pino.destination({ dest: 1, sync: false }));
  const defaultDist = path.resolve(here, '../../portal/dist');
  if (!config.portalDist && existsSync(path.join(defaultDist, 'index.html'))) config.portalDist = defaultDist;

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
  const services = createServices({ config, db: database.db, dbKind: database.kind, redis, secretsKey });
  const created = await seedOnFirstStart({ services, logger });
  // The jackpot pools get their first seed through the ledger (once per database).
  await services.jackpots.ensureSeeded();

  const app = await buildApp({ services, loggerInstance: logger });
  // Moves into and out of transfer-wallet providers whose answer never came are settled in the
  // background (every instance takes its share).
  const stopReconciler =
    config.transferReconcileMs > 0
      ? services.transfers.startReconciler(config.transferReconcileMs, (err) =>
          logger.error({ err }, 'transfer reconciliation failed'),
        )
      : () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      stopReconciler();
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
  const url = `http://localhost:${config.port}`;
  logger.info({ url, portal: config.portalDist ? 'served' : 'not built' }, 'listening');
  // Written straight to stdout, not through the logger: a person reads it once, and the secrets
  // in it must not end up in collected JSON log lines.
  process.stdout.write(formatFirstStartBanner(created, url));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
