import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import type { Database } from './database.ts';

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Brings the schema up to date. Kysely's migrator takes a database lock, so several instances
 * starting at once against one PostgreSQL run each migration exactly once.
 */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * How many of this build's migrations the database has not run (the readiness probe: an instance
 * of a newer build is not ready on a database that the migrations have not reached yet).
 */
export async function pendingMigrations(db: Database): Promise<number> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
  });
  const migrations = await migrator.getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).length;
}
