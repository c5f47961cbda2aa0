import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import type { DB } from './schema.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { preparedNameOf } from './prepared.ts';

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool, as the metrics show it (none on the embedded database). */
  pool?: PoolFigures;
  /** The database's `LISTEN`: the instances' message bus when Redis is not configured. */
  notifications: Notifications;
  close(): Promise<void>;
}

/**
 * `LISTEN` on a channel: each payload `NOTIFY`ed on it (by any session, after its transaction
 * committed) is handed to `onPayload`. Resolves, once listening, to the function that stops.
 */
export interface Notifications {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

/** How long a lost listening connection to PostgreSQL waits before it connects again. */
const RELISTEN_MS = 1_000;

/** The pool's connections: open, idle, and the queries waiting for one. */
export interface PoolFigures {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/**
 * int8 (bigint) columns hold money. They are returned as JS numbers, which are exact up to 2^53;
 * a value beyond that would silently lose won, so it is refused loudly instead.
 */
export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} is outside the safe integer range`);
  return n;
}

/** numeric comes back from sum() over bigint columns: exact integers, refused beyond 2^53 likewise. */
export function parseNumeric(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
    throw new RangeError(`numeric value ${value} is outside the safe range`);
  }
  return n;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** Called with the SQL of every statement run (tests count the statements of a request). */
  onQuery?: (sql: string) => void;
}

/**
 * The pg client with one change: a statement declared with `preparedStatement` (db/prepared.ts)
 * goes out as a named prepared statement, which each connection parses and plans only once. Kysely
 * calls `query(text, values)`; everything else passes through untouched.
 */
function preparingClient(Base: typeof import('pg').Client): typeof import('pg').Client {
  class PreparingClient extends Base {
    // pg's overloads cannot be restated one by one here; the arguments pass through as they came.
    override query(...args: unknown[]): never {
      const [text, values] = args;
      const name = typeof text === 'string' && Array.isArray(values) ? preparedNameOf(text) : undefined;
      const query = super.query as (...a: unknown[]) => never;
      return name ? query.call(this, { name, text, values }, ...args.slice(2)) : query.apply(this, args);
    }
  }
  return PreparingClient;
}

function logOption(options: OpenDatabaseOptions): { log?: (event: LogEvent) => void } {
  const { onQuery } = options;
  return onQuery ? { log: (event) => onQuery(event.query.sql) } : {};
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    const { Pool, Client, types } = pg.default;
    types.setTypeParser(INT8_OID, parseInt8);
    types.setTypeParser(NUMERIC_OID, parseNumeric);
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      Client: preparingClient(Client),
    });
    // An idle client that loses its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...logOption(options) });
    const notifications: Notifications = {
      // Its own connection, outside the pool (a pooled one would be handed to queries): connected
      // again after a loss, what was said meanwhile is missed (the bus says so).
      async listen(channel, onPayload) {
        let client: InstanceType<typeof Client> | undefined;
        let stopped = false;
        let retry: NodeJS.Timeout | undefined;
        const connect = async (): Promise<void> => {
          const next = new Client({ connectionString: options.databaseUrl });
          next.on('notification', (message) => {
            if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
          });
          next.on('error', () => {
            if (stopped || client !== next) return;
            client = undefined;
            void next.end().catch(() => {});
            retry = setTimeout(() => void connect().catch(() => {}), RELISTEN_MS);
          });
          await next.connect();
          await next.query(`listen ${channel}`);
          if (stopped) await next.end();
          else client = next;
        };
        await connect();
        return async () => {
          stopped = true;
          clearTimeout(retry);
          await client?.end().catch(() => {});
        };
      },
    };
    return { db, kind: 'postgres', pool, notifications, close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    parsers: { [INT8_OID]: parseInt8, [NUMERIC_OID]: parseNumeric },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client), ...logOption(options) });
  return {
    db,
    kind: 'pglite',
    notifications: {
      // The one session of the embedded database: listen before any transaction begins (start).
      async listen(channel, onPayload) {
        const stop = await client.listen(channel, onPayload);
        return async () => {
          await stop().catch(() => {});
        };
      },
    },
    close: async () => {
      await db.destroy();
      await client.close();
    },
  };
}
