import type { Database } from '../../db/database.ts';
import { LedgerError } from './ledger.errors.ts';
import { type TransferSide } from './ledger.repository.ts';
import {
  checkAmount,
  checkCode,
  checkKey,
  checkSource,
  metaJson,
  parseRef,
  refKey,
  transferHash,
  WITHDRAW_HOLD,
  type ParsedRef,
} from './ledger.rules.ts';
import type { TransferInput, TransferResult } from './ledger.types.ts';
import type { LedgerCore } from './ledger.core.ts';

/** Transfers: the one movement of money between two accounts. */
export function createTransfers(core: LedgerCore) {
  const { repo, inStatement, notFound, systemAccountId, replayOf } = core;
  return {
    /**
     * Moves `amount` from `debit` to `credit` as one immutable transfer. Member accounts are locked
     * (ascending id, SELECT ... FOR UPDATE) and their balances updated in the same statement as the
     * transfer is written (one round trip: the `ledger_transfer` function); system accounts are not
     * locked. With `trx` it runs inside the caller's transaction (READ COMMITTED), and a refusal
     * leaves that transaction usable. Throws LedgerError: balance, idempotency_conflict, not_found,
     * invalid.
     */
    async transfer(input: TransferInput, trx?: Database): Promise<TransferResult> {
      const debit = parseRef(input.debit, 'debit');
      const credit = parseRef(input.credit, 'credit');
      const amount = checkAmount(input.amount);
      const code = checkCode(input.code);
      const key = checkKey(input.idempotencyKey);
      const source = checkSource(input.source);
      const meta = metaJson(input.meta);
      if (refKey(debit) === refKey(credit))
        throw new LedgerError('invalid', 'debit and credit are the same account');
      for (const ref of [debit, credit]) {
        if (ref.type === 'system' && ref.code === WITHDRAW_HOLD)
          throw new LedgerError('invalid', 'withdraw_hold moves only through holds');
      }
      const hash = transferHash(['transfer', refKey(debit), refKey(credit), amount, code]);

      return inStatement(trx, async (t) => {
        const side = async (ref: ParsedRef): Promise<TransferSide> =>
          ref.type === 'member'
            ? { memberId: ref.memberId, kind: ref.kind }
            : { accountId: await systemAccountId(ref.code, t) };
        const applied = await repo.applyTransfer(
          {
            debit: await side(debit),
            credit: await side(credit),
            amount,
            code,
            source,
            idempotencyKey: key,
            requestHash: hash,
            metaJson: meta,
            openHold: false,
          },
          t,
        );
        switch (applied.outcome) {
          case 'applied':
            return { transferId: applied.transfer_id!, replayed: false };
          case 'exists':
            return { transferId: replayOf(applied, hash).transfer_id!, replayed: true };
          case 'no_debit':
          case 'no_credit': {
            const missing = applied.outcome === 'no_debit' ? debit : credit;
            throw missing.type === 'member'
              ? notFound(missing)
              : new Error(`system account ${missing.code} vanished`);
          }
          case 'balance':
            throw new LedgerError('balance', 'not enough money in the debit account');
        }
      });
    },
  };
}
