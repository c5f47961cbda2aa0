import { sql, type Kysely } from 'kysely';

// Abuse signals and linked accounts of issue 28 (docs/security.md "Abuse signals", decision 0028,
// docs/api/backoffice-fraud.md). Every bigint column carries its `_storable` CHECK (0016).
const STORABLE = '-9007199254740991 and 9007199254740991';

function storable(table: string, column: string) {
  return sql.raw(`constraint ${table}_${column}_storable check (${column} between ${STORABLE})`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The blacklist learns the device id (the first-party `did` cookie's value).
  for (const table of ['blacklist_entries', 'blacklist_hits']) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_kind_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_kind_check`)}
      check (kind in ('ip', 'phone', 'bank', 'device'))`.execute(db);
  }

  // What a member's requests told, one row per member, kind and value, with when it was first and
  // last seen and how many requests carried it: the address (`ip`) and its /24 or /64 (`range`), the
  // device cookie (`device`), the hash of the browser's headers (`browser`), the phone, the bank
  // account and the depositor's name. Kept within the retention of docs/security.md (a job prunes).
  await sql`
    create table member_signals (
      member_id bigint not null references members (id) ${storable('member_signals', 'member_id')},
      kind text not null check (kind in ('ip', 'range', 'device', 'browser', 'phone', 'bank', 'depositor')),
      value text not null check (length(value) between 1 and 128),
      first_seen timestamptz not null,
      last_seen timestamptz not null,
      seen bigint not null default 1 check (seen > 0) ${storable('member_signals', 'seen')},
      primary key (member_id, kind, value)
    )`.execute(db);
  // The links: every member who told the same kind and value.
  await sql`create index member_signals_value on member_signals (kind, value, last_seen)`.execute(db);
  await sql`create index member_signals_last_seen on member_signals (last_seen)`.execute(db);

  // The operator's settings (one row): what registration and sign-in by a linked or blacklisted
  // member do, from how many linked members on, whether a shared address links, and over how many
  // days; whether promotions skip flagged members.
  await sql`
    create table fraud_settings (
      id integer primary key check (id = 1),
      register_action text not null default 'flag' check (register_action in ('allow', 'flag', 'refuse')),
      sign_in_action text not null default 'flag' check (sign_in_action in ('allow', 'flag', 'refuse')),
      link_threshold integer not null default 1 check (link_threshold between 1 and 1000),
      ip_links boolean not null default false,
      ip_link_days integer not null default 7 check (ip_link_days between 1 and 90),
      skip_flagged_promotions boolean not null default false,
      refuse_opposite_bets boolean not null default false,
      updated_by text,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into fraud_settings (id) values (1)`.execute(db);

  // What the review screens list: a registration or sign-in by a linked member (with the members it
  // is linked to and by what; no member for a refused registration, its id in `details`), an
  // opposite bet, a bonus hunt; open until an operator closes it, with the operator's note.
  await sql`
    create table fraud_flags (
      id bigserial primary key,
      kind text not null check (kind in ('linked_register', 'linked_sign_in', 'opposite_bet', 'bonus_hunt')),
      member_id bigint references members (id) ${storable('fraud_flags', 'member_id')},
      action text not null check (action in ('flag', 'refuse')),
      details jsonb not null,
      state text not null default 'open' check (state in ('open', 'closed')),
      note text check (length(note) <= 500),
      at timestamptz not null,
      constraint fraud_flags_id_storable check (id between 1 and 9007199254740991)
    )`.execute(db);
  await sql`create index fraud_flags_open on fraud_flags (kind, state, at desc, id desc)`.execute(db);
  await sql`create index fraud_flags_member on fraud_flags (member_id, at desc)`.execute(db);
  await sql`create index fraud_flags_open_count on fraud_flags (state) where state = 'open'`.execute(db);

  // The members the operator watches for opposite betting whether or not they are linked.
  await sql`
    create table fraud_watch (
      member_id bigint primary key references members (id) ${storable('fraud_watch', 'member_id')},
      reason text not null check (length(reason) between 1 and 200),
      added_by text not null,
      added_at timestamptz not null default now()
    )`.execute(db);

  // Where each member's stake sits in a shared round (the spots a provider's bet names: `player`,
  // `banker`, a mini-game market), so that an opposite stake of a linked member in the same round is
  // found with one indexed read. Kept a day (the prune job).
  await sql`
    create table fraud_round_bets (
      provider text not null,
      round_key text not null check (length(round_key) between 1 and 100),
      user_id text not null,
      spot text not null check (length(spot) between 1 and 40),
      round_id text not null,
      at timestamptz not null,
      primary key (provider, round_key, user_id, spot)
    )`.execute(db);
  await sql`create index fraud_round_bets_at on fraud_round_bets (at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table fraud_round_bets`.execute(db);
  await sql`drop table fraud_watch`.execute(db);
  await sql`drop table fraud_flags`.execute(db);
  await sql`drop table fraud_settings`.execute(db);
  await sql`drop table member_signals`.execute(db);
  for (const table of ['blacklist_hits', 'blacklist_entries']) {
    await sql`delete from ${sql.table(table)} where kind = 'device'`.execute(db);
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_kind_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_kind_check`)}
      check (kind in ('ip', 'phone', 'bank'))`.execute(db);
  }
}
