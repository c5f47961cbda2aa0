import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type {
  GameTransferDirection,
  GameTransferState,
  GameTransfersTable,
  TransferWalletsTable,
} from '../../db/schema.ts';

export type GameTransferRow = Selectable<GameTransfersTable>;
export type TransferWalletRow = Selectable<TransferWalletsTable>;

/** SQL of the transfer-wallet tables (`game_transfers`, `transfer_wallets`). */
export function createTransferRepository(db: Database) {
  return {
    /**
     * Records a new pending move, or returns undefined when the member already has one pending
     * with this provider (moves of one member and provider run one at a time).
     */
    async insertPending(
      move: {
        memberId: number;
        provider: string;
        direction: GameTransferDirection;
        amount: number | null;
        nextCheckAt: Date;
        at: Date;
      },
      trx: Database,
    ): Promise<GameTransferRow | undefined> {
      return (
        trx
          .insertInto('game_transfers')
          .values({
            member_id: move.memberId,
            provider: move.provider,
            direction: move.direction,
            amount: move.amount,
            next_check_at: move.nextCheckAt,
            created_at: move.at,
          })
          // The partial unique index (member, provider) where pending: a second move waits for the
          // first's transaction and then inserts nothing.
          .onConflict((oc) =>
            // A literal predicate: the index is inferred when the statement is planned, before parameters.
            oc
              .columns(['member_id', 'provider'])
              .where(sql<boolean>`state = 'pending'`)
              .doNothing(),
          )
          .returningAll()
          .executeTakeFirst()
      );
    },

    async setHold(id: number, holdId: number, trx: Database): Promise<void> {
      await trx.updateTable('game_transfers').set({ hold_id: holdId }).where('id', '=', id).execute();
    },

    async forUpdate(id: number, trx: Database): Promise<GameTransferRow | undefined> {
      return trx.selectFrom('game_transfers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async finish(
      id: number,
      change: { state: 'done' | 'failed'; amount?: number; lastError?: string | null },
      at: Date,
      trx: Database,
    ): Promise<void> {
      await trx
        .updateTable('game_transfers')
        .set({
          state: change.state,
          settled_at: at,
          ...(change.amount !== undefined ? { amount: change.amount } : {}),
          ...(change.lastError !== undefined ? { last_error: change.lastError } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    async noteUnknown(id: number, error: string, nextCheckAt: Date, trx: Database = db): Promise<void> {
      await trx
        .updateTable('game_transfers')
        .set({ last_error: error.slice(0, 500), next_check_at: nextCheckAt })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .execute();
    },

    /**
     * Leases pending moves that are due: their next check moves to `leaseUntil` and their attempts
     * go up by one, in one statement that skips rows another instance is leasing at that moment.
     */
    async leaseDue(
      at: Date,
      leaseUntil: Date,
      limit: number,
      trx: Database = db,
    ): Promise<GameTransferRow[]> {
      const result = await sql<GameTransferRow>`
        update game_transfers set next_check_at = ${leaseUntil}, attempts = attempts + 1
        where id in (
          select id from game_transfers
          where state = 'pending' and next_check_at <= ${at}
          order by next_check_at limit ${limit}
          for update skip locked
        )
        returning *`.execute(trx);
      return result.rows;
    },

    async list(
      options: { state: GameTransferState | undefined; limit: number; offset: number },
      trx: Database = db,
    ) {
      let rows = trx.selectFrom('game_transfers').selectAll();
      let count = trx.selectFrom('game_transfers').select((eb) => eb.fn.countAll<number>().as('n'));
      if (options.state !== undefined) {
        rows = rows.where('state', '=', options.state);
        count = count.where('state', '=', options.state);
      }
      const [list, total] = await Promise.all([
        rows.orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return { rows: list, maxCount: Number(total.n) };
    },

    /** The member's wallet at a provider, locked (created at 0 on the first move). */
    async walletForUpdate(memberId: number, provider: string, trx: Database): Promise<TransferWalletRow> {
      await trx
        .insertInto('transfer_wallets')
        .values({ member_id: memberId, provider })
        .onConflict((oc) => oc.columns(['member_id', 'provider']).doNothing())
        .execute();
      return trx
        .selectFrom('transfer_wallets')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('provider', '=', provider)
        .forUpdate()
        .executeTakeFirstOrThrow();
    },

    async setWallet(
      memberId: number,
      provider: string,
      change: { principal?: number; lastBalance?: number | null; checkedAt?: Date },
      trx: Database = db,
    ): Promise<void> {
      await trx
        .updateTable('transfer_wallets')
        .set({
          ...(change.principal !== undefined ? { principal: change.principal } : {}),
          ...(change.lastBalance !== undefined ? { last_balance: change.lastBalance } : {}),
          ...(change.checkedAt !== undefined ? { checked_at: change.checkedAt } : {}),
        })
        .where('member_id', '=', memberId)
        .where('provider', '=', provider)
        .execute();
    },

    /** The providers with a move of the member still pending. */
    async pendingProviders(memberId: number, trx: Database = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('game_transfers')
        .select('provider')
        .where('member_id', '=', memberId)
        .where('state', '=', 'pending')
        .execute();
      return rows.map((r) => r.provider);
    },

    /** The member's wallets at transfer providers. */
    async wallets(memberId: number, trx: Database = db): Promise<TransferWalletRow[]> {
      return trx
        .selectFrom('transfer_wallets')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('provider')
        .execute();
    },

    /** What members hold at a provider in all (a provider cannot leave the transfer mode while > 0). */
    async principalAt(provider: string, trx: Database = db): Promise<number> {
      const row = await trx
        .selectFrom('transfer_wallets')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('principal'), sql<number>`0`).as('total'))
        .where('provider', '=', provider)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}
