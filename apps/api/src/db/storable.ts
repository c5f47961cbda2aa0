/**
 * Whether a database error is a `<table>_<column>_storable` CHECK (migration 0016, docs/ledger.md
 * "Storable amounts") refusing a value past Number.MAX_SAFE_INTEGER, the largest amount the
 * platform stores and reads back: the statement, and the transaction it ran in, kept nothing.
 */
export function isStorableCheckViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23514') return false;
  if (typeof e.constraint === 'string') return e.constraint.endsWith('_storable');
  return typeof e.message === 'string' && /_storable"/.test(e.message);
}
