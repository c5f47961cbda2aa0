import { randomInt } from 'node:crypto';
import { maskUserId } from '@casino/contracts/cashier';
import { JACKPOT_RECENT_SIZE } from '@casino/contracts/games';
import type { Database } from '../../db/database.ts';
import type { JackpotTier } from '../../db/schema.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MembersService } from '../members/members.service.ts';
import { invalid } from '../../lib/app-error.ts';
import { createJackpotRepository, TIER_LOCK_ORDER, type JackpotPoolRow } from './jackpot.repository.ts';

/** The ledger account holding every pool's money, and the one that pays the seeds. */
export const JACKPOT_POOLS = { system: 'jackpot:pools' } as const;
export const JACKPOT_SEED = { system: 'jackpot:seed' } as const;
/** Rows per tier (the migration makes them): a member's bets add to row `memberId % SHARDS`. */
const SHARDS = 8;

export interface JackpotDeps {
  db: Database;
  ledger: LedgerService;
  audit: AuditService;
  members: Pick<MembersService, 'userIdsOf'>;
  now: () => Date;
}

export interface JackpotSettings {
  seed: number;
  ceiling: number;
  shareBp: number;
  oneInWon: number;
}

export interface JackpotHit {
  tier: JackpotTier;
  amount: number;
}

/** A bet on a provider that funds the jackpots, inside the bet's transaction. */
export interface JackpotBet {
  memberId: number;
  provider: string;
  transactionId: string;
  roundId: string;
  amount: number;
}

function settingsOf(row: JackpotPoolRow): JackpotSettings {
  return { seed: row.seed, ceiling: row.ceiling, shareBp: row.share_bp, oneInWon: row.one_in_won };
}

/**
 * The jackpots MEGA, MAJOR and MINOR (issue 10). Each bet on a provider the operator opted in pays a
 * share (basis points of the bet, per tier) from the provider's house account into the pools, and
 * draws for each tier: it wins with probability bet / `oneInWon`, and for certain once the pool has
 * reached its `ceiling` (a must-hit-by jackpot). A hit pays the whole pool to the member and
 * reseeds the pool with `seed`, paid by the `jackpot:seed` account (the operator's cost). All money
 * moves through the ledger; the pools' split of the `jackpot:pools` account is kept in
 * `jackpot_shards` (decision 0010).
 */
export function createJackpotService(deps: JackpotDeps) {
  const { db, ledger, audit, members, now } = deps;
  const repo = createJackpotRepository(db);

  /** Puts a tier's next seed in its (locked) pool through the ledger, as seeding number `generation`. */
  async function seed(tier: JackpotTier, amount: number, generation: number, trx: Database): Promise<void> {
    if (amount > 0)
      await ledger.transfer(
        {
          debit: JACKPOT_SEED,
          credit: JACKPOT_POOLS,
          amount,
          code: 'jackpot_seed',
          idempotencyKey: `seed:${tier}:${generation}`,
          source: 'jackpots',
        },
        trx,
      );
    await repo.resetPool(tier, amount, trx);
    await repo.setGeneration(tier, generation, now(), trx);
  }

  /** Whether a bet wins a tier: a random draw, or for certain at the ceiling. */
  function draws(pool: JackpotPoolRow, amount: number): boolean {
    if (pool.pool >= pool.ceiling) return true;
    if (amount <= 0) return false;
    if (amount >= pool.one_in_won) return true;
    // Integers only: randomInt is unbiased over [0, one_in_won), so P(hit) = amount / one_in_won exactly.
    return randomInt(pool.one_in_won) < amount;
  }

  return {
    /**
     * Seeds every tier that has never been seeded (the first start of a database). Idempotent and
     * safe from several instances at once: the tier row is locked and the ledger key is per seeding.
     */
    async ensureSeeded(): Promise<void> {
      for (const tier of TIER_LOCK_ORDER) {
        await db.transaction().execute(async (trx) => {
          const row = await repo.tierForUpdate(tier, trx);
          if (!row || row.generation > 0) return;
          await repo.lockPool(tier, trx);
          await seed(tier, row.seed, 1, trx);
        });
      }
    },

    /** The live pools, `{MEGA, MAJOR, MINOR}` in won. */
    async amounts(): Promise<Record<JackpotTier, number>> {
      const pools = await repo.pools();
      const byTier = new Map(pools.map((p) => [p.tier, p.pool]));
      return {
        MEGA: byTier.get('MEGA') ?? 0,
        MAJOR: byTier.get('MAJOR') ?? 0,
        MINOR: byTier.get('MINOR') ?? 0,
      };
    },

    /** The settings and pool of each tier, for operators. */
    async settings(): Promise<Record<JackpotTier, JackpotSettings & { pool: number }>> {
      const pools = await repo.pools();
      const entry = (tier: JackpotTier) => {
        const row = pools.find((p) => p.tier === tier)!;
        return { ...settingsOf(row), pool: row.pool };
      };
      return { MEGA: entry('MEGA'), MAJOR: entry('MAJOR'), MINOR: entry('MINOR') };
    },

    /**
     * Changes tiers' settings (owner, audited). A new seed applies from the next hit; a pool
     * already above a lowered ceiling is won by the next contributing bet. A ceiling not above the
     * seed is a 400 naming `<tier>.ceiling`.
     */
    async updateSettings(
      patch: Partial<Record<JackpotTier, Partial<JackpotSettings>>>,
      who: AuditActor,
    ): Promise<void> {
      return db.transaction().execute(async (trx) => {
        const before: Partial<Record<JackpotTier, JackpotSettings>> = {};
        const after: Partial<Record<JackpotTier, JackpotSettings>> = {};
        for (const tier of TIER_LOCK_ORDER) {
          const row = await repo.tierForUpdate(tier, trx);
          if (!row) continue;
          const current = {
            seed: row.seed,
            ceiling: row.ceiling,
            shareBp: row.share_bp,
            oneInWon: row.one_in_won,
          };
          const next = { ...current, ...patch[tier] };
          before[tier] = current;
          after[tier] = next;
          if (!patch[tier]) continue;
          if (next.ceiling <= next.seed) throw invalid(`${tier}.ceiling`, 'min');
          await repo.updateTier(
            tier,
            { seed: next.seed, ceiling: next.ceiling, share_bp: next.shareBp, one_in_won: next.oneInWon },
            now(),
            trx,
          );
        }
        await audit.record(
          who,
          { action: 'jackpots.update', target: 'settings:jackpots', before, after },
          trx,
        );
      });
    },

    /**
     * A contributing bet, inside its transaction (after the bet's own transfer, so the member's
     * accounts are already locked): draws each tier, pays and reseeds the tiers it wins, and adds
     * its shares. Rows are locked in one order for every bet: tier by tier (MAJOR, MEGA, MINOR),
     * within a tier either all rows (a hit) or the member's one row, so two bets never wait on each
     * other in a circle. Returns the bet's total share and the hits.
     */
    async onBet(bet: JackpotBet, trx: Database): Promise<{ share: number; hits: JackpotHit[] }> {
      const pools = await repo.pools(trx);
      const shard = bet.memberId % SHARDS;
      const pending = new Map<JackpotTier, number>();
      const hits: JackpotHit[] = [];
      let share = 0;
      for (const tier of TIER_LOCK_ORDER) {
        const pool = pools.find((p) => p.tier === tier);
        if (!pool) continue;
        const tierShare = Math.floor((bet.amount * pool.share_bp) / 10_000);
        if (draws(pool, bet.amount)) {
          // The shares of the tiers before this one go in first: their rows come first in the order.
          await repo.addShares(shard, pending, trx);
          pending.clear();
          const row = (await repo.tierForUpdate(tier, trx))!;
          // A pool at its ceiling was read without a lock: when another bet has won it meanwhile
          // (the tier was reseeded), this bet only reached the ceiling second and wins nothing.
          const wonMeanwhile = row.generation !== pool.generation && pool.pool >= pool.ceiling;
          if (!wonMeanwhile) {
            const won = await repo.lockPool(tier, trx);
            if (won > 0) {
              await ledger.transfer(
                {
                  debit: JACKPOT_POOLS,
                  credit: { memberId: bet.memberId, kind: 'cash' },
                  amount: won,
                  code: 'jackpot',
                  idempotencyKey: `jackpot:${tier}:${bet.transactionId}`,
                  source: `wallet:${bet.provider}`,
                  meta: { tier, roundId: bet.roundId },
                },
                trx,
              );
              await repo.insertHit(
                {
                  tier,
                  memberId: bet.memberId,
                  provider: bet.provider,
                  roundId: bet.roundId,
                  transactionId: bet.transactionId,
                  amount: won,
                  at: now(),
                },
                trx,
              );
              hits.push({ tier, amount: won });
            }
            await seed(tier, row.seed, row.generation + 1, trx);
          }
        }
        if (tierShare > 0) {
          pending.set(tier, tierShare);
          share += tierShare;
        }
      }
      await repo.addShares(shard, pending, trx);
      if (share > 0)
        await ledger.transfer(
          {
            debit: { system: `house:${bet.provider}` },
            credit: JACKPOT_POOLS,
            amount: share,
            code: 'jackpot_share',
            idempotencyKey: `jackpot-share:${bet.transactionId}`,
            source: `wallet:${bet.provider}`,
            meta: { roundId: bet.roundId },
          },
          trx,
        );
      return { share, hits };
    },

    /**
     * The pools' money as the ledger holds it and as the pools' rows split it: always equal
     * (checked by the tests after every run, like the ledger's own invariants).
     */
    async checkPools(): Promise<{ ledger: number; pools: number }> {
      const [ledgerBalance, pools] = await Promise.all([ledger.accountBalance(JACKPOT_POOLS), repo.pools()]);
      return { ledger: ledgerBalance, pools: pools.reduce((sum, p) => sum + p.pool, 0) };
    },

    /** The jackpots a bet won (a provider's replay of the bet is told them again). */
    async hitsOf(provider: string, transactionId: string, trx?: Database): Promise<JackpotHit[]> {
      return (await repo.hitsOf(provider, transactionId, trx)).map((h) => ({
        tier: h.tier,
        amount: h.amount,
      }));
    },

    /** The latest hits for everybody (`get-jackpot`): tier, amount, when, and the winner's id masked. */
    async publicHits() {
      return (await this.recentHits(JACKPOT_RECENT_SIZE)).map((h) => ({
        tier: h.tier,
        amount: h.amount,
        userId: maskUserId(h.userId),
        at: h.at,
      }));
    },

    /** The latest hits, newest first (the back office). */
    async recentHits(limit = 20) {
      const hits = await repo.hits(limit);
      const userIds = await members.userIdsOf([...new Set(hits.map((h) => h.member_id))]);
      return hits.map((h) => ({
        tier: h.tier,
        userId: userIds.get(h.member_id) ?? '',
        provider: h.provider,
        roundId: h.round_id,
        amount: h.amount,
        at: h.created_at.toISOString(),
      }));
    },
  };
}

export type JackpotService = ReturnType<typeof createJackpotService>;
