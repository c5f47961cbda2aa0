import { sql, type Kysely } from 'kysely';

// Daily stake aggregates (issue 25, decision 0021): `member_day_stakes` holds, per member, day (the
// wallet call's day in the site's time zone), game kind (the provider's kind), the member's partner
// when the call was made (0: none) and the partners' rates version in force (`rates_epoch`), the
// bets that stand and the wins paid. The wallet's bet and win functions add to the member's own row
// in the statement that moves the money (one upsert on the member's row: no shared hot row); a
// rollback subtracts from the row its bet was added to (`wallet_calls.stake_partner` and
// `stake_epoch` remember which). Transfer-wallet providers count nothing (`p_kind` null).
//
// "A rate change counts from the moment it is made": every change of any partner's rates bumps the
// one `partner_rates_epoch` row in the transaction that changes them (the wallet only reads it), and
// the partners' rate history says which rates each epoch had. A stake counts at the rates of the
// epoch its transaction saw, so the settlement joins the aggregates to the history by epoch.
//
// Readers always `sum(stakes)`, `sum(wins)` grouped by what they need (the key may grow).
// Providers gain the kind `mini` (docs/providers.md, docs/api/backoffice-partners.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table providers drop constraint if exists providers_kind_check`.execute(db);
  await sql`alter table providers add constraint providers_kind_check
    check (kind in ('casino', 'slot', 'sport', 'mini'))`.execute(db);

  // The member's partner (a partner's operator id; the partners table and its foreign key come in 0022).
  await sql`
    alter table members
      add column partner_id bigint,
      add constraint members_partner_id_storable check (partner_id between -9007199254740991 and 9007199254740991)
  `.execute(db);
  await sql`create index members_partner_id_idx on members (partner_id) where partner_id is not null`.execute(
    db,
  );

  await sql`
    create table partner_rates_epoch (
      one boolean primary key default true check (one),
      epoch integer not null default 1 check (epoch >= 1)
    )`.execute(db);
  await sql`insert into partner_rates_epoch (one, epoch) values (true, 1)`.execute(db);

  await sql`
    create table member_day_stakes (
      member_id bigint not null references members (id) deferrable initially immediate,
      day date not null,
      kind text not null check (kind in ('casino', 'slot', 'sport', 'mini')),
      partner_id bigint not null default 0,
      rates_epoch integer not null,
      stakes bigint not null default 0,
      wins bigint not null default 0,
      primary key (member_id, day, kind, partner_id, rates_epoch),
      constraint member_day_stakes_member_id_storable check (member_id between -9007199254740991 and 9007199254740991),
      constraint member_day_stakes_partner_id_storable check (partner_id between -9007199254740991 and 9007199254740991),
      constraint member_day_stakes_stakes_storable check (stakes between -9007199254740991 and 9007199254740991),
      constraint member_day_stakes_wins_storable check (wins between -9007199254740991 and 9007199254740991)
    )`.execute(db);
  // The settlement reads a period's rows by partner; the daily readers by day.
  await sql`create index member_day_stakes_day_idx on member_day_stakes (day, partner_id)`.execute(db);

  await sql`
    alter table wallet_calls
      add column stake_partner bigint,
      add column stake_epoch integer,
      add constraint wallet_calls_stake_partner_storable check (stake_partner between -9007199254740991 and 9007199254740991)
  `.execute(db);

  await sql`drop function wallet_bet(text, text, text, bigint, text, text, bigint, text, timestamptz, bigint, jsonb, jsonb)`.execute(
    db,
  );
  await sql`drop function wallet_win(text, text, text, bigint, text, text, bigint, boolean, timestamptz, jsonb)`.execute(
    db,
  );

  await sql`
    create function wallet_bet(
      p_provider text, p_tx text, p_hash text, p_member bigint, p_round text, p_game text,
      p_amount bigint, p_token_hash text, p_now timestamptz, p_token_ttl_ms bigint,
      p_bet jsonb, p_comp jsonb, p_kind text, p_day date
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
      v_partner bigint;
      v_epoch integer;
    begin
      select m.state, coalesce(m.partner_id, 0) into v_state, v_partner from members m where m.id = p_member;
      if not found then
        raise exception 'RS_ERROR_WRONG_TYPES';
      end if;
      -- The rates version in force (read, never written, by the wallet: no shared hot row).
      if p_kind is not null then
        select e.epoch into v_epoch from partner_rates_epoch e;
      else
        v_partner := null;
      end if;

      -- The call's row first, complete (a refusal below undoes it, and the wallet service then
      -- records the refusal in its place): two calls with one transactionId serialize here.
      insert into wallet_calls (provider, transaction_id, action, request_hash, member_id, round_id, amount,
        outcome, comp_points, created_at, stake_partner, stake_epoch)
      values (p_provider, p_tx, 'bet', p_hash, p_member, p_round, p_amount, 'RS_OK',
        coalesce((p_comp->>'amount')::bigint, 0), p_now, v_partner, v_epoch)
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
        -- The bet stands: the member's own day row of stakes (one upsert, no shared row).
        if p_kind is not null then
          insert into member_day_stakes as s (member_id, day, kind, partner_id, rates_epoch, stakes)
          values (p_member, p_day, p_kind, v_partner, v_epoch, p_amount)
          on conflict (member_id, day, kind, partner_id, rates_epoch)
          do update set stakes = s.stakes + excluded.stakes;
        end if;
      end if;
      return query select 'RS_OK'::text, v_balance, false;
    end
    $$`.execute(db);

  // The win (0016) that also adds a paid win to the member's day row.
  await sql`
    create function wallet_win(
      p_provider text, p_tx text, p_hash text, p_member bigint, p_round text, p_game text,
      p_amount bigint, p_close boolean, p_now timestamptz, p_win jsonb, p_kind text, p_day date
    ) returns table (status text, balance bigint, replayed boolean)
    language plpgsql as $$
    declare
      v_call record;
      v_round record;
      v_t record;
      v_partner bigint;
      v_epoch integer;
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
      -- The win paid: the member's own day row of wins (one upsert, no shared row).
      if p_kind is not null and p_amount > 0 then
        select coalesce(m.partner_id, 0) into v_partner from members m where m.id = p_member;
        select e.epoch into v_epoch from partner_rates_epoch e;
        insert into member_day_stakes as s (member_id, day, kind, partner_id, rates_epoch, wins)
        values (p_member, p_day, p_kind, v_partner, v_epoch, p_amount)
        on conflict (member_id, day, kind, partner_id, rates_epoch)
        do update set wins = s.wins + excluded.wins;
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
