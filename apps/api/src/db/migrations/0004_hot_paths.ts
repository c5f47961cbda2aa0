import { sql, type Kysely } from 'kysely';

// The counts every member call of the health poll reads (unread notes, answered help posts not yet
// read) come from partial indexes that hold only those rows: a member's count is a lookup of a few
// index entries, however many read or deleted notes the member has.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index notes_unread_idx on notes (member_id) where not is_read and deleted_at is null`.execute(
    db,
  );
  await sql`create index helps_unread_answer_idx on helps (member_id)
    where state = 'already' and not is_read and deleted_at is null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
