import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { HoldState } from '../../db/schema.ts';
import { LedgerError } from './ledger.errors.ts';
import {
  createLedgerRepository,
  MEMBER_ACCOUNT_KINDS,
  type LockedMemberAccount,
  type MemberAccountKind,
  type StoredTransferKey,
  type TransferRow,
  type TransferSide,
} from './ledger.repository.ts';

export { LedgerError, isLedgerError, type LedgerErrorCode } from './ledger.errors.ts';
export type { MemberAccountKind } from './ledger.repository.ts';

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

export type MemberAccountRef = { memberId: number; kind: MemberAccountKind };
/**
 * System accounts: 'bank_clearing', 'comp_expense', 'adjustment', 'withdraw_hold' (only through
 * holds), `house:${provider}` and `jackpot:${tier}` (opened on first use).
 */
export type SystemAccountRef = { system: string };
export type AccountRef = MemberAccountRef | SystemAccountRef;

export interface TransferInput {
  debit: AccountRef;
  credit: AccountRef;
  /** Whole won, a positive safe integer. */
  amount: number;
  /** Why: deposit, withdrawal, comp_conversion, adjustment, bet, win, rollback, jackpot, game_transfer ... */
  code: string;
  /** Unique per source: the same key with the same request replays, with another request is refused. */
  idempotencyKey: string;
  /** Who names the key (a provider, 'backoffice', 'cashier' ...); default 'system'. */
  source?: string;
  /** Free context kept with the transfer (request ids, round ids, operator); not part of the request hash. */
  meta?: Record<string, unknown>;
}

export interface TransferResult {
  transferId: number;
  /** True when this (source, key) had already been applied: nothing moved this time. */
  replayed: boolean;
}

export interface CreateHoldInput {
  memberId: number;
  /** The member account the money is held from; default 'cash'. */
  kind?: MemberAccountKind;
  amount: number;
  /** The pending transfer's code, e.g. 'withdrawal_hold'. */
  code: string;
  idempotencyKey: string;
  source?: string;
  meta?: Record<string, unknown>;
}

export interface HoldResult extends TransferResult {
  holdId: number;
}

export interface PostHoldOptions {
  idempotencyKey: string;
  /** Default 'withdrawal'. */
  code?: string;
  /** Where the held money goes; default the bank_clearing account (money paid out). */
  credit?: AccountRef;
  source?: string;
  meta?: Record<string, unknown>;
}

export interface VoidHoldOptions {
  idempotencyKey: string;
  /** Default 'hold_void'. */
  code?: string;
  source?: string;
  meta?: Record<string, unknown>;
}

export interface HoldView {
  holdId: number;
  memberId: number;
  kind: MemberAccountKind;
  amount: number;
  state: HoldState;
  pendingTransferId: number;
  resolvingTransferId: number | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface MemberEntry {
  transferId: number;
  code: string;
  /** Signed from the member's view: positive when money came into this account. */
  amount: number;
  /** Which of the member's accounts this leg touched. */
  kind: MemberAccountKind;
  /** The account's balance right after this transfer. */
  balanceAfter?: number;
  holdId: number | null;
  createdAt: Date;
  meta: Record<string, unknown>;
}

export interface InvariantReport {
  ok: boolean;
  violations: string[];
}

const FIXED_SYSTEM_ACCOUNTS = ['bank_clearing', 'comp_expense', 'adjustment', 'withdraw_hold'] as const;
const OPEN_ON_USE_SYSTEM_ACCOUNT = /^(house|jackpot):[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const CODE_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const MAX_KEY_LENGTH = 200;
const MAX_SOURCE_LENGTH = 64;
const MAX_ENTRIES = 500;
const WITHDRAW_HOLD = 'withdraw_hold';
const BALANCE_CHECK = 'accounts_member_balance_non_negative';

type ParsedRef =
  { type: 'member'; memberId: number; kind: MemberAccountKind } | { type: 'system'; code: string };

function parseRef(ref: AccountRef | undefined, side: string): ParsedRef {
  if (ref && typeof ref === 'object' && 'system' in ref) {
    const code = ref.system;
    if (
      typeof code !== 'string' ||
      !((FIXED_SYSTEM_ACCOUNTS as readonly string[]).includes(code) || OPEN_ON_USE_SYSTEM_ACCOUNT.test(code))
    ) {
      throw new LedgerError('invalid', `${side}: unknown system account ${String(code)}`);
    }
    return { type: 'system', code };
  }
  if (ref && typeof ref === 'object' && 'memberId' in ref) {
    if (!Number.isSafeInteger(ref.memberId) || ref.memberId <= 0)
      throw new LedgerError('invalid', `${side}: bad member id`);
    if (!(MEMBER_ACCOUNT_KINDS as readonly string[]).includes(ref.kind))
      throw new LedgerError('invalid', `${side}: bad account kind`);
    return { type: 'member', memberId: ref.memberId, kind: ref.kind };
  }
  throw new LedgerError('invalid', `${side}: not an account`);
}

function refKey(ref: ParsedRef): string {
  return ref.type === 'member' ? `member:${ref.memberId}:${ref.kind}` : `system:${ref.code}`;
}

function systemKind(code: string): string {
  return code.includes(':') ? code.slice(0, code.indexOf(':')) : code;
}

function checkAmount(amount: unknown): number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new LedgerError('invalid', 'amount must be a positive safe integer');
  }
  return amount;
}

function checkCode(code: unknown): string {
  if (typeof code !== 'string' || !CODE_PATTERN.test(code))
    throw new LedgerError('invalid', `bad transfer code ${String(code)}`);
  return code;
}

function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new LedgerError('invalid', `idempotency key must be 1..${MAX_KEY_LENGTH} characters`);
  }
  return key;
}

function checkSource(source: unknown): string {
  if (source === undefined) return 'system';
  if (typeof source !== 'string' || source.length === 0 || source.length > MAX_SOURCE_LENGTH) {
    throw new LedgerError('invalid', `source must be 1..${MAX_SOURCE_LENGTH} characters`);
  }
  return source;
}

function metaJson(meta: unknown): string {
  if (meta === undefined) return '{}';
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta))
    throw new LedgerError('invalid', 'meta must be an object');
  return JSON.stringify(meta);
}

/** The request a key stands for: what moves, how much and why (meta is context, not request). */
function transferHash(parts: (string | number)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function isBalanceCheckViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return (
    e.code === '23514' &&
    (e.constraint === BALANCE_CHECK || (typeof e.message === 'string' && e.message.includes(BALANCE_CHECK)))
  );
}

export function createLedgerService(deps: { db: Database }) {
  const { db } = deps;
  const repo = createLedgerRepository(db);

  // System account ids never change once committed, so they are cached. An account opened inside
  // a caller's transaction is not cached until it is seen from another transaction: the caller may
  // still roll it back.
  const systemIds = new Map<string, number>();
  const openedIn = new WeakMap<object, Set<string>>();

  // The CHECK on accounts is the last line of defence; reaching it means a check above failed.
  function mapDatabaseError(error: unknown): never {
    if (isBalanceCheckViolation(error))
      throw new LedgerError('balance', 'member balance would go below zero');
    throw error;
  }

  /** Runs `fn` inside the caller's transaction, or in a new one. */
  async function inTransaction<T>(trx: Database | undefined, fn: (t: Database) => Promise<T>): Promise<T> {
    try {
      if (trx?.isTransaction) return await fn(trx);
      return await (trx ?? db).transaction().execute(fn);
    } catch (error) {
      return mapDatabaseError(error);
    }
  }

  /**
   * Runs `fn`, whose one writing statement is atomic by itself, inside the caller's transaction if
   * there is one, else straight on the pool: no BEGIN/COMMIT round trips on the hot path. What it
   * reads besides (a key's first transfer, a system account id) needs no snapshot shared with it.
   */
  async function inStatement<T>(trx: Database | undefined, fn: (t: Database) => Promise<T>): Promise<T> {
    try {
      return await fn(trx ?? db);
    } catch (error) {
      return mapDatabaseError(error);
    }
  }

  function notFound(ref: { memberId: number; kind: string }): LedgerError {
    return new LedgerError('not_found', `member ${ref.memberId} has no ${ref.kind} account`);
  }

  async function systemAccountId(code: string, t: Database): Promise<number> {
    const cached = systemIds.get(code);
    if (cached !== undefined) return cached;
    const found = await repo.findSystemAccountId(code, t);
    if (found !== undefined) {
      if (!openedIn.get(t)?.has(code)) systemIds.set(code, found);
      return found;
    }
    // A concurrent opener makes the insert wait and then do nothing; the row is visible afterwards.
    const id =
      (await repo.insertSystemAccount(code, systemKind(code), t)) ??
      (await repo.findSystemAccountId(code, t));
    if (id === undefined) throw new Error(`system account ${code} could not be opened`);
    // Outside a transaction the insert is committed already.
    if (!t.isTransaction) {
      systemIds.set(code, id);
      return id;
    }
    let opened = openedIn.get(t);
    if (!opened) openedIn.set(t, (opened = new Set()));
    opened.add(code);
    return id;
  }

  /** The answer for a key that is already used: a replay of the same request, or a conflict. */
  function replayOf<T extends { request_hash: string | null }>(stored: T, hash: string): T {
    if (stored.request_hash !== hash) {
      throw new LedgerError('idempotency_conflict', 'this idempotency key was used for a different request');
    }
    return stored;
  }

  async function existingFor(
    source: string,
    key: string,
    hash: string,
    t: Database,
  ): Promise<StoredTransferKey | undefined> {
    const stored = await repo.findTransferByKey(source, key, t);
    return stored && replayOf(stored, hash);
  }

  /** After an insert that did nothing: the key's transfer was committed by someone else. */
  async function mustExist(
    source: string,
    key: string,
    hash: string,
    t: Database,
  ): Promise<StoredTransferKey> {
    const stored = await existingFor(source, key, hash, t);
    if (!stored) throw new Error(`transfer ${source}/${key} conflicted but cannot be read`);
    return stored;
  }

  function lockedFor(
    locked: LockedMemberAccount[],
    ref: { memberId: number; kind: string },
  ): LockedMemberAccount {
    const row = locked.find((a) => a.member_id === ref.memberId && a.kind === ref.kind);
    if (!row) throw new LedgerError('not_found', `member ${ref.memberId} has no ${ref.kind} account`);
    return row;
  }

  return {
    /** Opens a new member's cash, comp and game-wallet accounts at 0 (inside the registration transaction). */
    openMemberAccounts(memberId: number, trx?: Database): Promise<void> {
      return repo.insertMemberAccounts(memberId, trx);
    },

    memberBalances(memberId: number, trx?: Database): Promise<Record<MemberAccountKind, number>> {
      return repo.memberBalances(memberId, trx);
    },

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

    /** The member's latest ledger legs, newest first: one per (transfer, member account) it touched. */
    async memberEntries(
      memberId: number,
      options: { limit: number; beforeId?: number },
      trx?: Database,
    ): Promise<MemberEntry[]> {
      const limit = Math.min(Math.max(Math.trunc(options.limit) || 0, 1), MAX_ENTRIES);
      const accounts = await repo.memberAccounts(memberId, trx);
      const kindOf = new Map(accounts.map((a) => [a.id, a.kind as MemberAccountKind]));
      const rows = await repo.entries([...kindOf.keys()], limit, options.beforeId, trx);
      return rows.map((r) => {
        const balanceAfter = r.is_debit ? r.debit_balance_after : r.credit_balance_after;
        return {
          transferId: r.id,
          code: r.code,
          amount: r.is_debit ? -r.amount : r.amount,
          kind: kindOf.get(r.account_id)!,
          ...(balanceAfter !== null ? { balanceAfter } : {}),
          holdId: r.hold_id,
          createdAt: r.created_at,
          meta: r.meta,
        };
      });
    },

    /** Any account's balance: stored for member accounts, derived from transfers for system accounts. */
    async accountBalance(ref: AccountRef, trx?: Database): Promise<number> {
      const parsed = parseRef(ref, 'account');
      if (parsed.type === 'member') return (await repo.memberBalances(parsed.memberId, trx))[parsed.kind];
      const id = await repo.findSystemAccountId(parsed.code, trx);
      return id === undefined ? 0 : repo.derivedBalance(id, trx);
    },

    /** Every system account with its derived balance (reads all transfers: for reports and checks). */
    systemBalances(trx?: Database): Promise<{ code: string; balance: number }[]> {
      return repo.systemBalances(trx);
    },

    /**
     * Checks the ledger's invariants on one snapshot (repeatable read when it opens its own
     * transaction). Reads every transfer: for tests, benchmarks and operators' audits.
     */
    async checkInvariants(trx?: Database): Promise<InvariantReport> {
      const run = async (t: Database): Promise<InvariantReport> => {
        const violations: string[] = [];
        const totals = await repo.accountTotals(t);
        if (totals.total !== 0) {
          violations.push(
            `sum over all accounts is ${totals.total}, not 0 (members ${totals.member_total}, system ${totals.system_total})`,
          );
        }
        if (totals.transfers_net !== 0)
          violations.push(`transfers do not net to zero: ${totals.transfers_net}`);
        for (const a of await repo.memberBalanceMismatches(t)) {
          violations.push(
            `account ${a.id} (member ${a.member_id} ${a.kind}) balance ${a.balance} but its transfers sum to ${a.derived}`,
          );
        }
        for (const a of await repo.negativeMemberAccounts(t)) {
          violations.push(`account ${a.id} (member ${a.member_id}) is negative: ${a.balance}`);
        }
        for (const a of await repo.storedSystemBalances(t)) {
          violations.push(
            `system account ${a.code} stores balance ${a.balance}; system balances are derived`,
          );
        }
        for (const k of await repo.duplicateKeys(t)) {
          violations.push(`idempotency key ${k.source}/${k.idempotency_key} applied ${k.n} times`);
        }
        for (const b of await repo.balanceChainBreaks(t)) {
          violations.push(
            `account ${b.account_id} transfer ${b.transfer_id} records balance ${b.recorded} but replays to ${b.replayed}`,
          );
        }
        for (const s of await repo.systemLegsWithBalanceAfter(t)) {
          violations.push(`transfer ${s.id} records a balance on a system side`);
        }
        const withdrawHoldId = await repo.findSystemAccountId(WITHDRAW_HOLD, t);
        if (withdrawHoldId === undefined) {
          violations.push('the withdraw_hold account is missing');
        } else {
          for (const p of await repo.holdProblems(withdrawHoldId, t))
            violations.push(`hold ${p.hold_id}: ${p.problem}`);
          const held = await repo.derivedBalance(withdrawHoldId, t);
          const pending = await repo.pendingHoldTotal(t);
          if (held !== pending)
            violations.push(`withdraw_hold holds ${held} but pending holds total ${pending}`);
        }
        return { ok: violations.length === 0, violations };
      };
      if (trx?.isTransaction) return run(trx);
      return (trx ?? db).transaction().setIsolationLevel('repeatable read').execute(run);
    },
  };

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
}

export type LedgerService = ReturnType<typeof createLedgerService>;
