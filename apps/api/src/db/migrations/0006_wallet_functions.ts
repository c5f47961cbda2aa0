import { sql, type Kysely } from 'kysely';

// The provider wallet's bet and win as one database call each (decision 0011): a wallet call made
// a dozen round trips from Node (the call's row, the token, the round, two transfers, the balance),
// and on a small machine each round trip, not the work, was what limited the wallet. Each function
// does exactly what the Node code did, in the same lock order (the call's row, the token, the
// round, then the member's accounts through the ledger), and moves money only through
// `ledger_transfer` with transfers the ledger service prepared and checked (`prepareTransfer`).
export async function up(db: Kysely<unknown>): Promise<void> {
  // The ledger's own helper: applies a transfer prepared by the ledger service.
  await sql`
    create function ledger_transfer_prepared(p jsonb)
    returns table (outcome text, transfer_id bigint, hold_id bigint, request_hash text, debit_balance bigint)
    language sql as $$
      select * from ledger_transfer(
        (p->>'debitMember')::bigint, p->>'debitKind', (p->>'debitAccount')::bigint,
        (p->>'creditMember')::bigint, p->>'creditKind', (p->>'creditAccount')::bigint,
        (p->>'amount')::bigint, p->>'code', p->>'source', p->>'key', p->>'hash', p->'meta', false)
    $$`.execute(db);

  // A bet. Answers RS_OK with the member's cash, or a replay's first answer
  // (`replayed`). A refusal is raised as an error (SQLSTATE P0001, the status as its message, the
  // member's cash as its detail when the answer carries it), so the whole statement, the call's row
  // included, is undone: the provider may send the same transactionId again later. Raising rather
  // than catching spares every bet a subtransaction.
  await sql`
    create function wallet_bet(
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
    begin
      select m.state into v_state from members m where m.id = p_member;
      if not found then
        raise exception 'RS_ERROR_WRONG_TYPES';
      end if;

      -- The call's row first, complete (a refusal below undoes it): two calls with one
      -- transactionId serialize here.
      insert into wallet_calls (provider, transaction_id, action, request_hash, member_id, round_id, amount,
        outcome, comp_points)
      values (p_provider, p_tx, 'bet', p_hash, p_member, p_round, p_amount, 'RS_OK',
        coalesce((p_comp->>'amount')::bigint, 0))
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

  // A win: paid whatever the member's state and without a live token. A round whose every bet was
  // rolled back pays nothing and keeps that answer (RS_ERROR_TRANSACTION_ROLLED_BACK) for retries.
  // A win for another member's round is raised as a refusal, like a bet's.
  await sql`
    create function wallet_win(
      p_provider text, p_tx text, p_hash text, p_member bigint, p_round text, p_game text,
      p_amount bigint, p_close boolean, p_now timestamptz, p_win jsonb
    ) returns table (status text, balance bigint, replayed boolean)
    language plpgsql as $$
    declare
      v_call record;
      v_round record;
      v_t record;
    begin
      insert into wallet_calls (provider, transaction_id, action, request_hash, member_id, round_id, amount, outcome)
      values (p_provider, p_tx, 'win', p_hash, p_member, p_round, p_amount, 'RS_OK')
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
