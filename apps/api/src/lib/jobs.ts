import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import { Counter } from 'prom-client';
import type { Database } from '../db/database.ts';
import type { Metrics } from './metrics.ts';

/**
 * Periodic jobs run once across instances (issue 24; docs/operations.md "Periodic jobs"). Every
 * instance registers the same jobs and asks, every `checkMs`, whether one is due; it runs a job only
 * while it holds the job's lease, a row of `job_leases` (migration 0020) taken in one statement
 * (`insert ... on conflict do update ... where` the lease is free or expired and the job is due), so
 * two instances never run a job at once and each period runs once, whichever instance takes it.
 * The lease is renewed while the run lasts; an instance that dies stops renewing, its lease expires
 * after `leaseMs` and another instance takes the job over. The row keeps the last run, the last
 * success and the last error for operators. Times are the database's clock, so the instances'
 * clocks need not agree.
 *
 * A job is an idempotent service method (a second run of the same period does nothing more), so a
 * run that overlaps a takeover after a stall (the lease lost while it ran) costs nothing.
 */
export interface JobDefinition {
  /** The job's name: its row in `job_leases` and its label in the metrics. */
  name: string;
  /** The pause between the end of one run (on any instance) and the next. */
  everyMs: number;
  /** The work, given the services' clock; a throw is recorded as the run's error. */
  run: (now: Date) => Promise<unknown>;
}

/** What `runNow` did: ran it (`success` or `error`), or found it running (here or on another instance). */
export type JobOutcome = 'success' | 'error' | 'busy';

/** A job's row as operators read it. */
export interface JobState {
  name: string;
  /** Its period as registered on this instance (null: not registered here). */
  everyMs: number | null;
  /** The instance holding the lease now (null: no run in progress). */
  holder: string | null;
  leaseUntil: Date | null;
  nextRunAt: Date;
  lastHolder: string | null;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  runs: number;
  failures: number;
}

export interface JobSchedulerDeps {
  db: Database;
  /** The services' clock, passed to each run. */
  now: () => Date;
  /** How long a lease holds without renewal (default 30 s): a dead holder's job waits this long. */
  leaseMs?: number;
  /** How often this instance asks whether a job is due (default 5 s, or the job's period if shorter). */
  checkMs?: number;
  /** Where the runs are counted (`casino_job_runs_total`) and the last successes read. */
  metrics?: Metrics;
  /** This instance's name in the leases (default host, process id and a random part). */
  holder?: string;
}

export interface JobSchedulerHooks {
  /** A run that failed, or a failure of the scheduler itself (the database). */
  onError?: (job: string, error: unknown) => void;
  /** A run whose lease another instance took over (this instance stalled past `leaseMs`). */
  onLeaseLost?: (job: string) => void;
}

export interface JobScheduler {
  /** This instance's name in the leases. */
  readonly holder: string;
  /** Adds a job (once per name); it runs from `start` on, or by `runNow`. */
  register(job: JobDefinition): void;
  /** Starts asking whether jobs are due (main.ts, once the server listens). */
  start(hooks?: JobSchedulerHooks): void;
  /** Stops asking and waits for this instance's runs in progress, which give their leases back. */
  stop(): Promise<void>;
  /** Runs the job now if no instance runs it (its period aside); tests and operators' tools. */
  runNow(name: string): Promise<JobOutcome>;
  /** Every job's row, registered here or not. */
  list(): Promise<JobState[]>;
}

const ERROR_TEXT_MAX = 2_000;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, ERROR_TEXT_MAX);
}

/** A duration in milliseconds as an interval, for the database's clock. */
function millis(ms: number) {
  return sql`(${ms}::float8 * interval '1 millisecond')`;
}

export function createJobScheduler(deps: JobSchedulerDeps): JobScheduler {
  const { db } = deps;
  const leaseMs = deps.leaseMs ?? 30_000;
  const checkMs = deps.checkMs ?? 5_000;
  const holder =
    deps.holder ?? `${hostname()}/${process.pid}/${randomBytes(3).toString('hex')}`.slice(0, 200);
  const jobs = new Map<string, JobDefinition>();
  /** This instance's run of each job in progress: one at a time here, before asking the database. */
  const running = new Map<string, Promise<JobOutcome>>();
  const timers = new Map<string, NodeJS.Timeout>();
  let started = false;
  let stopped = false;
  let hooks: JobSchedulerHooks = {};

  const runs = deps.metrics
    ? new Counter({
        name: 'casino_job_runs_total',
        help: 'Periodic job runs on this instance, by job and outcome (success, error).',
        labelNames: ['job', 'outcome'] as const,
        registers: [deps.metrics.registry],
      })
    : undefined;

  const report = (job: string, error: unknown) => hooks.onError?.(job, error);

  /** Takes the lease if it is free or expired and (unless `force`) the job is due; true when taken. */
  async function acquire(name: string, force: boolean): Promise<boolean> {
    const { rows } = await sql<{ name: string }>`
      insert into job_leases as j (name, holder, lease_until, last_holder, last_started_at)
      values (${name}, ${holder}, now() + ${millis(leaseMs)}, ${holder}, now())
      on conflict (name) do update set
        holder = excluded.holder,
        lease_until = excluded.lease_until,
        last_holder = excluded.last_holder,
        last_started_at = excluded.last_started_at,
        last_error = case when j.holder is null then j.last_error
          else 'the lease of ' || j.holder || ' expired during its run' end,
        last_error_at = case when j.holder is null then j.last_error_at else now() end,
        failures = j.failures + case when j.holder is null then 0 else 1 end
      where (j.holder is null or j.lease_until <= now())
        and (${force}::boolean or j.next_run_at <= now())
      returning j.name`.execute(db);
    return rows.length > 0;
  }

  /** Extends the lease while a run lasts; false when another instance took it over. */
  async function renew(name: string): Promise<boolean> {
    const { rows } = await sql<{ name: string }>`
      update job_leases set lease_until = now() + ${millis(leaseMs)}
      where name = ${name} and holder = ${holder}
      returning name`.execute(db);
    return rows.length > 0;
  }

  /** Gives the lease back with the run's outcome; the next run is due `everyMs` from now. */
  async function release(job: JobDefinition, error: unknown | undefined): Promise<boolean> {
    const ok = error === undefined;
    const text = ok ? null : errorText(error);
    const { rows } = await sql<{ name: string }>`
      update job_leases set
        holder = null,
        lease_until = null,
        last_finished_at = now(),
        next_run_at = now() + ${millis(job.everyMs)},
        last_success_at = case when ${ok}::boolean then now() else last_success_at end,
        last_error = case when ${ok}::boolean then last_error else ${text}::text end,
        last_error_at = case when ${ok}::boolean then last_error_at else now() end,
        runs = runs + 1,
        failures = failures + case when ${ok}::boolean then 0 else 1 end
      where name = ${job.name} and holder = ${holder}
      returning name`.execute(db);
    return rows.length > 0;
  }

  async function runLeased(job: JobDefinition, force: boolean): Promise<JobOutcome> {
    if (!(await acquire(job.name, force))) return 'busy';
    let lost = false;
    const renewal = setInterval(
      () => {
        renew(job.name).then(
          (held) => {
            if (!held && !lost) {
              lost = true;
              hooks.onLeaseLost?.(job.name);
            }
          },
          (error: unknown) => report(job.name, error),
        );
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    renewal.unref();
    let failure: unknown;
    try {
      await job.run(deps.now());
    } catch (error) {
      failure = error ?? new Error('the job failed');
    } finally {
      clearInterval(renewal);
    }
    const outcome = failure === undefined ? 'success' : 'error';
    runs?.inc({ job: job.name, outcome });
    if (failure !== undefined) report(job.name, failure);
    if (!(await release(job, failure)) && !lost) hooks.onLeaseLost?.(job.name);
    return outcome;
  }

  /** One run here at a time: a second ask while one runs answers `busy` without the database. */
  function attempt(job: JobDefinition, force: boolean): Promise<JobOutcome> {
    const current = running.get(job.name);
    if (current || stopped) return Promise.resolve('busy');
    const run = runLeased(job, force).finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  }

  function schedule(job: JobDefinition, delayMs: number): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      attempt(job, false)
        .catch((error: unknown) => report(job.name, error))
        .finally(() => schedule(job, Math.min(job.everyMs, checkMs)));
    }, delayMs);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    holder,
    register(job) {
      if (!job.name || job.name.length > 100)
        throw new Error(`job name must be 1 to 100 characters: ${job.name}`);
      if (!Number.isSafeInteger(job.everyMs) || job.everyMs < 1)
        throw new Error(`job ${job.name}: everyMs must be a positive integer`);
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is already registered`);
      jobs.set(job.name, job);
      if (started) schedule(job, 0);
    },
    start(startHooks = {}) {
      if (started || stopped) return;
      started = true;
      hooks = startHooks;
      for (const job of jobs.values()) schedule(job, 0);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running.values()]);
    },
    runNow(name) {
      const job = jobs.get(name);
      if (!job) return Promise.reject(new Error(`no job named ${name}`));
      return attempt(job, true);
    },
    async list() {
      const rows = await db.selectFrom('job_leases').selectAll().orderBy('name').execute();
      return rows.map((r) => ({
        name: r.name,
        everyMs: jobs.get(r.name)?.everyMs ?? null,
        holder: r.holder,
        leaseUntil: r.lease_until,
        nextRunAt: r.next_run_at,
        lastHolder: r.last_holder,
        lastStartedAt: r.last_started_at,
        lastFinishedAt: r.last_finished_at,
        lastSuccessAt: r.last_success_at,
        lastError: r.last_error,
        lastErrorAt: r.last_error_at,
        runs: r.runs,
        failures: r.failures,
      }));
    },
  };
}

/** `casino_job_last_success_timestamp_seconds{job}`: read from the database at each scrape. */
export function addJobGauges(metrics: Metrics, scheduler: JobScheduler): void {
  metrics.gauge(
    'casino_job_last_success_timestamp_seconds',
    'When each periodic job last succeeded on any instance (Unix seconds; read with max).',
    ['job'],
    async () =>
      (await scheduler.list())
        .filter((j) => j.lastSuccessAt)
        .map((j) => ({ labels: { job: j.name }, value: j.lastSuccessAt!.getTime() / 1000 })),
  );
}
