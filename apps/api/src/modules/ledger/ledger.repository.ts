import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { HoldState } from '../../db/schema.ts';

export const MEMBER_ACCOUNT_KINDS = ['cash', 'comp', 'game'] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];

/**
 * The transfer codes of play (docs/ledger.md "Reading"): a member's leg with one of these, a code
 * starting `game_` (the transfer wallet's moves and results) or any leg of the game-wallet account
 * is game history; every other leg is the history of its account (cash or comp).
 */
export const GAME_CODES = ['bet', 'win', 'rollback', 'jackpot'] as const;

/** A member's ledger leg as the account history shows it (`historyPage`). */
export interface HistoryRow {
  id: number;
  code: string;
  /** Signed: + into the member's account, - out of it. */
  amount: number;
  balance_after: number | null;
  kind: MemberAccountKind;
  meta: Record<string, unknown>;
  created_at: Date;
}

export interface LockedMemberAccount {
  id: number;
  member_id: number;
  kind: string;
  balance: number;
}

/** A transfer row written directly (a hold's resolution). */
export interface TransferRow {
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  code: string;
  source: string;
  idempotencyKey: string;
  requestHash: string;
  holdId: number | null;
  debitBalanceAfter: number | null;
  creditBalanceAfter: number | null;
  metaJson: string;
}

/** A member side is named by (member, kind) and locked; a system side by its id, never locked. */
export type TransferSide = { memberId: number; kind: string } | { accountId: number };

export interface ApplyTransferInput {
  debit: TransferSide;
  credit: TransferSide;
  amount: number;
  code: string;
  source: string;
  idempotencyKey: string;
  requestHash: string;
  metaJson: string;
  /** Also open a hold on the debit member account (the credit is withdraw_hold). */
  openHold: boolean;
}

/**
 * applied: written (transfer_id, hold_id when a hold was opened, debit_balance after it);
 * exists: the key is used (its transfer, hold and request hash); no_debit / no_credit: no such
 * member account; balance: the debit account holds only debit_balance.
 */
export interface ApplyTransferResult {
  outcome: 'applied' | 'exists' | 'no_debit' | 'no_credit' | 'balance' | 'limit';
  transfer_id: number | null;
  hold_id: number | null;
  request_hash: string | null;
  debit_balance: number | null;
}

/** A change to a member account's stored balance, applied only when the transfer was inserted. */
export interface BalanceDelta {
  accountId: number;
  delta: number;
}

export interface StoredTransferKey {
  id: number;
  request_hash: string;
  hold_id: number | null;
}

export interface HoldRow {
  id: number;
  account_id: number;
  amount: number;
  state: HoldState;
  pending_transfer_id: number;
  resolving_transfer_id: number | null;
  created_at: Date;
  resolved_at: Date | null;
  member_id: number;
  kind: string;
}

export interface EntryRow {
  id: number;
  code: string;
  amount: number;
  debit_account_id: number;
  credit_account_id: number;
  debit_balance_after: number | null;
  credit_balance_after: number | null;
  hold_id: number | null;
  meta: Record<string, unknown>;
  created_at: Date;
  /** The member account of this leg, and whether it was the debit side. */
  account_id: number;
  is_debit: boolean;
}

const TRANSFER_COLUMNS = sql.raw(
  'debit_account_id, credit_account_id, amount, code, source, idempotency_key, request_hash, hold_id, debit_balance_after, credit_balance_after, meta',
);

/** The values of one transfer row, in TRANSFER_COLUMNS order, typed for both drivers. */
function transferValues(row: TransferRow): RawBuilder<unknown> {
  return sql`${row.debitAccountId}::bigint, ${row.creditAccountId}::bigint, ${row.amount}::bigint, ${row.code}::text,
    ${row.source}::text, ${row.idempotencyKey}::text, ${row.requestHash}::text, ${row.holdId}::bigint,
    ${row.debitBalanceAfter}::bigint, ${row.creditBalanceAfter}::bigint, ${row.metaJson}::text::jsonb`;
}

/** `update accounts` for the member legs, run only when the transfer CTE `t` inserted its row. */
function balanceUpdate(deltas: BalanceDelta[]): RawBuilder<unknown> {
  if (deltas.length === 0) return sql``;
  const values = sql.join(deltas.map((d) => sql`(${d.accountId}::bigint, ${d.delta}::bigint)`));
  return sql`, u as (
    update accounts set balance = accounts.balance + v.delta
    from (values ${values}) as v (id, delta)
    where accounts.id = v.id and exists (select 1 from t)
    returning accounts.id
  )`;
}

export function createLedgerRepository(db: Database) {
  return {
    async insertMemberAccounts(memberId: number, trx: Database = db): Promise<void> {
      await trx
        .insertInto('accounts')
        .values(MEMBER_ACCOUNT_KINDS.map((kind) => ({ member_id: memberId, kind, balance: 0 })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async memberBalances(memberId: number, trx: Database = db): Promise<Record<MemberAccountKind, number>> {
      const rows = await trx
        .selectFrom('accounts')
        .select(['kind', 'balance'])
        .where('member_id', '=', memberId)
        .execute();
      const balances: Record<MemberAccountKind, number> = { cash: 0, comp: 0, game: 0 };
      for (const row of rows) {
        if ((MEMBER_ACCOUNT_KINDS as readonly string[]).includes(row.kind))
          balances[row.kind as MemberAccountKind] = row.balance;
      }
      return balances;
    },

    async memberAccounts(memberId: number, trx: Database = db): Promise<{ id: number; kind: string }[]> {
      return trx.selectFrom('accounts').select(['id', 'kind']).where('member_id', '=', memberId).execute();
    },

    /** The transfers of a source's idempotency keys. */
    async transferIdsByKeys(source: string, keys: readonly string[], trx: Database = db) {
      if (keys.length === 0) return [];
      return trx
        .selectFrom('transfers')
        .select(['id', 'idempotency_key'])
        .where('source', '=', source)
        .where('idempotency_key', 'in', keys)
        .execute();
    },

    async findSystemAccountId(code: string, trx: Database = db): Promise<number | undefined> {
      const row = await trx.selectFrom('accounts').select('id').where('code', '=', code).executeTakeFirst();
      return row?.id;
    },

    /** Opens a system account; undefined when another transaction opened it first. */
    async insertSystemAccount(code: string, kind: string, trx: Database = db): Promise<number | undefined> {
      const row = await trx
        .insertInto('accounts')
        .values({ kind, code, balance: 0 })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * Locks member accounts by (member, kind) in ascending id order (the ledger's one lock order),
     * returning their current balances. Accounts that do not exist are simply absent.
     */
    async lockMemberAccounts(
      refs: { memberId: number; kind: string }[],
      trx: Database,
    ): Promise<LockedMemberAccount[]> {
      const rows = await trx
        .selectFrom('accounts')
        .select(['id', 'member_id', 'kind', 'balance'])
        .where((eb) =>
          eb.or(refs.map((r) => eb.and([eb('member_id', '=', r.memberId), eb('kind', '=', r.kind)]))),
        )
        .orderBy('id')
        .forUpdate()
        .execute();
      return rows as LockedMemberAccount[];
    },

    async lockMemberAccountById(accountId: number, trx: Database): Promise<LockedMemberAccount | undefined> {
      const row = await trx
        .selectFrom('accounts')
        .select(['id', 'member_id', 'kind', 'balance'])
        .where('id', '=', accountId)
        .where('member_id', 'is not', null)
        .forUpdate()
        .executeTakeFirst();
      return row as LockedMemberAccount | undefined;
    },

    async findTransferByKey(
      source: string,
      idempotencyKey: string,
      trx: Database = db,
    ): Promise<StoredTransferKey | undefined> {
      return trx
        .selectFrom('transfers')
        .select(['id', 'request_hash', 'hold_id'])
        .where('source', '=', source)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    /**
     * One transfer, or the opening of a hold, in one round trip: the `ledger_transfer` function of
     * migration 0002 reads a used key, locks the member side(s) in ascending id order, checks the
     * debit's balance, inserts the transfer (and the hold) and moves the member balances. It is one
     * statement, atomic by itself, so it needs no transaction of its own and runs unchanged inside a
     * caller's. Refusals come back as an outcome, never as an error.
     */
    async applyTransfer(input: ApplyTransferInput, trx: Database): Promise<ApplyTransferResult> {
      const { debit, credit } = input;
      const member = (side: TransferSide) => ('memberId' in side ? side : undefined);
      const result = await sql<ApplyTransferResult>`
        select outcome, transfer_id, hold_id, request_hash, debit_balance from ledger_transfer(
          ${member(debit)?.memberId ?? null}::bigint, ${member(debit)?.kind ?? null}::text,
          ${'accountId' in debit ? debit.accountId : null}::bigint,
          ${member(credit)?.memberId ?? null}::bigint, ${member(credit)?.kind ?? null}::text,
          ${'accountId' in credit ? credit.accountId : null}::bigint,
          ${input.amount}::bigint, ${input.code}::text, ${input.source}::text, ${input.idempotencyKey}::text,
          ${input.requestHash}::text, ${input.metaJson}::text::jsonb, ${input.openHold}::boolean
        )`.execute(trx);
      return result.rows[0]!;
    },

    /**
     * Prepared transfers (`prepareTransfer`'s `PreparedTransfer`) applied in order in one statement,
     * and so in one transaction (`ledger_transfer_batch`, migration 0031, decision 0029): one answer each, as
     * `applyTransfer` answers (refusals are outcomes; an error fails the whole batch, nothing kept).
     */
    async applyPreparedBatch(transfers: readonly object[]): Promise<ApplyTransferResult[]> {
      const result = await sql<ApplyTransferResult & { i: number }>`
        select i, outcome, transfer_id, null::bigint as hold_id, request_hash, debit_balance
        from ledger_transfer_batch(${JSON.stringify(transfers)}::jsonb) order by i`.execute(db);
      if (result.rows.length !== transfers.length)
        throw new Error(
          `ledger_transfer_batch: ${result.rows.length} rows for ${transfers.length} transfers`,
        );
      return result.rows;
    },

    /** Reads a hold without locking it (its account and amount never change). */
    async findHold(holdId: number, trx: Database = db): Promise<HoldRow | undefined> {
      const row = await trx
        .selectFrom('holds')
        .innerJoin('accounts', 'accounts.id', 'holds.account_id')
        .select([
          'holds.id',
          'holds.account_id',
          'holds.amount',
          'holds.state',
          'holds.pending_transfer_id',
          'holds.resolving_transfer_id',
          'holds.created_at',
          'holds.resolved_at',
          'accounts.member_id',
          'accounts.kind',
        ])
        .where('holds.id', '=', holdId)
        .executeTakeFirst();
      return row as HoldRow | undefined;
    },

    async lockHoldState(holdId: number, trx: Database): Promise<HoldState | undefined> {
      const row = await trx
        .selectFrom('holds')
        .select('state')
        .where('id', '=', holdId)
        .forUpdate()
        .executeTakeFirst();
      return row?.state;
    },

    /** Inserts the resolving transfer, marks the hold resolved and credits a member side, in one statement. */
    async insertResolution(
      row: TransferRow,
      holdId: number,
      state: 'posted' | 'voided',
      deltas: BalanceDelta[],
      trx: Database,
    ): Promise<number | undefined> {
      const result = await sql<{ id: number }>`
        with t as (
          insert into transfers (${TRANSFER_COLUMNS}) values (${transferValues(row)})
          on conflict (source, idempotency_key) do nothing
          returning id
        ),
        hu as (
          update holds set state = ${state}::text, resolving_transfer_id = t.id, resolved_at = now()
          from t where holds.id = ${holdId}::bigint
          returning holds.id
        ) ${balanceUpdate(deltas)}
        select id from t`.execute(trx);
      return result.rows[0]?.id;
    },

    /** The latest legs touching any of the accounts, newest first (a transfer between two of them gives two legs). */
    async entries(
      accountIds: number[],
      limit: number,
      beforeId: number | undefined,
      trx: Database = db,
    ): Promise<EntryRow[]> {
      if (accountIds.length === 0) return [];
      const before = beforeId === undefined ? sql`` : sql`and id < ${beforeId}::bigint`;
      const cols = sql.raw(
        'id, code, amount, debit_account_id, credit_account_id, debit_balance_after, credit_balance_after, hold_id, meta, created_at',
      );
      // One index range per account and side, each already in id order; cheaper than an OR.
      const parts = accountIds.flatMap((id) => [
        sql`(select ${cols}, debit_account_id as account_id, true as is_debit from transfers
          where debit_account_id = ${id}::bigint ${before} order by id desc limit ${limit}::int)`,
        sql`(select ${cols}, credit_account_id as account_id, false as is_debit from transfers
          where credit_account_id = ${id}::bigint ${before} order by id desc limit ${limit}::int)`,
      ]);
      const result =
        await sql<EntryRow>`${sql.join(parts, sql` union all `)} order by id desc, is_debit limit ${limit}::int`.execute(
          trx,
        );
      return result.rows;
    },

    /**
     * One page of a member's legs made in [from, to), newest first, with the history kind of each
     * (GAME_CODES), and how many there are in all. `accounts` are the member's accounts.
     */
    async historyPage(
      accounts: readonly { id: number; kind: string }[],
      range: { from: Date; to: Date; kind: MemberAccountKind | undefined },
      page: { offset: number; limit: number },
      trx: Database = db,
    ): Promise<{ rows: HistoryRow[]; total: number }> {
      if (accounts.length === 0) return { rows: [], total: 0 };
      const ids = sql.join(accounts.map((a) => sql`${a.id}::bigint`));
      const gameAccount = accounts.find((a) => a.kind === 'game')?.id ?? 0;
      const games = sql`any(${sql.val([...GAME_CODES])}::text[])`;
      const legs = sql`legs as (
          select id, code, -amount as amount, debit_balance_after as balance_after, debit_account_id as account_id,
                 true as is_debit, meta, created_at
          from transfers
          where debit_account_id in (${ids}) and created_at >= ${range.from} and created_at < ${range.to}
          union all
          select id, code, amount, credit_balance_after, credit_account_id, false, meta, created_at
          from transfers
          where credit_account_id in (${ids}) and created_at >= ${range.from} and created_at < ${range.to}
        ), k as (
          select legs.*,
                 case when legs.code = ${games} or left(legs.code, 5) = 'game_' or legs.account_id = ${gameAccount}::bigint
                      then 'game' else a.kind end as kind
          from legs join accounts a on a.id = legs.account_id
        ), f as (
          select * from k ${range.kind ? sql`where kind = ${range.kind}` : sql``}
        )`;
      const [rows, count] = await Promise.all([
        sql<HistoryRow>`with ${legs}
          select id, code, amount, balance_after, kind, meta, created_at from f
          order by id desc, is_debit
          offset ${page.offset}::int limit ${page.limit}::int`.execute(trx),
        sql<{ n: number }>`with ${legs} select count(*)::int as n from f`.execute(trx),
      ]);
      return {
        rows: rows.rows.map((r) => ({
          ...r,
          amount: Number(r.amount),
          balance_after: r.balance_after === null ? null : Number(r.balance_after),
        })),
        total: Number(count.rows[0]?.n ?? 0),
      };
    },

    /**
     * What the accounts bet and won in the transfers made from `since` on: bets (`bet` out of them,
     * less `rollback` back), wins (`win` and `jackpot` into them), and the transfer wallet's
     * settled results (`game_result`: into them a win, out of them a loss). The lower id bound
     * (the first transfer made from `since` on, found through the BRIN index on `created_at`)
     * keeps the scan to the member's recent transfers.
     */
    async playSince(accountIds: number[], since: Date, trx: Database = db) {
      if (accountIds.length === 0) return { bets: 0, wins: 0 };
      const ids = sql.join(accountIds.map((id) => sql`${id}::bigint`));
      const result = await sql<{ bets: string | number; wins: string | number }>`
        with first as (select min(id) as id from transfers where created_at >= ${since}),
        mine as (
          select code, -amount as amount from transfers
          where debit_account_id in (${ids}) and id >= (select id from first) and created_at >= ${since}
            and code in ('bet', 'game_result')
          union all
          select code, amount from transfers
          where credit_account_id in (${ids}) and id >= (select id from first) and created_at >= ${since}
            and code in ('rollback', 'win', 'jackpot', 'game_result')
        )
        select
          coalesce(-sum(amount) filter (where code in ('bet', 'rollback') or (code = 'game_result' and amount < 0)), 0) as bets,
          coalesce(sum(amount) filter (where code in ('win', 'jackpot') or (code = 'game_result' and amount > 0)), 0) as wins
        from mine`.execute(trx);
      const row = result.rows[0];
      return { bets: Number(row?.bets ?? 0), wins: Number(row?.wins ?? 0) };
    },

    /**
     * The net of the transfers into and out of one account made at or after `at` (credits minus
     * debits): its balance then is its balance now less this. The lower id bound (the first
     * transfer made from `at` on, found through the BRIN index on `created_at`) keeps the scan short.
     */
    async netSince(accountId: number, at: Date, trx: Database = db): Promise<number> {
      const result = await sql<{ net: string | number }>`
        with first as (select min(id) as id from transfers where created_at >= ${at})
        select
          coalesce((select sum(amount) from transfers where credit_account_id = ${accountId}::bigint
            and id >= (select id from first) and created_at >= ${at}), 0)
          - coalesce((select sum(amount) from transfers where debit_account_id = ${accountId}::bigint
            and id >= (select id from first) and created_at >= ${at}), 0) as net`.execute(trx);
      return Number(result.rows[0]?.net ?? 0);
    },

    /** Bets from these accounts and rollbacks to them after a transfer id (index ranges per side). */
    async betsAfter(accountIds: number[], afterId: number, trx: Database = db) {
      if (accountIds.length === 0) return { bets: 0, rollbacks: 0 };
      const ids = sql.join(accountIds.map((id) => sql`${id}::bigint`));
      const result = await sql<{ bets: string | number; rollbacks: string | number }>`
        select
          coalesce((select sum(amount) from transfers
            where debit_account_id in (${ids}) and id > ${afterId}::bigint and code = 'bet'), 0) as bets,
          coalesce((select sum(amount) from transfers
            where credit_account_id in (${ids}) and id > ${afterId}::bigint and code = 'rollback'), 0) as rollbacks`.execute(
        trx,
      );
      const row = result.rows[0];
      return { bets: Number(row?.bets ?? 0), rollbacks: Number(row?.rollbacks ?? 0) };
    },

    /** A system account's balance: credits minus debits over its transfers. */
    async derivedBalance(accountId: number, trx: Database = db): Promise<number> {
      const result = await sql<{ balance: number }>`
        select coalesce((select sum(amount) from transfers where credit_account_id = ${accountId}::bigint), 0)
             - coalesce((select sum(amount) from transfers where debit_account_id = ${accountId}::bigint), 0) as balance`.execute(
        trx,
      );
      return Number(result.rows[0]?.balance ?? 0);
    },

    async systemBalances(trx: Database = db): Promise<{ code: string; balance: number }[]> {
      const result = await sql<{ code: string; balance: number }>`
        with c as (select credit_account_id as id, sum(amount) as s from transfers group by 1),
             d as (select debit_account_id as id, sum(amount) as s from transfers group by 1)
        select a.code, coalesce(c.s, 0) - coalesce(d.s, 0) as balance
        from accounts a left join c on c.id = a.id left join d on d.id = a.id
        where a.member_id is null
        order by a.code`.execute(trx);
      return result.rows.map((r) => ({ code: r.code, balance: Number(r.balance) }));
    },

    /**
     * Sums of the transfers of `codes` made in [from, to), grouped by period (the site's day or month
     * in `range.zone`, `YYYY-MM-DD` or `YYYY-MM`), code and the account on the side `sides` names for the code
     * (the system account's code, or null for a member account or no side). One statement; the
     * range bounds the scan through the BRIN index on `created_at` (migration 0010), the groups are
     * hashed on `date_trunc` (formatting each row's date costs twice the time), and the accounts
     * are looked up once per group, not per transfer.
     */
    async periodTotals(
      range: { from: Date; to: Date; unit: 'day' | 'month'; zone: string },
      sides: Readonly<Record<string, 'debit' | 'credit' | null>>,
      trx: Database = db,
    ): Promise<{ period: string; code: string; account: string | null; amount: number; n: number }[]> {
      const codes = Object.keys(sides);
      if (codes.length === 0) return [];
      const credit = codes.filter((c) => sides[c] === 'credit');
      const debit = codes.filter((c) => sides[c] === 'debit');
      const format = range.unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
      const any = (list: string[]) => sql`any(${sql.val(list.length ? list : [''])}::text[])`;
      type Row = { period: string; code: string; account: string | null; amount: string; n: number };
      const result = await sql<Row>`
        with g as (
          select date_trunc(${sql.lit(range.unit)}, created_at at time zone ${range.zone}) as period,
                 code,
                 case when code = ${any(credit)} then credit_account_id
                      when code = ${any(debit)} then debit_account_id end as account_id,
                 sum(amount)::bigint as amount,
                 count(*)::int as n
          from transfers
          where code = ${any(codes)} and created_at >= ${range.from} and created_at < ${range.to}
          group by 1, 2, 3
        )
        select to_char(g.period, ${format}) as period, g.code, a.code as account, g.amount, g.n
        from g left join accounts a on a.id = g.account_id and a.member_id is null
        order by g.period, g.code, a.code`.execute(trx);
      return result.rows.map((r) => ({ ...r, amount: Number(r.amount), n: Number(r.n) }));
    },

    // --- invariant queries: each returns what is wrong, so an empty answer means it holds ---

    /**
     * The books' totals, as decimal strings: a sum over every account may pass
     * Number.MAX_SAFE_INTEGER (two members at the storable maximum do) though no stored value can.
     */
    async accountTotals(
      trx: Database,
    ): Promise<{ total: string; transfers_net: string; member_total: string; system_total: string }> {
      const result = await sql<{
        total: string;
        transfers_net: string;
        member_total: string;
        system_total: string;
      }>`
        with c as (select credit_account_id as id, sum(amount) as s from transfers group by 1),
             d as (select debit_account_id as id, sum(amount) as s from transfers group by 1),
             b as (
               select a.member_id is not null as is_member, a.balance, coalesce(c.s, 0) - coalesce(d.s, 0) as derived
               from accounts a left join c on c.id = a.id left join d on d.id = a.id
             )
        select coalesce(sum(case when is_member then balance else derived end), 0)::text as total,
               coalesce(sum(derived), 0)::text as transfers_net,
               coalesce(sum(balance) filter (where is_member), 0)::text as member_total,
               coalesce(sum(derived) filter (where not is_member), 0)::text as system_total
        from b`.execute(trx);
      return result.rows[0]!;
    },

    async memberBalanceMismatches(
      trx: Database,
    ): Promise<{ id: number; member_id: number; kind: string; balance: number; derived: number }[]> {
      const result = await sql<{
        id: number;
        member_id: number;
        kind: string;
        balance: number;
        derived: number;
      }>`
        with c as (select credit_account_id as id, sum(amount) as s from transfers group by 1),
             d as (select debit_account_id as id, sum(amount) as s from transfers group by 1)
        select a.id, a.member_id, a.kind, a.balance, coalesce(c.s, 0) - coalesce(d.s, 0) as derived
        from accounts a left join c on c.id = a.id left join d on d.id = a.id
        where a.member_id is not null and a.balance <> coalesce(c.s, 0) - coalesce(d.s, 0)
        order by a.id limit 20`.execute(trx);
      return result.rows;
    },

    async negativeMemberAccounts(
      trx: Database,
    ): Promise<{ id: number; member_id: number; balance: number }[]> {
      const result = await sql<{ id: number; member_id: number; balance: number }>`
        select id, member_id, balance from accounts where member_id is not null and balance < 0 order by id limit 20`.execute(
        trx,
      );
      return result.rows;
    },

    /** System rows must keep balance 0: their balance is derived, never stored. */
    async storedSystemBalances(trx: Database): Promise<{ code: string; balance: number }[]> {
      const result = await sql<{ code: string; balance: number }>`
        select code, balance from accounts where member_id is null and balance <> 0 order by id limit 20`.execute(
        trx,
      );
      return result.rows;
    },

    async duplicateKeys(trx: Database): Promise<{ source: string; idempotency_key: string; n: number }[]> {
      const result = await sql<{ source: string; idempotency_key: string; n: number }>`
        select source, idempotency_key, count(*) as n from transfers group by 1, 2 having count(*) > 1 limit 20`.execute(
        trx,
      );
      return result.rows;
    },

    /** Replays each member account's legs in id order (its lock order) against the recorded balance_after. */
    async balanceChainBreaks(
      trx: Database,
    ): Promise<{ account_id: number; transfer_id: number; recorded: number | null; replayed: number }[]> {
      const result = await sql<{
        account_id: number;
        transfer_id: number;
        recorded: number | null;
        replayed: number;
      }>`
        with legs as (
          select t.debit_account_id as account_id, t.id, -t.amount as delta, t.debit_balance_after as after
          from transfers t join accounts a on a.id = t.debit_account_id and a.member_id is not null
          union all
          select t.credit_account_id, t.id, t.amount, t.credit_balance_after
          from transfers t join accounts a on a.id = t.credit_account_id and a.member_id is not null
        ),
        run as (select account_id, id, after, sum(delta) over (partition by account_id order by id) as replayed from legs)
        select account_id, id as transfer_id, after as recorded, replayed
        from run where after is distinct from replayed
        order by account_id, id limit 20`.execute(trx);
      return result.rows;
    },

    async systemLegsWithBalanceAfter(trx: Database): Promise<{ id: number }[]> {
      const result = await sql<{ id: number }>`
        select t.id from transfers t
        join accounts d on d.id = t.debit_account_id
        join accounts c on c.id = t.credit_account_id
        where (d.member_id is null and t.debit_balance_after is not null)
           or (c.member_id is null and t.credit_balance_after is not null)
        order by t.id limit 20`.execute(trx);
      return result.rows;
    },

    /** Holds whose transfers do not tell the hold's story exactly; each row says what is wrong. */
    async holdProblems(
      withdrawHoldId: number,
      trx: Database,
    ): Promise<{ hold_id: number; problem: string }[]> {
      const w = sql`${withdrawHoldId}::bigint`;
      const result = await sql<{ hold_id: number; problem: string }>`
        select h.id as hold_id, 'pending transfer does not move the held amount from the member to withdraw_hold' as problem
        from holds h left join transfers p on p.id = h.pending_transfer_id
        where p.id is null or p.hold_id is distinct from h.id or p.debit_account_id <> h.account_id
           or p.credit_account_id <> ${w} or p.amount <> h.amount
        union all
        select h.id, 'resolving transfer does not move the held amount out of withdraw_hold'
        from holds h left join transfers r on r.id = h.resolving_transfer_id
        where h.state <> 'pending' and (r.id is null or r.hold_id is distinct from h.id
           or r.debit_account_id <> ${w} or r.amount <> h.amount)
        union all
        select h.id, 'voided hold not returned to its member account'
        from holds h join transfers r on r.id = h.resolving_transfer_id
        where h.state = 'voided' and r.credit_account_id <> h.account_id
        union all
        select h.id, 'posted hold returned to its own member account'
        from holds h join transfers r on r.id = h.resolving_transfer_id
        where h.state = 'posted' and r.credit_account_id = h.account_id
        union all
        select h.id, 'hold has ' || count(t.id) || ' transfers'
        from holds h left join transfers t on t.hold_id = h.id
        group by h.id, h.state
        having count(t.id) <> case when h.state = 'pending' then 1 else 2 end
        union all
        select t.hold_id, 'transfer ' || t.id || ' names a hold it does not belong to'
        from transfers t join holds h on h.id = t.hold_id
        where t.id <> h.pending_transfer_id and t.id is distinct from h.resolving_transfer_id
        union all
        select 0, 'transfer ' || t.id || ' moves withdraw_hold money outside a hold'
        from transfers t
        where t.hold_id is null and (t.debit_account_id = ${w} or t.credit_account_id = ${w})
        limit 20`.execute(trx);
      return result.rows;
    },

    async pendingHoldTotal(trx: Database): Promise<number> {
      const result = await sql<{ total: number }>`
        select coalesce(sum(amount), 0) as total from holds where state = 'pending'`.execute(trx);
      return Number(result.rows[0]?.total ?? 0);
    },
  };
}
