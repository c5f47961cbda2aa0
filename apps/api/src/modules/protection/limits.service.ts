import {
  PLAY_LIMIT_INCREASE_DELAY_MS,
  PLAY_LIMIT_PERIODS,
  PLAY_LIMIT_WINDOW_MS,
  type TExclusion,
  type TLimitTriple,
  type TPendingLimit,
  type TPlayLimitKind,
  type TPlayLimitPeriod,
  type TRealityCheckMinutes,
  type TSetPlayLimitRequest,
  type TSetPlayLimitResponse,
} from '@casino/contracts/protection';
import type { Database } from '../../db/database.ts';
import type { MembersService } from '../members/members.service.ts';
import { createBreaksRepository } from './breaks.repository.ts';
import { createProtectionRepository, type LimitRow } from './protection.repository.ts';

export interface LimitsDeps {
  db: Database;
  /** The members module owns `members`, where the reality-check setting is kept. */
  members: Pick<MembersService, 'realityCheckMinutes' | 'setRealityCheckMinutes'>;
  now: () => Date;
}

/** A member's use of a limit kind per rolling window (won), for the windows that end at `at`. */
export type UsedTriple = Record<TPlayLimitPeriod, number>;

/** The start of each rolling window that ends at `at` (the window includes its start). */
export function windowStarts(at: Date): Record<TPlayLimitPeriod, Date> {
  const t = at.getTime();
  return {
    day: new Date(t - PLAY_LIMIT_WINDOW_MS.day),
    week: new Date(t - PLAY_LIMIT_WINDOW_MS.week),
    month: new Date(t - PLAY_LIMIT_WINDOW_MS.month),
  };
}

const noLimits = (): TLimitTriple => ({ day: null, week: null, month: null });

function triplesOf(rows: readonly LimitRow[]): { deposit: TLimitTriple; loss: TLimitTriple } {
  const limits = { deposit: noLimits(), loss: noLimits() };
  for (const row of rows) limits[row.kind][row.period] = row.amount;
  return limits;
}

/**
 * What the limits still allow: the smallest of `limit - used` over the periods with a limit
 * (never below 0), or null when no period of the kind has a limit.
 */
export function remainingOf(limits: TLimitTriple, used: UsedTriple): number | null {
  let remaining: number | null = null;
  for (const period of PLAY_LIMIT_PERIODS) {
    const limit = limits[period];
    if (limit === null) continue;
    const left = Math.max(0, limit - Math.max(0, used[period]));
    remaining = remaining === null ? left : Math.min(remaining, left);
  }
  return remaining;
}

/**
 * Deposit and loss limits, breaks in force and the reality-check setting (docs/protection.md).
 * The cashier and the transfer wallet check against it; `get-play-limits` composes it with the
 * cashier's and the wallet's figures (protection.service.ts). The provider wallet's bets are
 * checked by the `wallet_bet` database function itself (migration 0015), on the same rules.
 */
export function createLimitsService(deps: LimitsDeps) {
  const { db, members, now } = deps;
  const repo = createProtectionRepository(db);
  const breaks = createBreaksRepository(db);

  async function inForce(memberId: number, at: Date, kind?: TPlayLimitKind, trx?: Database) {
    return triplesOf(await repo.limitsInForce(memberId, at, kind, trx));
  }

  async function depositRoom(
    memberId: number,
    at: Date,
    usedOf: (starts: Record<TPlayLimitPeriod, Date>, trx: Database) => Promise<UsedTriple>,
    trx: Database,
  ): Promise<number | null> {
    const limits = (await inForce(memberId, at, 'deposit', trx)).deposit;
    if (limits.day === null && limits.week === null && limits.month === null) return null;
    return remainingOf(limits, await usedOf(windowStarts(at), trx));
  }

  async function activeBreak(memberId: number, at: Date, trx?: Database): Promise<TExclusion | null> {
    const row = await breaks.latestInForce(memberId, at, trx);
    return row ? { kind: row.kind, until: row.until?.toISOString() ?? null } : null;
  }

  return {
    /** The limits in force now (each null when none). */
    limits(memberId: number, trx?: Database) {
      return inForce(memberId, now(), undefined, trx);
    },

    /** The increases and removals waiting for their 24 hours, soonest first. */
    async pending(memberId: number, trx?: Database): Promise<TPendingLimit[]> {
      const rows = await repo.pendingLimits(memberId, now(), trx);
      return rows.map((r) => ({
        kind: r.kind,
        period: r.period,
        amount: r.amount,
        effectiveAt: r.effective_at.toISOString(),
      }));
    },

    /** The time-out or self-exclusion in force now, or null. */
    activeBreak(memberId: number, trx?: Database): Promise<TExclusion | null> {
      return activeBreak(memberId, now(), trx);
    },

    /**
     * set-play-limit: a lower (or equal) limit applies at once and cancels the changes of the same
     * kind and period still waiting (`success`); a higher limit or a removal waits 24 hours
     * (`wait`), replacing any change of that kind and period still waiting. Removing a limit that
     * is not there changes nothing (`success`). Runs under the member's lock, so that two changes
     * of one member apply one after the other.
     */
    async setLimit(memberId: number, input: TSetPlayLimitRequest): Promise<TSetPlayLimitResponse> {
      return db.transaction().execute(async (trx) => {
        await repo.lockMember(memberId, trx);
        const at = now();
        const current = (await inForce(memberId, at, input.kind, trx))[input.kind][input.period];
        const lowers = input.amount !== null && (current === null || input.amount <= current);
        await repo.cancelPending(memberId, input.kind, input.period, at, trx);
        if (input.amount === null && current === null) return { status: 'success' as const };
        await repo.insertLimit(
          {
            memberId,
            kind: input.kind,
            period: input.period,
            amount: input.amount,
            requestedAt: at,
            effectiveAt: lowers ? at : new Date(at.getTime() + PLAY_LIMIT_INCREASE_DELAY_MS),
          },
          trx,
        );
        return { status: lowers ? ('success' as const) : ('wait' as const) };
      });
    },

    async realityCheckMinutes(memberId: number, trx?: Database): Promise<TRealityCheckMinutes> {
      return ((await members.realityCheckMinutes(memberId, trx)) ?? 0) as TRealityCheckMinutes;
    },

    /** set-reality-check: 0 (off), 15, 30 or 60 minutes. */
    async setRealityCheck(memberId: number, minutes: TRealityCheckMinutes) {
      await members.setRealityCheckMinutes(memberId, minutes);
      return { status: 'success' as const };
    },

    /**
     * The deposit check, inside the caller's transaction (the one that inserts the request): takes
     * the member's lock, so that parallel deposits of one member are checked one after the other
     * against the requests committed before them, then answers `blocked` under a break (no
     * `remaining`) or when `amount` is more than the deposit limits still allow (`remaining`).
     * `usedOf(since)` is the cashier's sum of the member's deposit requests, pending or approved,
     * made at or after `since`.
     */
    async checkDeposit(
      memberId: number,
      amount: number,
      usedOf: (starts: Record<TPlayLimitPeriod, Date>, trx: Database) => Promise<UsedTriple>,
      trx: Database,
    ): Promise<{ status: 'ok' } | { status: 'blocked'; remaining?: number }> {
      await repo.lockMember(memberId, trx);
      const at = now();
      if (await breaks.latestInForce(memberId, at, trx)) return { status: 'blocked' };
      const remaining = await depositRoom(memberId, at, usedOf, trx);
      return remaining !== null && amount > remaining ? { status: 'blocked', remaining } : { status: 'ok' };
    },

    /**
     * What the member's deposit limits still allow now (won, at least 0), or null when the member
     * has no deposit limit. `usedOf` is the cashier's money in per window (deposits asked or
     * approved and the bonuses promised or paid with them). The deposit bonus reads it to offer
     * only what the limit leaves room for (docs/protection.md "Promotions and protection").
     */
    depositRemaining(
      memberId: number,
      usedOf: (starts: Record<TPlayLimitPeriod, Date>, trx: Database) => Promise<UsedTriple>,
      trx: Database = db,
    ): Promise<number | null> {
      return depositRoom(memberId, now(), usedOf, trx);
    },

    /**
     * Whether the member may move money into a transfer-wallet provider now: not under a break,
     * and no loss limit already reached (`lossOf` is the wallet's loss per window, docs/protection.md).
     */
    async mayTransferIn(
      memberId: number,
      lossOf: (starts: Record<TPlayLimitPeriod, Date>) => Promise<UsedTriple>,
    ): Promise<boolean> {
      const at = now();
      if (await breaks.latestInForce(memberId, at)) return false;
      const limits = (await inForce(memberId, at, 'loss')).loss;
      if (limits.day === null && limits.week === null && limits.month === null) return true;
      return remainingOf(limits, await lossOf(windowStarts(at)))! > 0;
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
