import { sql, type Kysely } from 'kysely';

// Periodic jobs run once across instances (issue 24, lib/jobs.ts, docs/operations.md "Periodic
// jobs"): one row per job. An instance runs a job only while it holds the row's lease (`holder`,
// `lease_until`, renewed while the run lasts); a crashed holder's lease expires and another instance
// takes the job over. `next_run_at` is the job's next turn for every instance, so a period runs once
// however many instances poll. The rest is kept for operators: the last run, the last success, the
// last error, and how many runs and failures. Times are the database's clock.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table job_leases (
      name text primary key,
      holder text,
      lease_until timestamptz,
      next_run_at timestamptz not null default now(),
      last_holder text,
      last_started_at timestamptz,
      last_finished_at timestamptz,
      last_success_at timestamptz,
      last_error text,
      last_error_at timestamptz,
      runs bigint not null default 0,
      failures bigint not null default 0,
      check ((holder is null) = (lease_until is null)),
      -- Every bigint the platform stores reads back as a JS number (wallet-integrity.test.ts).
      constraint job_leases_runs_storable check (runs between 0 and 9007199254740991),
      constraint job_leases_failures_storable check (failures between 0 and 9007199254740991)
    )
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
