import { sql, type Kysely } from 'kysely';

// The sites of issue 25 (docs/api/backoffice-sites.md): several domains, each showing its own name,
// colour and logo, and pre-filling its registration code (whose partner the members joining there
// belong to). A host no site names shows the default site (SITE_NAME). Each host belongs to at most
// one site: the primary key of `site_domains` decides between two owners racing for one domain.
// `partner_id` and `reg_code` name a partner operator and a registration code, checked by the
// service when written (the partners' tables are another module's). Bigint columns carry their
// `_storable` CHECK and the foreign key is deferrable, as every one is (0016, 0019).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sites (
      id bigint generated always as identity primary key
        constraint sites_id_storable check (id between -9007199254740991 and 9007199254740991),
      name text not null check (length(name) between 1 and 60),
      partner_id text,
      reg_code text,
      theme_primary text check (theme_primary ~ '^#[0-9a-f]{6}$'),
      logo_url text check (length(logo_url) <= 500),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table site_domains (
      host text primary key check (host <> '' and host = lower(host)),
      site_id bigint not null references sites (id) on delete cascade deferrable initially immediate
        constraint site_domains_site_id_storable check (site_id between -9007199254740991 and 9007199254740991),
      position integer not null
    )`.execute(db);
  await sql`create index site_domains_site on site_domains (site_id, position)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
