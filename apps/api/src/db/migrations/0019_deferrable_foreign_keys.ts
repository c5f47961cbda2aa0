import { sql, type Kysely } from 'kysely';

// Every foreign key becomes DEFERRABLE INITIALLY IMMEDIATE (issue 24): checked at each statement as
// before, unless a transaction asks `set constraints all deferred`. The copy of an embedded
// database to PostgreSQL (copy-database.ts) asks it, because the ledger's tables and the cashier's
// requests point at each other (a request names its hold and transfer, a hold its request), so no
// order of tables satisfies every key row by row; checked at its commit, the copy must still be
// whole. Nothing else defers them.
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ tab: string; con: string }>`
    select c.conrelid::regclass::text as tab, c.conname as con from pg_constraint c
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace and not c.condeferrable`.execute(db);
  for (const { tab, con } of rows)
    await sql`alter table ${sql.table(tab)} alter constraint ${sql.ref(con)} deferrable initially immediate`.execute(
      db,
    );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ tab: string; con: string }>`
    select c.conrelid::regclass::text as tab, c.conname as con from pg_constraint c
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace and c.condeferrable`.execute(db);
  for (const { tab, con } of rows)
    await sql`alter table ${sql.table(tab)} alter constraint ${sql.ref(con)} not deferrable`.execute(db);
}
