import type { Database } from '../../db/database.ts';
import type { GameTransferState } from '../../db/schema.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { MembersService } from '../members/members.service.ts';
import type { LimitsService } from '../protection/limits.service.ts';
import { isLedgerError, type LedgerService } from '../ledger/ledger.service.ts';
import { createGamesRepository, type ProviderRow } from './games.repository.ts';
import { isInMaintenance } from './provider-state.ts';
import { createHttpTransferAdapter, TransferUnknown, type TransferAdapter } from './transfer-adapter.ts';
import { createTransferRepository, type GameTransferRow } from './transfer.repository.ts';

export interface TransferDeps {
  db: Database;
  ledger: LedgerService;
  secrets: SecretBox;
  members: Pick<MembersService, 'userIdsOf'>;
  /** Player protection: no move in during a break or with a loss limit reached (docs/protection.md). */
  limits: Pick<LimitsService, 'mayTransferIn'>;
  /** The site's time zone (config SITE_TIME_ZONE): the wall clock of the providers' maintenance windows. */
  zone: string;
  now: () => Date;
  /** How long a provider has to answer before the outcome counts as unknown (ms). */
  timeoutMs: number;
  /** The adapter of a provider; by default the platform's own transfer API over HTTP. */
  adapterFor?: (provider: ProviderRow, secret: string, timeoutMs: number) => TransferAdapter;
}

/** A member as the transfer wallet needs them. */
export interface TransferMember {
  memberId: number;
  userId: string;
}

const SOURCE = 'games';
/** A leased pending move is not looked at again for this long (another instance may be on it). */
const LEASE_MS = 60_000;
/** Waits between the reconciler's checks of one move: 5 s doubling up to 10 minutes. */
const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);

type Refused = 'balance' | 'time' | 'fail' | 'blocked';

class MoveRefused extends Error {
  readonly status: Refused;
  constructor(status: Refused) {
    super(status);
    this.status = status;
  }
}

/**
 * The transfer wallet (docs/providers.md section 5, docs/api/member-calls.md "Transfer-wallet providers"): a
 * provider that keeps its own balance for the member. Moving money in holds it in the ledger first
 * (`game_transfer_hold`), then asks the provider; the hold is posted to the member's `game` account when the
 * provider says it took the money, returned when it refused, and left pending when the answer never came.
 * Moving money out asks the provider for the member's whole balance and credits what it paid back: the part
 * the platform had moved in from the `game` account, the member's result against the provider's house
 * account. A pending move is settled or returned by the reconciler, which asks the provider what became of it
 * (`status`), so nothing is lost or counted twice whether the provider times out, fails after taking the
 * money, or answers late.
 */
export function createTransferService(deps: TransferDeps) {
  const { db, ledger, secrets, members, limits, zone, now, timeoutMs } = deps;
  const games = createGamesRepository(db);
  const repo = createTransferRepository(db);
  const adapterFor =
    deps.adapterFor ??
    ((provider: ProviderRow, secret: string, timeout: number) =>
      createHttpTransferAdapter({ apiUrl: provider.api_url ?? '', secret, timeoutMs: timeout }));
  /** A fresh move is left to the request that made it until its call has surely ended. */
  const graceMs = timeoutMs + 5_000;

  function adapterOf(provider: ProviderRow): TransferAdapter {
    return adapterFor(provider, secrets.open(provider.secret_enc), timeoutMs);
  }

  async function transferProvider(code: string): Promise<ProviderRow | undefined> {
    const provider = await games.provider(code);
    return provider && provider.wallet === 'transfer' ? provider : undefined;
  }

  /** The provider took the money: the hold goes to the member's game account. */
  async function settleIn(id: number, lastBalance: number | undefined): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const move = await repo.forUpdate(id, trx);
      if (!move || move.state !== 'pending' || move.direction !== 'in' || move.hold_id === null) return;
      const wallet = await repo.walletForUpdate(move.member_id, move.provider, trx);
      await ledger.postHold(
        move.hold_id,
        {
          credit: { memberId: move.member_id, kind: 'game' },
          code: 'game_transfer_in',
          idempotencyKey: `game-transfer-in:${id}`,
          source: SOURCE,
          meta: { provider: move.provider, transfer: id },
        },
        trx,
      );
      await repo.setWallet(
        move.member_id,
        move.provider,
        {
          principal: wallet.principal + (move.amount ?? 0),
          ...(lastBalance !== undefined ? { lastBalance, checkedAt: now() } : {}),
        },
        trx,
      );
      await repo.finish(id, { state: 'done', lastError: null }, now(), trx);
    });
  }

  /** The provider never took the money: the hold returns to the member's cash. */
  async function failIn(id: number, reason: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const move = await repo.forUpdate(id, trx);
      if (!move || move.state !== 'pending' || move.direction !== 'in') return;
      if (move.hold_id !== null)
        await ledger.voidHold(
          move.hold_id,
          {
            code: 'game_transfer_void',
            idempotencyKey: `game-transfer-void:${id}`,
            source: SOURCE,
            meta: { provider: move.provider, transfer: id, reason },
          },
          trx,
        );
      await repo.finish(id, { state: 'failed', lastError: reason }, now(), trx);
    });
  }

  /**
   * The provider paid back `amount`: what the platform had moved in comes back from the game
   * account, and the difference is the member's result against the provider's house.
   */
  async function settleOut(id: number, amount: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const move = await repo.forUpdate(id, trx);
      if (!move || move.state !== 'pending' || move.direction !== 'out') return;
      const wallet = await repo.walletForUpdate(move.member_id, move.provider, trx);
      const principal = wallet.principal;
      const member = move.member_id;
      const common = { source: SOURCE, meta: { provider: move.provider, transfer: id } };
      const back = Math.min(amount, principal);
      if (back > 0)
        await ledger.transfer(
          {
            debit: { memberId: member, kind: 'game' },
            credit: { memberId: member, kind: 'cash' },
            amount: back,
            code: 'game_transfer_out',
            idempotencyKey: `game-transfer-out:${id}`,
            ...common,
          },
          trx,
        );
      if (amount > principal)
        await ledger.transfer(
          {
            debit: { system: `house:${move.provider}` },
            credit: { memberId: member, kind: 'cash' },
            amount: amount - principal,
            code: 'game_result',
            idempotencyKey: `game-transfer-won:${id}`,
            ...common,
          },
          trx,
        );
      if (amount < principal)
        await ledger.transfer(
          {
            debit: { memberId: member, kind: 'game' },
            credit: { system: `house:${move.provider}` },
            amount: principal - amount,
            code: 'game_result',
            idempotencyKey: `game-transfer-lost:${id}`,
            ...common,
          },
          trx,
        );
      await repo.setWallet(member, move.provider, { principal: 0, lastBalance: 0, checkedAt: now() }, trx);
      await repo.finish(id, { state: 'done', amount, lastError: null }, now(), trx);
    });
  }

  async function failOut(id: number, reason: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const move = await repo.forUpdate(id, trx);
      if (!move || move.state !== 'pending' || move.direction !== 'out') return;
      await repo.finish(id, { state: 'failed', lastError: reason }, now(), trx);
    });
  }

  /** Leaves a move pending for the reconciler, noting why. */
  async function leavePending(move: GameTransferRow, error: unknown, delayMs: number): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await repo.noteUnknown(move.id, message, new Date(now().getTime() + delayMs));
  }

  /** Asks the provider what became of one pending move and settles it accordingly. */
  async function reconcileOne(move: GameTransferRow): Promise<'settled' | 'returned' | 'unknown'> {
    const provider = await games.provider(move.provider);
    if (!provider) return 'unknown';
    try {
      const status = await adapterOf(provider).status({ transferId: String(move.id) });
      if (status.state === 'not_found') {
        if (move.direction === 'in') await failIn(move.id, 'the provider never applied it');
        else await failOut(move.id, 'the provider never applied it');
        return 'returned';
      }
      const expected = move.direction === 'in' ? 'deposit' : 'withdraw';
      if (status.action !== expected)
        throw new TransferUnknown(`status names a ${status.action}, not a ${expected}`);
      if (move.direction === 'in') await settleIn(move.id, undefined);
      else await settleOut(move.id, status.amount);
      return 'settled';
    } catch (error) {
      if (!(error instanceof TransferUnknown)) throw error;
      await leavePending(move, error, backoffMs(move.attempts));
      return 'unknown';
    }
  }

  /**
   * Settles pending moves that are due (at most `limit`), asking each provider what became of
   * them. Several instances may run it at once: each leases different moves.
   */
  async function reconcile(limit = 50): Promise<{ settled: number; returned: number; unknown: number }> {
    const at = now();
    const due = await repo.leaseDue(at, new Date(at.getTime() + LEASE_MS), limit);
    const counts = { settled: 0, returned: 0, unknown: 0 };
    for (const move of due) counts[await reconcileOne(move)] += 1;
    return counts;
  }

  return {
    /**
     * Moves `amount` won (or the member's whole cash) into a transfer provider. `balance`: not
     * enough cash; `time`: the provider's maintenance; `blocked`: the member is under a break or
     * has reached a loss limit (player protection, docs/protection.md); `fail`: not a transfer
     * provider, closed, a move of this wallet still pending, refused, or no answer (then the
     * reconciler settles it).
     */
    async transferIn(
      member: TransferMember,
      company: string,
      amount: number | 'all',
    ): Promise<'success' | Refused> {
      const provider = await transferProvider(company);
      if (!provider || !provider.enabled) return 'fail';
      if (isInMaintenance(provider, now(), zone)) return 'time';
      const allowed = await limits.mayTransferIn(member.memberId, async (starts) => {
        const loss = await games.lossSince(member.memberId, starts);
        return { day: Math.max(0, loss.day), week: Math.max(0, loss.week), month: Math.max(0, loss.month) };
      });
      if (!allowed) return 'blocked';
      let move: GameTransferRow | undefined;
      try {
        move = await db.transaction().execute(async (trx) => {
          const want =
            amount === 'all'
              ? await ledger.accountBalance({ memberId: member.memberId, kind: 'cash' }, trx)
              : amount;
          if (want <= 0) return undefined;
          const at = now();
          const row = await repo.insertPending(
            {
              memberId: member.memberId,
              provider: provider.code,
              direction: 'in',
              amount: want,
              nextCheckAt: new Date(at.getTime() + graceMs),
              at,
            },
            trx,
          );
          if (!row) throw new MoveRefused('fail');
          try {
            const hold = await ledger.createHold(
              {
                memberId: member.memberId,
                amount: want,
                code: 'game_transfer_hold',
                idempotencyKey: `game-transfer:${row.id}`,
                source: SOURCE,
                meta: { provider: provider.code, transfer: row.id },
              },
              trx,
            );
            await repo.setHold(row.id, hold.holdId, trx);
            return { ...row, hold_id: hold.holdId };
          } catch (error) {
            if (isLedgerError(error, 'balance')) throw new MoveRefused('balance');
            throw error;
          }
        });
      } catch (error) {
        if (error instanceof MoveRefused) return error.status;
        throw error;
      }
      if (!move) return 'success';
      try {
        const answer = await adapterOf(provider).deposit({
          userId: member.userId,
          transferId: String(move.id),
          amount: move.amount!,
        });
        if (answer.ok) {
          await settleIn(move.id, answer.balance);
          return 'success';
        }
        await failIn(move.id, answer.refusal);
        return 'fail';
      } catch (error) {
        await leavePending(move, error, graceMs);
        return 'fail';
      }
    },

    /**
     * Brings the member's money back from one transfer provider, or from every one they have a
     * wallet at. `fail` when any could not be brought back now (refused, no answer: a move without
     * an answer is settled by the reconciler).
     */
    async transferOut(member: TransferMember, company?: string): Promise<'success' | 'fail'> {
      // Without a company: every provider holding the member's money, and every one with a move
      // still pending (that one cannot be brought back yet, so the answer is `fail`).
      const codes =
        company !== undefined
          ? [company]
          : [
              ...new Set([
                ...(await repo.wallets(member.memberId))
                  .filter((w) => w.principal > 0 || (w.last_balance ?? 1) > 0)
                  .map((w) => w.provider),
                ...(await repo.pendingProviders(member.memberId)),
              ]),
            ];
      let ok = true;
      for (const code of codes) {
        const provider = await transferProvider(code);
        if (!provider) {
          ok = false;
          continue;
        }
        const at = now();
        const move = await db.transaction().execute((trx) =>
          repo.insertPending(
            {
              memberId: member.memberId,
              provider: provider.code,
              direction: 'out',
              amount: null,
              nextCheckAt: new Date(at.getTime() + graceMs),
              at,
            },
            trx,
          ),
        );
        if (!move) {
          ok = false;
          continue;
        }
        try {
          const answer = await adapterOf(provider).withdraw({
            userId: member.userId,
            transferId: String(move.id),
          });
          if (answer.ok) await settleOut(move.id, answer.amount);
          else {
            await failOut(move.id, answer.refusal);
            ok = false;
          }
        } catch (error) {
          await leavePending(move, error, graceMs);
          ok = false;
        }
      }
      return ok ? 'success' : 'fail';
    },

    /**
     * What the member holds at transfer providers, asked of each (in parallel); `fail` with the
     * last known figures when one did not answer.
     */
    async inGameBalance(member: TransferMember): Promise<{ status: 'success' | 'fail'; gameMoney: number }> {
      const [wallets, pending] = await Promise.all([
        repo.wallets(member.memberId),
        repo.pendingProviders(member.memberId),
      ]);
      const figures = await Promise.all(
        wallets.map(async (w) => {
          const known = w.last_balance ?? w.principal;
          const provider = await transferProvider(w.provider);
          if (!provider) return { ok: false, balance: known };
          try {
            const answer = await adapterOf(provider).balance({ userId: member.userId });
            if (!answer.ok) return { ok: false, balance: known };
            await repo.setWallet(member.memberId, w.provider, {
              lastBalance: answer.balance,
              checkedAt: now(),
            });
            return { ok: true, balance: answer.balance };
          } catch {
            return { ok: false, balance: known };
          }
        }),
      );
      // A move still pending makes any figure uncertain until it is settled.
      return {
        status: pending.length === 0 && figures.every((f) => f.ok) ? 'success' : 'fail',
        gameMoney: figures.reduce((sum, f) => sum + f.balance, 0),
      };
    },

    /** The periodic job `transfer-reconcile` (services.ts, lib/jobs.ts): one run across instances. */
    reconcile,

    /** Moves into and out of transfer providers, newest first, for operators. */
    async list(query: { state?: GameTransferState; page: number; pageSize: number }) {
      const { rows, maxCount } = await repo.list({
        state: query.state,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const userIds = await members.userIdsOf([...new Set(rows.map((r) => r.member_id))]);
      return {
        maxCount,
        list: rows.map((r) => ({
          id: r.id,
          userId: userIds.get(r.member_id) ?? '',
          provider: r.provider,
          direction: r.direction,
          amount: r.amount,
          state: r.state,
          attempts: r.attempts,
          lastError: r.last_error,
          regDate: r.created_at.toISOString(),
          settledDate: r.settled_at?.toISOString() ?? null,
        })),
      };
    },

    /** Whether members still hold money at a provider (it cannot leave the transfer mode then). */
    async holdsMoney(provider: string, trx?: Database): Promise<boolean> {
      return (await repo.principalAt(provider, trx)) > 0;
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
