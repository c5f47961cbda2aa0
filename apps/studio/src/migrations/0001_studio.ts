import { sql, type Kysely } from 'kysely';

// The house studio's own tables (decision 0012). The platform never reads them and the studio
// never reads the platform's: the two share a database only when the studio runs inside the
// platform's process, and even then they talk over HTTP.
export async function up(db: Kysely<unknown>): Promise<void> {
  // How each studio provider's money is run, as the platform last said (docs/games/studio.md).
  await sql`create table studio_providers (
    code text primary key,
    wallet text not null default 'seamless' check (wallet in ('seamless', 'transfer')),
    updated_at timestamptz not null default now()
  )`.execute(db);

  // The member's fairness state per game: the current server seed (secret until rotated), its
  // SHA-256 (shown before play), the member's client seed and the next nonce. The row is locked by
  // every round of that member and game, which serializes their nonces.
  await sql`create table studio_seeds (
    user_id text not null,
    game text not null,
    server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
    server_seed_hash text not null,
    client_seed text not null,
    nonce integer not null default 0 check (nonce >= 0),
    created_at timestamptz not null default now(),
    primary key (user_id, game)
  )`.execute(db);

  // Server seeds once rotated: rounds show their seed from then on, and anyone can re-decide them.
  await sql`create table studio_revealed_seeds (
    server_seed_hash text primary key,
    server_seed text not null,
    user_id text not null,
    game text not null,
    client_seed text not null,
    rounds integer not null,
    revealed_at timestamptz not null default now()
  )`.execute(db);

  // The baccarat shoe of each member and table, between coups.
  await sql`create table studio_shoes (
    user_id text not null,
    game text not null,
    shoe_no integer not null,
    shoe jsonb not null,
    updated_at timestamptz not null default now(),
    primary key (user_id, game)
  )`.execute(db);

  // Every round with what it takes to verify it and to settle a dispute. `state`: open (decided,
  // the platform has not confirmed it yet), settled, refused (the bet was refused: nothing moved),
  // rolled_back. `bet_state` / `win_state`: whether the platform confirmed the call (the recovery
  // loop resends an unconfirmed win and rolls back a bet whose fate is unknown).
  await sql`create table studio_rounds (
    seq bigint generated always as identity primary key,
    round_id text not null unique,
    provider text not null,
    user_id text not null,
    game text not null,
    wallet text not null check (wallet in ('seamless', 'transfer')),
    server_seed_hash text not null,
    client_seed text not null,
    nonce integer not null,
    input jsonb not null,
    outcome jsonb not null,
    bet bigint not null check (bet >= 0),
    win bigint not null check (win >= 0),
    state text not null check (state in ('open', 'settled', 'refused', 'rolled_back')),
    bet_state text not null check (bet_state in ('pending', 'ok', 'refused', 'rolled_back')),
    win_state text not null check (win_state in ('pending', 'ok')),
    refusal text,
    jackpots jsonb not null default '[]',
    shoe_no integer,
    result char(1),
    retry_at timestamptz not null,
    attempts integer not null default 0,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index studio_rounds_member on studio_rounds (user_id, game, seq desc)`.execute(db);
  await sql`create index studio_rounds_shoe on studio_rounds (user_id, game, shoe_no) where shoe_no is not null`.execute(
    db,
  );
  await sql`create index studio_rounds_open on studio_rounds (retry_at) where state = 'open'`.execute(db);

  // Transfer mode: the member's balance at the studio, whole won.
  await sql`create table studio_wallets (
    provider text not null,
    user_id text not null,
    balance bigint not null default 0 check (balance >= 0),
    updated_at timestamptz not null default now(),
    primary key (provider, user_id)
  )`.execute(db);

  // Every transferId the platform ever sent (unique for ever): `done` with what moved, or
  // `refused` (a status call answered not_found: that id is refused for ever).
  await sql`create table studio_transfers (
    provider text not null,
    transfer_id text not null,
    action text check (action in ('deposit', 'withdraw')),
    user_id text,
    amount bigint,
    state text not null check (state in ('done', 'refused')),
    created_at timestamptz not null default now(),
    primary key (provider, transfer_id)
  )`.execute(db);
}
