import { sql, type Kysely } from 'kysely';

// Issue 28: a review entry added "once" (one open per member and kind: a bonus hunt, a linked
// sign-in, a risky address) was guarded by a `not exists` read, so parallel detections (promotion
// runs side by side, two instances) could each add one. The `once` column marks those entries and a
// partial unique index keeps one open per kind and member; the insert is `on conflict do nothing`
// (decision 0028 "Follow-up: one open entry under concurrency", docs/security.md "Abuse signals").
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table fraud_flags add column once boolean not null default false`.execute(db);
  // The duplicates the race left: of the kinds only ever added once per member (a bonus hunt, a
  // linked sign-in), the later open entries of a member are closed with a note, the earliest kept.
  await sql`
    update fraud_flags f set state = 'closed', note = 'Duplicate of entry ' || k.keep::text
    from (
      select kind, member_id, min(id) as keep from fraud_flags
      where state = 'open' and member_id is not null and kind in ('bonus_hunt', 'linked_sign_in')
      group by kind, member_id having count(*) > 1
    ) k
    where f.kind = k.kind and f.member_id = k.member_id and f.state = 'open' and f.id <> k.keep`.execute(db);
  // The earliest open entry of each kind and member is the one a `once` detection finds.
  await sql`
    update fraud_flags f set once = true
    from (
      select min(id) as id from fraud_flags
      where state = 'open' and member_id is not null group by kind, member_id
    ) k
    where f.id = k.id`.execute(db);
  await sql`
    create unique index fraud_flags_open_once on fraud_flags (kind, member_id)
    where state = 'open' and once`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index fraud_flags_open_once`.execute(db);
  await sql`alter table fraud_flags drop column once`.execute(db);
}
