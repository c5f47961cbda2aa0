import { sql, type Kysely } from 'kysely';

// Legal documents (terms of use, privacy policy), versioned, and the versions each member accepted.
// A version is published once, in one or more locales, and never changed: a correction is the next
// version. The version in force of a kind is its highest.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('legal_documents')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('terms', 'privacy')`))
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version > 0`))
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('ko', 'en', 'jp', 'vn', 'cn')`))
    .addColumn('title', 'text', (c) => c.notNull())
    // Operator HTML, sanitized with the one policy (packages/contracts/src/sanitize-html.ts) when stored.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The operator id that published it, or `system` for the first-start texts.
    .addColumn('created_by', 'text')
    .addPrimaryKeyConstraint('legal_documents_pkey', ['kind', 'version', 'locale'])
    .execute();
  // The primary key's order (kind, version, ...) finds the version in force without another index.

  await db.schema.alterTable('members').addColumn('terms_version', 'integer').execute();
  await db.schema.alterTable('members').addColumn('privacy_version', 'integer').execute();
  await db.schema.alterTable('members').addColumn('terms_accepted_at', 'timestamptz').execute();
  // Text is immutable once published (a correction is a new version): no update, no delete.
  await sql`
    create function legal_documents_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'legal_documents is append-only (% refused): publish a new version', tg_op
        using errcode = 'P0001';
    end
    $$`.execute(db);
  await sql`
    create trigger legal_documents_no_change before update or delete on legal_documents
    for each row execute function legal_documents_immutable()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').dropColumn('terms_accepted_at').execute();
  await db.schema.alterTable('members').dropColumn('privacy_version').execute();
  await db.schema.alterTable('members').dropColumn('terms_version').execute();
  await db.schema.dropTable('legal_documents').execute();
  await sql`drop function legal_documents_immutable()`.execute(db);
}
