import { sql, type Kysely } from 'kysely';

// Nothing is committed that the platform cannot read back (issue 22, docs/ledger.md "Storable
// amounts"). Every int8 the server reads becomes a JS number, exact only up to
// Number.MAX_SAFE_INTEGER (2^53 - 1); `parseInt8` refuses anything beyond rather than lose won, so
// one balance past it made every page that reads it answer 500. From here on:
//
// - every bigint column of the platform's tables carries a CHECK `<table>_<column>_storable`
//   (-(2^53 - 1) .. 2^53 - 1): balances, pools, round totals, amounts, ids alike; a test fails
//   when a later migration adds a bigint column without one;
// - `ledger_transfer` answers `limit` (nothing written) when the credit side's balance would pass
//   2^53 - 1, the way it answers `balance` when the debit side's would go below zero;
// - the wallet's bet and win raise RS_ERROR_LIMIT_EXCEEDED (with the member's cash) for that answer,
//   so the call is refused whole; a CHECK caught anywhere else in a wallet call becomes the same
//   refusal in the wallet service;
// - a provider carries the operator's maximum per wallet call (`max_amount`: 10,000,000,000 won
//   unless the owner sets another, at most 1,000,000,000,000): a bet or win above it is refused
//   RS_ERROR_WRONG_TYPES before anything runs. Its ceiling keeps the totals that the dashboard and
//   the reports add up (a day's wins, a month's bets) thousands of calls away from 2^53 - 1.
const DEFAULT_MAX_PER_CALL = '10000000000';
const CEILING_MAX_PER_CALL = '1000000000000';
const MAX_STORABLE = '9007199254740991';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `alter table providers add column max_amount bigint not null default ${DEFAULT_MAX_PER_CALL}
        check (max_amount between 1 and ${CEILING_MAX_PER_CALL})`,
    )
    .execute(db);

  // One CHECK per bigint column of the platform's own tables (the studio's `studio_*` tables and
  // Kysely's bookkeeping are not the platform's).
  await sql
    .raw(
      `
    do $$
    declare
      c record;
    begin
      for c in
        select col.table_name, col.column_name
        from information_schema.columns col
        join information_schema.tables t
          on t.table_schema = col.table_schema and t.table_name = col.table_name and t.table_type = 'BASE TABLE'
        where col.table_schema = current_schema() and col.data_type = 'bigint'
          and col.table_name not like 'studio\\_%' and col.table_name not like 'kysely\\_%'
        order by col.table_name, col.column_name
      loop
        execute format('alter table %I add constraint %I check (%I between -${MAX_STORABLE} and ${MAX_STORABLE})',
          c.table_name, c.table_name || '_' || c.column_name || '_storable', c.column_name);
      end loop;
    end
    $$`,
    )
    .execute(db);

  // The ledger's transfer (0002) with one more refusal: `limit` when the credit side is a member
  // account whose balance would pass 2^53 - 1. Checked under the same row locks as `balance`.
  await sql`
    create or replace function ledger_transfer(
      p_debit_member bigint, p_debit_kind text, p_debit_account bigint,
      p_credit_member bigint, p_credit_kind text, p_credit_account bigint,
      p_amount bigint, p_code text, p_source text, p_key text, p_hash text, p_meta jsonb,
      p_open_hold boolean
    ) returns table (outcome text, transfer_id bigint, hold_id bigint, request_hash text, debit_balance bigint)
    language plpgsql as $$
    declare
      v_debit bigint := p_debit_account;
      v_credit bigint := p_credit_account;
      v_debit_balance bigint;
      v_credit_balance bigint;
      v_id bigint;
      v_hold bigint;
      r record;
    begin
      -- A used key answers at once, before any lock.
      select t.id, t.hold_id, t.request_hash into r from transfers t where t.source = p_source and t.idempotency_key = p_key;
      if found then
        return query select 'exists'::text, r.id, r.hold_id, r.request_hash, null::bigint;
        return;
      end if;

      -- Member sides are locked in ascending id order (the ledger's one lock order); system sides
      -- are never locked.
      for r in
        select a.id, a.member_id, a.kind, a.balance from accounts a
        where (a.member_id = p_debit_member and a.kind = p_debit_kind)
           or (a.member_id = p_credit_member and a.kind = p_credit_kind)
        order by a.id
        for update
      loop
        if r.member_id = p_debit_member and r.kind = p_debit_kind then
          v_debit := r.id;
          v_debit_balance := r.balance;
        end if;
        if r.member_id = p_credit_member and r.kind = p_credit_kind then
          v_credit := r.id;
          v_credit_balance := r.balance;
        end if;
      end loop;
      if v_debit is null then
        return query select 'no_debit'::text, null::bigint, null::bigint, null::text, null::bigint;
        return;
      end if;
      if v_credit is null then
        return query select 'no_credit'::text, null::bigint, null::bigint, null::text, null::bigint;
        return;
      end if;

      if v_debit_balance < p_amount
         or (v_credit_balance is not null and v_credit_balance > 9007199254740991 - p_amount) then
        -- The transaction this one waited for may have applied the same key.
        select t.id, t.hold_id, t.request_hash into r from transfers t where t.source = p_source and t.idempotency_key = p_key;
        if found then
          return query select 'exists'::text, r.id, r.hold_id, r.request_hash, null::bigint;
        elsif v_debit_balance < p_amount then
          return query select 'balance'::text, null::bigint, null::bigint, null::text, v_debit_balance;
        else
          return query select 'limit'::text, null::bigint, null::bigint, null::text, v_debit_balance;
        end if;
        return;
      end if;

      if p_open_hold then
        v_hold := nextval(pg_get_serial_sequence('holds', 'id'));
      end if;
      insert into transfers (debit_account_id, credit_account_id, amount, code, source, idempotency_key, request_hash,
                             hold_id, debit_balance_after, credit_balance_after, meta)
      values (v_debit, v_credit, p_amount, p_code, p_source, p_key, p_hash,
              v_hold, v_debit_balance - p_amount, v_credit_balance + p_amount, p_meta)
      on conflict (source, idempotency_key) do nothing
      returning id into v_id;
      if v_id is null then
        -- A concurrent writer of the same key committed first (the insert waited for it).
        select t.id, t.hold_id, t.request_hash into r from transfers t where t.source = p_source and t.idempotency_key = p_key;
        return query select 'exists'::text, r.id, r.hold_id, r.request_hash, null::bigint;
        return;
      end if;
      if p_open_hold then
        insert into holds (id, account_id, amount, pending_transfer_id) values (v_hold, v_debit, p_amount, v_id);
      end if;
      if v_debit_balance is not null then
        update accounts set balance = balance - p_amount where id = v_debit;
      end if;
      if v_credit_balance is not null then
        update accounts set balance = balance + p_amount where id = v_credit;
      end if;
      return query select 'applied'::text, v_id, v_hold, p_hash, v_debit_balance - p_amount;
    end
    $$`.execute(db);

  // The wallet's bet (0015) with the ledger's `limit` answer as a refusal.
  await sql`
    create or replace function wallet_bet(
      p_provider text, p_tx text, p_hash text, p_member bigint, p_round text, p_game text,
      p_amount bigint, p_token_hash text, p_now timestamptz, p_token_ttl_ms bigint,
      p_bet jsonb, p_comp jsonb
    ) returns table (status text, balance bigint, replayed boolean)
    language plpgsql as $$
    declare
      v_state text;
      v_call record;
      v_token record;
      v_round_member bigint;
      v_t record;
      v_balance bigint;
      v_ttl interval := make_interval(secs => p_token_ttl_ms / 1000.0);
      v_limit record;
      v_loss record;
    begin
      select m.state into v_state from members m where m.id = p_member;
      if not found then
        raise exception 'RS_ERROR_WRONG_TYPES';
      end if;

      -- The call's row first, complete (a refusal below undoes it, and the wallet service then
      -- records the refusal in its place): two calls with one transactionId serialize here.
      insert into wallet_calls (provider, transaction_id, action, request_hash, member_id, round_id, amount,
        outcome, comp_points, created_at)
      values (p_provider, p_tx, 'bet', p_hash, p_member, p_round, p_amount, 'RS_OK',
        coalesce((p_comp->>'amount')::bigint, 0), p_now)
      on conflict (provider, transaction_id) do nothing;
      if not found then
        select w.action, w.request_hash, w.member_id, w.outcome into v_call
        from wallet_calls w where w.provider = p_provider and w.transaction_id = p_tx;
        if v_call.action = 'mark' then
          -- A rollback came first and left its mark: this bet is void and moves nothing.
          return query select 'RS_ERROR_TRANSACTION_ROLLED_BACK'::text,
            (select a.balance from accounts a where a.member_id = p_member and a.kind = 'cash'), false;
        elsif v_call.request_hash <> p_hash then
          return query select 'RS_ERROR_DUPLICATE_TRANSACTION'::text, null::bigint, false;
        else
          return query select v_call.outcome::text,
            (select a.balance from accounts a where a.member_id = v_call.member_id and a.kind = 'cash'), true;
        end if;
        return;
      end if;

      select s.id, s.subject_id, s.expires_at, s.last_active_at into v_token from sessions s
      where s.token_hash = p_token_hash and s.subject_kind = 'game' and s.provider = p_provider;
      if not found or v_token.subject_id <> p_member or p_now >= v_token.expires_at then
        raise exception 'RS_ERROR_INVALID_TOKEN';
      end if;
      if v_state <> 'active' then
        raise exception 'RS_ERROR_USER_DISABLED';
      end if;
      -- A time-out or self-exclusion in force (docs/protection.md).
      if exists (select 1 from member_breaks b
                 where b.member_id = p_member and b.started_at <= p_now and (b.until is null or b.until > p_now)) then
        raise exception 'RS_ERROR_USER_DISABLED';
      end if;
      -- A use extends the token to 12 hours from now (written at most once a minute).
      if p_now - v_token.last_active_at >= interval '1 minute' then
        update sessions set last_active_at = p_now, expires_at = p_now + v_ttl
        where id = v_token.id and expires_at < p_now + v_ttl;
      end if;

      -- The round is one member's. A round total past 2^53 - 1 fails its CHECK (rounds_bet_storable),
      -- which the wallet service answers RS_ERROR_LIMIT_EXCEEDED.
      insert into rounds (provider, round_id, member_id, game_code, bet, created_at, updated_at)
      values (p_provider, p_round, p_member, p_game, p_amount, p_now, p_now)
      on conflict (provider, round_id) do update
        set bet = rounds.bet + excluded.bet, updated_at = excluded.updated_at
        where rounds.member_id = excluded.member_id
      returning rounds.member_id into v_round_member;
      if v_round_member is null then
        raise exception 'RS_ERROR_WRONG_TYPES';
      end if;

      if p_bet is null then
        select a.balance into v_balance from accounts a where a.member_id = p_member and a.kind = 'cash';
      else
        -- The loss limits in force: per period, the latest row in effect that is not cancelled.
        select
          max(l.amount) filter (where l.period = 'day') as day,
          max(l.amount) filter (where l.period = 'week') as week,
          max(l.amount) filter (where l.period = 'month') as month
        into v_limit
        from (
          select distinct on (p.period) p.period, p.amount from play_limits p
          where p.member_id = p_member and p.kind = 'loss' and p.effective_at <= p_now and p.cancelled_at is null
          order by p.period, p.effective_at desc, p.id desc
        ) l;
        if v_limit.day is not null or v_limit.week is not null or v_limit.month is not null then
          perform 1 from accounts a where a.member_id = p_member and a.kind = 'cash' for update;
          select
            coalesce(sum(case when w.action = 'bet' then w.amount else -w.amount end)
              filter (where w.created_at >= p_now - interval '24 hours'), 0) as day,
            coalesce(sum(case when w.action = 'bet' then w.amount else -w.amount end)
              filter (where w.created_at >= p_now - interval '168 hours'), 0) as week,
            coalesce(sum(case when w.action = 'bet' then w.amount else -w.amount end), 0) as month
          into v_loss
          from wallet_calls w
          where w.member_id = p_member and w.created_at >= p_now - interval '720 hours'
            and w.action in ('bet', 'win') and w.outcome = 'RS_OK' and not w.rolled_back;
          if v_loss.day > v_limit.day or v_loss.week > v_limit.week or v_loss.month > v_limit.month then
            raise exception 'RS_ERROR_LIMIT_EXCEEDED' using detail =
              (select a.balance from accounts a where a.member_id = p_member and a.kind = 'cash')::text;
          end if;
        end if;

        select * into v_t from ledger_transfer_prepared(p_bet);
        if v_t.outcome = 'balance' then
          raise exception 'RS_ERROR_NOT_ENOUGH_MONEY' using detail = v_t.debit_balance::text;
        elsif v_t.outcome <> 'applied' then
          raise exception 'wallet_bet: the bet transfer answered %', v_t.outcome using errcode = 'XX000';
        end if;
        v_balance := v_t.debit_balance;
        if p_comp is not null then
          select * into v_t from ledger_transfer_prepared(p_comp);
          if v_t.outcome = 'limit' then
            -- The member's comp points would pass 2^53 - 1: the bet is refused whole (and its
            -- debit undone with it: the cash answered is the cash before the bet).
            raise exception 'RS_ERROR_LIMIT_EXCEEDED' using detail = (v_balance + (p_bet->>'amount')::bigint)::text;
          elsif v_t.outcome <> 'applied' then
            raise exception 'wallet_bet: the comp transfer answered %', v_t.outcome using errcode = 'XX000';
          end if;
        end if;
      end if;
      return query select 'RS_OK'::text, v_balance, false;
    end
    $$`.execute(db);

  // The win (0015) with the ledger's `limit` answer as a refusal: a win that would take the member's
  // cash past 2^53 - 1 is refused whole.
  await sql`
    create or replace function wallet_win(
      p_provider text, p_tx text, p_hash text, p_member bigint, p_round text, p_game text,
      p_amount bigint, p_close boolean, p_now timestamptz, p_win jsonb
    ) returns table (status text, balance bigint, replayed boolean)
    language plpgsql as $$
    declare
      v_call record;
      v_round record;
      v_t record;
    begin
      insert into wallet_calls (provider, transaction_id, action, request_hash, member_id, round_id, amount, outcome,
        created_at)
      values (p_provider, p_tx, 'win', p_hash, p_member, p_round, p_amount, 'RS_OK', p_now)
      on conflict (provider, transaction_id) do nothing;
      if not found then
        select w.request_hash, w.member_id, w.outcome into v_call
        from wallet_calls w where w.provider = p_provider and w.transaction_id = p_tx;
        if v_call.request_hash <> p_hash then
          return query select 'RS_ERROR_DUPLICATE_TRANSACTION'::text, null::bigint, false;
        else
          return query select v_call.outcome::text,
            (select a.balance from accounts a where a.member_id = v_call.member_id and a.kind = 'cash'), true;
        end if;
        return;
      end if;

      -- Locks the round, or opens it (a win may come without a bet, as free spins do).
      insert into rounds (provider, round_id, member_id, game_code, created_at, updated_at)
      values (p_provider, p_round, p_member, p_game, p_now, p_now)
      on conflict (provider, round_id) do update set updated_at = excluded.updated_at
        where rounds.member_id = excluded.member_id
      returning rounds.bet, rounds.win, rounds.rolled_back into v_round;
      if not found then
        -- The round is another member's: nothing is kept.
        raise exception 'RS_ERROR_WRONG_TYPES';
      end if;
      if v_round.bet = 0 and v_round.rolled_back > 0 then
        update wallet_calls set outcome = 'RS_ERROR_TRANSACTION_ROLLED_BACK'
        where provider = p_provider and transaction_id = p_tx;
        return query select 'RS_ERROR_TRANSACTION_ROLLED_BACK'::text,
          (select a.balance from accounts a where a.member_id = p_member and a.kind = 'cash'), false;
        return;
      end if;
      if v_round.win > 9007199254740991 - p_amount then
        raise exception 'RS_ERROR_LIMIT_EXCEEDED' using detail =
          (select a.balance from accounts a where a.member_id = p_member and a.kind = 'cash')::text;
      end if;

      if p_win is not null then
        select * into v_t from ledger_transfer_prepared(p_win);
        if v_t.outcome = 'limit' then
          raise exception 'RS_ERROR_LIMIT_EXCEEDED' using detail =
            (select a.balance from accounts a where a.member_id = p_member and a.kind = 'cash')::text;
        elsif v_t.outcome <> 'applied' then
          raise exception 'wallet_win: the win transfer answered %', v_t.outcome using errcode = 'XX000';
        end if;
      end if;
      update rounds set win = win + p_amount, closed = closed or p_close, updated_at = p_now
      where provider = p_provider and round_id = p_round;
      return query select 'RS_OK'::text,
        (select a.balance from accounts a where a.member_id = p_member and a.kind = 'cash'), false;
    end
    $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
