import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DepositBonusesTable, DepositBonusState, DepositEventsTable } from '../../db/schema.ts';

export type BonusRow = Selectable<DepositBonusesTable>;
export type EventRow = Selectable<DepositEventsTable>;

/** Figures of a set of bonuses: paid, played through, given up (and what went back), in play. */
export interface BonusFiguresRow {
  paid_count: number;
  paid_amount: number;
  met_count: number;
  met_amount: number;
  cancelled_count: number;
  cancelled_amount: number;
  returned: number;
  active_count: number;
  active_amount: number;
}

const FIGURES = sql`
  count(*) filter (where state in ('active', 'met', 'cancelled'))::int as paid_count,
  coalesce(sum(bonus) filter (where state in ('active', 'met', 'cancelled')), 0)::bigint as paid_amount,
  count(*) filter (where state = 'met')::int as met_count,
  coalesce(sum(bonus) filter (where state = 'met'), 0)::bigint as met_amount,
  count(*) filter (where state = 'cancelled')::int as cancelled_count,
  coalesce(sum(bonus) filter (where state = 'cancelled'), 0)::bigint as cancelled_amount,
  coalesce(sum(returned) filter (where state = 'cancelled'), 0)::bigint as returned,
  count(*) filter (where state = 'active')::int as active_count,
  coalesce(sum(bonus) filter (where state = 'active'), 0)::bigint as active_amount`;

/**
 * The deposit bonuses and deposit events (migration 0024, docs/cashier.md "Deposit bonus and
 * rollover"). Reads of `deposit_requests` and `wallet_calls` here are by member and time, on their
 * (member_id, …) indexes.
 */
export function createDepositBonusRepository(db: Database) {
  return {
    /** The bonus chosen with a new deposit request, written in the request's transaction. */
    async insertPending(
      row: {
        memberId: number;
        depositId: number;
        kind: 'first' | 'every' | 'event';
        eventId: number | null;
        optionId: string;
        level: number;
        percent: number;
        cap: number;
        rollover: number;
      },
      trx: Database,
    ): Promise<void> {
      await trx
        .insertInto('deposit_bonuses')
        .values({
          member_id: row.memberId,
          deposit_id: row.depositId,
          kind: row.kind,
          event_id: row.eventId,
          option_id: row.optionId,
          level: row.level,
          percent: row.percent,
          cap: row.cap,
          rollover: row.rollover,
        })
        .execute();
    },

    /** A deposit request's bonus, locked until the caller's transaction ends. */
    async lockByDeposit(depositId: number, trx: Database): Promise<BonusRow | undefined> {
      return trx
        .selectFrom('deposit_bonuses')
        .selectAll()
        .where('deposit_id', '=', depositId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The member's bonuses chosen with a deposit request not decided yet (`pending`), locked. */
    async lockPending(memberId: number, trx: Database): Promise<BonusRow[]> {
      return trx
        .selectFrom('deposit_bonuses')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('state', '=', 'pending')
        .forUpdate()
        .execute();
    },

    /** The member's bonus in play (`active`), locked when `trx` asks (`lock`). */
    async active(memberId: number, trx: Database = db, lock = false): Promise<BonusRow | undefined> {
      let query = trx
        .selectFrom('deposit_bonuses')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('state', '=', 'active');
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async markPaid(
      id: number,
      paid: { depositAmount: number; bonus: number; required: number; transferId: number; since: Date },
      trx: Database,
    ): Promise<void> {
      await trx
        .updateTable('deposit_bonuses')
        .set({
          state: 'active',
          deposit_amount: paid.depositAmount,
          bonus: paid.bonus,
          required: paid.required,
          transfer_id: paid.transferId,
          since: paid.since,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Ends a bonus (`met`, `cancelled`, `refused`, `void`) with what went back, if anything. */
    async end(
      id: number,
      state: Exclude<DepositBonusState, 'pending' | 'active'>,
      at: Date,
      trx: Database,
      returned = 0,
    ): Promise<void> {
      await trx
        .updateTable('deposit_bonuses')
        .set({ state, ended_at: at, returned })
        .where('id', '=', id)
        .execute();
    },

    /** Whether the member had a deposit approved at or after `since` (the first deposit of the day). */
    async approvedDepositSince(memberId: number, since: Date, trx: Database = db): Promise<boolean> {
      const row = await trx
        .selectFrom('deposit_requests')
        .select('id')
        .where('member_id', '=', memberId)
        .where('state', '=', 'already')
        .where('processed_at', '>=', since)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Figures of every level bonus (`first`, `every`), in all and per level at payment. */
    async levelFigures(trx: Database = db) {
      const [all, byLevel] = await Promise.all([
        sql<BonusFiguresRow>`select ${FIGURES} from deposit_bonuses where kind in ('first', 'every')`.execute(
          trx,
        ),
        sql<BonusFiguresRow & { level: number }>`
          select level, ${FIGURES} from deposit_bonuses where kind in ('first', 'every')
          group by level order by level`.execute(trx),
      ]);
      return { all: all.rows[0], byLevel: byLevel.rows };
    },

    /** Figures of each event's bonuses. */
    async eventFigures(trx: Database = db): Promise<Map<number, BonusFiguresRow>> {
      const rows = await sql<BonusFiguresRow & { event_id: number }>`
        select event_id, ${FIGURES} from deposit_bonuses where event_id is not null group by event_id`.execute(
        trx,
      );
      return new Map(rows.rows.map((r) => [Number(r.event_id), r]));
    },

    /** The member's bonus rows, oldest first. */
    async bonusesOf(memberId: number, trx: Database = db): Promise<BonusRow[]> {
      return trx
        .selectFrom('deposit_bonuses')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute();
    },

    /** The member's approved deposits, all time (the levels' deposit thresholds). */
    async approvedDeposits(memberId: number, trx: Database = db): Promise<number> {
      const row = await trx
        .selectFrom('deposit_requests')
        .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
        .where('member_id', '=', memberId)
        .where('state', '=', 'already')
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Members with a deposit approved at or after `since`. */
    async depositedSince(since: Date, trx: Database = db): Promise<number[]> {
      const rows = await trx
        .selectFrom('deposit_requests')
        .select('member_id')
        .distinct()
        .where('state', '=', 'already')
        .where('processed_at', '>=', since)
        .execute();
      return rows.map((r) => Number(r.member_id));
    },

    /**
     * The member's withdrawals asked at or after `since` that are pending or approved (the level's
     * daily withdrawal limit).
     */
    async withdrawnSince(memberId: number, since: Date, trx: Database = db): Promise<number> {
      const row = await trx
        .selectFrom('withdraw_requests')
        .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
        .where('member_id', '=', memberId)
        .where('created_at', '>=', since)
        .where('state', 'in', ['wait', 'reg', 'already'])
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    // --- deposit events ---

    async insertEvent(
      row: {
        name: string;
        from: Date;
        to: Date;
        levels: number[];
        percent: number;
        cap: number;
        rollover: number;
        createdBy: string;
        at: Date;
      },
      trx: Database,
    ): Promise<number> {
      const inserted = await trx
        .insertInto('deposit_events')
        .values({
          name: row.name,
          starts_at: row.from,
          ends_at: row.to,
          levels: sql<number[]>`${sql.val(row.levels)}::smallint[]`,
          percent: row.percent,
          cap: row.cap,
          rollover: row.rollover,
          created_by: row.createdBy,
          created_at: row.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /** Every event, newest first. */
    async events(trx: Database = db): Promise<EventRow[]> {
      return trx.selectFrom('deposit_events').selectAll().orderBy('id', 'desc').execute();
    },

    /** The events switched on whose window holds `at`, not ended early. */
    async runningEvents(at: Date, trx: Database = db): Promise<EventRow[]> {
      return trx
        .selectFrom('deposit_events')
        .selectAll()
        .where('enabled', '=', true)
        .where('ended_at', 'is', null)
        .where('starts_at', '<=', at)
        .where('ends_at', '>', at)
        .orderBy('id')
        .execute();
    },

    async lockEvent(id: number, trx: Database): Promise<EventRow | undefined> {
      return trx.selectFrom('deposit_events').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async setEventEnabled(id: number, enabled: boolean, trx: Database): Promise<void> {
      await trx.updateTable('deposit_events').set({ enabled }).where('id', '=', id).execute();
    },

    async endEvent(id: number, at: Date, trx: Database): Promise<void> {
      await trx.updateTable('deposit_events').set({ ended_at: at }).where('id', '=', id).execute();
    },
  };
}
