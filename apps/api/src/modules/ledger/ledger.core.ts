import type { Database } from '../../db/database.ts';
import { LedgerError } from './ledger.errors.ts';
import {
  createLedgerRepository,
  type LockedMemberAccount,
  type StoredTransferKey,
} from './ledger.repository.ts';
import { isStorableCheckViolation } from '../../db/storable.ts';
import { isBalanceCheckViolation, systemKind } from './ledger.rules.ts';

/**
 * What the ledger's parts share: the repository, the transaction helpers, the cache of system
 * account ids and the idempotency-key lookups. Built once per ledger service.
 */
export function createLedgerCore(db: Database) {
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
    if (isStorableCheckViolation(error))
      throw new LedgerError('limit', 'a balance would pass the largest storable amount');
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
    db,
    repo,
    inTransaction,
    inStatement,
    notFound,
    systemAccountId,
    replayOf,
    existingFor,
    mustExist,
    lockedFor,
  };
}

export type LedgerCore = ReturnType<typeof createLedgerCore>;
