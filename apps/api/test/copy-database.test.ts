import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Logger } from 'pino';
import { loadConfig } from '../src/config.ts';
import { copyDatabase, CopyRefused } from '../src/copy-database.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createLedgerService } from '../src/modules/ledger/ledger.service.ts';
import { seedOnFirstStart } from '../src/seed.ts';
import { createServices } from '../src/services.ts';

// The demo's embedded database moved to PostgreSQL (docs/deploy.md "From the demo to PostgreSQL"):
// every table's rows, the identity counters after them, the ledger's invariants, and a refusal to
// copy into a database that already holds a site.

const onPostgres = Boolean(process.env.DATABASE_URL);
const reason = 'skipped without DATABASE_URL: the copy goes to a PostgreSQL server';
const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as Logger;

const dataDir = mkdtempSync(path.join(tmpdir(), 'copy-source-'));
const targetName = `copy_${randomBytes(4).toString('hex')}`;
let targetUrl = '';

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (!onPostgres) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${targetName} with (force)`);
  await admin.end();
});

describe.skipIf(!onPostgres)(
  `copying the embedded database to PostgreSQL [${onPostgres ? 'running' : reason}]`,
  () => {
    it(
      'copies every row, keeps the books whole, and goes on numbering after the copied rows',
      { timeout: 120_000 },
      async () => {
        // A demo site as `npm start` makes it: the owner, the demo member and its money history.
        const source = await openDatabase({ dataDir });
        await migrateToLatest(source.db);
        const config = loadConfig({
          DATA_DIR: dataDir,
          SEED_DEMO: 'true',
          BOOTSTRAP_ADMIN_PASSWORD: 'copy-owner-password',
        });
        const services = createServices({
          secretsKey: randomBytes(32),
          config,
          db: source.db,
          dbKind: 'pglite',
        });
        await seedOnFirstStart({ services, logger: quiet, env: {} });
        await services.jackpots.ensureSeeded();
        const ledger = createLedgerService({ db: source.db });
        const before = await sql<{ n: string; total: string }>`
      select count(*)::text as n, coalesce(sum(amount), 0)::text as total from transfers`.execute(source.db);
        const demo = await source.db
          .selectFrom('members')
          .select(['id', 'user_id'])
          .executeTakeFirstOrThrow();
        const demoBalances = await ledger.memberBalances(demo.id);
        await source.close();

        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        await admin.query(`create database ${targetName}`);
        await admin.end();
        const url = new URL(process.env.DATABASE_URL!);
        url.pathname = `/${targetName}`;
        targetUrl = url.toString();

        const lines: string[] = [];
        const result = await copyDatabase({ from: dataDir, to: targetUrl, log: (line) => lines.push(line) });
        expect(result.tables.members).toBeGreaterThanOrEqual(1);
        expect(result.tables.transfers).toBe(Number(before.rows[0]!.n));
        expect(result.tables.operators).toBe(1);
        expect(lines.at(-1)).toContain("the ledger's invariants hold");

        const target = await openDatabase({ databaseUrl: targetUrl, poolSize: 2 });
        try {
          const after = await sql<{ n: string; total: string }>`
        select count(*)::text as n, coalesce(sum(amount), 0)::text as total from transfers`.execute(
            target.db,
          );
          expect(after.rows[0]).toEqual(before.rows[0]);
          expect(await createLedgerService({ db: target.db }).memberBalances(demo.id)).toEqual(demoBalances);
          expect((await createLedgerService({ db: target.db }).checkInvariants()).violations).toEqual([]);
          // The guards came back on: the ledger's transfers cannot be changed.
          await expect(sql`update transfers set amount = amount + 1`.execute(target.db)).rejects.toThrow();
          // New rows are numbered after the copied ones.
          for (const table of ['members', 'transfers', 'audit_log']) {
            const { rows } = await sql<{ next: string; max: string }>`
          select nextval(pg_get_serial_sequence(${table}, 'id'))::text as next,
            (select coalesce(max(id), 0) from ${sql.table(table)})::text as max`.execute(target.db);
            expect(Number(rows[0]!.next), table).toBeGreaterThan(Number(rows[0]!.max));
          }
        } finally {
          await target.close();
        }

        // Again into the same database: refused, nothing changed.
        await expect(copyDatabase({ from: dataDir, to: targetUrl })).rejects.toBeInstanceOf(CopyRefused);
      },
    );
  },
);
