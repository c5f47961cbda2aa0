import { sql, type Kysely } from 'kysely';

// Operator accounts (docs/api/backoffice-operators.md): a TOTP secret being enrolled waits in
// `totp_pending_secret` until the operator confirms it with a code; `must_change_password` is set
// when an owner creates an operator or resets its password, and cleared by the operator's own
// password change (until then only the operator's own account answers).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table operators
      add column totp_pending_secret text,
      add column must_change_password boolean not null default false
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
