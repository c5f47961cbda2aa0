import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PaybackPayoutsTable, PromotionSettingsTable } from '../../db/schema.ts';

export type PromotionName = PromotionSettingsTable['name'];

export interface AttendanceRow {
  day: string;
  streak: number;
  points: number;
}

/** A payback payout as read (its `week` the Monday as `YYYY-MM-DD` text). */
export type PaybackRow = Selectable<PaybackPayoutsTable>;

/** Figures of a promotion: rewards paid (a ledger transfer made) and their points, in all and since `since`. */
export interface FiguresRow {
  count: number;
  points: number;
  count30: number;
  points30: number;
}

/**
 * The tables of attendance, referral and payback (migration 0025): their settings, one row per
 * occasion paid. Days are read as `YYYY-MM-DD` text (never a JS Date of the server's zone).
 */
export function createRewardsRepository(db: Database) {
  async function figures(
    table: 'attendance_checks' | 'referral_payouts' | 'payback_payouts',
    since: Date,
    trx: Database,
  ): Promise<FiguresRow> {
    const result = await sql<{ count: number; points: string; count30: number; points30: string }>`
      select count(*)::int as count, coalesce(sum(points), 0)::bigint as points,
             (count(*) filter (where created_at >= ${since}))::int as count30,
             coalesce(sum(points) filter (where created_at >= ${since}), 0)::bigint as points30
      from ${sql.table(table)} where transfer_id is not null`.execute(trx);
    const row = result.rows[0]!;
    return {
      count: Number(row.count),
      points: Number(row.points),
      count30: Number(row.count30),
      points30: Number(row.points30),
    };
  }

  return {
    async settings(name: PromotionName, trx: Database = db): Promise<unknown> {
      const row = await trx
        .selectFrom('promotion_settings')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.value;
    },

    /** The stored settings of a promotion, locked for a change in `trx` (undefined: never set). */
    async settingsForUpdate(name: PromotionName, trx: Database): Promise<unknown> {
      const row = await trx
        .selectFrom('promotion_settings')
        .select('value')
        .where('name', '=', name)
        .forUpdate()
        .executeTakeFirst();
      return row?.value;
    },

    async putSettings(name: PromotionName, value: unknown, at: Date, trx: Database): Promise<void> {
      const json = JSON.stringify(value);
      await trx
        .insertInto('promotion_settings')
        .values({ name, value: sql`${json}::jsonb`, updated_at: at })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`${json}::jsonb`, updated_at: at }))
        .execute();
    },

    // --- attendance ---

    /** The member's streak of `day` (0 when the day is not checked). */
    async streakOn(memberId: number, day: string, trx: Database = db): Promise<number> {
      const row = await trx
        .selectFrom('attendance_checks')
        .select('streak')
        .where('member_id', '=', memberId)
        .where(sql<string>`day::text`, '=', day)
        .executeTakeFirst();
      return row?.streak ?? 0;
    },

    /** Records the member's check of `day`; false when that day was checked already (nothing written). */
    async insertCheck(
      row: { memberId: number; day: string; streak: number; points: number; at: Date },
      trx: Database,
    ): Promise<boolean> {
      const inserted = await sql<{ member_id: number }>`
        insert into attendance_checks (member_id, day, streak, points, created_at)
        values (${row.memberId}, ${row.day}::date, ${row.streak}, ${row.points}, ${row.at})
        on conflict (member_id, day) do nothing
        returning member_id`.execute(trx);
      return inserted.rows.length === 1;
    },

    async setCheckTransfer(memberId: number, day: string, transferId: number, trx: Database): Promise<void> {
      await trx
        .updateTable('attendance_checks')
        .set({ transfer_id: transferId })
        .where('member_id', '=', memberId)
        .where(sql<string>`day::text`, '=', day)
        .execute();
    },

    /** The member's checks in [from, to] (days), oldest first. */
    async checksBetween(
      memberId: number,
      from: string,
      to: string,
      trx: Database = db,
    ): Promise<AttendanceRow[]> {
      const result = await sql<{ day: string; streak: number; points: string }>`
        select day::text as day, streak, points from attendance_checks
        where member_id = ${memberId} and day between ${from}::date and ${to}::date
        order by day`.execute(trx);
      return result.rows.map((r) => ({ day: r.day, streak: r.streak, points: Number(r.points) }));
    },

    // --- referral ---

    /** Records a referee's settlement of a day; false when that day was settled already. */
    async insertReferralPayout(
      row: {
        refereeId: number;
        day: string;
        recommenderId: number;
        stakes: number;
        rate: number;
        points: number;
        withheld: 'protected' | 'flagged' | 'disabled' | null;
        at: Date;
      },
      trx: Database,
    ): Promise<boolean> {
      const inserted = await sql<{ referee_id: number }>`
        insert into referral_payouts (referee_id, day, recommender_id, stakes, rate, points, withheld, created_at)
        values (${row.refereeId}, ${row.day}::date, ${row.recommenderId}, ${row.stakes}, ${row.rate},
                ${row.points}, ${row.withheld}, ${row.at})
        on conflict (referee_id, day) do nothing
        returning referee_id`.execute(trx);
      return inserted.rows.length === 1;
    },

    /** The referees whose day is settled already (a rerun skips them without a transaction each). */
    async settledReferees(day: string, trx: Database = db): Promise<Set<number>> {
      const result = await sql<{ referee_id: number }>`
        select referee_id from referral_payouts where day = ${day}::date`.execute(trx);
      return new Set(result.rows.map((r) => Number(r.referee_id)));
    },

    /** The members whose payback of `week` is settled already. */
    async settledPaybacks(week: string, trx: Database = db): Promise<Set<number>> {
      const result = await sql<{ member_id: number }>`
        select member_id from payback_payouts where week = ${week}::date`.execute(trx);
      return new Set(result.rows.map((r) => Number(r.member_id)));
    },

    async setReferralTransfer(
      refereeId: number,
      day: string,
      transferId: number,
      trx: Database,
    ): Promise<void> {
      await trx
        .updateTable('referral_payouts')
        .set({ transfer_id: transferId })
        .where('referee_id', '=', refereeId)
        .where(sql<string>`day::text`, '=', day)
        .execute();
    },

    /** The points each of these referees earned their recommender (paid ones), and the recommender's total. */
    async referralPoints(
      recommenderId: number,
      refereeIds: readonly number[],
      trx: Database = db,
    ): Promise<{ byReferee: Map<number, number>; total: number }> {
      const result = await sql<{ referee_id: number | null; points: string }>`
        select referee_id, sum(points)::bigint as points from referral_payouts
        where recommender_id = ${recommenderId} and transfer_id is not null
        group by rollup (referee_id)`.execute(trx);
      const byReferee = new Map<number, number>();
      let total = 0;
      const wanted = new Set(refereeIds);
      for (const r of result.rows) {
        if (r.referee_id === null) total = Number(r.points);
        else if (wanted.has(Number(r.referee_id))) byReferee.set(Number(r.referee_id), Number(r.points));
      }
      return { byReferee, total };
    },

    // --- payback ---

    async insertPayback(row: Omit<PaybackRow, 'transfer_id'>, trx: Database): Promise<boolean> {
      const inserted = await sql<{ member_id: number }>`
        insert into payback_payouts (member_id, week, level, deposits, withdrawals, balance_end, stakes, loss,
                                     percent, points, withheld, created_at)
        values (${row.member_id}, ${row.week}::date, ${row.level}, ${row.deposits}, ${row.withdrawals},
                ${row.balance_end}, ${row.stakes}, ${row.loss}, ${row.percent}, ${row.points}, ${row.withheld},
                ${row.created_at})
        on conflict (member_id, week) do nothing
        returning member_id`.execute(trx);
      return inserted.rows.length === 1;
    },

    async setPaybackTransfer(
      memberId: number,
      week: string,
      transferId: number,
      trx: Database,
    ): Promise<void> {
      await trx
        .updateTable('payback_payouts')
        .set({ transfer_id: transferId })
        .where('member_id', '=', memberId)
        .where(sql<string>`week::text`, '=', week)
        .execute();
    },

    async payback(memberId: number, week: string, trx: Database = db): Promise<PaybackRow | undefined> {
      const result = await sql<PaybackRow>`
        select member_id, week::text as week, level, deposits, withdrawals, balance_end, stakes, loss, percent,
               points, withheld, transfer_id, created_at
        from payback_payouts where member_id = ${memberId} and week = ${week}::date`.execute(trx);
      const r = result.rows[0];
      if (!r) return undefined;
      return {
        ...r,
        member_id: Number(r.member_id),
        deposits: Number(r.deposits),
        withdrawals: Number(r.withdrawals),
        balance_end: Number(r.balance_end),
        stakes: Number(r.stakes),
        loss: Number(r.loss),
        points: Number(r.points),
        transfer_id: r.transfer_id === null ? null : Number(r.transfer_id),
      };
    },

    figures(
      table: 'attendance_checks' | 'referral_payouts' | 'payback_payouts',
      since: Date,
      trx: Database = db,
    ): Promise<FiguresRow> {
      return figures(table, since, trx);
    },
  };
}
