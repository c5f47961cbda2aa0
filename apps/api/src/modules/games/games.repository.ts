import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isStorableCheckViolation } from '../../db/storable.ts';
import { preparedStatement } from '../../db/prepared.ts';
import type { PreparedTransfer } from '../ledger/ledger.service.ts';
import type {
  GamesTable,
  ProviderKind,
  ProvidersTable,
  RoundsTable,
  WalletAction,
  WalletCallsTable,
  WalletMode,
} from '../../db/schema.ts';

export type ProviderRow = Selectable<ProvidersTable>;
export type GameRow = Selectable<GamesTable>;
export type RoundRow = Selectable<RoundsTable>;
export type WalletCallRow = Selectable<WalletCallsTable>;

export interface NewProvider {
  code: string;
  kind: ProviderKind;
  name: string;
  nameKo: string | null;
  wallet: WalletMode;
  launchUrl: string;
  apiUrl: string | null;
  secretEnc: string;
  imgUrl: string;
  enabled: boolean;
  jackpot: boolean;
  /** The operator's maximum per wallet call; the column's default when absent (0016). */
  maxAmount?: number;
}

export interface ProviderChange {
  name?: string;
  name_ko?: string;
  img_url?: string;
  launch_url?: string;
  api_url?: string | null;
  wallet?: WalletMode;
  jackpot?: boolean;
  secret_enc?: string;
  enabled?: boolean;
  maint_from?: string | null;
  maint_to?: string | null;
  max_amount?: number;
}

export interface NewWalletCall {
  provider: string;
  transactionId: string;
  action: WalletAction;
  requestHash: string;
  memberId: number;
  roundId: string;
  amount: number;
  referenceId: string | null;
  outcome: string;
}

/** What the wallet's database functions answer (migration 0006). */
export interface WalletFunctionRow {
  status: string;
  balance: number | null;
  replayed: boolean;
}

/**
 * A refusal raised by a wallet function (SQLSTATE P0001, the status as its message, the member's
 * cash as its detail when the answer carries it): the statement, and the transaction it ran in,
 * kept nothing.
 */
export class WalletRefused extends Error {
  readonly row: WalletFunctionRow;
  constructor(row: WalletFunctionRow) {
    super(row.status);
    this.row = row;
  }
}

function refusalOf(error: unknown): WalletRefused | undefined {
  // A total past the storable maximum that the function did not check itself (a round's `bet`).
  if (isStorableCheckViolation(error))
    return new WalletRefused({ status: 'RS_ERROR_LIMIT_EXCEEDED', balance: null, replayed: false });
  const e = error as { code?: unknown; message?: unknown; detail?: unknown };
  if (e?.code !== 'P0001' || typeof e.message !== 'string' || !/^RS_ERROR_[A-Z_]+$/.test(e.message))
    return undefined;
  const balance = typeof e.detail === 'string' && /^\d+$/.test(e.detail) ? Number(e.detail) : null;
  return new WalletRefused({ status: e.message, balance, replayed: false });
}

/** Runs a wallet function's statement; its raised refusal becomes a WalletRefused. */
async function walletStatement(
  run: () => Promise<{ rows: WalletFunctionRow[] }>,
): Promise<WalletFunctionRow> {
  try {
    return (await run()).rows[0]!;
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
}

// The wallet's hot statements (decision 0011), named prepared statements on PostgreSQL.
const walletBetStatement = preparedStatement<WalletFunctionRow>(
  'wallet_bet_call',
  `select status, balance, replayed from wallet_bet($1::text, $2::text, $3::text, $4::bigint,
     $5::text, $6::text, $7::bigint, $8::text, $9::timestamptz, $10::bigint, $11::jsonb, $12::jsonb,
     $13::text, $14::date)`,
);
const walletWinStatement = preparedStatement<WalletFunctionRow>(
  'wallet_win_call',
  `select status, balance, replayed from wallet_win($1::text, $2::text, $3::text, $4::bigint,
     $5::text, $6::text, $7::bigint, $8::boolean, $9::timestamptz, $10::jsonb, $11::text, $12::date)`,
);

/** A bet as `wallet_bet` takes it (migration 0021). */
export interface WalletBetCall {
  provider: string;
  transactionId: string;
  requestHash: string;
  memberId: number;
  roundId: string;
  gameCode: string;
  amount: number;
  tokenHash: string;
  at: Date;
  tokenTtlMs: number;
  transfer: PreparedTransfer | null;
  comp: PreparedTransfer | null;
  /** The provider's kind for the day row of stakes (`member_day_stakes`), null: counts nothing. */
  kind: ProviderKind | null;
  /** The call's day in the site's time zone (YYYY-MM-DD). */
  day: string;
}

/** A win as `wallet_win` takes it (migration 0021). */
export interface WalletWinCall {
  provider: string;
  transactionId: string;
  requestHash: string;
  memberId: number;
  roundId: string;
  gameCode: string;
  amount: number;
  close: boolean;
  at: Date;
  transfer: PreparedTransfer | null;
  kind: ProviderKind | null;
  day: string;
}

/** One call of a group commit (`wallet_batch`, migration 0031). */
export type WalletBatchCall = ({ action: 'bet' } & WalletBetCall) | ({ action: 'win' } & WalletWinCall);

interface WalletBatchRow {
  i: number;
  status: string | null;
  balance: number | null;
  replayed: boolean | null;
  err_state: string | null;
  err_message: string | null;
  err_detail: string | null;
  err_constraint: string | null;
}

const walletBatchStatement = preparedStatement<WalletBatchRow>(
  'wallet_batch_call',
  `select i, status, balance, replayed, err_state, err_message, err_detail, err_constraint
   from wallet_batch($1::jsonb)`,
);

/** A call of a batch as `wallet_batch` reads it: the arguments of `wallet_bet`/`wallet_win` by name. */
function batchJson(call: WalletBatchCall): Record<string, unknown> {
  const common = {
    action: call.action,
    provider: call.provider,
    tx: call.transactionId,
    hash: call.requestHash,
    member: call.memberId,
    round: call.roundId,
    game: call.gameCode,
    amount: call.amount,
    at: call.at.toISOString(),
    transfer: call.transfer,
    kind: call.kind,
    day: call.day,
  };
  return call.action === 'bet'
    ? { ...common, tokenHash: call.tokenHash, tokenTtlMs: call.tokenTtlMs, comp: call.comp }
    : { ...common, close: call.close };
}

/** One game of a provider's catalog. */
function gameOf(trx: Database, provider: string, code: string) {
  return trx.selectFrom('games').selectAll().where('provider', '=', provider).where('code', '=', code);
}

/** SQL of the catalog (`providers`, `games`), the provider `rounds` and the `wallet_calls`. */
export function createGamesRepository(db: Database) {
  return {
    async insertProvider(p: NewProvider, trx: Database = db): Promise<boolean> {
      const result = await trx
        .insertInto('providers')
        .values({
          code: p.code,
          kind: p.kind,
          name: p.name,
          name_ko: p.nameKo,
          wallet: p.wallet,
          launch_url: p.launchUrl,
          api_url: p.apiUrl,
          secret_enc: p.secretEnc,
          img_url: p.imgUrl,
          enabled: p.enabled,
          jackpot: p.jackpot,
          ...(p.maxAmount !== undefined ? { max_amount: p.maxAmount } : {}),
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    async provider(code: string, trx: Database = db): Promise<ProviderRow | undefined> {
      return trx.selectFrom('providers').selectAll().where('code', '=', code).executeTakeFirst();
    },

    async providerForUpdate(code: string, trx: Database): Promise<ProviderRow | undefined> {
      return trx.selectFrom('providers').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
    },

    async updateProvider(code: string, change: ProviderChange, at: Date, trx: Database): Promise<void> {
      await trx
        .updateTable('providers')
        .set({ ...change, updated_at: at })
        .where('code', '=', code)
        .execute();
    },

    async providers(trx: Database = db): Promise<ProviderRow[]> {
      return trx.selectFrom('providers').selectAll().orderBy('sort_order').orderBy('code').execute();
    },

    async games(provider?: string, trx: Database = db): Promise<GameRow[]> {
      let query = trx.selectFrom('games').selectAll();
      if (provider !== undefined) query = query.where('provider', '=', provider);
      return query.orderBy('provider').orderBy('sort_order').orderBy('code').execute();
    },

    async game(provider: string, code: string, trx: Database = db): Promise<GameRow | undefined> {
      return gameOf(trx, provider, code).executeTakeFirst();
    },

    async gameForUpdate(provider: string, code: string, trx: Database): Promise<GameRow | undefined> {
      return gameOf(trx, provider, code).forUpdate().executeTakeFirst();
    },

    async insertGame(
      g: {
        provider: string;
        code: string;
        nameKo: string;
        nameEn: string;
        imgUrl: string;
        enabled: boolean;
        order: number;
      },
      trx: Database = db,
    ): Promise<boolean> {
      const result = await trx
        .insertInto('games')
        .values({
          provider: g.provider,
          code: g.code,
          name_ko: g.nameKo,
          name_en: g.nameEn,
          img_url: g.imgUrl,
          enabled: g.enabled,
          sort_order: g.order,
        })
        .onConflict((oc) => oc.columns(['provider', 'code']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    async updateGame(
      provider: string,
      code: string,
      change: Partial<{
        name_ko: string;
        name_en: string;
        img_url: string;
        enabled: boolean;
        sort_order: number;
      }>,
      trx: Database,
    ): Promise<void> {
      if (Object.keys(change).length === 0) return;
      await trx
        .updateTable('games')
        .set(change)
        .where('provider', '=', provider)
        .where('code', '=', code)
        .execute();
    },

    /** A bet in one statement (`wallet_bet`, migration 0006); a refusal throws WalletRefused. */
    async walletBet(bet: WalletBetCall, trx: Database = db): Promise<WalletFunctionRow> {
      return walletStatement(() =>
        trx.executeQuery(
          walletBetStatement([
            bet.provider,
            bet.transactionId,
            bet.requestHash,
            bet.memberId,
            bet.roundId,
            bet.gameCode,
            bet.amount,
            bet.tokenHash,
            bet.at,
            bet.tokenTtlMs,
            bet.transfer && JSON.stringify(bet.transfer),
            bet.comp && JSON.stringify(bet.comp),
            bet.kind,
            bet.day,
          ]),
        ),
      );
    },

    /** A win in one statement (`wallet_win`, migration 0006); a refusal throws WalletRefused. */
    async walletWin(win: WalletWinCall, trx: Database = db): Promise<WalletFunctionRow> {
      return walletStatement(() =>
        trx.executeQuery(
          walletWinStatement([
            win.provider,
            win.transactionId,
            win.requestHash,
            win.memberId,
            win.roundId,
            win.gameCode,
            win.amount,
            win.close,
            win.at,
            win.transfer && JSON.stringify(win.transfer),
            win.kind,
            win.day,
          ]),
        ),
      );
    },

    /**
     * Bets and wins in one statement and one transaction (`wallet_batch`, migration 0031, decision
     * 0029), applied in the given order, each as `walletBet`/`walletWin` would apply it alone: an
     * answer or a WalletRefused per call (a refused call kept nothing, its neighbours are kept). Any
     * other error fails the whole batch (nothing kept): the caller then applies the calls one at a
     * time. Not in a transaction of the caller's: the batch is its own.
     */
    async walletBatch(calls: readonly WalletBatchCall[]): Promise<PromiseSettledResult<WalletFunctionRow>[]> {
      const { rows } = await db.executeQuery(walletBatchStatement([JSON.stringify(calls.map(batchJson))]));
      if (rows.length !== calls.length)
        throw new Error(`wallet_batch: ${rows.length} rows for ${calls.length} calls`);
      const results: PromiseSettledResult<WalletFunctionRow>[] = new Array(calls.length);
      for (const row of rows) {
        if (row.err_state === null)
          results[row.i] = {
            status: 'fulfilled',
            value: { status: row.status!, balance: row.balance, replayed: row.replayed! },
          };
        else {
          const error = {
            code: row.err_state,
            message: row.err_message,
            detail: row.err_detail ?? undefined,
            constraint: row.err_constraint ?? undefined,
          };
          results[row.i] = { status: 'rejected', reason: refusalOf(error) ?? error };
        }
      }
      return results;
    },

    /**
     * Records a wallet call under its (provider, transactionId), or returns the row already there
     * (`inserted: false`). Two calls with one id serialize on the primary key: the second waits for
     * the first's transaction and then sees its row.
     */
    async claimCall(call: NewWalletCall, trx: Database): Promise<{ inserted: boolean; row: WalletCallRow }> {
      const inserted = await trx
        .insertInto('wallet_calls')
        .values({
          provider: call.provider,
          transaction_id: call.transactionId,
          action: call.action,
          request_hash: call.requestHash,
          member_id: call.memberId,
          round_id: call.roundId,
          amount: call.amount,
          reference_id: call.referenceId,
          outcome: call.outcome,
        })
        .onConflict((oc) => oc.columns(['provider', 'transaction_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { inserted: true, row: inserted };
      const row = await trx
        .selectFrom('wallet_calls')
        .selectAll()
        .where('provider', '=', call.provider)
        .where('transaction_id', '=', call.transactionId)
        .executeTakeFirstOrThrow();
      return { inserted: false, row };
    },

    async callForUpdate(
      provider: string,
      transactionId: string,
      trx: Database,
    ): Promise<WalletCallRow | undefined> {
      return trx
        .selectFrom('wallet_calls')
        .selectAll()
        .where('provider', '=', provider)
        .where('transaction_id', '=', transactionId)
        .forUpdate()
        .executeTakeFirst();
    },

    async settleCall(
      provider: string,
      transactionId: string,
      change: Partial<{
        outcome: string;
        rolled_back: boolean;
        comp_points: number;
        jackpot_share: number;
      }>,
      trx: Database,
    ): Promise<void> {
      await trx
        .updateTable('wallet_calls')
        .set(change)
        .where('provider', '=', provider)
        .where('transaction_id', '=', transactionId)
        .execute();
    },

    /** Adds to a round's totals, opening the round on its first call; returns the round. */
    async addToRound(
      r: {
        provider: string;
        roundId: string;
        memberId: number;
        gameCode: string;
        bet?: number;
        win?: number;
        rolledBack?: number;
        close?: boolean;
      },
      at: Date,
      trx: Database,
    ): Promise<void> {
      const bet = r.bet ?? 0;
      const win = r.win ?? 0;
      const rolledBack = r.rolledBack ?? 0;
      await sql`
        insert into rounds (provider, round_id, member_id, game_code, bet, win, rolled_back, closed, created_at, updated_at)
        values (${r.provider}, ${r.roundId}, ${r.memberId}::bigint, ${r.gameCode}, ${bet}::bigint, ${win}::bigint,
          ${rolledBack}::bigint, ${r.close ?? false}, ${at}, ${at})
        on conflict (provider, round_id) do update set
          bet = rounds.bet + excluded.bet,
          win = rounds.win + excluded.win,
          rolled_back = rounds.rolled_back + excluded.rolled_back,
          closed = rounds.closed or excluded.closed,
          updated_at = excluded.updated_at`.execute(trx);
    },

    /**
     * A jackpot won by a bet counts as a win of the bet's day row (`member_day_stakes`): the same
     * member, day, kind, partner and rates epoch that `wallet_bet` wrote for that bet (a bet that
     * counted nothing, as on a transfer-wallet provider, adds nothing).
     */
    async addDayWins(
      bet: { provider: string; transactionId: string; day: string; kind: ProviderKind; amount: number },
      trx: Database,
    ): Promise<void> {
      await sql`
        insert into member_day_stakes as s (member_id, day, kind, partner_id, rates_epoch, wins)
        select w.member_id, ${bet.day}::date, ${bet.kind}, w.stake_partner, w.stake_epoch, ${bet.amount}::bigint
        from wallet_calls w
        where w.provider = ${bet.provider} and w.transaction_id = ${bet.transactionId}
          and w.stake_partner is not null and w.stake_epoch is not null
        on conflict (member_id, day, kind, partner_id, rates_epoch)
        do update set wins = s.wins + excluded.wins`.execute(trx);
    },

    /** Moves a rolled-back bet from `bet` to `rolled_back` in its round. */
    async rollBackInRound(
      provider: string,
      roundId: string,
      amount: number,
      at: Date,
      trx: Database,
    ): Promise<void> {
      await trx
        .updateTable('rounds')
        .set((eb) => ({
          bet: eb('bet', '-', amount),
          rolled_back: eb('rolled_back', '+', amount),
          updated_at: at,
        }))
        .where('provider', '=', provider)
        .where('round_id', '=', roundId)
        .execute();
    },

    /**
     * A rolled-back bet leaves the day row of stakes it was added to (`member_day_stakes`, 0021):
     * the same member, day, kind, partner and rates epoch that `wallet_bet` wrote. A rollback after
     * the bet's day also writes its `member_day_late` row (0027), when the member was a partner's.
     */
    async unstake(
      row: {
        memberId: number;
        day: string;
        kind: ProviderKind;
        partnerId: number;
        epoch: number;
        amount: number;
        /** The rollback came after the bet's day: journaled for the partners' settlements (0027). */
        late?: { at: Date } | undefined;
      },
      trx: Database,
    ): Promise<void> {
      await sql`
        insert into member_day_stakes as s (member_id, day, kind, partner_id, rates_epoch, stakes)
        values (${row.memberId}, ${row.day}::date, ${row.kind}, ${row.partnerId}, ${row.epoch}, ${-row.amount})
        on conflict (member_id, day, kind, partner_id, rates_epoch)
        do update set stakes = s.stakes + excluded.stakes`.execute(trx);
      if (row.late && row.partnerId !== 0)
        await trx
          .insertInto('member_day_late')
          .values({
            member_id: row.memberId,
            day: row.day,
            kind: row.kind,
            partner_id: row.partnerId,
            rates_epoch: row.epoch,
            stakes: -row.amount,
            created_at: row.late.at,
          })
          .execute();
    },

    /**
     * Stakes (bets that stand) and wins per member, site day and game kind over inclusive days,
     * optionally of some members only: `member_day_stakes` summed over its other key columns.
     */
    async memberDayStakes(
      query: { from: string; to: string; memberIds?: readonly number[] },
      trx: Database = db,
    ): Promise<{ memberId: number; day: string; kind: ProviderKind; stakes: number; wins: number }[]> {
      const members = query.memberIds;
      if (members && members.length === 0) return [];
      const { rows } = await sql<{
        memberId: number;
        day: string;
        kind: ProviderKind;
        stakes: number;
        wins: number;
      }>`
        select s.member_id as "memberId", s.day::text as day, s.kind,
               sum(s.stakes)::bigint as stakes, sum(s.wins)::bigint as wins
        from member_day_stakes s
        where s.day between ${query.from}::date and ${query.to}::date
          ${members ? sql`and s.member_id = any(${members.map(Number)}::bigint[])` : sql``}
        group by s.member_id, s.day, s.kind
        order by s.member_id, s.day, s.kind`.execute(trx);
      return rows;
    },

    /**
     * Stakes and wins over inclusive days per partner (0: none), day, game kind and rates epoch, of
     * the given partners' members: one set-based read of the day rows for a settlement (never a
     * scan of wallet calls).
     */
    async partnerStakes(
      query: { from: string; to: string; partnerIds: readonly number[] },
      trx: Database = db,
    ): Promise<
      { partnerId: number; day: string; kind: ProviderKind; epoch: number; stakes: number; wins: number }[]
    > {
      if (query.partnerIds.length === 0) return [];
      const { rows } = await sql<{
        partnerId: number;
        day: string;
        kind: ProviderKind;
        epoch: number;
        stakes: number;
        wins: number;
      }>`
        select s.partner_id as "partnerId", s.day::text as day, s.kind, s.rates_epoch as epoch,
               sum(s.stakes)::bigint as stakes, sum(s.wins)::bigint as wins
        from member_day_stakes s
        where s.day between ${query.from}::date and ${query.to}::date
          and s.partner_id = any(${query.partnerIds.map(Number)}::bigint[])
        group by s.partner_id, s.day, s.kind, s.rates_epoch`.execute(trx);
      return rows;
    },

    /** How many distinct members of the given partners have a day row over inclusive days. */
    async partnerPlayers(
      query: { from: string; to: string; partnerIds: readonly number[] },
      trx: Database = db,
    ): Promise<number> {
      if (query.partnerIds.length === 0) return 0;
      const { rows } = await sql<{ n: number }>`
        select count(distinct s.member_id)::int as n from member_day_stakes s
        where s.day between ${query.from}::date and ${query.to}::date
          and s.partner_id = any(${query.partnerIds.map(Number)}::bigint[])`.execute(trx);
      return rows[0]?.n ?? 0;
    },

    async round(provider: string, roundId: string, trx: Database = db): Promise<RoundRow | undefined> {
      return trx
        .selectFrom('rounds')
        .selectAll()
        .where('provider', '=', provider)
        .where('round_id', '=', roundId)
        .executeTakeFirst();
    },

    async roundCalls(provider: string, roundId: string, trx: Database = db): Promise<WalletCallRow[]> {
      return trx
        .selectFrom('wallet_calls')
        .selectAll()
        .where('provider', '=', provider)
        .where('round_id', '=', roundId)
        .orderBy('created_at')
        .orderBy('transaction_id')
        .execute();
    },

    /** A member's rounds, newest first, with the game's names. */
    async memberRounds(memberId: number, paging: { limit: number; offset: number }, trx: Database = db) {
      const [rows, count] = await Promise.all([
        trx
          .selectFrom('rounds as r')
          .leftJoin('games as g', (j) =>
            j.onRef('g.provider', '=', 'r.provider').onRef('g.code', '=', 'r.game_code'),
          )
          .select([
            'r.id',
            'r.provider',
            'r.round_id',
            'r.game_code',
            'r.bet',
            'r.win',
            'r.created_at',
            'g.name_ko',
            'g.name_en',
          ])
          .where('r.member_id', '=', memberId)
          .orderBy('r.id', 'desc')
          .limit(paging.limit)
          .offset(paging.offset)
          .execute(),
        trx
          .selectFrom('rounds')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, maxCount: Number(count.n) };
    },

    /**
     * The member's loss at the provider wallet since each start: the bets that stand (not rolled
     * back) minus the wins, by the calls' time (docs/protection.md; `wallet_bet` of migration 0015
     * computes the same within its bet).
     */
    async lossSince(
      memberId: number,
      starts: { day: Date; week: Date; month: Date },
      trx: Database = db,
    ): Promise<{ day: number; week: number; month: number }> {
      const signed = sql`case when action = 'bet' then amount else -amount end`;
      const row = await trx
        .selectFrom('wallet_calls')
        .select([
          sql<number>`coalesce(sum(${signed}) filter (where created_at >= ${starts.day}), 0)::bigint`.as(
            'day',
          ),
          sql<number>`coalesce(sum(${signed}) filter (where created_at >= ${starts.week}), 0)::bigint`.as(
            'week',
          ),
          sql<number>`coalesce(sum(${signed}), 0)::bigint`.as('month'),
        ])
        .where('member_id', '=', memberId)
        .where('created_at', '>=', starts.month)
        .where('action', 'in', ['bet', 'win'])
        .where('outcome', '=', 'RS_OK')
        .where('rolled_back', '=', false)
        .executeTakeFirstOrThrow();
      return { day: row.day, week: row.week, month: row.month };
    },
  };
}
