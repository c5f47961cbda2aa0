import { sql, type Kysely } from 'kysely';

// Issue 22: every round records the version of its game's definition (baccarat's rules, a slot's
// strips, paytable and lines: packages/studio-engine/src/versions.ts), so the verify page re-decides
// it with that version after any re-tuning. Every round before this migration was played with
// version 1, the only one there was. The default only fills those rows: from here on each insert
// names its version, and one that does not fails.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table studio_rounds add column version integer not null default 1 check (version >= 1)`.execute(
    db,
  );
  await sql`alter table studio_rounds alter column version drop default`.execute(db);
}
