import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { JackpotHitsTable, JackpotTier, JackpotTiersTable } from '../../db/schema.ts';

export type JackpotTierRow = Selectable<JackpotTiersTable>;
export type JackpotHitRow = Selectable<JackpotHitsTable>;

/** A tier's settings with its pool: the sum of its rows. */
export type JackpotPoolRow = JackpotTierRow & { pool: number };

/** The tiers in the one order every transaction locks their rows in (deadlock freedom). */
export const TIER_LOCK_ORDER: readonly JackpotTier[] = ['MAJOR', 'MEGA', 'MINOR'];

/** SQL of the jackpot tables (`jackpot_tiers`, `jackpot_shards`, `jackpot_hits`). */
export function createJackpotRepository(db: Database) {
  return {
    /** Every tier with its pool, read without locks (what a bet decides on, what members see). */
    async pools(trx: Database = db): Promise<JackpotPoolRow[]> {
      const result = await sql<JackpotPoolRow>`
        select t.*, coalesce((select sum(s.amount) from jackpot_shards s where s.tier = t.tier), 0)::bigint as pool
        from jackpot_tiers t order by t.tier`.execute(trx);
      return result.rows;
    },

    /** A tier's settings row, locked: seeding and hits of one tier run one at a time. */
    async tierForUpdate(tier: JackpotTier, trx: Database): Promise<JackpotTierRow | undefined> {
      return trx
        .selectFrom('jackpot_tiers')
        .selectAll()
        .where('tier', '=', tier)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Locks every row of a tier in shard order and returns their sum: the pool a hit pays. */
    async lockPool(tier: JackpotTier, trx: Database): Promise<number> {
      const rows = await sql<{ amount: number }>`
        select amount from jackpot_shards where tier = ${tier} order by shard for update`.execute(trx);
      return rows.rows.reduce((sum, r) => sum + r.amount, 0);
    },

    /** Empties a tier (its rows are locked by lockPool) and puts `seed` in its first row. */
    async resetPool(tier: JackpotTier, seed: number, trx: Database): Promise<void> {
      await sql`update jackpot_shards set amount = case when shard = 0 then ${seed}::bigint else 0 end
        where tier = ${tier}`.execute(trx);
    },

    /**
     * Adds a bet's shares to one row of each tier. The rows are locked in tier order (the sort is
     * below the lock in the plan), the order every hit follows too.
     */
    async addShares(shard: number, shares: ReadonlyMap<JackpotTier, number>, trx: Database): Promise<void> {
      const tiers = [...shares.keys()];
      if (tiers.length === 0) return;
      const amounts = tiers.map((t) => shares.get(t)!);
      await sql`
        with locked as materialized (
          select tier, shard from jackpot_shards
          where shard = ${shard} and tier = any(${tiers}::text[])
          order by tier for update
        ), share as (
          select * from unnest(${tiers}::text[], ${amounts}::bigint[]) as v(tier, amount)
        )
        update jackpot_shards s set amount = s.amount + share.amount
        from locked join share on share.tier = locked.tier
        where s.tier = locked.tier and s.shard = locked.shard`.execute(trx);
    },

    async setGeneration(tier: JackpotTier, generation: number, at: Date, trx: Database): Promise<void> {
      await trx
        .updateTable('jackpot_tiers')
        .set({ generation, updated_at: at })
        .where('tier', '=', tier)
        .execute();
    },

    async updateTier(
      tier: JackpotTier,
      change: Partial<Pick<JackpotTierRow, 'seed' | 'ceiling' | 'share_bp' | 'one_in_won'>>,
      at: Date,
      trx: Database,
    ): Promise<void> {
      await trx
        .updateTable('jackpot_tiers')
        .set({ ...change, updated_at: at })
        .where('tier', '=', tier)
        .execute();
    },

    async insertHit(
      hit: {
        tier: JackpotTier;
        memberId: number;
        provider: string;
        roundId: string;
        transactionId: string;
        amount: number;
        at: Date;
      },
      trx: Database,
    ): Promise<void> {
      await trx
        .insertInto('jackpot_hits')
        .values({
          tier: hit.tier,
          member_id: hit.memberId,
          provider: hit.provider,
          round_id: hit.roundId,
          transaction_id: hit.transactionId,
          amount: hit.amount,
          created_at: hit.at,
        })
        .execute();
    },

    /** The hits a bet won. */
    async hitsOf(provider: string, transactionId: string, trx: Database = db): Promise<JackpotHitRow[]> {
      return trx
        .selectFrom('jackpot_hits')
        .selectAll()
        .where('provider', '=', provider)
        .where('transaction_id', '=', transactionId)
        .orderBy('id')
        .execute();
    },

    /** The latest hits, newest first. */
    async hits(limit: number, trx: Database = db): Promise<JackpotHitRow[]> {
      return trx.selectFrom('jackpot_hits').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
