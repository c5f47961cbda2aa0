import type { Database } from '../../db/database.ts';
import { type HistoryRow, type MemberAccountKind } from './ledger.repository.ts';
import { MAX_ENTRIES, parseRef, WITHDRAW_HOLD } from './ledger.rules.ts';
import { LedgerError } from './ledger.errors.ts';
import type { AccountRef, InvariantReport, MemberEntry, SystemAccountRef } from './ledger.types.ts';
import type { LedgerCore } from './ledger.core.ts';

/** Member accounts, balances, a member's entries, and the invariants over the whole ledger. */
export function createReads(core: LedgerCore) {
  const { db, repo } = core;
  return {
    /** Opens a new member's cash, comp and game-wallet accounts at 0 (inside the registration transaction). */
    openMemberAccounts(memberId: number, trx?: Database): Promise<void> {
      return repo.insertMemberAccounts(memberId, trx);
    },

    /**
     * Opens a system account that is otherwise opened on first use (`house:<provider>`), inside the
     * caller's transaction: a provider's house account exists from its registration on, so that
     * no refused call is the one that opens it.
     */
    async openSystemAccount(ref: SystemAccountRef, trx?: Database): Promise<void> {
      const parsed = parseRef(ref, 'account');
      if (parsed.type !== 'system') throw new LedgerError('invalid', 'not a system account');
      await core.systemAccountId(parsed.code, trx ?? db);
    },

    memberBalances(memberId: number, trx?: Database): Promise<Record<MemberAccountKind, number>> {
      return repo.memberBalances(memberId, trx);
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

    /**
     * One page of the member's legs made in [from, to), newest first (the member's account history,
     * docs/protection.md): each with its history kind (`game` for play and the transfer wallet's
     * moves, else the account's kind: `cash` or `comp`), signed amount and the balance after it.
     */
    async memberHistory(
      memberId: number,
      query: { from: Date; to: Date; kind?: MemberAccountKind | undefined; offset: number; limit: number },
      trx?: Database,
    ): Promise<{ rows: HistoryRow[]; total: number }> {
      const accounts = await repo.memberAccounts(memberId, trx);
      return repo.historyPage(
        accounts,
        { from: query.from, to: query.to, kind: query.kind },
        { offset: Math.max(0, Math.trunc(query.offset)), limit: Math.max(1, Math.trunc(query.limit)) },
        trx,
      );
    },

    /**
     * What the member bet and won from `since` on (the reality check's session result): bets are
     * `bet` less `rollback`, wins `win` and `jackpot`, and a transfer-wallet `game_result` counts as
     * a win or a loss by its direction.
     */
    async memberPlaySince(
      memberId: number,
      since: Date,
      trx?: Database,
    ): Promise<{ bets: number; wins: number }> {
      const accounts = await repo.memberAccounts(memberId, trx);
      return repo.playSince(
        accounts.map((a) => a.id),
        since,
        trx,
      );
    },

    /**
     * What a member bet (cash and game wallet, `bet` less `rollback`) in the transfers after
     * `afterTransferId` (0 for all): the cashier's turnover since the last deposit.
     */
    async memberBetsAfter(memberId: number, afterTransferId: number, trx?: Database): Promise<number> {
      const accounts = await repo.memberAccounts(memberId, trx);
      const { bets, rollbacks } = await repo.betsAfter(
        accounts.map((a) => a.id),
        afterTransferId,
        trx,
      );
      return Math.max(0, bets - rollbacks);
    },

    /**
     * A member account's balance at an instant: its balance now less the transfers made from then
     * on (the weekly payback's balance at the end of a week, docs/promotions.md).
     */
    async memberBalanceAt(
      memberId: number,
      kind: MemberAccountKind,
      at: Date,
      trx?: Database,
    ): Promise<number> {
      const accounts = await repo.memberAccounts(memberId, trx);
      const account = accounts.find((a) => a.kind === kind);
      if (!account) return 0;
      const [balances, net] = await Promise.all([
        repo.memberBalances(memberId, trx),
        repo.netSince(account.id, at, trx),
      ]);
      return balances[kind] - net;
    },

    /** Any account's balance: stored for member accounts, derived from transfers for system accounts. */
    async accountBalance(ref: AccountRef, trx?: Database): Promise<number> {
      const parsed = parseRef(ref, 'account');
      if (parsed.type === 'member') return (await repo.memberBalances(parsed.memberId, trx))[parsed.kind];
      const id = await repo.findSystemAccountId(parsed.code, trx);
      return id === undefined ? 0 : repo.derivedBalance(id, trx);
    },

    /**
     * The transfers a source applied under these idempotency keys, by key (keys never used are
     * absent): how a caller finds the transfer of one of its own requests.
     */
    async transferIdsByKeys(
      source: string,
      keys: readonly string[],
      trx?: Database,
    ): Promise<Map<string, number>> {
      const rows = await repo.transferIdsByKeys(source, keys, trx);
      return new Map(rows.map((r) => [r.idempotency_key, r.id]));
    },

    /** Every system account with its derived balance (reads all transfers: for reports and checks). */
    systemBalances(trx?: Database): Promise<{ code: string; balance: number }[]> {
      return repo.systemBalances(trx);
    },

    /**
     * Sums of the transfers of the given codes in [from, to) by the site's day or month (in
     * `range.zone`), code and
     * the account of the side named per code (a system account's code such as `house:<provider>`,
     * null for a member account): the back office's reports.
     */
    periodTotals(
      range: { from: Date; to: Date; unit: 'day' | 'month'; zone: string },
      sides: Readonly<Record<string, 'debit' | 'credit' | null>>,
      trx?: Database,
    ): Promise<{ period: string; code: string; account: string | null; amount: number; n: number }[]> {
      return repo.periodTotals(range, sides, trx);
    },

    /**
     * Checks the ledger's invariants on one snapshot (repeatable read when it opens its own
     * transaction). Reads every transfer: for tests, benchmarks and operators' audits.
     */
    async checkInvariants(trx?: Database): Promise<InvariantReport> {
      const run = async (t: Database): Promise<InvariantReport> => {
        const violations: string[] = [];
        const totals = await repo.accountTotals(t);
        if (totals.total !== '0') {
          violations.push(
            `sum over all accounts is ${totals.total}, not 0 (members ${totals.member_total}, system ${totals.system_total})`,
          );
        }
        if (totals.transfers_net !== '0')
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
}
