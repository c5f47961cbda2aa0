import type { TGetPlayLimitsResponse, TPlayLimitPeriod } from '@casino/contracts/protection';
import { type LimitsService, type UsedTriple, windowStarts } from './limits.service.ts';

type WindowStarts = Record<TPlayLimitPeriod, Date>;

/**
 * What the cashier counts against the limits (it owns the deposit requests). The cashier and the
 * games sit above protection (they check their money against its limits), so protection names
 * what it reads of them here and `createServices` passes their services in.
 */
export interface DepositCounts {
  /** The member's completed deposits per rolling window. */
  depositsSince(memberId: number, starts: WindowStarts): Promise<UsedTriple>;
  /** The member's lifetime deposits, withdrawals and their difference. */
  lifetime(memberId: number): Promise<TGetPlayLimitsResponse['lifetime']>;
}

/** What the games' wallet counts against the loss limits (it owns the wallet calls). */
export interface LossCounts {
  /** The member's net loss per rolling window. */
  lossSince(memberId: number, starts: WindowStarts): Promise<UsedTriple>;
}

export interface ProtectionDeps {
  limits: LimitsService;
  /** The cashier: the deposits per window and the lifetime totals. */
  cashier: DepositCounts;
  /** The games' wallet: the loss per window. */
  wallet: LossCounts;
  now: () => Date;
}

/**
 * The member calls of player protection (docs/protection.md): `get-play-limits`
 * composes the limits with what the cashier and the wallet count against them.
 */
export function createProtectionService(deps: ProtectionDeps) {
  const { limits, cashier, wallet, now } = deps;

  return {
    /** get-play-limits: limits in force, pending changes, use per rolling window, setting, break, lifetime. */
    async getPlayLimits(memberId: number): Promise<TGetPlayLimitsResponse> {
      const starts = windowStarts(now());
      const [inForce, pending, deposits, loss, realityCheckMinutes, exclusion, lifetime] = await Promise.all([
        limits.limits(memberId),
        limits.pending(memberId),
        cashier.depositsSince(memberId, starts),
        wallet.lossSince(memberId, starts),
        limits.realityCheckMinutes(memberId),
        limits.activeBreak(memberId),
        cashier.lifetime(memberId),
      ]);
      return {
        status: 'success',
        limits: inForce,
        pending,
        used: { deposit: deposits, loss },
        realityCheckMinutes,
        exclusion,
        lifetime,
      };
    },

    setPlayLimit: limits.setLimit,
    setRealityCheck: limits.setRealityCheck,
  };
}

export type ProtectionService = ReturnType<typeof createProtectionService>;
