import { sql, type Kysely } from 'kysely';

// Foundation: settings, members, registration codes, sessions, rate-limit counters, ledger accounts,
// notes and help posts. Money never sits on the member row: balances live in `accounts`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('reg_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('members')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'text', (c) => c.notNull().unique())
    .addColumn('nick', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('exchange_password_hash', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('bankname', 'text', (c) => c.notNull())
    .addColumn('bank_owner', 'text', (c) => c.notNull())
    .addColumn('banknum', 'text', (c) => c.notNull().unique())
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`state in ('active', 'pending', 'blocked', 'self_excluded')`),
    )
    .addColumn('reg_code', 'text', (c) => c.references('reg_codes.code'))
    .addColumn('reg_ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .execute();
  // Nicknames are unique regardless of Latin letter case (nick is stored NFC-normalized).
  await sql`create unique index members_nick_lower_key on members (lower(nick))`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('subject_kind', 'text', (c) => c.notNull().check(sql`subject_kind in ('member', 'operator')`))
    .addColumn('subject_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_active_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createIndex('sessions_subject_idx')
    .on('sessions')
    .columns(['subject_kind', 'subject_id'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A member's money can never go below zero, whatever the code above it does.
    .addCheckConstraint('accounts_member_balance_non_negative', sql`member_id is null or balance >= 0`)
    .addCheckConstraint('accounts_owner', sql`(member_id is null) <> (code is null)`)
    .execute();
  await sql`create unique index accounts_member_kind_key on accounts (member_id, kind) where member_id is not null`.execute(
    db,
  );
  await sql`create unique index accounts_code_key on accounts (code) where code is not null`.execute(db);

  await db.schema
    .createTable('notes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('read_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index notes_member_idx on notes (member_id, id desc) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('helps')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('help')
        .check(sql`kind in ('help', 'account_inquiry', 'guest')`),
    )
    .addColumn('guest_user_id', 'text')
    .addColumn('guest_phone', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('contents', 'text', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_at', 'timestamptz')
    .addColumn('answered_by', 'text')
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('wait')
        .check(sql`state in ('wait', 'already')`),
    )
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index helps_member_idx on helps (member_id, id desc) where deleted_at is null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
