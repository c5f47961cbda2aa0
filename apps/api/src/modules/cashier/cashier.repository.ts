import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CashierRequestState, DepositRequestsTable, WithdrawRequestsTable } from '../../db/schema.ts';

export type RequestKind = 'deposit' | 'withdraw';

const TABLE = { deposit: 'deposit_requests', withdraw: 'withdraw_requests' } as const;

// Row types are picked from the Kysely schema (db/schema.ts), so a column change shows up here.
const SHARED_REQUEST_COLUMNS = [
  'id',
  'member_id',
  'amount',
  'state',
  'reason',
  'is_hidden',
  'handled_by',
  'created_at',
  'updated_at',
  'processed_at',
] as const;
type SharedRequestColumns = (typeof SHARED_REQUEST_COLUMNS)[number];

/** The columns both request tables share (the depositor and the withdrawal's bank and hold apart). */
export type RequestRow = Pick<Selectable<DepositRequestsTable>, SharedRequestColumns>;

export type WithdrawRow = Pick<
  Selectable<WithdrawRequestsTable>,
  SharedRequestColumns | 'hold_id' | 'bankname' | 'bank_owner' | 'banknum' | 'first_approved_by'
>;

export interface QueueRow {
  id: number;
  amount: number;
  state: CashierRequestState;
  reason: string | null;
  created_at: Date;
  processed_at: Date | null;
  member_id: number;
  depositor: string | null;
  bankname: string | null;
  bank_owner: string | null;
  banknum: string | null;
}

export type DepositRow = Pick<
  Selectable<DepositRequestsTable>,
  SharedRequestColumns | 'depositor' | 'transfer_id'
>;

/** True when `error` is the one-pending-request-per-member index refusing a second pending request. */
export function isOnePendingViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23505') return false;
  const where = `${typeof e.constraint === 'string' ? e.constraint : ''} ${typeof e.message === 'string' ? e.message : ''}`;
  return where.includes('_one_pending');
}

export function createCashierRepository(db: Database) {
  // Both request tables share their common columns; Kysely cannot type a query over a union of
  // table names, so the shared queries go through this narrowed view of one of them.
  const from = (kind: RequestKind, trx: Database) => trx.selectFrom(TABLE[kind] as 'deposit_requests');
  const aliased = (kind: RequestKind, trx: Database) =>
    trx.selectFrom(`${TABLE[kind]} as r` as 'deposit_requests as r');
  const update = (kind: RequestKind, trx: Database) => trx.updateTable(TABLE[kind] as 'deposit_requests');

  return {
    async hasPending(kind: RequestKind, memberId: number, trx: Database = db): Promise<boolean> {
      const row = await from(kind, trx)
        .select('id')
        .where('member_id', '=', memberId)
        .where('state', 'in', ['wait', 'reg'])
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Inserts a new `wait` deposit request; throws the one-pending violation when one is pending. */
    async insertDeposit(
      row: { memberId: number; amount: number; depositor: string; at?: Date },
      trx: Database = db,
    ): Promise<number> {
      const inserted = await trx
        .insertInto('deposit_requests')
        .values({
          member_id: row.memberId,
          amount: row.amount,
          depositor: row.depositor,
          ...(row.at ? { created_at: row.at, updated_at: row.at } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /**
     * The member's deposit requests pending or approved (hidden ones too) made at or after each
     * start (docs/protection.md, deposit limits).
     */
    async depositsSince(
      memberId: number,
      starts: { day: Date; week: Date; month: Date },
      trx: Database = db,
    ): Promise<{ day: number; week: number; month: number }> {
      // Money in, for the deposit limits (docs/protection.md "Promotions and protection"): each
      // deposit asked or approved, with the bonus chosen with it while it may still be paid
      // (`pending`: the amount its terms give) or since it was paid (`active`, `met`; a bonus given
      // up counts what the member kept of it).
      const result = await sql<{ day: string; week: string; month: string }>`
        with m as (
          select d.created_at, d.amount + coalesce(case
            when b.state = 'pending' then least(floor(d.amount * b.percent / 100), b.cap)
            when b.state in ('active', 'met') then b.bonus
            when b.state = 'cancelled' then b.bonus - b.returned
            else 0 end, 0) as money
          from deposit_requests d left join deposit_bonuses b on b.deposit_id = d.id
          where d.member_id = ${memberId} and d.state in ('wait', 'reg', 'already')
            and d.created_at >= ${starts.month}
        )
        select
          coalesce(sum(money) filter (where created_at >= ${starts.day}), 0)::bigint as day,
          coalesce(sum(money) filter (where created_at >= ${starts.week}), 0)::bigint as week,
          coalesce(sum(money), 0)::bigint as month
        from m`.execute(trx);
      const row = result.rows[0]!;
      return { day: Number(row.day), week: Number(row.week), month: Number(row.month) };
    },

    /**
     * Per member, the deposits approved in [from, to) and the withdrawals approved in it or asked
     * in it and still pending (their money left the cash balance when asked): the members with an
     * approved deposit in the period, or those of the given members (the weekly payback,
     * docs/promotions.md).
     */
    async approvedTotalsBetween(
      range: { from: Date; to: Date; memberIds?: readonly number[] },
      trx: Database = db,
    ): Promise<{ memberId: number; deposits: number; withdrawals: number }[]> {
      const ids = range.memberIds;
      if (ids && ids.length === 0) return [];
      const only = ids ? sql`and member_id = any(${[...ids]}::bigint[])` : sql``;
      const result = await sql<{ member_id: number; deposits: string; withdrawals: string }>`
        with d as (
          select member_id, sum(amount)::bigint as total from deposit_requests
          where state = 'already' and processed_at >= ${range.from} and processed_at < ${range.to} ${only}
          group by member_id
        ), w as (
          select member_id, sum(amount)::bigint as total from withdraw_requests
          where member_id in (select member_id from d)
            and ((state = 'already' and processed_at >= ${range.from} and processed_at < ${range.to})
              or (state in ('wait', 'reg') and created_at >= ${range.from} and created_at < ${range.to}))
          group by member_id
        )
        select d.member_id, d.total as deposits, coalesce(w.total, 0) as withdrawals
        from d left join w on w.member_id = d.member_id
        order by d.member_id`.execute(trx);
      return result.rows.map((r) => ({
        memberId: Number(r.member_id),
        deposits: Number(r.deposits),
        withdrawals: Number(r.withdrawals),
      }));
    },

    /** The member's approved deposits and withdrawals since registration (won). */
    async lifetimeTotals(
      memberId: number,
      trx: Database = db,
    ): Promise<{ deposits: number; withdrawals: number }> {
      const sumOf = (kind: RequestKind) =>
        from(kind, trx)
          .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
          .where('member_id', '=', memberId)
          .where('state', '=', 'already')
          .executeTakeFirstOrThrow();
      const [deposits, withdrawals] = await Promise.all([sumOf('deposit'), sumOf('withdraw')]);
      return { deposits: deposits.total, withdrawals: withdrawals.total };
    },

    async insertWithdraw(
      row: { memberId: number; amount: number; bankname: string; bankOwner: string; banknum: string },
      trx: Database = db,
    ): Promise<number> {
      const inserted = await trx
        .insertInto('withdraw_requests')
        .values({
          member_id: row.memberId,
          amount: row.amount,
          bankname: row.bankname,
          bank_owner: row.bankOwner,
          banknum: row.banknum,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    async setWithdrawHold(id: number, holdId: number, trx: Database): Promise<void> {
      await trx.updateTable('withdraw_requests').set({ hold_id: holdId }).where('id', '=', id).execute();
    },

    /** Locks one request row until the transaction ends (every state change goes through this). */
    async lockDeposit(id: number, trx: Database): Promise<DepositRow | undefined> {
      return trx
        .selectFrom('deposit_requests')
        .select([...SHARED_REQUEST_COLUMNS, 'depositor', 'transfer_id'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async lockWithdraw(id: number, trx: Database): Promise<WithdrawRow | undefined> {
      return trx
        .selectFrom('withdraw_requests')
        .select([
          ...SHARED_REQUEST_COLUMNS,
          'hold_id',
          'bankname',
          'bank_owner',
          'banknum',
          'first_approved_by',
        ])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * The first of a withdrawal's two approvals (the row is locked by the caller): who and when,
     * and the request is taken (`reg`) so that the member can no longer cancel it.
     */
    async setFirstApproval(id: number, operatorId: number, at: Date, trx: Database): Promise<void> {
      await trx
        .updateTable('withdraw_requests')
        .set({
          first_approved_by: operatorId,
          first_approved_at: at,
          state: 'reg',
          handled_by: operatorId,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .execute();
    },

    async setState(
      kind: RequestKind,
      id: number,
      change: {
        state: CashierRequestState;
        reason?: string | null;
        handledBy?: number | null;
        processedAt?: Date | null;
      },
      trx: Database,
    ): Promise<void> {
      await update(kind, trx)
        .set({
          state: change.state,
          updated_at: sql`now()`,
          ...(change.reason !== undefined ? { reason: change.reason } : {}),
          ...(change.handledBy !== undefined ? { handled_by: change.handledBy } : {}),
          ...(change.processedAt !== undefined ? { processed_at: change.processedAt } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    async setDepositTransfer(id: number, transferId: number, trx: Database): Promise<void> {
      await trx
        .updateTable('deposit_requests')
        .set({ transfer_id: transferId })
        .where('id', '=', id)
        .execute();
    },

    async hide(kind: RequestKind, id: number, trx: Database): Promise<void> {
      await update(kind, trx)
        .set({ is_hidden: true, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** The member's own requests that they have not deleted, newest first. */
    async listForMember(
      kind: RequestKind,
      memberId: number,
      limit: number,
      offset: number,
      trx: Database = db,
    ): Promise<RequestRow[]> {
      return from(kind, trx)
        .select(SHARED_REQUEST_COLUMNS)
        .where('member_id', '=', memberId)
        .where('is_hidden', '=', false)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countForMember(kind: RequestKind, memberId: number, trx: Database = db): Promise<number> {
      const row = await from(kind, trx)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .where('is_hidden', '=', false)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The latest completed requests (for the public ticker). */
    async latestCompleted(kind: RequestKind, limit: number, trx: Database = db) {
      return aliased(kind, trx)
        .select(['r.member_id', 'r.amount', 'r.processed_at'])
        .where('r.state', '=', 'already')
        .orderBy('r.processed_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The operators' queue: requests in the given states (all when empty), newest first. */
    async queue(
      kind: RequestKind,
      states: CashierRequestState[],
      limit: number,
      offset: number,
      trx: Database = db,
    ): Promise<QueueRow[]> {
      let q = aliased(kind, trx);
      if (states.length > 0) q = q.where('r.state', 'in', states);
      const rows = await q
        .select(['r.id', 'r.amount', 'r.state', 'r.reason', 'r.created_at', 'r.processed_at', 'r.member_id'])
        .select(
          kind === 'deposit'
            ? sql<string | null>`r.depositor`.as('depositor')
            : sql<null>`null`.as('depositor'),
        )
        .select(
          kind === 'withdraw'
            ? sql<string | null>`r.bankname`.as('bankname')
            : sql<null>`null`.as('bankname'),
        )
        .select(
          kind === 'withdraw'
            ? sql<string | null>`r.bank_owner`.as('bank_owner')
            : sql<null>`null`.as('bank_owner'),
        )
        .select(
          kind === 'withdraw' ? sql<string | null>`r.banknum`.as('banknum') : sql<null>`null`.as('banknum'),
        )
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows;
    },

    /**
     * The completed (`already`) deposits and withdrawals processed in [from, to), summed by day or
     * month of the site's calendar in `range.zone` (`YYYY-MM-DD` or `YYYY-MM`): one statement over
     * the `*_completed_idx` indexes (the back office's reports).
     */
    async completedTotals(
      range: { from: Date; to: Date; unit: 'day' | 'month'; zone: string },
      trx: Database = db,
    ): Promise<{ period: string; kind: RequestKind; amount: number; n: number }[]> {
      const format = range.unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
      // Grouped on the local period (the zone is a parameter, so the group names its column).
      const part = (kind: RequestKind) => sql`
        select to_char(g.period, ${format}) as period, ${kind}::text as kind, g.amount, g.n
        from (
          select date_trunc(${sql.lit(range.unit)}, processed_at at time zone ${range.zone}) as period,
                 sum(amount)::bigint as amount, count(*)::int as n
          from ${sql.table(kind === 'deposit' ? 'deposit_requests' : 'withdraw_requests')}
          where state = 'already' and processed_at >= ${range.from} and processed_at < ${range.to}
          group by 1
        ) g`;
      const result = await sql<{ period: string; kind: RequestKind; amount: string; n: number }>`
        ${part('deposit')} union all ${part('withdraw')} order by 1, 2`.execute(trx);
      return result.rows.map((r) => ({ ...r, amount: Number(r.amount), n: Number(r.n) }));
    },

    async countQueue(kind: RequestKind, states: CashierRequestState[], trx: Database = db): Promise<number> {
      let q = from(kind, trx).select((eb) => eb.fn.countAll<string>().as('n'));
      if (states.length > 0) q = q.where('state', 'in', states);
      const row = await q.executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
