import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CashierRequestState } from '../../db/schema.ts';
import type { RequestKind } from './cashier.repository.ts';

const TABLE = { deposit: 'deposit_requests', withdraw: 'withdraw_requests' } as const;

/** The history's filters as the service resolved them (member id, instants). */
export interface HistoryWhere {
  state?: CashierRequestState | undefined;
  memberId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
}

export interface HistoryRow {
  id: number;
  member_id: number;
  amount: number;
  state: CashierRequestState;
  reason: string | null;
  created_at: Date;
  processed_at: Date | null;
  depositor: string | null;
  bankname: string | null;
  bank_owner: string | null;
  banknum: string | null;
  first_approved_by: number | null;
  first_approved_at: Date | null;
}

/** SQL of the back office's reads of the request tables (the cashier module owns them). */
export function createCashierReviewRepository(db: Database) {
  const where = (kind: RequestKind, w: HistoryWhere) => {
    const parts = [sql`true`];
    if (w.state) parts.push(sql`r.state = ${w.state}`);
    if (w.memberId !== undefined) parts.push(sql`r.member_id = ${w.memberId}::bigint`);
    if (w.from) parts.push(sql`r.created_at >= ${w.from}`);
    if (w.to) parts.push(sql`r.created_at < ${w.to}`);
    if (w.minAmount !== undefined) parts.push(sql`r.amount >= ${w.minAmount}::bigint`);
    if (w.maxAmount !== undefined) parts.push(sql`r.amount <= ${w.maxAmount}::bigint`);
    return sql`from ${sql.table(TABLE[kind])} r where ${sql.join(parts, sql` and `)}`;
  };
  const columns = (kind: RequestKind) =>
    kind === 'deposit'
      ? sql`r.id, r.member_id, r.amount, r.state, r.reason, r.created_at, r.processed_at, r.depositor,
          null as bankname, null as bank_owner, null as banknum, null as first_approved_by, null as first_approved_at`
      : sql`r.id, r.member_id, r.amount, r.state, r.reason, r.created_at, r.processed_at, null as depositor,
          r.bankname, r.bank_owner, r.banknum, r.first_approved_by, r.first_approved_at`;
  const normalize = (r: HistoryRow): HistoryRow => ({
    ...r,
    id: Number(r.id),
    member_id: Number(r.member_id),
    amount: Number(r.amount),
    first_approved_by: r.first_approved_by === null ? null : Number(r.first_approved_by),
    created_at: new Date(r.created_at),
    processed_at: r.processed_at === null ? null : new Date(r.processed_at),
    first_approved_at: r.first_approved_at === null ? null : new Date(r.first_approved_at),
  });

  return {
    /** One page of the filtered requests, newest first. */
    async history(kind: RequestKind, w: HistoryWhere, limit: number, offset: number, trx: Database = db) {
      const result = await sql<HistoryRow>`select ${columns(kind)} ${where(kind, w)}
        order by r.id desc limit ${limit}::int offset ${offset}::int`.execute(trx);
      return result.rows.map(normalize);
    },

    /** How many requests the filters select and the sum of their amounts. */
    async totals(kind: RequestKind, w: HistoryWhere, trx: Database = db) {
      const result = await sql<{ n: string | number; amount: string | number }>`
        select count(*) as n, coalesce(sum(r.amount), 0) as amount ${where(kind, w)}`.execute(trx);
      const row = result.rows[0];
      return { count: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
    },

    /** One withdrawal's second-approval columns. */
    async withdrawApproval(id: number, trx: Database = db) {
      return trx
        .selectFrom('withdraw_requests')
        .select([
          'id',
          'member_id',
          'amount',
          'bank_owner',
          'banknum',
          'first_approved_by',
          'first_approved_at',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Whose request it is and its state now (the member's `cashier` event after a decision). */
    async ownerOf(kind: RequestKind, id: number, trx: Database = db) {
      const table = kind === 'deposit' ? 'deposit_requests' : 'withdraw_requests';
      const { rows } = await sql<{ user_id: string; state: CashierRequestState }>`
        select m.user_id, r.state from ${sql.table(table)} r join members m on m.id = r.member_id
        where r.id = ${id}`.execute(trx);
      return rows[0];
    },

    async depositOf(id: number, trx: Database = db) {
      return trx
        .selectFrom('deposit_requests')
        .select(['id', 'member_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** A member's latest requests of one kind (hidden ones too), newest first. */
    async recentOf(kind: RequestKind, memberId: number, limit: number, trx: Database = db) {
      const depositor = kind === 'deposit' ? sql`r.depositor` : sql`null`;
      const result = await sql<{
        id: number;
        amount: number;
        state: CashierRequestState;
        depositor: string | null;
        created_at: Date;
        processed_at: Date | null;
      }>`select r.id, r.amount, r.state, ${depositor} as depositor, r.created_at, r.processed_at
        from ${sql.table(TABLE[kind])} r where r.member_id = ${memberId}::bigint
        order by r.id desc limit ${limit}::int`.execute(trx);
      return result.rows.map((r) => ({
        ...r,
        id: Number(r.id),
        amount: Number(r.amount),
        created_at: new Date(r.created_at),
        processed_at: r.processed_at === null ? null : new Date(r.processed_at),
      }));
    },

    /** The member's last approved deposit (by when it was approved) with its ledger transfer. */
    async lastApprovedDeposit(memberId: number, trx: Database = db) {
      return trx
        .selectFrom('deposit_requests')
        .select(['id', 'amount', 'transfer_id', 'processed_at'])
        .where('member_id', '=', memberId)
        .where('state', '=', 'already')
        .orderBy('processed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Other members whose withdrawals went to this bank account number. */
    async othersWithdrawingTo(banknum: string, exceptId: number, limit: number, trx: Database = db) {
      const rows = await trx
        .selectFrom('withdraw_requests')
        .select('member_id')
        .distinct()
        .where('banknum', '=', banknum)
        .where('member_id', '<>', exceptId)
        .limit(limit)
        .execute();
      return rows.map((r) => r.member_id);
    },
  };
}
