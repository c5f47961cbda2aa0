import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import type { DB } from './schema.ts';
import { PGliteDialect } from './pglite-dialect.ts';

export type Database = Kysely<DB>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
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
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    const { Pool, types } = pg.default;
    types.setTypeParser(INT8_OID, parseInt8);
    types.setTypeParser(NUMERIC_OID, parseNumeric);
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    // An idle client that loses its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    parsers: { [INT8_OID]: parseInt8, [NUMERIC_OID]: parseNumeric },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await client.close();
    },
  };
}
