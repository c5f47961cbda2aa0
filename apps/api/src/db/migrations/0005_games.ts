import { sql, type Kysely } from 'kysely';

// Games (docs/providers.md): the catalog of providers and their games, launch tokens, the provider
// wallet's calls (one row per provider transactionId, for ever) and one row per provider round.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('providers')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[a-z0-9_-]{2,32}$'`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('casino', 'slot', 'sport')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_ko', 'text')
    .addColumn('wallet', 'text', (c) => c.notNull().check(sql`wallet in ('seamless', 'transfer')`))
    .addColumn('launch_url', 'text', (c) => c.notNull())
    // AES-256-GCM under SECRETS_KEY (lib/secrets.ts); the secret itself is never stored or shown.
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('img_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('maint_from', 'text')
    .addColumn('maint_to', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    // A transfer-wallet provider's server API (the platform calls it to move money); null for seamless.
    .addColumn('api_url', 'text')
    // Whether this provider's bets fund the jackpots (and can win them).
    .addColumn('jackpot', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('providers_maintenance_check', sql`(maint_from is null) = (maint_to is null)`)
    .addCheckConstraint('providers_transfer_api_check', sql`wallet = 'seamless' or api_url is not null`)
    .execute();

  await db.schema
    .createTable('games')
    .addColumn('provider', 'text', (c) => c.notNull().references('providers.code'))
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[A-Za-z0-9_.-]{1,64}$'`))
    .addColumn('name_ko', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('img_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('games_pkey', ['provider', 'code'])
    .execute();

  // Launch tokens are sessions of their own kind: one member, one provider (`provider`), 12 hours
  // after their last use, and revoked with the member's sessions (block, password change, exclusion).
  await sql`alter table sessions drop constraint sessions_subject_kind_check`.execute(db);
  await sql`alter table sessions add constraint sessions_subject_kind_check
    check (subject_kind in ('member', 'operator', 'game'))`.execute(db);
  await sql`alter table sessions add column provider text`.execute(db);
  await sql`alter table sessions add constraint sessions_game_provider_check
    check ((subject_kind = 'game') = (provider is not null))`.execute(db);

  await db.schema
    .createTable('rounds')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (c) => c.notNull().references('providers.code'))
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('game_code', 'text', (c) => c.notNull())
    // Bets that stand, wins paid, bets rolled back; whole won.
    .addColumn('bet', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`bet >= 0`),
    )
    .addColumn('win', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`win >= 0`),
    )
    .addColumn('rolled_back', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`rolled_back >= 0`),
    )
    .addColumn('closed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('rounds_provider_round_key', ['provider', 'round_id'])
    .execute();
  await db.schema.createIndex('rounds_member_idx').on('rounds').columns(['member_id', 'id']).execute();

  await db.schema
    .createTable('wallet_calls')
    .addColumn('provider', 'text', (c) => c.notNull().references('providers.code'))
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    // `mark`: a rollback that came before its bet; the bet, arriving later, is refused.
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('bet', 'win', 'rollback', 'mark')`))
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`amount >= 0`),
    )
    .addColumn('reference_id', 'text')
    // The answer given (RS_OK or a refusal that a replay must repeat).
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('rolled_back', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('comp_points', 'bigint', (c) => c.notNull().defaultTo(0))
    // A bet's share of the jackpots (moved from the provider's house account to the pools).
    .addColumn('jackpot_share', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('wallet_calls_pkey', ['provider', 'transaction_id'])
    .execute();
  await db.schema
    .createIndex('wallet_calls_round_idx')
    .on('wallet_calls')
    .columns(['provider', 'round_id'])
    .execute();

  // Transfer-wallet providers keep the member's money in a wallet of their own. `principal` is what
  // the platform moved in and has not taken back (the member's `game` ledger account is the sum of
  // them); `last_balance` the provider's last answer.
  await db.schema
    .createTable('transfer_wallets')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('provider', 'text', (c) => c.notNull().references('providers.code'))
    .addColumn('principal', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`principal >= 0`),
    )
    .addColumn('last_balance', 'bigint')
    .addColumn('checked_at', 'timestamptz')
    .addPrimaryKeyConstraint('transfer_wallets_pkey', ['member_id', 'provider'])
    .execute();

  // One row per move into or out of a transfer-wallet provider. A move whose answer never came
  // stays `pending` (its money held in the ledger) until the reconciler learns the outcome from the
  // provider.
  await db.schema
    .createTable('game_transfers')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('provider', 'text', (c) => c.notNull().references('providers.code'))
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('in', 'out')`))
    // In: the amount moved in. Out: what the provider paid back (null while pending).
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount >= 0`))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`state in ('pending', 'done', 'failed')`),
    )
    .addColumn('hold_id', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_check_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await sql`create index game_transfers_pending_idx on game_transfers (next_check_at) where state = 'pending'`.execute(
    db,
  );
  // One pending move per member and provider: moves of one wallet run one after the other.
  await sql`create unique index game_transfers_one_pending_idx on game_transfers (member_id, provider)
    where state = 'pending'`.execute(db);
  await db.schema
    .createIndex('game_transfers_member_idx')
    .on('game_transfers')
    .columns(['member_id', 'id'])
    .execute();

  // Jackpots MEGA, MAJOR and MINOR. The money of all pools is the ledger's `jackpot` account; each
  // pool's share of it is split over a few rows per tier (`jackpot_shards`), so that bets from
  // different members add to different rows and never wait on one another; a hit locks the tier's
  // rows, pays their sum and reseeds. `generation` counts the seedings (the first at start).
  await db.schema
    .createTable('jackpot_tiers')
    .addColumn('tier', 'text', (c) => c.primaryKey().check(sql`tier in ('MEGA', 'MAJOR', 'MINOR')`))
    .addColumn('seed', 'bigint', (c) => c.notNull().check(sql`seed >= 0`))
    .addColumn('ceiling', 'bigint', (c) => c.notNull())
    // Share of each contributing bet, in basis points (100 = 1%).
    .addColumn('share_bp', 'integer', (c) => c.notNull().check(sql`share_bp between 0 and 1000`))
    // A bet of `amount` won wins with probability amount / one_in_won.
    .addColumn('one_in_won', 'bigint', (c) => c.notNull().check(sql`one_in_won > 0`))
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('jackpot_tiers_ceiling_check', sql`ceiling > seed`)
    .execute();
  await db.schema
    .createTable('jackpot_shards')
    .addColumn('tier', 'text', (c) => c.notNull().references('jackpot_tiers.tier'))
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`amount >= 0`),
    )
    .addPrimaryKeyConstraint('jackpot_shards_pkey', ['tier', 'shard'])
    .execute();
  await db.schema
    .createTable('jackpot_hits')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('provider', 'text', (c) => c.notNull().references('providers.code'))
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('jackpot_hits_member_idx')
    .on('jackpot_hits')
    .columns(['member_id', 'id'])
    .execute();

  // The default tiers (operators change them in the back office); the pools are seeded with their
  // money through the ledger at the first start (jackpots.ensureSeeded).
  const tiers = [
    { tier: 'MEGA', seed: 10_000_000, ceiling: 100_000_000, share_bp: 50, one_in_won: 10_000_000_000 },
    { tier: 'MAJOR', seed: 1_000_000, ceiling: 10_000_000, share_bp: 30, one_in_won: 1_000_000_000 },
    { tier: 'MINOR', seed: 100_000, ceiling: 1_000_000, share_bp: 20, one_in_won: 50_000_000 },
  ];
  for (const t of tiers) {
    await sql`insert into jackpot_tiers (tier, seed, ceiling, share_bp, one_in_won)
      values (${t.tier}, ${t.seed}, ${t.ceiling}, ${t.share_bp}, ${t.one_in_won})`.execute(db);
    for (let shard = 0; shard < JACKPOT_SHARDS; shard++)
      await sql`insert into jackpot_shards (tier, shard) values (${t.tier}, ${shard})`.execute(db);
  }
}

/** Rows per jackpot tier (games/jackpot.service.ts spreads contributions over them by member). */
const JACKPOT_SHARDS = 8;

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
