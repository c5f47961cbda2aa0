import type { TGetPlayLimitsResponse } from '@casino/contracts/protection';
import type { CashierService } from '../cashier/cashier.service.ts';
import type { WalletService } from '../games/wallet.service.ts';
import { type LimitsService, windowStarts } from './limits.service.ts';

export interface ProtectionDeps {
  limits: LimitsService;
  /** The cashier owns the deposit requests: the deposits per window and the lifetime totals. */
  cashier: Pick<CashierService, 'depositsSince' | 'lifetime'>;
  /** The games module owns the wallet calls: the loss per window. */
  wallet: Pick<WalletService, 'lossSince'>;
  now: () => Date;
}

/**
 * The member calls of player protection (API.md section 6, docs/protection.md): `get-play-limits`
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
