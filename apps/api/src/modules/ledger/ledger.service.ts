import type { Database } from '../../db/database.ts';
import { createLedgerRepository, type MemberAccountKind } from './ledger.repository.ts';

/**
 * The only module that writes money. Other modules ask it; they never touch `accounts` or
 * transfers themselves.
 */
export function createLedgerService(deps: { db: Database }) {
  const repo = createLedgerRepository(deps.db);
  return {
    /** Opens a new member's cash, comp and game-wallet accounts at 0 (inside the registration transaction). */
    openMemberAccounts(memberId: number, trx?: Database): Promise<void> {
      return repo.insertMemberAccounts(memberId, trx);
    },
    memberBalances(memberId: number, trx?: Database): Promise<Record<MemberAccountKind, number>> {
      return repo.memberBalances(memberId, trx);
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
