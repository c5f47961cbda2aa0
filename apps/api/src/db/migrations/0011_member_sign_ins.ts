import { sql, type Kysely } from 'kysely';

// Members in the back office (issue 13): every member sign-in attempt on a known member id, with its
// address, browser and outcome (the operators' sign-in history; the member's own "previous sign-in"
// later), and the forced password change after an operator's password reset.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_sign_ins (
      id bigint generated always as identity primary key,
      member_id bigint not null references members (id),
      at timestamptz not null default now(),
      ip text,
      user_agent text,
      outcome text not null check (outcome in ('success', 'password', 'blocked'))
    )`.execute(db);
  await sql`create index member_sign_ins_member_at on member_sign_ins (member_id, at desc, id desc)`.execute(
    db,
  );
  await sql`alter table members add column must_change_password boolean not null default false`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
