import { sql, type Kysely } from 'kysely';

// Member levels' deposit bonus and deposit events (issue 26, docs/api/levels.md, docs/cashier.md
// "Deposit bonus and rollover"). The levels' own settings are a row of `settings`
// (`levels.settings`), as the level names are.
//
// `deposit_bonuses`: the bonus a member chose with a deposit request, one row per request, written
// with the request (`pending`). Its terms are kept as chosen (the level's or the event's option may
// change later; the member is paid what was promised). On approval the row becomes `active` (paid
// with the deposit from `promo:deposit_bonus`, the rollover `required` set, counted from `since`) or
// `refused` (the member was on a break, self-excluded or blocked); a rejected or cancelled request
// makes it `void`. An `active` bonus ends `met` (the rollover was reached) or `cancelled` (given up:
// `returned` went back). One `active` bonus per member at most (a unique index).
//
// `deposit_events`: an operator's deposit event, a window for some levels with its own percent, cap
// and rollover; an event is switched off or ended early, never deleted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table deposit_events (
      id bigint generated always as identity primary key,
      name text not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      levels smallint[] not null,
      percent smallint not null check (percent between 1 and 100),
      cap bigint not null check (cap > 0),
      rollover smallint not null check (rollover between 1 and 50),
      enabled boolean not null default true,
      ended_at timestamptz,
      created_by text not null,
      created_at timestamptz not null default now(),
      check (ends_at > starts_at),
      constraint deposit_events_id_storable check (id between -9007199254740991 and 9007199254740991),
      constraint deposit_events_cap_storable check (cap between -9007199254740991 and 9007199254740991)
    )`.execute(db);

  await sql`
    create table deposit_bonuses (
      id bigint generated always as identity primary key,
      member_id bigint not null references members (id) deferrable initially immediate,
      deposit_id bigint not null unique references deposit_requests (id) deferrable initially immediate,
      kind text not null check (kind in ('first', 'every', 'event')),
      event_id bigint references deposit_events (id) deferrable initially immediate,
      option_id text not null,
      level smallint not null,
      percent smallint not null check (percent between 1 and 100),
      cap bigint not null check (cap > 0),
      rollover smallint not null check (rollover between 1 and 50),
      state text not null default 'pending'
        check (state in ('pending', 'active', 'met', 'cancelled', 'refused', 'void')),
      deposit_amount bigint not null default 0,
      bonus bigint not null default 0 check (bonus >= 0),
      required bigint not null default 0 check (required >= 0),
      returned bigint not null default 0 check (returned >= 0),
      transfer_id bigint,
      since timestamptz,
      ended_at timestamptz,
      created_at timestamptz not null default now(),
      constraint deposit_bonuses_id_storable check (id between -9007199254740991 and 9007199254740991),
      constraint deposit_bonuses_member_id_storable check (member_id between -9007199254740991 and 9007199254740991),
      constraint deposit_bonuses_deposit_id_storable check (deposit_id between -9007199254740991 and 9007199254740991),
      constraint deposit_bonuses_event_id_storable check (event_id between -9007199254740991 and 9007199254740991),
      constraint deposit_bonuses_cap_storable check (cap between -9007199254740991 and 9007199254740991),
      constraint deposit_bonuses_deposit_amount_storable check (deposit_amount between -9007199254740991 and 9007199254740991),
      constraint deposit_bonuses_bonus_storable check (bonus between -9007199254740991 and 9007199254740991),
      constraint deposit_bonuses_required_storable check (required between -9007199254740991 and 9007199254740991),
      constraint deposit_bonuses_returned_storable check (returned between -9007199254740991 and 9007199254740991),
      constraint deposit_bonuses_transfer_id_storable check (transfer_id between -9007199254740991 and 9007199254740991)
    )`.execute(db);
  await sql`create unique index deposit_bonuses_one_active on deposit_bonuses (member_id) where state = 'active'`.execute(
    db,
  );
  await sql`create index deposit_bonuses_member on deposit_bonuses (member_id, id)`.execute(db);
  await sql`create index deposit_bonuses_event on deposit_bonuses (event_id) where event_id is not null`.execute(
    db,
  );

  // Approved deposits of a member by the time they were approved: the first deposit of the day, the
  // levels' deposit thresholds.
  await sql`create index deposit_requests_member_processed on deposit_requests (member_id, processed_at) where state = 'already'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists deposit_requests_member_processed`.execute(db);
  await sql`drop table deposit_bonuses`.execute(db);
  await sql`drop table deposit_events`.execute(db);
}
