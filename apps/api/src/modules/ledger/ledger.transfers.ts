import type { Database } from '../../db/database.ts';
import { LedgerError } from './ledger.errors.ts';
import { type ApplyTransferResult, type TransferSide } from './ledger.repository.ts';
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
import type { PreparedTransfer, TransferInput, TransferResult } from './ledger.types.ts';
import type { LedgerCore } from './ledger.core.ts';

/** A transfer's input checked and normalized, with its request hash (the same for every way in). */
function checked(input: TransferInput) {
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
  return { debit, credit, amount, code, source, key, meta, hash };
}

/** Transfers: the one movement of money between two accounts. */
export function createTransfers(core: LedgerCore) {
  const { repo, inStatement, notFound, systemAccountId, replayOf } = core;
  /** A transfer's answer from the database's outcome (the same for one transfer and a batch). */
  function answerOf(
    applied: ApplyTransferResult,
    debit: ParsedRef,
    credit: ParsedRef,
    hash: string,
  ): TransferResult {
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
      case 'limit':
        throw new LedgerError('limit', 'the credit account would pass the largest storable amount');
    }
  }

  const api = {
    /**
     * A transfer checked and resolved (system accounts opened, the request hash computed) for a
     * database function that applies it inside its own statement with
     * `ledger_transfer_prepared(jsonb)` (migration 0006): the provider wallet's bet and win, one
     * round trip each (decision 0011). The function applies it exactly as `transfer` would, under
     * the same locks, key and hash; the ledger stays the only writer of balances.
     */
    async prepareTransfer(input: TransferInput): Promise<PreparedTransfer> {
      const { debit, credit, amount, code, source, key, meta, hash } = checked(input);
      const side = async (ref: ParsedRef) =>
        ref.type === 'member'
          ? { member: ref.memberId, kind: ref.kind, account: null }
          : { member: null, kind: null, account: await systemAccountId(ref.code, core.db) };
      const [d, c] = [await side(debit), await side(credit)];
      return {
        debitMember: d.member,
        debitKind: d.kind,
        debitAccount: d.account,
        creditMember: c.member,
        creditKind: c.kind,
        creditAccount: c.account,
        amount,
        code,
        source,
        key,
        hash,
        meta: JSON.parse(meta) as Record<string, unknown>,
      };
    },

    /**
     * Moves `amount` from `debit` to `credit` as one immutable transfer. Member accounts are locked
     * (ascending id, SELECT ... FOR UPDATE) and their balances updated in the same statement as the
     * transfer is written (one round trip: the `ledger_transfer` function); system accounts are not
     * locked. With `trx` it runs inside the caller's transaction (READ COMMITTED), and a refusal
     * leaves that transaction usable. Throws LedgerError: balance, limit, idempotency_conflict,
     * not_found, invalid.
     */
    async transfer(input: TransferInput, trx?: Database): Promise<TransferResult> {
      const { debit, credit, amount, code, source, key, meta, hash } = checked(input);
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
        return answerOf(applied, debit, credit, hash);
      });
    },

    /**
     * Transfers applied together in one statement and one transaction (group commit, decision
     * 0029), in the given order, each answered exactly as `transfer` would answer it alone: its
     * result, or its own LedgerError (a refused transfer refuses only itself and uses up nothing).
     * When the batch fails whole (a deadlock between two batches, a `CHECK` that fired), nothing of
     * it was kept and the transfers are applied one at a time instead, in order. Not inside a
     * caller's transaction: the batch is its own.
     */
    async transferMany(inputs: readonly TransferInput[]): Promise<PromiseSettledResult<TransferResult>[]> {
      const one = async (input: TransferInput): Promise<PromiseSettledResult<TransferResult>> => {
        try {
          return { status: 'fulfilled', value: await api.transfer(input) };
        } catch (reason) {
          return { status: 'rejected', reason };
        }
      };
      const results: PromiseSettledResult<TransferResult>[] = new Array(inputs.length);
      const ready: { at: number; checked: ReturnType<typeof checked>; prepared: PreparedTransfer }[] = [];
      for (const [at, input] of inputs.entries()) {
        try {
          ready.push({ at, checked: checked(input), prepared: await api.prepareTransfer(input) });
        } catch (reason) {
          results[at] = { status: 'rejected', reason };
        }
      }
      if (ready.length === 1) results[ready[0]!.at] = await one(inputs[ready[0]!.at]!);
      else if (ready.length > 1) {
        let rows: ApplyTransferResult[] | undefined;
        try {
          rows = await repo.applyPreparedBatch(ready.map((r) => r.prepared));
        } catch {
          for (const r of ready) results[r.at] = await one(inputs[r.at]!);
        }
        if (rows)
          for (const [k, r] of ready.entries()) {
            try {
              results[r.at] = {
                status: 'fulfilled',
                value: answerOf(rows[k]!, r.checked.debit, r.checked.credit, r.checked.hash),
              };
            } catch (reason) {
              results[r.at] = { status: 'rejected', reason };
            }
          }
      }
      return results;
    },
  };
  return api;
}
