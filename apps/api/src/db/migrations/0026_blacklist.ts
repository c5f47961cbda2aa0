import { sql, type Kysely } from 'kysely';

// The blacklist of issue 28 (docs/api/backoffice-blacklist.md): addresses (one IPv4/IPv6 address or
// a CIDR range, stored as `inet` so that `network >>= address` finds it through a GiST index),
// phone numbers and bank account numbers (digits only), each with why, who added it and when. A hit
// (a registration, sign-in, deposit or withdrawal refused) is recorded for the operator.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table blacklist_entries (
      id bigserial primary key,
      kind text not null check (kind in ('ip', 'phone', 'bank')),
      value text not null check (length(value) between 1 and 64),
      network inet,
      reason text not null check (length(reason) between 1 and 200),
      created_by text not null,
      created_at timestamptz not null default now(),
      constraint blacklist_entries_kind_value_key unique (kind, value),
      constraint blacklist_entries_network check ((kind = 'ip') = (network is not null)),
      -- Every bigint the platform stores reads back as a JS number (wallet-integrity.test.ts).
      constraint blacklist_entries_id_storable check (id between 1 and 9007199254740991)
    )`.execute(db);
  await sql`create index blacklist_entries_network on blacklist_entries using gist (network inet_ops) where kind = 'ip'`.execute(
    db,
  );

  await sql`
    create table blacklist_hits (
      id bigserial primary key,
      kind text not null check (kind in ('ip', 'phone', 'bank')),
      value text not null,
      entry_id bigint,
      context text not null check (context in ('register', 'sign_in', 'deposit', 'withdraw')),
      member_id bigint,
      user_id text,
      ip text,
      at timestamptz not null default now(),
      constraint blacklist_hits_id_storable check (id between 1 and 9007199254740991),
      constraint blacklist_hits_entry_id_storable check (entry_id between 1 and 9007199254740991),
      constraint blacklist_hits_member_id_storable check (member_id between 1 and 9007199254740991)
    )`.execute(db);
  await sql`create index blacklist_hits_at on blacklist_hits (at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table blacklist_hits`.execute(db);
  await sql`drop table blacklist_entries`.execute(db);
}
