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
  close(): Promise<void>;
}

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
    return { db, kind: 'postgres', pool, close: () => db.destroy() };
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
    close: async () => {
      await db.destroy();
      await client.close();
    },
  };
}
