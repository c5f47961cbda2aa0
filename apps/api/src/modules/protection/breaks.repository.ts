import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MemberBreaksTable } from '../../db/schema.ts';

export const BREAK_COLUMNS = ['id', 'kind', 'period', 'started_at', 'until'] as const;
export type BreakRow = Pick<Selectable<MemberBreaksTable>, (typeof BREAK_COLUMNS)[number]>;

/**
 * SQL of the member's own side of `member_breaks` (migration 0015): time-outs and self-exclusion.
 * Rows are only ever inserted: nothing here (or anywhere) updates or deletes one, so a break can
 * be neither shortened nor ended, and every break a member took stays on record.
 */
export function createBreaksRepository(db: Database) {
  return {
    /**
     * The break that ends last among those in force at `at` (started, and `until` null or later
     * than `at`): a permanent one first, else the latest `until`; undefined when none is.
     */
    async latestInForce(memberId: number, at: Date, trx: Database = db): Promise<BreakRow | undefined> {
      return trx
        .selectFrom('member_breaks')
        .select(BREAK_COLUMNS)
        .where('member_id', '=', memberId)
        .where('started_at', '<=', at)
        .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', at)]))
        .orderBy('until', (ob) => ob.desc().nullsFirst())
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async insert(
      row: { memberId: number; kind: BreakRow['kind']; period: string; startedAt: Date; until: Date | null },
      trx: Database = db,
    ): Promise<BreakRow> {
      return trx
        .insertInto('member_breaks')
        .values({
          member_id: row.memberId,
          kind: row.kind,
          period: row.period,
          started_at: row.startedAt,
          until: row.until,
        })
        .returning(BREAK_COLUMNS)
        .executeTakeFirstOrThrow();
    },
  };
}
