import type { Database } from '../../db/database.ts';
import { LedgerError } from './ledger.errors.ts';
import { type LockedMemberAccount, type MemberAccountKind, type TransferRow } from './ledger.repository.ts';
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
import type {
  CreateHoldInput,
  HoldResult,
  HoldView,
  PostHoldOptions,
  TransferResult,
  VoidHoldOptions,
} from './ledger.types.ts';
import type { LedgerCore } from './ledger.core.ts';

/** Holds: money set aside for a pending payout, then posted or voided. */
export function createHolds(core: LedgerCore) {
  const {
    repo,
    inTransaction,
    inStatement,
    notFound,
    systemAccountId,
    replayOf,
    existingFor,
    mustExist,
    lockedFor,
  } = core;

  async function resolveHold(
    holdId: number,
    state: 'posted' | 'voided',
    credit: ParsedRef | undefined,
    opts: { idempotencyKey: string; code: string; source: string; meta: string },
    trx: Database | undefined,
  ): Promise<TransferResult> {
    if (!Number.isSafeInteger(holdId) || holdId <= 0) throw new LedgerError('not_found', 'no such hold');
    const hash = transferHash([
      state === 'posted' ? 'post' : 'void',
      holdId,
      credit ? refKey(credit) : 'member',
      opts.code,
    ]);
    return inTransaction(trx, async (t) => {
      const hold = await repo.findHold(holdId, t);
      if (!hold) throw new LedgerError('not_found', 'no such hold');
      const holdAccountId = await systemAccountId(WITHDRAW_HOLD, t);
      const creditSystemId = credit?.type === 'system' ? await systemAccountId(credit.code, t) : undefined;
      // The ledger's lock order: member accounts (ascending id), then the hold.
      let creditAccount: LockedMemberAccount | undefined;
      if (!credit) {
        creditAccount = await repo.lockMemberAccountById(hold.account_id, t);
        if (!creditAccount) throw new Error(`hold ${holdId} names a missing member account`);
      } else if (credit.type === 'member') {
        creditAccount = lockedFor(await repo.lockMemberAccounts([credit], t), credit);
        if (creditAccount.id === hold.account_id)
          throw new LedgerError('invalid', 'posting a hold back to its own account is a void');
      }
      const current = await repo.lockHoldState(holdId, t);
      // Who asked with this key before decides first: a replay answers the first result even though
      // the hold is no longer pending.
      const stored = await existingFor(opts.source, opts.idempotencyKey, hash, t);
      if (stored) return { transferId: stored.id, replayed: true };
      if (current !== 'pending') throw new LedgerError('already', `hold ${holdId} is already ${current}`);

      const row: TransferRow = {
        debitAccountId: holdAccountId,
        creditAccountId: creditAccount?.id ?? creditSystemId!,
        amount: hold.amount,
        code: opts.code,
        source: opts.source,
        idempotencyKey: opts.idempotencyKey,
        requestHash: hash,
        holdId,
        debitBalanceAfter: null,
        creditBalanceAfter: creditAccount ? creditAccount.balance + hold.amount : null,
        metaJson: opts.meta,
      };
      const deltas = creditAccount ? [{ accountId: creditAccount.id, delta: hold.amount }] : [];
      const transferId = await repo.insertResolution(row, holdId, state, deltas, t);
      if (transferId !== undefined) return { transferId, replayed: false };
      const replay = await mustExist(opts.source, opts.idempotencyKey, hash, t);
      return { transferId: replay.id, replayed: true };
    });
  }

  return {
    /**
     * Holds money for a pending payout: moves it from the member account to withdraw_hold at once,
     * so it cannot be spent or held twice. Resolve it with postHold or voidHold. Throws LedgerError:
     * balance, idempotency_conflict, not_found, invalid.
     */
    async createHold(input: CreateHoldInput, trx?: Database): Promise<HoldResult> {
      const member = parseRef({ memberId: input.memberId, kind: input.kind ?? 'cash' }, 'hold');
      if (member.type !== 'member') throw new LedgerError('invalid', 'a hold is taken from a member account');
      const amount = checkAmount(input.amount);
      const code = checkCode(input.code);
      const key = checkKey(input.idempotencyKey);
      const source = checkSource(input.source);
      const meta = metaJson(input.meta);
      const hash = transferHash(['hold', refKey(member), amount, code]);

      return inStatement(trx, async (t) => {
        const applied = await repo.applyTransfer(
          {
            debit: { memberId: member.memberId, kind: member.kind },
            credit: { accountId: await systemAccountId(WITHDRAW_HOLD, t) },
            amount,
            code,
            source,
            idempotencyKey: key,
            requestHash: hash,
            metaJson: meta,
            openHold: true,
          },
          t,
        );
        switch (applied.outcome) {
          case 'applied':
            return { holdId: applied.hold_id!, transferId: applied.transfer_id!, replayed: false };
          case 'exists':
            replayOf(applied, hash);
            return { holdId: applied.hold_id!, transferId: applied.transfer_id!, replayed: true };
          case 'no_debit':
          case 'no_credit':
            throw notFound(member);
          case 'balance':
            throw new LedgerError('balance', 'not enough money to hold');
          case 'limit':
            throw new LedgerError('limit', 'the hold would pass the largest storable amount');
        }
      });
    },

    /** Settles a pending hold: the held money goes to `credit` (default bank_clearing). Throws already, not_found. */
    async postHold(holdId: number, options: PostHoldOptions, trx?: Database): Promise<TransferResult> {
      const credit = parseRef(options.credit ?? { system: 'bank_clearing' }, 'credit');
      if (credit.type === 'system' && credit.code === WITHDRAW_HOLD)
        throw new LedgerError('invalid', 'cannot post a hold to withdraw_hold');
      return resolveHold(
        holdId,
        'posted',
        credit,
        {
          idempotencyKey: checkKey(options.idempotencyKey),
          code: checkCode(options.code ?? 'withdrawal'),
          source: checkSource(options.source),
          meta: metaJson(options.meta),
        },
        trx,
      );
    },

    /** Cancels a pending hold: the held money returns to the member account. Throws already, not_found. */
    async voidHold(holdId: number, options: VoidHoldOptions, trx?: Database): Promise<TransferResult> {
      return resolveHold(
        holdId,
        'voided',
        undefined,
        {
          idempotencyKey: checkKey(options.idempotencyKey),
          code: checkCode(options.code ?? 'hold_void'),
          source: checkSource(options.source),
          meta: metaJson(options.meta),
        },
        trx,
      );
    },

    async getHold(holdId: number, trx?: Database): Promise<HoldView | undefined> {
      if (!Number.isSafeInteger(holdId) || holdId <= 0) return undefined;
      const hold = await repo.findHold(holdId, trx);
      if (!hold) return undefined;
      return {
        holdId: hold.id,
        memberId: hold.member_id,
        kind: hold.kind as MemberAccountKind,
        amount: hold.amount,
        state: hold.state,
        pendingTransferId: hold.pending_transfer_id,
        resolvingTransferId: hold.resolving_transfer_id,
        createdAt: hold.created_at,
        resolvedAt: hold.resolved_at,
      };
    },
  };
}
