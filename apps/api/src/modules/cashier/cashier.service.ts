import { CASH_TICKER_SIZE, maskUserId } from '@casino/contracts/cashier';
import { formatWon } from '@casino/web-kit/format';
import type { Database } from '../../db/database.ts';
import type { CashierRequestState } from '../../db/schema.ts';
import { AppError, invalid } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { isLedgerError, type LedgerService } from '../ledger/ledger.service.ts';
import type { CommunityService } from '../community/community.service.ts';
import { escapeHtml } from '../community/community.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { LimitsService } from '../protection/limits.service.ts';
import type { CashierMember } from '../members/members.types.ts';
import type { ClientDevice } from '../auth/device.ts';
import type { BlacklistCheck } from '../blacklist/blacklist.service.ts';
import type { FraudService } from '../fraud/fraud.service.ts';
import { isLocked } from '../settings/lock-window.ts';
import { bonusOf, maxDepositWith, type DepositBonusService } from './deposit-bonus.service.ts';
import { windowStatus, type CashierSettings, type SettingsService } from '../settings/settings.service.ts';
import {
  createCashierRepository,
  isOnePendingViolation,
  type RequestKind,
  type RequestRow,
} from './cashier.repository.ts';

export type { RequestKind } from './cashier.repository.ts';

/** Wrong exchange passwords a member may enter before apply-user-withdraw answers 429 for a while. */
export const EXCHANGE_PASSWORD_MAX_FAILURES = 5;
export const EXCHANGE_PASSWORD_WINDOW_MS = 15 * 60_000;

/** An operator acting on the queue (for `handled_by`, the member's note and the ledger's meta). */
export interface OperatorRef {
  id: number;
  operatorId: string;
}

export interface CashierDeps {
  db: Database;
  ledger: LedgerService;
  settings: SettingsService;
  community: CommunityService;
  /** The members module owns the `members` table; the cashier reads members through it. */
  members: Pick<MembersService, 'forCashier' | 'userIdsOf'>;
  rateLimiter: RateLimiter;
  /** Player protection: deposits are checked against the member's breaks and deposit limits. */
  limits: Pick<LimitsService, 'checkDeposit'>;
  /** The site's time zone (config SITE_TIME_ZONE): the wall clock of the lock windows. */
  zone: string;
  now: () => Date;
  /**
   * The levels' deposit bonus and rollover, daily withdrawal limit and promotion (docs/api/levels.md,
   * deposit-bonus.service.ts); none in a cashier built without them.
   */
  bonuses?: DepositBonusService | undefined;
  /**
   * The blacklist (docs/api/backoffice-blacklist.md): a request from a listed address or for a listed
   * bank account is answered `blocked` (as a blocked account), and the hit recorded for the operator.
   */
  blacklist?: BlacklistCheck | undefined;
  /** Abuse signals (docs/security.md "Abuse signals"): each request's address, device, bank account and depositor recorded. */
  fraud?: Pick<FraudService, 'record'> | undefined;
}

/** Thrown inside a transaction to roll it back and answer a business status instead. */
class Refusal extends Error {
  readonly status: string;
  constructor(status: string) {
    super(status);
    this.status = status;
  }
}

async function refusable<S extends string, T>(run: () => Promise<T>): Promise<T | { status: S }> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refusal) return { status: error.status as S };
    throw error;
  }
}

/** A member may use the cashier only while active (not blocked, pending approval or self-excluded). */
export function isMemberBlocked(member: Pick<CashierMember, 'state'>): boolean {
  return member.state !== 'active';
}

/**
 * docs/api/member-calls.md "Amounts": at least the minimum, a multiple of `unit`, at most the operator's
 * maximum (400 naming `amount`).
 */
export function checkRequestAmount(amount: number, minimum: number, settings: CashierSettings): void {
  if (amount > settings.maxAmount) throw invalid('amount', 'max');
  if (amount < minimum) throw invalid('amount', 'min');
  if (amount % settings.unit !== 0) throw invalid('amount', 'unit');
}

const KIND_KO: Record<RequestKind, string> = { deposit: '충전', withdraw: '환전' };

/** The member's note (쪽지) when an operator completes or rejects a request. */
export function requestNote(
  kind: RequestKind,
  outcome: 'approved' | 'rejected',
  amount: number,
  reason: string | null,
) {
  const what = KIND_KO[kind];
  if (outcome === 'approved') {
    return {
      title: `${what} 완료 안내`,
      contents: `<p>신청하신 ${what} ${formatWon(amount, 'ko')}이 완료되었습니다.</p>`,
    };
  }
  const returned = kind === 'withdraw' ? ' 신청 금액은 보유머니로 반환되었습니다.' : '';
  return {
    title: `${what} 신청 취소 안내`,
    contents:
      `<p>신청하신 ${what} ${formatWon(amount, 'ko')}이 취소되었습니다.${returned}</p>` +
      (reason ? `<p>사유: ${escapeHtml(reason)}</p>` : ''),
  };
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function listItem(row: RequestRow) {
  return {
    id: row.id,
    amount: row.amount,
    state: row.state,
    reason: row.reason,
    regDate: row.created_at.toISOString(),
    lastDate: row.updated_at.toISOString(),
  };
}

/** The result of an operator's queue action, with what the audit log needs. */
export type QueueActionResult =
  | {
      status: 'success' | 'first_approved';
      memberId: number;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      /** The audit action when it is not `<kind>.<action>` (the first of two approvals). */
      auditAction?: string;
      /** The operator (id) whose first approval this second one completes. */
      firstApproverId?: number;
    }
  | { status: 'already' | 'not_found' | 'same_operator' };

export function createCashierService(deps: CashierDeps) {
  const {
    db,
    ledger,
    settings,
    community,
    members,
    rateLimiter,
    limits,
    zone,
    now,
    bonuses,
    blacklist,
    fraud,
  } = deps;
  const repo = createCashierRepository(db);

  /** Locks a request row for its state change; a withdrawal comes with its hold id. */
  async function lock(
    kind: RequestKind,
    id: number,
    trx: Database,
  ): Promise<(RequestRow & { holdId: number | null; firstApprovedBy: number | null }) | undefined> {
    if (!Number.isSafeInteger(id) || id <= 0) return undefined;
    if (kind === 'deposit') {
      const row = await repo.lockDeposit(id, trx);
      return row && { ...row, holdId: null, firstApprovedBy: null };
    }
    const row = await repo.lockWithdraw(id, trx);
    return row && { ...row, holdId: row.hold_id, firstApprovedBy: row.first_approved_by };
  }

  /**
   * Records the request's signals (address, device, bank account, depositor), then whether the
   * blacklist refuses it (its address, device and bank account checked).
   */
  async function listed(
    context: 'deposit' | 'withdraw',
    member: CashierMember,
    request: { ip?: string | undefined; device?: ClientDevice | undefined; depositor?: string | undefined },
  ): Promise<boolean> {
    const { ip, device } = request;
    await fraud?.record(member.id, { ip, device, bank: member.banknum, depositor: request.depositor });
    if (!blacklist) return false;
    return blacklist.refuses({
      context,
      ip,
      device: device?.id,
      bank: member.banknum,
      memberId: member.id,
      userId: member.user_id,
    });
  }

  /** A withdrawal's hold: written with the request in one transaction, so it is always there. */
  function holdOf(row: { id: number; holdId: number | null }): number {
    if (row.holdId === null) throw new Error(`withdraw request ${row.id} has no hold`);
    return row.holdId;
  }

  return {
    member(memberId: number, trx?: Database): Promise<CashierMember | undefined> {
      return members.forCashier(memberId, trx);
    },

    /**
     * apply-user-deposit: a request that moves no money until an operator approves it. The player
     * protection check (a break, the deposit limits: docs/protection.md) and the insert share one
     * transaction under the member's lock, so parallel requests never pass a limit together.
     */
    async applyDeposit(
      memberId: number,
      input: { amount: number; depositor?: string | undefined; bonusId?: string | undefined },
      options: { ip?: string | undefined; device?: ClientDevice | undefined } = {},
    ): Promise<
      | { status: 'success' | 'wait' | 'time' | 'fail' }
      | { status: 'blocked'; remaining?: number | undefined; bonusMax?: number | undefined }
    > {
      const s = await settings.cashier();
      checkRequestAmount(input.amount, s.minDeposit, s);
      const member = await members.forCashier(memberId);
      if (!member || isMemberBlocked(member)) return { status: 'blocked' as const };
      const depositor = input.depositor?.trim() || member.bank_owner;
      if (await listed('deposit', member, { ...options, depositor })) return { status: 'blocked' as const };
      try {
        return await refusable<
          'fail',
          | { status: 'success' | 'wait' | 'time' }
          | { status: 'blocked'; remaining?: number | undefined; bonusMax?: number | undefined }
        >(() =>
          db.transaction().execute(async (trx) => {
            // A chosen bonus counts toward the deposit limits with the deposit (docs/protection.md
            // "Promotions and protection"): the limit check weighs both.
            let terms: { percent: number; cap: number } | null = null;
            if (input.bonusId !== undefined && bonuses) {
              terms = await bonuses.quote(memberId, input.bonusId, trx);
              if (!terms) throw new Refusal('fail');
            }
            const bonus = terms ? bonusOf(input.amount, terms) : 0;
            const guard = await limits.checkDeposit(
              memberId,
              input.amount + bonus,
              (starts, t) => repo.depositsSince(memberId, starts, t),
              trx,
            );
            if (guard.status === 'blocked') {
              if (!terms || guard.remaining === undefined) return guard;
              const most = Math.min(maxDepositWith(guard.remaining, terms), s.maxAmount);
              const bonusMax = most - (most % s.unit);
              return { ...guard, bonusMax: bonusMax < s.minDeposit ? 0 : bonusMax };
            }
            const at = now();
            if (isLocked(s.depositLock, at, zone)) return { status: 'time' as const };
            if (await repo.hasPending('deposit', memberId, trx)) return { status: 'wait' as const };
            const id = await repo.insertDeposit({ memberId, amount: input.amount, depositor, at }, trx);
            // The chosen bonus is kept with the request; one not offered now refuses it whole.
            if (input.bonusId !== undefined && !(await bonuses?.attach(memberId, id, input.bonusId, trx)))
              throw new Refusal('fail');
            return { status: 'success' as const };
          }),
        );
      } catch (error) {
        if (isOnePendingViolation(error)) return { status: 'wait' as const };
        throw error;
      }
    },

    /** The member's deposit requests pending or approved made at or after each start (player protection). */
    depositsSince(memberId: number, starts: { day: Date; week: Date; month: Date }) {
      return repo.depositsSince(memberId, starts);
    },

    /**
     * Per member, deposits approved in [from, to) and withdrawals approved then or asked then and
     * still pending: the members with an approved deposit then (or those of `memberIds` that had
     * one). The weekly payback and attendance read it (docs/promotions.md).
     */
    approvedTotalsBetween(range: { from: Date; to: Date; memberIds?: readonly number[] }) {
      return repo.approvedTotalsBetween(range);
    },

    /** The member's approved deposits and withdrawals since registration, and their difference. */
    async lifetime(memberId: number): Promise<{ deposits: number; withdrawals: number; net: number }> {
      const totals = await repo.lifetimeTotals(memberId);
      return { ...totals, net: totals.deposits - totals.withdrawals };
    },

    /**
     * apply-user-withdraw: the request and the ledger hold of its amount are written in one
     * transaction, so the money cannot be spent or asked for twice while the request is pending.
     */
    async applyWithdraw(
      memberId: number,
      input: { amount: number; exchangePassword: string },
      options: { ip?: string | undefined; device?: ClientDevice | undefined } = {},
    ) {
      const s = await settings.cashier();
      checkRequestAmount(input.amount, s.minWithdraw, s);
      const member = await members.forCashier(memberId);
      if (!member || isMemberBlocked(member)) return { status: 'blocked' as const };
      if (await listed('withdraw', member, options)) return { status: 'blocked' as const };
      if (isLocked(s.withdrawLock, now(), zone)) return { status: 'time' as const };
      // A deposit bonus's rollover not met yet (docs/api/levels.md): `rolling` with what is left.
      const rolling = await bonuses?.withdrawRefusal(memberId);
      if (rolling) return rolling;

      // The exchange password is 4..6 digits: without a limit it could be guessed in minutes.
      const limitKey = `exchange-pass:${memberId}`;
      // The attempt is reserved (counted atomically) BEFORE the password is checked, so parallel
      // guesses cannot all pass a check none of them has counted yet; a wrong one keeps its
      // reservation, a right one gives it back and the earlier failures keep counting.
      const tries = await rateLimiter.hit(limitKey, EXCHANGE_PASSWORD_WINDOW_MS);
      if (tries.count > EXCHANGE_PASSWORD_MAX_FAILURES) {
        // A refused attempt checked nothing: it gives its reservation back, so that a burst of
        // requests with the right password cannot lock the member out for the whole window.
        await rateLimiter.giveBack(limitKey);
        throw new AppError('too_many', { retryAfterSec: tries.retryAfterSec });
      }
      if (!(await verifyPassword(member.exchange_password_hash, input.exchangePassword)))
        return { status: 'pass' as const };
      await rateLimiter.giveBack(limitKey);

      if (await repo.hasPending('withdraw', memberId)) return { status: 'wait' as const };
      try {
        return await refusable<'balance', { status: 'success' } | { status: 'blocked'; remaining: number }>(
          () =>
            db.transaction().execute(async (trx) => {
              // The level's daily withdrawal limit; one pending withdrawal at a time keeps it whole.
              const over = await bonuses?.withdrawLimitRefusal(memberId, input.amount, trx);
              if (over) return { status: 'blocked' as const, remaining: over.remaining };
              const id = await repo.insertWithdraw(
                {
                  memberId,
                  amount: input.amount,
                  bankname: member.bankname,
                  bankOwner: member.bank_owner,
                  banknum: member.banknum,
                },
                trx,
              );
              try {
                const hold = await ledger.createHold(
                  {
                    memberId,
                    amount: input.amount,
                    code: 'withdrawal_hold',
                    idempotencyKey: `withdraw:${id}:hold`,
                    source: 'cashier',
                    meta: { requestId: id },
                  },
                  trx,
                );
                await repo.setWithdrawHold(id, hold.holdId, trx);
              } catch (error) {
                if (isLedgerError(error, 'balance')) throw new Refusal('balance');
                throw error;
              }
              return { status: 'success' as const };
            }),
        );
      } catch (error) {
        if (isOnePendingViolation(error)) return { status: 'wait' as const };
        throw error;
      }
    },

    /** get-deposit-list / get-withdraw-list: the member's own requests they have not deleted, newest first. */
    async list(kind: RequestKind, memberId: number, paging: { page: number; pageSize: number }) {
      const offset = (paging.page - 1) * paging.pageSize;
      const [rows, maxCount] = await Promise.all([
        repo.listForMember(kind, memberId, paging.pageSize, offset),
        repo.countForMember(kind, memberId),
      ]);
      return { status: 'success' as const, list: rows.map(listItem), maxCount };
    },

    /**
     * del-deposit / del-withdraw: a `wait` request is cancelled (a withdrawal's hold returns in the
     * same transaction); a finished one is hidden from the member's list; one an operator has taken
     * (`reg`) can no longer be cancelled (`already`). Another member's request is `not_found`.
     */
    async remove(kind: RequestKind, memberId: number, id: number) {
      return db.transaction().execute(async (trx) => {
        const row = await lock(kind, id, trx);
        if (!row || row.member_id !== memberId || row.is_hidden) return { status: 'not_found' as const };
        if (row.state === 'reg') return { status: 'already' as const };
        if (row.state === 'wait') {
          if (kind === 'deposit') await bonuses?.onDepositDropped(id, trx);
          if (kind === 'withdraw') {
            await ledger.voidHold(
              holdOf(row),
              {
                idempotencyKey: `withdraw:${id}:cancel`,
                code: 'withdrawal_cancel',
                source: 'cashier',
                meta: { requestId: id },
              },
              trx,
            );
          }
          await repo.setState(kind, id, { state: 'cansel', reason: null, processedAt: now() }, trx);
          return { status: 'success' as const };
        }
        await repo.hide(kind, id, trx);
        return { status: 'success' as const };
      });
    },

    /** get-cashier-status: the lock windows as they stand now, and the amount rules. */
    async status() {
      const s = await settings.cashier();
      const at = now();
      return {
        status: 'success' as const,
        deposit: windowStatus(s.depositLock, at, zone),
        withdraw: windowStatus(s.withdrawLock, at, zone),
        minDeposit: s.minDeposit,
        minWithdraw: s.minWithdraw,
        unit: s.unit,
        maxAmount: s.maxAmount,
        minConversion: s.minConversion,
      };
    },

    /** get-cash-ticker: the latest completed requests of each kind, ids masked. */
    async ticker() {
      const [deposits, withdraws] = await Promise.all([
        repo.latestCompleted('deposit', CASH_TICKER_SIZE),
        repo.latestCompleted('withdraw', CASH_TICKER_SIZE),
      ]);
      const userIds = await members.userIdsOf([...deposits, ...withdraws].map((r) => r.member_id));
      const item = (r: { member_id: number; amount: number; processed_at: Date | null }) => ({
        userId: maskUserId(userIds.get(r.member_id) ?? ''),
        amount: r.amount,
        regDate: iso(r.processed_at) ?? '',
      });
      return { status: 'success' as const, deposits: deposits.map(item), withdraws: withdraws.map(item) };
    },

    /** The operators' queue. Withdrawal bank details only when `showBank` (owner and cashier). */
    /** Completed deposits and withdrawals by day or month of the site's calendar in `range.zone` (the back office's reports). */
    completedTotals(range: { from: Date; to: Date; unit: 'day' | 'month'; zone: string }, trx?: Database) {
      return repo.completedTotals(range, trx);
    },

    async queue(
      kind: RequestKind,
      options: { states: CashierRequestState[]; page: number; pageSize: number; showBank: boolean },
    ) {
      const offset = (options.page - 1) * options.pageSize;
      const [rows, maxCount] = await Promise.all([
        repo.queue(kind, options.states, options.pageSize, offset),
        repo.countQueue(kind, options.states),
      ]);
      const userIds = await members.userIdsOf(rows.map((r) => r.member_id));
      const list = rows.map((r) => ({
        id: r.id,
        userId: userIds.get(r.member_id) ?? '',
        amount: r.amount,
        ...(kind === 'deposit' ? { depositor: r.depositor } : {}),
        ...(kind === 'withdraw' && options.showBank
          ? { bankname: r.bankname, bankOwner: r.bank_owner, banknum: r.banknum }
          : {}),
        state: r.state,
        reason: r.reason,
        regDate: r.created_at.toISOString(),
        processedDate: iso(r.processed_at),
      }));
      return { status: 'success' as const, list, maxCount };
    },

    /** An operator takes a `wait` request for processing (`reg`): the member can no longer cancel it. */
    async take(
      kind: RequestKind,
      id: number,
      operator: OperatorRef,
      trx: Database,
    ): Promise<QueueActionResult> {
      const row = await lock(kind, id, trx);
      if (!row) return { status: 'not_found' };
      if (row.state !== 'wait') return { status: 'already' };
      await repo.setState(kind, id, { state: 'reg', handledBy: operator.id }, trx);
      return {
        status: 'success',
        memberId: row.member_id,
        before: { state: row.state },
        after: { state: 'reg' },
      };
    },

    /**
     * Completes a pending (`wait` or `reg`) request: a deposit credits the member's cash from bank
     * clearing, a withdrawal posts its hold. The row is locked first, so parallel approvals of one
     * request settle it once; the ledger keys derived from the request id make that doubly sure.
     */
    async approve(
      kind: RequestKind,
      id: number,
      operator: OperatorRef,
      trx: Database,
    ): Promise<QueueActionResult> {
      const row = await lock(kind, id, trx);
      if (!row) return { status: 'not_found' };
      if (row.state !== 'wait' && row.state !== 'reg') return { status: 'already' };
      // A withdrawal at or above the owner's amount needs two different operators (0 = off). The
      // row lock above serializes parallel approvals: the first records itself, the second completes.
      let firstApproverId: number | undefined;
      if (kind === 'withdraw') {
        const threshold = (await settings.cashier(trx)).withdrawSecondApprovalAbove;
        if (threshold > 0 && row.amount >= threshold) {
          if (row.firstApprovedBy === null) {
            await repo.setFirstApproval(id, operator.id, now(), trx);
            return {
              status: 'first_approved',
              memberId: row.member_id,
              auditAction: 'withdraw.approve_first',
              before: { state: row.state, amount: row.amount, firstApprovedBy: null },
              after: { state: 'reg', amount: row.amount, firstApprovedBy: operator.operatorId },
            };
          }
          if (row.firstApprovedBy === operator.id) return { status: 'same_operator' };
          firstApproverId = row.firstApprovedBy;
        }
      }
      const meta = { requestId: id, operator: operator.operatorId };
      if (kind === 'deposit') {
        const result = await ledger.transfer(
          {
            debit: { system: 'bank_clearing' },
            credit: { memberId: row.member_id, kind: 'cash' },
            amount: row.amount,
            code: 'deposit',
            idempotencyKey: `deposit:${id}`,
            source: 'cashier',
            meta,
          },
          trx,
        );
        await repo.setDepositTransfer(id, result.transferId, trx);
      } else {
        await ledger.postHold(
          holdOf(row),
          { idempotencyKey: `withdraw:${id}:post`, code: 'withdrawal', source: 'cashier', meta },
          trx,
        );
      }
      await repo.setState(kind, id, { state: 'already', handledBy: operator.id, processedAt: now() }, trx);
      // The bonus chosen with the deposit is paid with it, and the level may rise (docs/api/levels.md).
      const bonus =
        kind === 'deposit' ? await bonuses?.onDepositApproved(row, operator.operatorId, trx) : null;
      const promoted = kind === 'deposit' ? await bonuses?.promote(row.member_id, trx) : null;
      await community.sendNote(
        row.member_id,
        { ...requestNote(kind, 'approved', row.amount, null), createdBy: operator.operatorId },
        trx,
      );
      return {
        status: 'success',
        memberId: row.member_id,
        before: { state: row.state, amount: row.amount },
        after: {
          state: 'already',
          amount: row.amount,
          ...(bonus ? { bonus } : {}),
          ...(promoted ? { level: promoted.after } : {}),
        },
        ...(firstApproverId !== undefined ? { firstApproverId } : {}),
      };
    },

    /** Rejects a pending request (state `cansel` with the operator's reason); a withdrawal's hold returns. */
    async reject(
      kind: RequestKind,
      id: number,
      operator: OperatorRef,
      reason: string | null,
      trx: Database,
    ): Promise<QueueActionResult> {
      const row = await lock(kind, id, trx);
      if (!row) return { status: 'not_found' };
      if (row.state !== 'wait' && row.state !== 'reg') return { status: 'already' };
      if (kind === 'deposit') await bonuses?.onDepositDropped(id, trx);
      if (kind === 'withdraw') {
        await ledger.voidHold(
          holdOf(row),
          {
            idempotencyKey: `withdraw:${id}:reject`,
            code: 'withdrawal_reject',
            source: 'cashier',
            meta: { requestId: id, operator: operator.operatorId },
          },
          trx,
        );
      }
      await repo.setState(
        kind,
        id,
        { state: 'cansel', reason, handledBy: operator.id, processedAt: now() },
        trx,
      );
      await community.sendNote(
        row.member_id,
        { ...requestNote(kind, 'rejected', row.amount, reason), createdBy: operator.operatorId },
        trx,
      );
      return {
        status: 'success',
        memberId: row.member_id,
        before: { state: row.state, amount: row.amount },
        after: { state: 'cansel', amount: row.amount, reason },
      };
    },
  };
}

export type CashierService = ReturnType<typeof createCashierService>;
