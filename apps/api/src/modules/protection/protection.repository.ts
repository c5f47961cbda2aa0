import type { Selectable } from 'kysely';
import type { TPlayLimitKind, TPlayLimitPeriod } from '@casino/contracts/protection';
import type { Database } from '../../db/database.ts';
import type { PlayLimitsTable } from '../../db/schema.ts';

export type LimitRow = Pick<
  Selectable<PlayLimitsTable>,
  'id' | 'kind' | 'period' | 'amount' | 'requested_at' | 'effective_at' | 'cancelled_at'
>;

export const LIMIT_COLUMNS = [
  'id',
  'kind',
  'period',
  'amount',
  'requested_at',
  'effective_at',
  'cancelled_at',
] as const;

/**
 * SQL of the player-protection module's limits (docs/protection.md): `play_limits` (breaks are
 * breaks.repository.ts's). The `reality_check_minutes` column migration 0015 added to `members` is read and
 * written by the members module. The member's row is also where this module takes its per-member
 * lock (`lockMember`, a read that writes nothing), so that limit changes and the deposits checked
 * against them run one at a time per member.
 */
export function createProtectionRepository(db: Database) {
  return {
    /**
     * Locks the member's row until the transaction ends (`FOR NO KEY UPDATE`: it does not wait for,
     * nor block, the foreign-key checks of other tables' inserts naming the member). False when
     * there is no such member.
     */
    async lockMember(memberId: number, trx: Database): Promise<boolean> {
      const row = await trx
        .selectFrom('members')
        .select('id')
        .where('id', '=', memberId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The limits in force at `at`: per (kind, period), the latest change in effect by `at` that is
     * not cancelled (its amount null when the limit was removed). Kinds and periods never set are absent.
     */
    async limitsInForce(
      memberId: number,
      at: Date,
      kind: TPlayLimitKind | undefined,
      trx: Database = db,
    ): Promise<LimitRow[]> {
      let query = trx
        .selectFrom('play_limits')
        .distinctOn(['kind', 'period'])
        .select(LIMIT_COLUMNS)
        .where('member_id', '=', memberId)
        .where('effective_at', '<=', at)
        .where('cancelled_at', 'is', null);
      if (kind) query = query.where('kind', '=', kind);
      return query
        .orderBy('kind')
        .orderBy('period')
        .orderBy('effective_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Changes not yet in effect at `at` and not cancelled, soonest first. */
    async pendingLimits(memberId: number, at: Date, trx: Database = db): Promise<LimitRow[]> {
      return trx
        .selectFrom('play_limits')
        .select(LIMIT_COLUMNS)
        .where('member_id', '=', memberId)
        .where('effective_at', '>', at)
        .where('cancelled_at', 'is', null)
        .orderBy('effective_at')
        .orderBy('id')
        .execute();
    },

    async insertLimit(
      row: {
        memberId: number;
        kind: TPlayLimitKind;
        period: TPlayLimitPeriod;
        amount: number | null;
        requestedAt: Date;
        effectiveAt: Date;
      },
      trx: Database,
    ): Promise<void> {
      await trx
        .insertInto('play_limits')
        .values({
          member_id: row.memberId,
          kind: row.kind,
          period: row.period,
          amount: row.amount,
          requested_at: row.requestedAt,
          effective_at: row.effectiveAt,
        })
        .execute();
    },

    /** Cancels the changes of (kind, period) still waiting at `at`. */
    async cancelPending(
      memberId: number,
      kind: TPlayLimitKind,
      period: TPlayLimitPeriod,
      at: Date,
      trx: Database,
    ): Promise<void> {
      await trx
        .updateTable('play_limits')
        .set({ cancelled_at: at })
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .where('period', '=', period)
        .where('effective_at', '>', at)
        .where('cancelled_at', 'is', null)
        .execute();
    },
  };
}
