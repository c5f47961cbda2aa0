import type { Database } from '../../db/database.ts';
import { createLedgerCore } from './ledger.core.ts';
import { createHolds } from './ledger.holds.ts';
import { createReads } from './ledger.reads.ts';
import { createTransfers } from './ledger.transfers.ts';

export { isLedgerError } from './ledger.errors.ts';
export type { MemberAccountKind } from './ledger.repository.ts';
export type * from './ledger.types.ts';

/**
 * The only module that writes money. Other modules ask it; they never touch `accounts`,
 * `transfers` or `holds` themselves. The model (accounts, transfers, holds, idempotency, locking,
 * invariants) is described in docs/ledger.md.
 *
 * Every writing method takes an optional transaction: given one, it runs inside it (and the
 * caller's own writes commit or roll back together with the money); without one it is atomic on
 * its own. Inside a caller's transaction, take ledger calls after your own row locks on the same
 * members only in the ledger's order (member accounts by ascending id, then holds), or accept
 * that PostgreSQL may report a deadlock.
 */
export function createLedgerService(deps: { db: Database }) {
  const core = createLedgerCore(deps.db);
  // Transfers, holds and reads are separate files over one core, so the cache of system account
  // ids and the transaction helpers are shared; the public API is the one object below.
  return {
    ...createReads(core),
    ...createTransfers(core),
    ...createHolds(core),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
