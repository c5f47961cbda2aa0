import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { TestDatabase } from './harness.ts';

/**
 * The same fresh, migrated database per test file as harness.ts `createTestDatabase` (in-memory
 * PGlite by default, a new database on DATABASE_URL's server otherwise, dropped on close), without
 * building the app: the ledger's tests need only the database, so they do not depend on the other
 * modules, and the concurrency tests choose their pool size.
 */
export async function createLedgerTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({});
    await migrateToLatest(handle.db);
    return { db: handle.db, kind: 'pglite', close: handle.close };
  }
  const name = `test_ledger_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: options.poolSize ?? 30 });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return {
    db: handle.db,
    kind: 'postgres',
    async close() {
      await handle.close();
      const cleanup = new Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
