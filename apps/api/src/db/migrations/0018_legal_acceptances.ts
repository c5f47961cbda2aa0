import { sql, type Kysely } from 'kysely';

// Every acceptance of a version of the terms of use or the privacy policy by a member (issue 22):
// at registration, and when the member accepts a newer version after it was published (the portal
// asks at the next sign-in). `members.terms_version` / `privacy_version` / `terms_accepted_at`
// (0009_legal) keep the latest, which the member calls' hot statements compare with the versions in
// force; this table keeps each acceptance with its time and address. Append-only, like the texts.
// Its bigint columns carry their `_storable` CHECK, as every bigint column does (0016).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table legal_acceptances (
      id bigint generated always as identity primary key
        constraint legal_acceptances_id_storable check (id between -9007199254740991 and 9007199254740991),
      member_id bigint not null references members (id)
        constraint legal_acceptances_member_id_storable check (member_id between -9007199254740991 and 9007199254740991),
      kind text not null check (kind in ('terms', 'privacy')),
      version integer not null check (version > 0),
      accepted_at timestamptz not null default now(),
      ip text,
      user_agent text,
      context text not null check (context in ('registration', 'update'))
    )`.execute(db);
  await sql`create index legal_acceptances_member on legal_acceptances (member_id, accepted_at desc, id desc)`.execute(
    db,
  );
  // The acceptances recorded before this table: those of registration, from the member's row.
  for (const kind of ['terms', 'privacy'] as const) {
    const column = sql.ref(`${kind}_version`);
    await sql`
      insert into legal_acceptances (member_id, kind, version, accepted_at, ip, context)
      select id, ${kind}, ${column}, coalesce(terms_accepted_at, created_at), reg_ip, 'registration'
      from members where ${column} is not null
      order by id`.execute(db);
  }
  await sql`
    create function legal_acceptances_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'legal_acceptances is append-only (% refused)', tg_op using errcode = 'P0001';
    end
    $$`.execute(db);
  await sql`
    create trigger legal_acceptances_no_change before update or delete on legal_acceptances
    for each row execute function legal_acceptances_immutable()`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
