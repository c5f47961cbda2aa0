import { randomUUID } from 'node:crypto';
import { invalid } from '../../lib/app-error.ts';
import { checkIdempotencyKey } from '../../lib/idempotency.ts';
import { isLedgerError, type LedgerService } from '../ledger/ledger.service.ts';
import { isMemberBlocked, type CashierService } from '../cashier/cashier.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';

export interface CompDeps {
  ledger: LedgerService;
  settings: SettingsService;
  cashier: CashierService;
}

/**
 * Comp points (콤프) turn into cash 1:1 through one ledger transfer from the member's comp account
 * to their cash account. Cash never turns into points (docs/api/member-calls.md).
 */
export function createCompService(deps: CompDeps) {
  const { ledger, settings, cashier } = deps;
  return {
    /**
     * roll-to-balance. Each request is applied once: its ledger key is the client's
     * `Idempotency-Key` when it sends one (a retry replays `success` and moves nothing), else a
     * fresh id. `low_point` below the minimum conversion or beyond the member's points.
     */
    async convert(memberId: number, amount: number, clientKey?: string) {
      const s = await settings.cashier();
      if (amount > s.maxAmount) throw invalid('amount', 'max');
      checkIdempotencyKey(clientKey);
      const member = await cashier.member(memberId);
      if (!member || isMemberBlocked(member)) return { status: 'blocked' as const };
      if (amount < s.minConversion) return { status: 'low_point' as const };
      try {
        await ledger.transfer({
          debit: { memberId, kind: 'comp' },
          credit: { memberId, kind: 'cash' },
          amount,
          code: 'comp_conversion',
          idempotencyKey: `roll:${memberId}:${clientKey ?? randomUUID()}`,
          source: 'comp',
        });
      } catch (error) {
        if (isLedgerError(error, 'balance')) return { status: 'low_point' as const };
        if (isLedgerError(error, 'idempotency_conflict')) throw invalid('idempotencyKey', 'pattern');
        throw error;
      }
      return { status: 'success' as const };
    },
  };
}

export type CompService = ReturnType<typeof createCompService>;
