import { sql, type Kysely } from 'kysely';

// Player protection (issue 14, docs/protection.md): deposit and loss limits, breaks (time-outs and
// self-exclusion) and the reality-check interval.
//
// `play_limits`: every change of a limit is a row (the history operators see). The limit in force
// for (member, kind, period) at time t is the latest row with effective_at <= t that is not
// cancelled; `amount` null means none. A pending increase or removal is a row with effective_at in
// the future; a later decrease cancels the pending rows of its (kind, period).
//
// `member_breaks`: a break in force is one whose `until` is null (permanent) or later than now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table play_limits (
      id bigint generated always as identity primary key,
      member_id bigint not null references members (id),
      kind text not null check (kind in ('deposit', 'loss')),
      period text not null check (period in ('day', 'week', 'month')),
      amount bigint check (amount is null or amount > 0),
      requested_at timestamptz not null,
      effective_at timestamptz not null,
      cancelled_at timestamptz
    )`.execute(db);
  await sql`create index play_limits_member on play_limits (member_id, kind, period, effective_at desc, id desc)`.execute(
    db,
  );

  await sql`
    create table member_breaks (
      id bigint generated always as identity primary key,
      member_id bigint not null references members (id),
      kind text not null check (kind in ('time_out', 'self_exclusion')),
      period text not null,
      started_at timestamptz not null,
      until timestamptz
    )`.execute(db);
  await sql`create index member_breaks_member_until on member_breaks (member_id, until)`.execute(db);

  await sql`alter table members add column reality_check_minutes smallint not null default 0`.execute(db);

  // The deposit limits read a member's deposit requests of the last 30 days (hidden ones included),
  // the loss limits the member's bets and wins (docs/protection.md).
  await sql`create index deposit_requests_member_at on deposit_requests (member_id, created_at)`.execute(db);
  await sql`create index withdraw_requests_member_at on withdraw_requests (member_id, created_at)`.execute(
    db,
  );
  await sql`create index wallet_calls_member_at on wallet_calls (member_id, created_at)`.execute(db);

  // The wallet's bet (0006) with the player-protection checks, and the bet's and the win's row
  // stamped with the call's time (p_now, the service's clock) so the rolling windows follow one clock.
  // - A member under a break (member_breaks in force at p_now) is refused RS_ERROR_USER_DISABLED.
  // - When the member has a loss limit in force, the member's cash account is locked (the ledger
  //   locks it next anyway: the same lock order as before) and the loss of each window, the bets
  //   that stand minus the wins since p_now - window, this bet included, is compared with its
  //   limit; beyond any limit the bet is refused RS_ERROR_LIMIT_EXCEEDED and nothing is kept.
  //   Parallel bets of one member serialize on that lock, and each statement after it sees the
  //   bets committed before it (READ COMMITTED, a fresh snapshot per statement in PL/pgSQL).
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

      -- The call's row first, complete (a refusal below undoes it): two calls with one
      -- transactionId serialize here.
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

      -- The round is one member's.
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
          if v_t.outcome <> 'applied' then
            raise exception 'wallet_bet: the comp transfer answered %', v_t.outcome using errcode = 'XX000';
          end if;
        end if;
      end if;
      return query select 'RS_OK'::text, v_balance, false;
    end
    $$`.execute(db);

  // The win (0006), unchanged but for its row's time (p_now, as the bet's).
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
      returning rounds.bet, rounds.rolled_back into v_round;
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

      if p_win is not null then
        select * into v_t from ledger_transfer_prepared(p_win);
        if v_t.outcome <> 'applied' then
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
