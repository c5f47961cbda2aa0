import { sql, type Kysely } from 'kysely';

// The cashier and the back office: operators, deposit and withdrawal requests, the append-only
// audit log and the stored answers of the back office's Idempotency-Key. Money itself never sits
// here: a request row says what was asked and what became of it; the ledger (0002) moves the money.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('operator_id', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('owner', 'cashier', 'support', 'content')`),
    )
    // Base32 (RFC 4648) TOTP secret; null when the operator signs in without a second factor.
    .addColumn('totp_secret', 'text')
    // The last accepted TOTP time step: a code is accepted once, never replayed.
    .addColumn('totp_last_step', 'bigint')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .execute();

  // Request states (docs/api/README.md, "Data conventions"): wait (new), reg (taken by an
  // operator), already (complete), cansel (cancelled by the member or rejected by an operator,
  // then `reason` holds the words).
  const requestState = sql`state in ('wait', 'reg', 'already', 'cansel')`;

  await db.schema
    .createTable('deposit_requests')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('depositor', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('wait').check(requestState))
    .addColumn('reason', 'text')
    .addColumn('is_hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('handled_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('transfer_id', 'bigint', (c) => c.references('transfers.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    // Only a finished request can be hidden from the member's list.
    .addCheckConstraint('deposit_requests_hidden_final', sql`not is_hidden or state in ('already', 'cansel')`)
    .execute();

  await db.schema
    .createTable('withdraw_requests')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    // Where the money goes, as the member's account read when the request was made.
    .addColumn('bankname', 'text', (c) => c.notNull())
    .addColumn('bank_owner', 'text', (c) => c.notNull())
    .addColumn('banknum', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('wait').check(requestState))
    .addColumn('reason', 'text')
    // The ledger hold of the amount, created in the request's own transaction (the row is inserted
    // first so that the hold's idempotency key can name it).
    .addColumn('hold_id', 'bigint', (c) => c.references('holds.id').unique())
    .addColumn('is_hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('handled_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .addCheckConstraint(
      'withdraw_requests_hidden_final',
      sql`not is_hidden or state in ('already', 'cansel')`,
    )
    .execute();

  for (const table of ['deposit_requests', 'withdraw_requests']) {
    // One pending (wait or reg) request per member and kind, whatever races above it: the second
    // insert fails and the member is told `wait`.
    await sql`create unique index ${sql.raw(`${table}_one_pending`)} on ${sql.table(table)} (member_id)
      where state in ('wait', 'reg')`.execute(db);
    await sql`create index ${sql.raw(`${table}_member_idx`)} on ${sql.table(table)} (member_id, id desc)
      where not is_hidden`.execute(db);
    await sql`create index ${sql.raw(`${table}_state_idx`)} on ${sql.table(table)} (state, id desc)`.execute(
      db,
    );
    await sql`create index ${sql.raw(`${table}_completed_idx`)} on ${sql.table(table)} (processed_at desc)
      where state = 'already'`.execute(db);
  }

  // A member has at most one unanswered deposit-account inquiry open (user-ask-account).
  await sql`create unique index helps_one_open_account_inquiry on helps (member_id)
    where kind = 'account_inquiry' and state = 'wait' and deleted_at is null`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // Who: the operator (null for the system itself, e.g. the bootstrap step).
    .addColumn('operator_id', 'bigint', (c) => c.references('operators.id'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index audit_log_target_idx on audit_log (target, id desc)`.execute(db);
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only (% refused)', tg_op using errcode = 'P0001';
    end
    $$`.execute(db);
  await sql`create trigger audit_log_no_update_delete before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);

  await db.schema
    .createTable('idempotency_responses')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // Null only inside the transaction that claimed the key; it commits with the answer.
    .addColumn('status_code', 'integer')
    .addColumn('response', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('idempotency_responses_operator_key', ['operator_id', 'key'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
