import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** One queue an operator works: how many wait, and since when the oldest (null when none waits). */
export interface QueueFigure {
  queue: 'deposits' | 'withdrawals' | 'helps';
  pending: number;
  oldestAt: Date | null;
}

/**
 * The figures an operator on call watches (`GET /metrics`): the queues and the ledger's transfer
 * count. Reads of other modules' tables in one statement each, as the dashboard's; cheap enough for
 * a scrape every few seconds (the pending rows are few and `transfers` is read by its key).
 */
export function createOperationsRepository(db: Database) {
  return {
    /** Whether the database answers a statement at all. */
    async ping(trx: Database = db): Promise<boolean> {
      await sql`select 1`.execute(trx);
      return true;
    },

    async queues(trx: Database = db): Promise<QueueFigure[]> {
      const { rows } = await sql<{
        queue: QueueFigure['queue'];
        pending: number | string;
        oldest_at: Date | null;
      }>`
        select 'deposits' as queue, count(*)::int as pending, min(created_at) as oldest_at
          from deposit_requests where state in ('wait', 'reg')
        union all
        select 'withdrawals', count(*)::int, min(created_at)
          from withdraw_requests where state in ('wait', 'reg')
        union all
        select 'helps', count(*)::int, min(created_at)
          from helps where state = 'wait' and deleted_at is null
      `.execute(trx);
      return rows.map((r) => ({ queue: r.queue, pending: Number(r.pending), oldestAt: r.oldest_at }));
    },

    /** The transfers the ledger holds (ids only grow: the newest id, read from the primary key). */
    async transferCount(trx: Database = db): Promise<number> {
      const row = await trx
        .selectFrom('transfers')
        .select((eb) => eb.fn.max('id').as('last'))
        .executeTakeFirst();
      return Number(row?.last ?? 0);
    },
  };
}
