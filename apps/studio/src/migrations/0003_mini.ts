import { sql, type Kysely } from 'kysely';

// Issue 27: the shared-round mini-games (docs/games/mini-games.md). Each game has its settings, its
// published hash chains with their seeds (secret until their round is drawn), its rounds and the
// lease of the one instance that runs its clock and draws.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table studio_mini_games (
    game text primary key check (game in ('powerball', 'ladder')),
    cadence_minutes integer not null check (cadence_minutes in (1, 2, 3, 5)),
    cutoff_seconds integer not null default 30 check (cutoff_seconds between 0 and 120),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into studio_mini_games (game, cadence_minutes) values ('powerball', 5), ('ladder', 3)`.execute(
    db,
  );

  // A chain covers the global rounds first_round .. first_round + length - 1; its terminal hash is
  // public from published_at, which is before its first round opens.
  await sql`create table studio_mini_chains (
    game text not null references studio_mini_games (game),
    first_round bigint not null check (first_round >= 1),
    length integer not null check (length >= 1),
    terminal_hash text not null check (terminal_hash ~ '^[0-9a-f]{64}$'),
    published_at timestamptz not null,
    primary key (game, first_round)
  )`.execute(db);

  // Every seed of every chain, by the global round that reveals it (never shown before the draw).
  await sql`create table studio_mini_seeds (
    game text not null references studio_mini_games (game),
    round bigint not null check (round >= 1),
    seed text not null check (seed ~ '^[0-9a-f]{64}$'),
    primary key (game, round)
  )`.execute(db);

  // The rounds: scheduled when they open, drawn once (drawn_at, seed and result set together).
  await sql`create table studio_mini_rounds (
    game text not null references studio_mini_games (game),
    round bigint not null check (round >= 1),
    day date not null,
    day_round integer not null check (day_round >= 1),
    opens_at timestamptz not null,
    closes_at timestamptz not null,
    draws_at timestamptz not null,
    drawn_at timestamptz,
    seed text,
    result jsonb,
    drawn_by text,
    primary key (game, round),
    unique (game, day, day_round),
    check ((drawn_at is null) = (seed is null) and (seed is null) = (result is null))
  )`.execute(db);

  // The clock's lease: one holder per game until expires_at; the next one takes it over after.
  await sql`create table studio_mini_leases (
    game text primary key references studio_mini_games (game),
    holder text not null,
    expires_at timestamptz not null
  )`.execute(db);
}
