import { sql, type Kysely } from 'kysely';

// Issue 28: a referral day or payback week withheld because the abuse review flagged the member (the
// operator's `skipFlaggedPromotions`) was recorded `withheld = 'protected'`, which an operator reads
// as player protection (a break, self-exclusion, a blocked or pending member). It gets its own value,
// `flagged`; protection keeps `protected` and takes precedence when both hold (docs/promotions.md
// "Protection first"). Rows written before this migration keep `protected`: the review entry that was
// open then says which it was.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table referral_payouts drop constraint referral_payouts_withheld_check`.execute(db);
  await sql`
    alter table referral_payouts add constraint referral_payouts_withheld_check
    check (withheld in ('protected', 'flagged', 'disabled'))`.execute(db);
  await sql`alter table payback_payouts drop constraint payback_payouts_withheld_check`.execute(db);
  await sql`
    alter table payback_payouts add constraint payback_payouts_withheld_check
    check (withheld in ('protected', 'flagged'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update referral_payouts set withheld = 'protected' where withheld = 'flagged'`.execute(db);
  await sql`update payback_payouts set withheld = 'protected' where withheld = 'flagged'`.execute(db);
  await sql`alter table referral_payouts drop constraint referral_payouts_withheld_check`.execute(db);
  await sql`
    alter table referral_payouts add constraint referral_payouts_withheld_check
    check (withheld in ('protected', 'disabled'))`.execute(db);
  await sql`alter table payback_payouts drop constraint payback_payouts_withheld_check`.execute(db);
  await sql`
    alter table payback_payouts add constraint payback_payouts_withheld_check
    check (withheld in ('protected'))`.execute(db);
}
