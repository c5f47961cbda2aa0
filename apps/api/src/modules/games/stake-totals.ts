import { sql } from 'kysely';
import { addDays, siteDay, siteDayStart } from '@casino/contracts/site-time';
import type { Database } from '../../db/database.ts';

/**
 * A member's stakes that stand at the provider wallet (bets answered RS_OK and not rolled back), as
 * the levels' thresholds and the deposit bonus's rollover count them (docs/api/levels.md). Whole days
 * come from the daily aggregates the wallet keeps (`member_day_stakes`, migration 0021: a rollback
 * subtracts from its bet's day); the part of a day after an instant from the member's own calls on
 * the (member_id, created_at) index of `wallet_calls`. Read only: the wallet writes both tables.
 */
export function createStakeTotals(deps: { db: Database; zone: string; now: () => Date }) {
  const { db, zone, now } = deps;

  /** The member's bets that stand made in [from, to). */
  async function callsBetween(memberId: number, from: Date, to: Date, trx: Database): Promise<number> {
    const row = await trx
      .selectFrom('wallet_calls')
      .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
      .where('member_id', '=', memberId)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .where('action', '=', 'bet')
      .where('outcome', '=', 'RS_OK')
      .where('rolled_back', '=', false)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  return {
    /**
     * The member's stakes that stand since `since`: the rest of its site day from the member's
     * calls, every later day from the daily aggregates (today's included).
     */
    async stakesSince(memberId: number, since: Date, trx: Database = db): Promise<number> {
      const day = siteDay(since, zone);
      const nextDay = addDays(day, 1);
      const [partDay, laterDays] = await Promise.all([
        callsBetween(memberId, since, siteDayStart(nextDay, zone), trx),
        trx
          .selectFrom('member_day_stakes')
          .select(sql<number>`coalesce(sum(stakes), 0)::bigint`.as('total'))
          .where('member_id', '=', memberId)
          .where('day', '>=', nextDay)
          .executeTakeFirstOrThrow(),
      ]);
      return partDay + Number(laterDays.total);
    },

    /** The member's stakes that stand, all time. */
    async totalStakes(memberId: number, trx: Database = db): Promise<number> {
      const row = await trx
        .selectFrom('member_day_stakes')
        .select(sql<number>`coalesce(sum(stakes), 0)::bigint`.as('total'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** The members who played on the site's day `day` or later (the periodic promotion's candidates). */
    async playedSince(day: string, trx: Database = db): Promise<number[]> {
      const rows = await trx
        .selectFrom('member_day_stakes')
        .select('member_id')
        .distinct()
        .where('day', '>=', day)
        .execute();
      return rows.map((r) => Number(r.member_id));
    },

    /** The site's day today (for callers that pick a day). */
    today(): string {
      return siteDay(now(), zone);
    },
  };
}
