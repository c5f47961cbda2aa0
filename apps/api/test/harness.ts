import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { FrontDoor } from '@casino/static-files/front';
import { Client } from 'pg';
import { expect } from 'vitest';
import { registerStudio, studioRegistration, type StudioHandle, type StudioOptions } from '@casino/studio';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database, type Notifications, type PoolFigures } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { buildApp } from '../src/app.ts';
import { createServices, type Services } from '../src/services.ts';

/** Whether the tests run on the PostgreSQL server (concurrency tests mean something only there). */
export const onPostgres = Boolean(process.env.DATABASE_URL);

export interface TestDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The database's LISTEN (the app's event bus). */
  notifications: Notifications;
  /** PostgreSQL's pool, for the metrics (none on PGlite). */
  pool?: PoolFigures | undefined;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of DATABASE_URL (created here and dropped on close), so no state is reused.
 * The ledger's tests use it without an app; its concurrency tests choose their pool size.
 */
export async function createTestDatabase(
  options: { poolSize?: number; onQuery?: (sql: string) => void } = {},
): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  const onQuery = options.onQuery ? { onQuery: options.onQuery } : {};
  if (!url) {
    const handle = await openDatabase({ ...onQuery });
    await migrateToLatest(handle.db);
    return { db: handle.db, kind: 'pglite', notifications: handle.notifications, close: handle.close };
  }
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: dbUrl.toString(),
    poolSize: options.poolSize ?? 30,
    ...onQuery,
  });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return {
    db: handle.db,
    kind: 'postgres',
    notifications: handle.notifications,
    pool: handle.pool,
    async close() {
      await handle.close();
      const cleanup = new Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  kind: 'pglite' | 'postgres';
  config: Config;
  /** The app's own service graph (one `createServices`), for factories that act as the app would. */
  services: Services;
  /** The test clock: move it with `clock.advance(ms)`. */
  clock: TestClock;
  /** The database's LISTEN, which the app's event bus uses (a test may add instances' buses). */
  notifications: Notifications;
  close(): Promise<void>;
}

export class TestClock {
  #offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.#offsetMs);
  advance(ms: number): void {
    this.#offsetMs += ms;
  }
}

/**
 * A test app on a fresh database; `redis` moves the rate-limit counters to that Redis, `onQuery`
 * sees the SQL of every statement the app runs.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    redis?: Redis;
    onQuery?: (sql: string) => void;
    front?: FrontDoor;
    /** Registers more on the app before it is ready, as `main.ts` registers the house studio. */
    extend?: (app: FastifyInstance, db: Database) => Promise<void>;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.onQuery ? { onQuery: options.onQuery } : {});
  const config = loadConfig({ ...env, SEED_DEMO: 'false' });
  const clock = new TestClock();
  const services = createServices({
    secretsKey: randomBytes(32),
    config,
    db: database.db,
    dbKind: database.kind,
    now: clock.now,
    redis: options.redis,
    notifications: database.notifications,
    pool: database.pool,
  });
  await services.bus?.ready;
  await services.jackpots.ensureSeeded();
  const app = await buildApp({ services, ...(options.front ? { front: options.front } : {}) });
  await options.extend?.(app, database.db);
  await app.ready();
  return {
    app,
    db: database.db,
    kind: database.kind,
    config,
    services,
    clock,
    notifications: database.notifications,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A port nobody listens on yet (the platform URL must be known before the server listens). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const SYSTEM = { operatorId: null, actor: 'system', ip: null };

/** The app of the studio's tests: the platform with the house studio mounted, on a real port. */
export interface StudioTestApp extends TestApp {
  /** The platform's URL (`http://127.0.0.1:<port>`), the studio's platform URL too. */
  base: string;
  /** The key the providers' secrets are derived from (the services' secrets key). */
  studioKey: Buffer;
  studio: StudioHandle;
}

/**
 * The platform with the house studio mounted in it, as `main.ts` mounts it, listening on a free port
 * of 127.0.0.1 that the studio calls back as its platform URL (the studio's wallet calls are real
 * HTTP): a fresh database, the studio's providers and games in the catalog as on the first start,
 * then `beforeStudio(app)` (a test's hooks), then the studio with `studio` options.
 */
export async function createStudioTestApp(
  studio: Omit<StudioOptions, 'db' | 'studioKey' | 'platformUrl' | 'now'>,
  beforeStudio?: (app: FastifyInstance) => void,
): Promise<StudioTestApp> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const database = await createTestDatabase();
  const config = loadConfig({
    SEED_DEMO: 'false',
    SIGNIN_MAX_ATTEMPTS_PER_IP: '1000000',
    TRANSFER_RECONCILE_MS: '0',
    PORT: String(port),
  });
  const clock = new TestClock();
  const studioKey = randomBytes(32);
  const services = createServices({
    secretsKey: studioKey,
    config,
    db: database.db,
    dbKind: database.kind,
    now: clock.now,
    notifications: database.notifications,
  });
  await services.bus?.ready;
  await services.jackpots.ensureSeeded();
  // What main.ts does on the first start: the studio's providers and games through the catalog.
  const registration = studioRegistration({ studioKey, platformUrl: base });
  for (const provider of registration.providers) {
    expect(await services.catalog.createProvider(provider, SYSTEM)).toBe('success');
    for (const game of registration.games.filter((g) => g.provider === provider.code))
      expect(await services.catalog.createGame(game, SYSTEM)).toBe('success');
  }
  const app = await buildApp({ services });
  beforeStudio?.(app);
  const handle = await registerStudio(app, {
    db: database.db,
    studioKey,
    platformUrl: base,
    now: clock.now,
    ...studio,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    db: database.db,
    kind: database.kind,
    config,
    services,
    clock,
    notifications: database.notifications,
    base,
    studioKey,
    studio: handle,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Headers a same-origin browser request carries (inject's host is localhost:80). */
export const SAME_ORIGIN = { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' } as const;
