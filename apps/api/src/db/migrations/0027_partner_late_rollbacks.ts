import { sql, type Kysely } from 'kysely';

// Rollbacks after a settled day (issue 25, decision 0024, docs/api/backoffice-partners.md).
//
// A provider may roll a bet back after the bet's day ended, and so after a partner's settlement of
// that day paid commission on it. The day row (`member_day_stakes`) loses the bet as before; the
// wallet also writes one `member_day_late` row per such rollback (bet day before the rollback's
// day, member under a partner): a small journal of the day rows changed after their day.
//
// A partner's next settlement looks for journal rows of its subtree on days it settled already
// that it has not taken into account (`partner_late_seen`), recomputes each settlement they touch
// from the day rows as they are now, and carries the difference against what that settlement
// counted so far (`partner_settlements.counted`, the paid figure at first) into the new one as its
// `adjustment` (paid through the new settlement's one ledger transfer, or carried out when the
// result is negative). Recomputing against `counted` makes a second look at the same day add
// nothing, whatever order rollbacks and settlements commit in.
const STORABLE = 'between -9007199254740991 and 9007199254740991';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    create table member_day_late (
      id bigint generated always as identity primary key,
      member_id bigint not null references members (id) deferrable initially immediate,
      day date not null,
      kind text not null,
      partner_id bigint not null,
      rates_epoch integer not null,
      stakes bigint not null,
      created_at timestamptz not null default now(),
      constraint member_day_late_id_storable check (id ${STORABLE}),
      constraint member_day_late_member_id_storable check (member_id ${STORABLE}),
      constraint member_day_late_partner_id_storable check (partner_id ${STORABLE}),
      constraint member_day_late_stakes_storable check (stakes ${STORABLE})
    )`,
    )
    .execute(db);
  await sql`create index member_day_late_partner_idx on member_day_late (partner_id, day)`.execute(db);

  await sql
    .raw(
      `
    alter table partner_settlements
      add column counted bigint,
      add column adjustment bigint not null default 0,
      add constraint partner_settlements_counted_storable check (counted ${STORABLE}),
      add constraint partner_settlements_adjustment_storable check (adjustment ${STORABLE})`,
    )
    .execute(db);
  await sql`update partner_settlements set counted = total`.execute(db);
  await sql`alter table partner_settlements alter column counted set not null`.execute(db);

  await sql
    .raw(
      `
    create table partner_late_seen (
      partner_id bigint not null references partners (id) deferrable initially immediate,
      late_id bigint not null references member_day_late (id) deferrable initially immediate,
      settlement_id bigint not null references partner_settlements (id) deferrable initially immediate,
      primary key (partner_id, late_id),
      constraint partner_late_seen_partner_id_storable check (partner_id ${STORABLE}),
      constraint partner_late_seen_late_id_storable check (late_id ${STORABLE}),
      constraint partner_late_seen_settlement_id_storable check (settlement_id ${STORABLE})
    )`,
    )
    .execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
