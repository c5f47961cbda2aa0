import { sql, type Kysely } from 'kysely';

// Issue 27: betting on the mini-games (docs/games/mini-games.md, docs/api/studio-mini.md). The
// operator's settings per market (odds, stake limits, the house's exposure) and per game (a
// member's total per round), the slips (one wallet bet each) and their bets (one wallet win each
// when they win), the running totals the limits are checked against under row locks, and each
// round's settlement (paid at the draw, or voided and refunded).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table studio_mini_games
    add column max_round_total bigint not null default 5000000 check (max_round_total between 1 and 100000000000)`.execute(
    db,
  );

  // A market's row is made with the engine's default odds the first time the studio starts.
  await sql`create table studio_mini_markets (
    game text not null references studio_mini_games (game),
    market text not null,
    odds integer not null check (odds between 1 and 100000),
    min_bet bigint not null default 1000 check (min_bet between 1 and 100000000000),
    max_bet bigint not null default 1000000 check (max_bet between 1 and 100000000000),
    max_exposure bigint not null default 200000000 check (max_exposure between 1 and 100000000000),
    updated_at timestamptz not null default now(),
    primary key (game, market),
    check (min_bet <= max_bet)
  )`.execute(db);

  // The round's settlement: decided once ('pay' after the draw, or 'void' by an operator), then
  // settled_at once every slip is paid, lost or refunded.
  await sql`alter table studio_mini_rounds
    add column settlement text check (settlement in ('pay', 'void')),
    add column settled_at timestamptz,
    add column voided_at timestamptz,
    add column voided_by text,
    add column void_reason text`.execute(db);
  await sql`create index studio_mini_rounds_unsettled on studio_mini_rounds (game, round)
    where settled_at is null`.execute(db);

  // The house's possible payout per market and round, and a member's stake per round: the limits'
  // running totals, changed only by conditional updates that keep them within their caps.
  await sql`create table studio_mini_exposure (
    game text not null,
    round bigint not null,
    market text not null,
    stakes bigint not null default 0 check (stakes >= 0),
    payout bigint not null default 0 check (payout >= 0),
    bets integer not null default 0 check (bets >= 0),
    primary key (game, round, market),
    foreign key (game, round) references studio_mini_rounds (game, round)
  )`.execute(db);
  await sql`create table studio_mini_members (
    game text not null,
    round bigint not null,
    user_id text not null,
    total bigint not null default 0 check (total >= 0),
    primary key (game, round, user_id),
    foreign key (game, round) references studio_mini_rounds (game, round)
  )`.execute(db);

  // A slip: one wallet bet of its total. state: pending (reserved, the bet call not answered yet),
  // ok (the platform took it), refused (the platform refused it), rolled_back (refunded: voided,
  // or never confirmed). rollback_state tracks the wallet rollback of a slip being refunded.
  await sql`create table studio_mini_slips (
    slip_id text primary key,
    provider text not null,
    game text not null,
    round bigint not null,
    user_id text not null,
    total bigint not null check (total > 0),
    state text not null check (state in ('pending', 'ok', 'refused', 'rolled_back')),
    refusal text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    foreign key (game, round) references studio_mini_rounds (game, round)
  )`.execute(db);
  await sql`create index studio_mini_slips_round on studio_mini_slips (game, round, state)`.execute(db);
  await sql`create index studio_mini_slips_member on studio_mini_slips (user_id, game, created_at)`.execute(
    db,
  );

  // A bet of a slip on one market. win_state: none (not settled or lost), due (won, the wallet win
  // not confirmed yet), paid.
  await sql`create table studio_mini_bets (
    slip_id text not null references studio_mini_slips (slip_id),
    market text not null,
    amount bigint not null check (amount > 0),
    odds integer not null check (odds > 0),
    payout bigint not null check (payout >= 0),
    outcome text check (outcome in ('won', 'lost')),
    win bigint not null default 0 check (win >= 0),
    win_state text not null default 'none' check (win_state in ('none', 'due', 'paid')),
    primary key (slip_id, market)
  )`.execute(db);
  await sql`create index studio_mini_bets_due on studio_mini_bets (slip_id) where win_state = 'due'`.execute(
    db,
  );
}
