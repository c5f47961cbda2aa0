/**
 * Why the ledger refused a request. Nothing was moved when one of these is thrown, and when the
 * call ran inside the caller's transaction that transaction is still usable (the ledger checks
 * before it writes), except where noted.
 *
 * - balance: a member account would go below zero (the business answer `balance`). Also thrown
 *   when the database's own CHECK caught it as the last line of defence; then the caller's
 *   transaction is aborted and must be rolled back.
 * - limit: a member account would pass Number.MAX_SAFE_INTEGER, the largest amount the platform
 *   stores and reads back (docs/ledger.md "Storable amounts"). Also thrown when a `*_storable`
 *   CHECK caught it; then the caller's transaction is aborted and must be rolled back.
 * - idempotency_conflict: the (source, idempotency key) was already used for a different request
 *   (other accounts, amount, code or hold).
 * - already: the hold is already posted or voided (and this is not a replay of that resolution).
 * - not_found: no such hold, or the member has no account of that kind.
 * - invalid: the request breaks a rule (amount not a positive safe integer, unknown system
 *   account, the same account on both sides, a malformed code or key, withdraw_hold used outside
 *   a hold).
 */
export type LedgerErrorCode =
  'balance' | 'limit' | 'idempotency_conflict' | 'already' | 'not_found' | 'invalid';

export class LedgerError extends Error {
  readonly code: LedgerErrorCode;

  constructor(code: LedgerErrorCode, message?: string) {
    super(message ?? code);
    this.name = 'LedgerError';
    this.code = code;
  }
}

export function isLedgerError(error: unknown, code?: LedgerErrorCode): error is LedgerError {
  return error instanceof LedgerError && (code === undefined || error.code === code);
}
