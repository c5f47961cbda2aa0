/**
 * Moves a site from the embedded database to PostgreSQL (docs/deploy.md "From the demo to
 * PostgreSQL"): every row of every table of the platform and of the house studio, in one
 * transaction on an empty PostgreSQL database, then checks that each table holds as many rows as
 * the source and that the ledger's invariants hold there.
 *
 *   node apps/api/src/copy-database.ts --from ./data --to postgres://casino@db:5432/casino
 *
 * Stop the server first: the embedded database is one process's. Both databases are brought to
 * this build's migrations before the copy. The target must be new (no member, no transfer): the
 * copy refuses anything else and changes nothing there.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { migrateStudio } from '@casino/studio';
import { openDatabase, type Database } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { SECRETS_KEY_FILE } from './lib/secrets.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';

/** Rows read and written at a time. */
const BATCH = 500;

/** The migrators' own bookkeeping: made by the migrations on the target, never copied. */
const MIGRATION_TABLES = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'studio_migration',
  'studio_migration_lock',
]);

export interface CopyResult {
  /** Rows copied, by table. */
  tables: Record<string, number>;
}

export class CopyRefused extends Error {}

async function tablesOf(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name).filter((name) => !MIGRATION_TABLES.has(name));
}

/** The tables, each after those its foreign keys point at where such an order exists. */
async function inReferenceOrder(db: Database, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = 'public'`.execute(db);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const { child, parent } of rows)
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    // Tables whose keys point at each other (the ledger and the cashier's requests) go in as they
    // come: their keys are checked at the copy's commit (`set constraints all deferred`).
    if (next.length === 0) next.push(...tables.filter((t) => !placed.has(t)));
    for (const t of next) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

async function primaryKeyOf(db: Database, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select a.attname as column from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${table}::regclass and i.indisprimary order by a.attnum`.execute(db);
  return rows.map((r) => r.column);
}

async function countOf(db: Database, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Copies every row from the embedded database in `from` (a DATA_DIR) to the PostgreSQL database
 * at `to`. Throws CopyRefused, changing nothing, when the target already holds a site.
 */
export async function copyDatabase(options: {
  from: string;
  to: string;
  log?: (line: string) => void;
}): Promise<CopyResult> {
  const log = options.log ?? (() => {});
  const source = await openDatabase({ dataDir: options.from });
  const target = await openDatabase({ databaseUrl: options.to, poolSize: 2 });
  try {
    for (const [name, db] of [
      ['the embedded database', source.db],
      ['PostgreSQL', target.db],
    ] as const) {
      const applied = [
        ...(await migrateToLatest(db)),
        ...(await migrateStudio(db as unknown as Kysely<unknown>)),
      ];
      if (applied.length > 0) log(`${name}: ${applied.length} migrations applied`);
    }
    for (const table of ['members', 'transfers', 'operators'])
      if ((await countOf(target.db, table)) > 0)
        throw new CopyRefused(
          `the target already holds a site (${table} is not empty): copy into a new database`,
        );

    const targetTables = new Set(await tablesOf(target.db));
    const missing = (await tablesOf(source.db)).filter((t) => !targetTables.has(t));
    if (missing.length > 0) throw new Error(`tables the target does not have: ${missing.join(', ')}`);
    const tables = await inReferenceOrder(target.db, [...targetTables]);
    const result: CopyResult = { tables: {} };

    await target.db.transaction().execute(async (trx) => {
      // Foreign keys are checked at commit (they are deferrable since migration 0019): the tables
      // that point at each other cannot be filled one after the other row by row.
      await sql`set constraints all deferred`.execute(trx);
      // The guards against changing the ledger and the logs are the table owner's to lift, for
      // this transaction's copy only: what the migrations put in is replaced by the source's rows.
      for (const table of tables)
        await sql`alter table ${sql.table(table)} disable trigger user`.execute(trx);
      for (const table of [...tables].reverse()) await sql`delete from ${sql.table(table)}`.execute(trx);
      for (const table of tables) {
        const key = await primaryKeyOf(source.db, table);
        const order = key.length > 0 ? sql.join(key.map((c) => sql.ref(c))) : sql.raw('ctid');
        let copied = 0;
        for (;;) {
          const { rows } = await sql<{ batch: string | null }>`
            select json_agg(t)::text as batch from (
              select * from ${sql.table(table)} order by ${order} limit ${BATCH} offset ${copied}) t`.execute(
            source.db,
          );
          const batch = rows[0]?.batch;
          if (!batch) break;
          await sql`
            insert into ${sql.table(table)} overriding system value
            select * from json_populate_recordset(null::${sql.table(table)}, ${batch}::json)`.execute(trx);
          copied += (JSON.parse(batch) as unknown[]).length;
        }
        result.tables[table] = copied;
        // Identity and serial columns go on after the copied rows.
        const { rows: sequences } = await sql<{ column: string; sequence: string }>`
          select a.attname as column, pg_get_serial_sequence(${table}, a.attname) as sequence
          from pg_attribute a where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped
            and pg_get_serial_sequence(${table}, a.attname) is not null`.execute(trx);
        for (const { column, sequence } of sequences)
          await sql`select setval(${sequence}, coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
            trx,
          );
      }
      // Every foreign key checked now, over the whole copy; then the guards go back on.
      await sql`set constraints all immediate`.execute(trx);
      for (const table of tables) await sql`alter table ${sql.table(table)} enable trigger user`.execute(trx);
    });

    // What was copied is what is there, and the books balance.
    for (const table of tables) {
      const [from, to] = [await countOf(source.db, table), await countOf(target.db, table)];
      if (from !== to) throw new Error(`${table}: ${from} rows in the source, ${to} in the target`);
    }
    const { violations } = await createLedgerService({ db: target.db }).checkInvariants();
    if (violations.length > 0)
      throw new Error(`the ledger's invariants fail on the target: ${JSON.stringify(violations)}`);
    const total = Object.values(result.tables).reduce((sum, n) => sum + n, 0);
    log(
      `copied ${total} rows of ${tables.length} tables; every count matches and the ledger's invariants hold`,
    );
    return result;
  } finally {
    await target.close();
    await source.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { from: { type: 'string', default: process.env.DATA_DIR ?? './data' }, to: { type: 'string' } },
  });
  const to = values.to ?? process.env.DATABASE_URL;
  if (!to) {
    console.error('usage: node apps/api/src/copy-database.ts --from <DATA_DIR> --to <postgres://...>');
    process.exit(2);
  }
  try {
    await copyDatabase({ from: values.from!, to, log: (line) => console.log(line) });
    // The providers' and operators' sealed secrets were copied as they are: the key goes with them.
    console.log(
      `done: start the server with DATABASE_URL set to the target and SECRETS_KEY=$(cat ${path.join(values.from!, SECRETS_KEY_FILE)}) (docs/deploy.md)`,
    );
  } catch (error) {
    console.error(error instanceof CopyRefused ? `refused: ${error.message}` : error);
    process.exit(1);
  }
}

if (import.meta.main) await main();
