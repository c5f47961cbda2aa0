import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PartnerPayoutsTable, PartnerSettlementsTable, PartnersTable } from '../../db/schema.ts';

export type PartnerRow = Selectable<PartnersTable> & { operator_id: string };
export type SettlementRow = Selectable<PartnerSettlementsTable>;
export type PayoutRow = Selectable<PartnerPayoutsTable>;

export interface Rates {
  casino: number;
  slot: number;
  mini: number;
  losing: number;
}

export interface RateHistoryRow extends Rates {
  partner_id: number;
  epoch: number;
}

const PARTNER_COLUMNS = sql`p.id, p.parent_id, p.name, p.path, p.depth, p.casino, p.slot, p.mini, p.losing,
  p.enabled, p.created_at, o.operator_id`;

/** Arrays of bigint arrive as text elements on some drivers: the path as numbers. */
function normalized(row: PartnerRow): PartnerRow {
  return { ...row, path: row.path.map(Number) };
}

/**
 * SQL of the partners' tables (migration 0022): the tree, its rate history and epoch, settlements,
 * settled days and payouts; and the reads of the dashboard figures over the members of a subtree
 * (deposits and withdrawals, read like the back office's dashboard reads them).
 */
export function createPartnersRepository(db: Database) {
  return {
    async byOperatorId(operatorId: string, trx: Database = db): Promise<PartnerRow | undefined> {
      const { rows } = await sql<PartnerRow>`
        select ${PARTNER_COLUMNS} from partners p join operators o on o.id = p.id
        where o.operator_id = ${operatorId.toLowerCase()}`.execute(trx);
      return rows[0] && normalized(rows[0]);
    },

    async byId(id: number, trx: Database = db): Promise<PartnerRow | undefined> {
      const { rows } = await sql<PartnerRow>`
        select ${PARTNER_COLUMNS} from partners p join operators o on o.id = p.id where p.id = ${id}`.execute(
        trx,
      );
      return rows[0] && normalized(rows[0]);
    },

    async byIds(ids: readonly number[], trx: Database = db): Promise<PartnerRow[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<PartnerRow>`
        select ${PARTNER_COLUMNS} from partners p join operators o on o.id = p.id
        where p.id = any(${ids.map(Number)}::bigint[])`.execute(trx);
      return rows.map(normalized);
    },

    /**
     * Locks the rows of `ids` (a path, or a path and a partner's children) top-down, the one lock
     * order of every change of the tree, and answers them. `for no key update`: it excludes every
     * other locker as `for update` would, but not the `for key share` that a foreign key check takes
     * (a member registering under the partner, a settlement row, a child's insert), which would
     * otherwise wait on, or close a cycle with, a change of the tree.
     */
    async lockRows(ids: readonly number[], trx: Database): Promise<PartnerRow[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<PartnerRow>`
        select ${PARTNER_COLUMNS} from partners p join operators o on o.id = p.id
        where p.id = any(${ids.map(Number)}::bigint[]) order by p.depth, p.id for no key update of p`.execute(
        trx,
      );
      return rows.map(normalized);
    },

    async children(id: number, trx: Database = db): Promise<PartnerRow[]> {
      const { rows } = await sql<PartnerRow>`
        select ${PARTNER_COLUMNS} from partners p join operators o on o.id = p.id
        where p.parent_id = ${id} order by p.id`.execute(trx);
      return rows.map(normalized);
    },

    /** Every partner of the subtree under `id` (itself included); every partner for null. */
    async subtree(id: number | null, trx: Database = db): Promise<PartnerRow[]> {
      const { rows } = await sql<PartnerRow>`
        select ${PARTNER_COLUMNS} from partners p join operators o on o.id = p.id
        ${id === null ? sql`` : sql`where p.path @> array[${id}]::bigint[]`}
        order by p.depth, p.id`.execute(trx);
      return rows.map(normalized);
    },

    async insert(
      row: { id: number; parentId: number | null; name: string; path: number[]; rates: Rates; at: Date },
      trx: Database,
    ): Promise<void> {
      await trx
        .insertInto('partners')
        .values({
          id: row.id,
          parent_id: row.parentId,
          name: row.name,
          path: sql<number[]>`${row.path.map(Number)}::bigint[]` as unknown as number[],
          depth: row.path.length,
          ...row.rates,
          created_at: row.at,
        })
        .execute();
    },

    async update(
      id: number,
      change: Partial<Rates> & { name?: string; enabled?: boolean },
      trx: Database,
    ): Promise<void> {
      if (Object.keys(change).length === 0) return;
      await trx.updateTable('partners').set(change).where('id', '=', id).execute();
    },

    /** The rates epoch in force (read only: the wallet reads it too). */
    async epoch(trx: Database = db): Promise<number> {
      const row = await trx.selectFrom('partner_rates_epoch').select('epoch').executeTakeFirstOrThrow();
      return row.epoch;
    },

    /** A new rates epoch: every stake counted from its commit on counts at the rates written with it. */
    async nextEpoch(trx: Database): Promise<number> {
      const { rows } = await sql<{ epoch: number }>`
        update partner_rates_epoch set epoch = epoch + 1 returning epoch`.execute(trx);
      return rows[0]!.epoch;
    },

    async recordRates(
      partnerId: number,
      epoch: number,
      rates: Rates,
      at: Date,
      trx: Database,
    ): Promise<void> {
      await trx
        .insertInto('partner_rate_history')
        .values({ partner_id: partnerId, epoch, ...rates, created_at: at })
        .onConflict((oc) =>
          oc.columns(['partner_id', 'epoch']).doUpdateSet({
            casino: rates.casino,
            slot: rates.slot,
            mini: rates.mini,
            losing: rates.losing,
          }),
        )
        .execute();
    },

    async rateHistory(partnerIds: readonly number[], trx: Database = db): Promise<RateHistoryRow[]> {
      if (partnerIds.length === 0) return [];
      const { rows } = await sql<RateHistoryRow>`
        select partner_id, epoch, casino, slot, mini, losing from partner_rate_history
        where partner_id = any(${partnerIds.map(Number)}::bigint[]) order by partner_id, epoch`.execute(trx);
      return rows;
    },

    // --- settlements ---

    /** The days of a period already settled for the partner. */
    async settledDays(partnerId: number, from: string, to: string, trx: Database = db): Promise<string[]> {
      const { rows } = await sql<{ day: string }>`
        select day::text as day from partner_settled_days
        where partner_id = ${partnerId} and day between ${from}::date and ${to}::date order by day`.execute(
        trx,
      );
      return rows.map((r) => r.day);
    },

    async latestSettlement(partnerId: number, trx: Database = db): Promise<SettlementRow | undefined> {
      const { rows } = await sql<SettlementRow>`
        select id, partner_id, from_day::text as from_day, to_day::text as to_day, rolling, losing, total,
          carried_in, paid, carried_out, transfer_id, operator_id, created_at, counted, adjustment
        from partner_settlements where partner_id = ${partnerId} order by id desc limit 1`.execute(trx);
      return rows[0];
    },

    async insertSettlement(
      row: Omit<SettlementRow, 'id' | 'created_at' | 'transfer_id'> & { created_at: Date },
      days: readonly string[],
      trx: Database,
    ): Promise<number> {
      const inserted = await trx
        .insertInto('partner_settlements')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`
        insert into partner_settled_days (partner_id, day, settlement_id)
        select ${row.partner_id}, d::date, ${inserted.id} from unnest(${[...days]}::text[]) as d`.execute(
        trx,
      );
      return inserted.id;
    },

    /**
     * The late rollbacks (`member_day_late`, 0027) of the members of the partner's subtree on days
     * this partner settled already that none of its settlements took into account yet, each with
     * the settlement of its day (one statement: the subtree by path).
     */
    async lateOnSettledDays(
      partnerId: number,
      trx: Database = db,
    ): Promise<{ lateId: number; settlementId: number }[]> {
      const { rows } = await sql<{ lateId: number; settlementId: number }>`
        select l.id as "lateId", d.settlement_id as "settlementId"
        from partner_settled_days d
        join member_day_late l on l.day = d.day
        join partners p on p.id = l.partner_id and p.path @> array[${partnerId}]::bigint[]
        where d.partner_id = ${partnerId}
          and not exists (select 1 from partner_late_seen s where s.partner_id = ${partnerId} and s.late_id = l.id)
        order by l.id`.execute(trx);
      return rows.map((r) => ({ lateId: Number(r.lateId), settlementId: Number(r.settlementId) }));
    },

    async settlementsByIds(ids: readonly number[], trx: Database = db): Promise<SettlementRow[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<SettlementRow>`
        select id, partner_id, from_day::text as from_day, to_day::text as to_day, rolling, losing, total,
          carried_in, paid, carried_out, transfer_id, operator_id, created_at, counted, adjustment
        from partner_settlements where id = any(${ids.map(Number)}::bigint[]) order by id`.execute(trx);
      return rows;
    },

    /** A settlement's total as counted now (after the late rollbacks of its days). */
    async setCounted(id: number, counted: number, trx: Database): Promise<void> {
      await trx.updateTable('partner_settlements').set({ counted }).where('id', '=', id).execute();
    },

    /** The late rollbacks a partner's settlement took into account: each once per partner. */
    async markLateSeen(
      partnerId: number,
      lateIds: readonly number[],
      settlementId: number,
      trx: Database,
    ): Promise<void> {
      if (lateIds.length === 0) return;
      await trx
        .insertInto('partner_late_seen')
        .values(
          lateIds.map((lateId) => ({ partner_id: partnerId, late_id: lateId, settlement_id: settlementId })),
        )
        .onConflict((oc) => oc.columns(['partner_id', 'late_id']).doNothing())
        .execute();
    },

    async setSettlementTransfer(id: number, transferId: number, trx: Database): Promise<void> {
      await trx
        .updateTable('partner_settlements')
        .set({ transfer_id: transferId })
        .where('id', '=', id)
        .execute();
    },

    async settlements(
      partnerId: number,
      page: { offset: number; limit: number },
      trx: Database = db,
    ): Promise<{ rows: SettlementRow[]; total: number }> {
      const [list, count] = await Promise.all([
        sql<SettlementRow>`
          select id, partner_id, from_day::text as from_day, to_day::text as to_day, rolling, losing, total,
            carried_in, paid, carried_out, transfer_id, operator_id, created_at, counted, adjustment
          from partner_settlements where partner_id = ${partnerId}
          order by id desc offset ${page.offset} limit ${page.limit}`.execute(trx),
        sql<{
          n: number;
        }>`select count(*)::int as n from partner_settlements where partner_id = ${partnerId}`.execute(trx),
      ]);
      return { rows: list.rows, total: count.rows[0]?.n ?? 0 };
    },

    // --- payouts ---

    async insertPayout(row: { partnerId: number; amount: number; at: Date }, trx: Database): Promise<number> {
      const inserted = await trx
        .insertInto('partner_payouts')
        .values({ partner_id: row.partnerId, amount: row.amount, created_at: row.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    async setPayoutHold(id: number, transferId: number, trx: Database): Promise<void> {
      await trx
        .updateTable('partner_payouts')
        .set({ hold_transfer_id: transferId })
        .where('id', '=', id)
        .execute();
    },

    async pendingPayout(partnerId: number, trx: Database): Promise<boolean> {
      const row = await trx
        .selectFrom('partner_payouts')
        .select('id')
        .where('partner_id', '=', partnerId)
        .where('state', '=', 'wait')
        .executeTakeFirst();
      return row !== undefined;
    },

    async lockPayout(id: number, trx: Database): Promise<PayoutRow | undefined> {
      return trx
        .selectFrom('partner_payouts')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async decidePayout(
      id: number,
      change: { state: 'approved' | 'rejected'; reason: string | null; by: number; at: Date },
      trx: Database,
    ): Promise<void> {
      await trx
        .updateTable('partner_payouts')
        .set({ state: change.state, reason: change.reason, decided_by: change.by, decided_at: change.at })
        .where('id', '=', id)
        .execute();
    },

    async payouts(
      filter: { partnerIds: readonly number[] | null; state?: 'wait' | 'approved' | 'rejected' | undefined },
      page: { offset: number; limit: number },
      trx: Database = db,
    ): Promise<{ rows: (PayoutRow & { operator_id: string })[]; total: number }> {
      const where = sql`where true
        ${filter.partnerIds ? sql`and y.partner_id = any(${filter.partnerIds.map(Number)}::bigint[])` : sql``}
        ${filter.state ? sql`and y.state = ${filter.state}` : sql``}`;
      const [list, count] = await Promise.all([
        sql<PayoutRow & { operator_id: string }>`
          select y.*, o.operator_id from partner_payouts y join operators o on o.id = y.partner_id ${where}
          order by y.id desc offset ${page.offset} limit ${page.limit}`.execute(trx),
        sql<{ n: number }>`select count(*)::int as n from partner_payouts y ${where}`.execute(trx),
      ]);
      return { rows: list.rows, total: count.rows[0]?.n ?? 0 };
    },

    /**
     * Approved deposits and withdrawals since each instant of `since`, per partner of the members
     * (their own members, not their subtrees'): one read for a whole tree view.
     */
    async cashByPartner(
      partnerIds: readonly number[],
      since: { day: Date; month: Date },
      trx: Database = db,
    ): Promise<
      Map<
        number,
        { day: { deposits: number; withdrawals: number }; month: { deposits: number; withdrawals: number } }
      >
    > {
      const out = new Map<
        number,
        { day: { deposits: number; withdrawals: number }; month: { deposits: number; withdrawals: number } }
      >();
      if (partnerIds.length === 0) return out;
      const ids = partnerIds.map(Number);
      const { rows } = await sql<{ partner_id: number; kind: 'd' | 'w'; day: number; month: number }>`
        select m.partner_id, 'd' as kind,
          coalesce(sum(d.amount) filter (where d.processed_at >= ${since.day}), 0)::bigint as day,
          coalesce(sum(d.amount), 0)::bigint as month
        from deposit_requests d join members m on m.id = d.member_id
        where m.partner_id = any(${ids}::bigint[]) and d.state = 'already' and d.processed_at >= ${since.month}
        group by m.partner_id
        union all
        select m.partner_id, 'w' as kind,
          coalesce(sum(w.amount) filter (where w.processed_at >= ${since.day}), 0)::bigint as day,
          coalesce(sum(w.amount), 0)::bigint as month
        from withdraw_requests w join members m on m.id = w.member_id
        where m.partner_id = any(${ids}::bigint[]) and w.state = 'already' and w.processed_at >= ${since.month}
        group by m.partner_id`.execute(trx);
      for (const r of rows) {
        const id = Number(r.partner_id);
        const entry = out.get(id) ?? {
          day: { deposits: 0, withdrawals: 0 },
          month: { deposits: 0, withdrawals: 0 },
        };
        const field = r.kind === 'd' ? 'deposits' : 'withdrawals';
        entry.day[field] += Number(r.day);
        entry.month[field] += Number(r.month);
        out.set(id, entry);
      }
      return out;
    },

    /** Approved deposits and withdrawals of the members of these partners since an instant. */
    async cashFigures(
      partnerIds: readonly number[],
      since: Date,
      trx: Database = db,
    ): Promise<{ deposits: number; withdrawals: number }> {
      if (partnerIds.length === 0) return { deposits: 0, withdrawals: 0 };
      const ids = partnerIds.map(Number);
      const { rows } = await sql<{ deposits: number; withdrawals: number }>`
        select
          (select coalesce(sum(d.amount), 0)::bigint from deposit_requests d join members m on m.id = d.member_id
            where m.partner_id = any(${ids}::bigint[]) and d.state = 'already' and d.processed_at >= ${since})
            as deposits,
          (select coalesce(sum(w.amount), 0)::bigint from withdraw_requests w join members m on m.id = w.member_id
            where m.partner_id = any(${ids}::bigint[]) and w.state = 'already' and w.processed_at >= ${since})
            as withdrawals`.execute(trx);
      return { deposits: Number(rows[0]?.deposits ?? 0), withdrawals: Number(rows[0]?.withdrawals ?? 0) };
    },
  };
}
