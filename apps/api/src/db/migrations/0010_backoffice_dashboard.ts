import { sql, type Kysely } from 'kysely';

// The back-office dashboard sums today's and this month's bets, wins and rollbacks from the ledger's
// transfers by time. Transfers are append-only and written in time order, so a BRIN index on
// `created_at` bounds those sums to the pages of the period at almost no cost to the bets and wins
// that write them (a B-tree would add an entry to every transfer of the hot path). `autosummarize`
// has each filled block range summarized soon after, not only at the next vacuum.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index transfers_created_brin on transfers using brin (created_at) with (autosummarize = on)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
