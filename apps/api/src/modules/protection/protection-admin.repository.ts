import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { BREAK_COLUMNS, type BreakRow } from './breaks.repository.ts';
import { LIMIT_COLUMNS, type LimitRow } from './protection.repository.ts';

export type BreakReportRow = BreakRow & { user_id: string; nick: string };

/**
 * The back office's reads of the protection module's tables (docs/api/backoffice-protection.md):
 * `play_limits` and `member_breaks` (the reality-check setting comes from the members service).
 * Nothing here writes: operators can neither change a member's limits nor end a break. The limits
 * in force and those pending are the member side's own reads (protection.repository.ts).
 */
export function createProtectionAdminRepository(db: Database) {
  return {
    /** The member's latest `limit` limit changes, newest first, and how many there are in all. */
    async limitHistory(
      memberId: number,
      limit: number,
      trx: Database = db,
    ): Promise<{ rows: LimitRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        trx
          .selectFrom('play_limits')
          .select(LIMIT_COLUMNS)
          .where('member_id', '=', memberId)
          .orderBy('requested_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute(),
        trx
          .selectFrom('play_limits')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },

    /** Every break the member took, newest first. */
    async breaks(memberId: number, trx: Database = db): Promise<BreakRow[]> {
      return trx
        .selectFrom('member_breaks')
        .select(BREAK_COLUMNS)
        .where('member_id', '=', memberId)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * The members under a break at `at`, one row each: the member's break in force that ends last
     * (a permanent one first), as sign-in enforces it. Newest first, one page and how many in all;
     * `kind` filters on that break. It reads the member's user id and nick from `members` (the
     * members module's table) in the same statement, as the report shows them beside each break.
     */
    async activeBreaks(
      filter: { kind?: BreakRow['kind'] | undefined },
      at: Date,
      page: { offset: number; limit: number },
      trx: Database = db,
    ): Promise<{ rows: BreakReportRow[]; total: number }> {
      const governing = trx
        .selectFrom('member_breaks')
        .distinctOn('member_id')
        .select(['id', 'member_id', 'kind', 'period', 'started_at', 'until'])
        .where('started_at', '<=', at)
        .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', at)]))
        .orderBy('member_id')
        .orderBy('until', (ob) => ob.desc().nullsFirst())
        .orderBy('id', 'desc');
      let base = trx.selectFrom(governing.as('b'));
      if (filter.kind) base = base.where('b.kind', '=', filter.kind);
      const [rows, count] = await Promise.all([
        base
          .innerJoin('members as m', 'm.id', 'b.member_id')
          .select(['b.id', 'b.kind', 'b.period', 'b.started_at', 'b.until', 'm.user_id', 'm.nick'])
          .orderBy('b.started_at', 'desc')
          .orderBy('b.id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },
  };
}
