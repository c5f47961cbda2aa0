import { sql, type Kysely } from 'kysely';

// The house jackpots a slip's wallet bet won (the platform draws them on the bet and answers them
// with it, docs/providers.md), kept on the slip so the member's bets list them after the answer.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table studio_mini_slips add column jackpots jsonb not null default '[]'`.execute(db);
}
