import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { IdempotencyResponsesTable, OperatorsTable } from '../../db/schema.ts';

// Row types are picked from the Kysely schema (db/schema.ts), so a column change shows up here.
export type OperatorRow = Pick<
  Selectable<OperatorsTable>,
  | 'id'
  | 'operator_id'
  | 'password_hash'
  | 'role'
  | 'totp_secret'
  | 'totp_last_step'
  | 'is_active'
  | 'must_change_password'
  | 'created_at'
  | 'last_login_at'
>;

export type StoredResponse = Pick<
  Selectable<IdempotencyResponsesTable>,
  'request_hash' | 'status_code' | 'response'
>;

/** The dashboard's figures (integer won and counts). */
export interface DashboardRow {
  pending_deposits: number;
  pending_withdrawals: number;
  pending_helps: number;
  pending_guest_helps: number;
  pending_account_inquiries: number;
  today_deposits: number;
  today_withdrawals: number;
  today_bets: number;
  today_wins: number;
  month_deposits: number;
  month_withdrawals: number;
  month_bets: number;
  month_wins: number;
}

const OPERATOR_COLUMNS = [
  'id',
  'operator_id',
  'password_hash',
  'role',
  'totp_secret',
  'totp_last_step',
  'is_active',
  'must_change_password',
  'created_at',
  'last_login_at',
] as const;

export function createBackofficeRepository(db: Database) {
  return {
    async operatorByOperatorId(operatorId: string, trx: Database = db): Promise<OperatorRow | undefined> {
      return trx
        .selectFrom('operators')
        .select(OPERATOR_COLUMNS)
        .where('operator_id', '=', operatorId)
        .executeTakeFirst();
    },

    /** Operator ids (the names operators sign in with) by row id, for lists that name operators. */
    async operatorNames(ids: readonly number[], trx: Database = db): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await trx
        .selectFrom('operators')
        .select(['id', 'operator_id'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [r.id, r.operator_id]));
    },

    async operatorById(id: number, trx: Database = db): Promise<OperatorRow | undefined> {
      return trx.selectFrom('operators').select(OPERATOR_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /**
     * The dashboard's figures in one statement: the queues (cashier requests, help posts) and the
     * totals since `today` and since `month`. A read of other modules' tables for that one round
     * trip, like the member calls' hot statements: completed deposits and withdrawals by the time
     * they were processed, bets (less rolled-back ones) and wins from the ledger's transfers.
     */
    async dashboard(since: { today: Date; month: Date }, trx: Database = db): Promise<DashboardRow> {
      const { today, month } = since;
      const periodSums = (from: Date, prefix: string) => sql`
        (select coalesce(sum(amount), 0)::bigint from deposit_requests
          where state = 'already' and processed_at >= ${from}) as ${sql.ref(`${prefix}_deposits`)},
        (select coalesce(sum(amount), 0)::bigint from withdraw_requests
          where state = 'already' and processed_at >= ${from}) as ${sql.ref(`${prefix}_withdrawals`)},
        (select coalesce(sum(case when code = 'bet' then amount else -amount end), 0)::bigint from transfers
          where code in ('bet', 'rollback') and created_at >= ${from}) as ${sql.ref(`${prefix}_bets`)},
        (select coalesce(sum(amount), 0)::bigint from transfers
          where code = 'win' and created_at >= ${from}) as ${sql.ref(`${prefix}_wins`)}`;
      const result = await sql<Record<keyof DashboardRow, number | string>>`
        select
          (select count(*)::int from deposit_requests where state in ('wait', 'reg')) as pending_deposits,
          (select count(*)::int from withdraw_requests where state in ('wait', 'reg')) as pending_withdrawals,
          (select count(*)::int from helps where state = 'wait' and deleted_at is null and kind = 'help')
            as pending_helps,
          (select count(*)::int from helps where state = 'wait' and deleted_at is null and kind = 'guest')
            as pending_guest_helps,
          (select count(*)::int from helps
            where state = 'wait' and deleted_at is null and kind = 'account_inquiry') as pending_account_inquiries,
          ${periodSums(today, 'today')},
          ${periodSums(month, 'month')}
      `.execute(trx);
      const row = result.rows[0];
      if (!row) throw new Error('dashboard: no row');
      // Sums arrive as bigint text on PostgreSQL: integer won well inside the safe range.
      const figures = {} as DashboardRow;
      for (const key of Object.keys(row) as (keyof DashboardRow)[]) figures[key] = Number(row[key]);
      return figures;
    },

    async hasOperators(trx: Database = db): Promise<boolean> {
      const row = await trx.selectFrom('operators').select('id').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Claims an Idempotency-Key for this operator inside the caller's transaction. A concurrent
     * claim of the same key waits on the unique index until this transaction ends, then sees the
     * stored answer (or claims the key itself if this one rolled back).
     */
    async claimKey(operatorId: number, key: string, requestHash: string, trx: Database): Promise<boolean> {
      const row = await trx
        .insertInto('idempotency_responses')
        .values({ operator_id: operatorId, key, request_hash: requestHash })
        .onConflict((oc) => oc.columns(['operator_id', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async storedResponse(
      operatorId: number,
      key: string,
      trx: Database = db,
    ): Promise<StoredResponse | undefined> {
      return trx
        .selectFrom('idempotency_responses')
        .select(['request_hash', 'status_code', 'response'])
        .where('operator_id', '=', operatorId)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    async storeResponse(
      operatorId: number,
      key: string,
      statusCode: number,
      response: unknown,
      trx: Database,
    ): Promise<void> {
      await trx
        .updateTable('idempotency_responses')
        .set({ status_code: statusCode, response: JSON.stringify(response) })
        .where('operator_id', '=', operatorId)
        .where('key', '=', key)
        .execute();
    },
  };
}
