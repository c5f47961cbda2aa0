import { sql, type Kysely } from 'kysely';

// The cashier in the back office (issue 13): a withdrawal at or above the owner's second-approval
// amount (`withdrawSecondApprovalAbove`) records its first operator's approval here and is
// completed by a second, different operator. The indexes serve the withdrawal safety checks
// (other members on the same address or bank account) and the history's date filter.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdraw_requests
    add column first_approved_by bigint references operators (id),
    add column first_approved_at timestamptz`.execute(db);
  await sql`create index withdraw_requests_banknum_idx on withdraw_requests (banknum, member_id)`.execute(db);
  await sql`create index deposit_requests_created_idx on deposit_requests (created_at)`.execute(db);
  await sql`create index withdraw_requests_created_idx on withdraw_requests (created_at)`.execute(db);
  await sql`create index members_reg_ip_idx on members (reg_ip) where reg_ip is not null`.execute(db);
  await sql`create index sessions_member_ip_idx on sessions (ip) where subject_kind = 'member'`.execute(db);
  await sql`create index member_sign_ins_ip_idx on member_sign_ins (ip, member_id) where ip is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
