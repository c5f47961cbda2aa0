import { sql, type Kysely } from 'kysely';

// Community (issue 12): the operators' site content (notices and popups, shown on the hosts their
// `domain` lists), the record of notes operators send (one row per sending; each member's copy is
// a row of `notes` pointing at it), and the index of the back office's help-post queue.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notices')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull())
    // Operator HTML, sanitized when stored (packages/contracts/src/sanitize-html.ts).
    .addColumn('contents', 'text', (c) => c.notNull())
    // Hosts separated by comma, `|` or whitespace; '' for every host (packages/contracts/src/host.ts).
    .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index notices_live_idx on notices (id desc) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('popups')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_color', 'text', (c) => c.notNull().check(sql`title_color ~ '^#[0-9a-fA-F]{6}$'`))
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
    // Pixels from the top left of the page (docs/api/backoffice.md, popups: 0..4000).
    .addColumn('pos_x', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`pos_x between 0 and 4000`),
    )
    .addColumn('pos_y', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`pos_y between 0 and 4000`),
    )
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    // Lower first; equal ones newest first.
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index popups_live_idx on popups (sort_order, id desc) where deleted_at is null`.execute(
    db,
  );

  // One row per note an operator sent: to one member (`member_id`) or to every member that existed
  // then (`member_id` null). `recipients` is how many copies were written.
  await db.schema
    .createTable('note_sends')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table notes add column send_id bigint references note_sends (id)`.execute(db);
  await sql`create index notes_send_idx on notes (send_id) where send_id is not null`.execute(db);

  // The back office's queue of help posts: by state, newest first, without the deleted ones.
  await sql`create index helps_queue_idx on helps (state, id desc) where deleted_at is null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
