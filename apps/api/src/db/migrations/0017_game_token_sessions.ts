import { sql, type Kysely } from 'kysely';

// Issue 22: a launch token (a `sessions` row of kind 'game') belongs to the member session that
// opened it, and dies at once when that session is ended: signed out, ended from another device,
// or ended with all of the member's sessions. `on delete cascade` ends it in the statement that
// deletes the member session, so no path that ends a session can leave its games alive, and a game
// opened while its session is being ended either fails (the session is gone) or goes with it.
//
// A member session that merely expires (idle or absolute end) is not ended by the member: its
// games keep their own rule, 12 hours after their last use. The session service detaches them
// before it deletes an expired session (`opened_by` set to null), so the cascade does not reach
// them. Tokens opened before this migration have no session (null) and keep that rule alone.
//
// Like every bigint column of the platform's tables, `opened_by` carries its `_storable` CHECK
// (migration 0016, docs/ledger.md "Storable amounts").
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sessions
      add column opened_by bigint references sessions (id) on delete cascade,
      add constraint sessions_opened_by_game_check check (opened_by is null or subject_kind = 'game'),
      add constraint sessions_opened_by_storable check (opened_by between -9007199254740991 and 9007199254740991)
  `.execute(db);
  await sql`create index sessions_opened_by_idx on sessions (opened_by) where opened_by is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
