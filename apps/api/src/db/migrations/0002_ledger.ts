import { sql, type Kysely } from 'kysely';

// The double-entry ledger (docs/ledger.md): immutable transfers between accounts, and two-phase
// holds for withdrawals. Member balances stay on `accounts` (0001); system account balances are
// derived from the transfers, so their rows are never locked or written per transfer.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Holds come first because transfers point at them; the hold's own pointers to its transfers are
  // added once `transfers` exists. A hold's id is taken from its sequence before its pending
  // transfer is written (the transfer names its hold), hence `by default`.
  await db.schema
    .createTable('holds')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'posted', 'voided')`),
    )
    .addColumn('pending_transfer_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('resolving_transfer_id', 'bigint', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    // A pending hold has no resolution; a resolved one has exactly one.
    .addCheckConstraint(
      'holds_resolution',
      sql`(state = 'pending') = (resolving_transfer_id is null) and (state = 'pending') = (resolved_at is null)`,
    )
    .execute();
  await sql`create index holds_account_idx on holds (account_id, id desc)`.execute(db);

  await db.schema
    .createTable('transfers')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('debit_account_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('credit_account_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[a-z][a-z0-9_]{0,39}$'`))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('hold_id', 'bigint')
    // The member side's balance right after this transfer (null on a system side): the history a
    // statement shows, and a chain the invariant check replays.
    .addColumn('debit_balance_after', 'bigint')
    .addColumn('credit_balance_after', 'bigint')
    .addColumn('meta', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('transfers_distinct_accounts', sql`debit_account_id <> credit_account_id`)
    .addUniqueConstraint('transfers_source_key', ['source', 'idempotency_key'])
    .execute();
  // A member's statement and a system account's derived balance both read by account.
  await sql`create index transfers_debit_idx on transfers (debit_account_id, id)`.execute(db);
  await sql`create index transfers_credit_idx on transfers (credit_account_id, id)`.execute(db);
  await sql`create index transfers_hold_idx on transfers (hold_id) where hold_id is not null`.execute(db);

  // Deferred to commit: a hold's pending transfer is written a moment before the hold row it names.
  await sql`alter table transfers add constraint transfers_hold_fk foreign key (hold_id) references holds (id)
    deferrable initially deferred`.execute(db);
  await sql`alter table holds add constraint holds_pending_transfer_fk foreign key (pending_transfer_id) references transfers (id)`.execute(
    db,
  );
  await sql`alter table holds add constraint holds_resolving_transfer_fk foreign key (resolving_transfer_id) references transfers (id)`.execute(
    db,
  );

  // Transfers are facts: corrections are new reversing transfers, never edits. The database refuses
  // edits too, whatever the code above it does.
  await sql`
    create function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only (% refused)', tg_table_name, tg_op using errcode = 'P0001';
    end
    $$`.execute(db);
  await sql`create trigger transfers_no_update_delete before update or delete on transfers
    for each row execute function ledger_append_only()`.execute(db);
  await sql`create trigger transfers_no_truncate before truncate on transfers
    for each statement execute function ledger_append_only()`.execute(db);

  // A hold changes once, from pending to posted or voided, and only its resolution columns change.
  await sql`
    create function ledger_holds_resolve_once() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        raise exception 'holds are never deleted' using errcode = 'P0001';
      end if;
      if old.state <> 'pending' or new.state = 'pending'
         or new.id <> old.id or new.account_id <> old.account_id or new.amount <> old.amount
         or new.pending_transfer_id <> old.pending_transfer_id or new.created_at <> old.created_at then
        raise exception 'hold % resolves once', old.id using errcode = 'P0001';
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger holds_resolve_once before update or delete on holds
    for each row execute function ledger_holds_resolve_once()`.execute(db);
  await sql`create trigger holds_no_truncate before truncate on holds
    for each statement execute function ledger_append_only()`.execute(db);

  // One transfer (or the opening of a hold) in one round trip. Each statement of a PL/pgSQL function
  // takes a fresh snapshot, so the balances read under the row locks are the latest ones; a single
  // SQL statement that locked rows (waiting for other writers) and then updated them would work on
  // its older snapshot. Refusals are answers, not exceptions, so a caller's transaction stays usable.
  //
  // outcome: applied | exists (the key is used: its transfer is returned, the caller compares the
  // hash) | no_debit | no_credit (no such member account) | balance (not enough money).
  await sql`
    create function ledger_transfer(
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

      if v_debit_balance < p_amount then
        -- The transaction this one waited for may have applied the same key.
        select t.id, t.hold_id, t.request_hash into r from transfers t where t.source = p_source and t.idempotency_key = p_key;
        if found then
          return query select 'exists'::text, r.id, r.hold_id, r.request_hash, null::bigint;
        else
          return query select 'balance'::text, null::bigint, null::bigint, null::text, v_debit_balance;
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

  // The fixed system accounts; house:<provider> and jackpot:<tier> are opened on first use.
  await sql`insert into accounts (kind, code) values
    ('bank_clearing', 'bank_clearing'),
    ('comp_expense', 'comp_expense'),
    ('adjustment', 'adjustment'),
    ('withdraw_hold', 'withdraw_hold')
    on conflict do nothing`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
