import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { createJobScheduler, type JobOutcome, type JobScheduler } from '../src/lib/jobs.ts';
import { createMetrics } from '../src/lib/metrics.ts';
import { bo, createOperator } from './factories.ts';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from './harness.ts';

// Periodic jobs run once across instances (issue 24, lib/jobs.ts, docs/operations.md "Periodic
// jobs"). Each scheduler here stands for one instance; on PostgreSQL each has a pool of its own on
// the one database, as separate processes would (test/instances.test.ts runs real processes).

let database: TestDatabase;
/** Extra pools on the test database (PostgreSQL), closed at the end. */
const pools: { db: Database; close(): Promise<void> }[] = [];
const schedulers: JobScheduler[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.allSettled(schedulers.map((s) => s.stop()));
  await Promise.allSettled(pools.map((p) => p.close()));
  await database?.close();
});

/** A database handle of its own for one "instance" (PostgreSQL), or the one embedded database. */
async function instanceDb(): Promise<Database> {
  if (database.kind !== 'postgres') return database.db;
  const url = new URL(process.env.DATABASE_URL!);
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
  url.pathname = `/${rows[0]!.name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  pools.push(handle);
  return handle.db;
}

async function scheduler(options: { leaseMs?: number; checkMs?: number; db?: Database } = {}) {
  const s = createJobScheduler({
    db: options.db ?? (await instanceDb()),
    now: () => new Date(),
    leaseMs: options.leaseMs ?? 5_000,
    checkMs: options.checkMs ?? 10,
    metrics: createMetrics(),
  });
  schedulers.push(s);
  return s;
}

/** A job body that counts how many runs are in progress at once, across every scheduler. */
function probe(holdMs: number | (() => Promise<unknown>)) {
  const state = { active: 0, maxActive: 0, runs: 0 };
  const run = async () => {
    state.active += 1;
    state.runs += 1;
    state.maxActive = Math.max(state.maxActive, state.active);
    try {
      if (typeof holdMs === 'number') await new Promise((r) => setTimeout(r, holdMs));
      else await holdMs();
    } finally {
      state.active -= 1;
    }
  };
  return { state, run };
}

async function row(name: string) {
  return database.db.selectFrom('job_leases').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('periodic jobs across instances', () => {
  it('two schedulers on one database never run a job at once, and each period runs once', async () => {
    const [a, b] = await Promise.all([scheduler(), scheduler()]);
    const { state, run } = probe(30);
    const everyMs = 40;
    for (const s of [a, b]) s.register({ name: 'steady', everyMs, run });
    const started = Date.now();
    a.start();
    b.start();
    await sleep(1_500);
    await Promise.all([a.stop(), b.stop()]);
    const elapsed = Date.now() - started;
    expect(state.maxActive).toBe(1);
    expect(state.runs).toBeGreaterThanOrEqual(3);
    // A run holds 30 ms and the next is due 40 ms after it ends, on whichever instance: two
    // instances running on their own would fit about twice as many.
    expect(state.runs).toBeLessThanOrEqual(Math.floor(elapsed / (30 + everyMs)) + 1);
    const r = await row('steady');
    expect(r.runs).toBe(state.runs);
    expect(r.failures).toBe(0);
    expect(r.holder).toBeNull();
    expect(r.last_success_at).toBeInstanceOf(Date);
    expect([a.holder, b.holder]).toContain(r.last_holder);
  });

  it('40 runNow at once over 8 schedulers: one runs, 39 find it busy', async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => scheduler()));
    let answered = 0;
    let othersAnswered!: () => void;
    const others = new Promise<void>((resolve) => (othersAnswered = resolve));
    // The run lasts until the 39 others have answered (or 5 s, if two ran and the count never comes).
    const { state, run } = probe(() => Promise.race([others, sleep(5_000)]));
    for (const s of all) s.register({ name: 'burst', everyMs: 60_000, run });
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        all[i % all.length]!.runNow('burst').then((outcome: JobOutcome) => {
          if (outcome === 'busy' && ++answered === 39) othersAnswered();
          return outcome;
        }),
      ),
    );
    expect(outcomes.filter((o) => o === 'success')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'busy')).toHaveLength(39);
    expect(state.maxActive).toBe(1);
    expect((await row('burst')).runs).toBe(1);
  });

  it('a run longer than the lease keeps it: the lease is renewed while it lasts', async () => {
    const [a, b] = await Promise.all([scheduler({ leaseMs: 300 }), scheduler({ leaseMs: 300 })]);
    const { state, run } = probe(1_200);
    for (const s of [a, b]) s.register({ name: 'long', everyMs: 60_000, run });
    const first = a.runNow('long');
    await expect.poll(() => state.active, { timeout: 5_000, interval: 10 }).toBe(1);
    // Four times the lease: B asks every 50 ms and never gets it.
    const tries: JobOutcome[] = [];
    while (state.active > 0) {
      tries.push(await b.runNow('long'));
      await sleep(50);
    }
    expect(await first).toBe('success');
    expect(tries.length).toBeGreaterThan(5);
    expect(tries.every((o) => o === 'busy')).toBe(true);
    expect(state.maxActive).toBe(1);
    expect((await row('long')).failures).toBe(0);
  });

  it('a crashed holder’s lease expires and another instance takes the job over', async () => {
    // What a process killed during a run leaves: its lease, renewed no more, and the job still due.
    await sql`
      insert into job_leases (name, holder, lease_until, last_holder, last_started_at, next_run_at)
      values ('orphan', 'dead-host/4242/abcdef', now() + interval '700 milliseconds',
              'dead-host/4242/abcdef', now(), now())`.execute(database.db);
    const b = await scheduler({ leaseMs: 700 });
    const { state, run } = probe(0);
    b.register({ name: 'orphan', everyMs: 60_000, run });
    expect(await b.runNow('orphan')).toBe('busy');
    const waitFrom = Date.now();
    b.start();
    await expect.poll(() => state.runs, { timeout: 10_000, interval: 20 }).toBe(1);
    // Not before the dead holder's lease ran out (less a little for the two clocks' reading).
    expect(Date.now() - waitFrom).toBeGreaterThanOrEqual(400);
    await b.stop();
    const r = await row('orphan');
    expect(r.holder).toBeNull();
    expect(r.last_holder).toBe(b.holder);
    expect(r.last_error).toBe('the lease of dead-host/4242/abcdef expired during its run');
    expect(r.failures).toBe(1);
    expect(r.runs).toBe(1);
    expect(r.last_success_at).toBeInstanceOf(Date);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'an instance that loses its database during a run stops renewing, and another takes over',
    async () => {
      const lostDb = await instanceDb();
      const a = await scheduler({ leaseMs: 400, db: lostDb });
      const b = await scheduler({ leaseMs: 400 });
      let release!: () => void;
      const hang = new Promise<void>((resolve) => (release = resolve));
      const { state, run } = probe(() => (state.runs === 1 ? hang : Promise.resolve()));
      const errors: unknown[] = [];
      a.start({ onError: (_job, error) => errors.push(error) });
      for (const s of [a, b]) s.register({ name: 'cut-off', everyMs: 60_000, run });
      await expect.poll(() => state.active, { timeout: 5_000, interval: 10 }).toBe(1);
      // A's connections end (as a crash ends them): it can renew nothing.
      await pools.find((p) => p.db === lostDb)!.close();
      expect(await b.runNow('cut-off')).toBe('busy');
      await expect.poll(() => b.runNow('cut-off'), { timeout: 5_000, interval: 100 }).toBe('success');
      release();
      await a.stop();
      expect(errors.length).toBeGreaterThan(0);
      const r = await row('cut-off');
      expect(r.last_holder).toBe(b.holder);
      expect(r.last_error).toBe(`the lease of ${a.holder} expired during its run`);
      expect(r.holder).toBeNull();
    },
  );

  it('an error is recorded, and the job runs again at its next turn', async () => {
    const metrics = createMetrics();
    const s = createJobScheduler({ db: await instanceDb(), now: () => new Date(), checkMs: 10, metrics });
    schedulers.push(s);
    let calls = 0;
    const reported: [string, unknown][] = [];
    s.register({
      name: 'flaky',
      everyMs: 50,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('the provider did not answer');
      },
    });
    s.start({ onError: (job, error) => reported.push([job, error]) });
    await expect.poll(() => calls, { timeout: 5_000, interval: 10 }).toBeGreaterThanOrEqual(2);
    await s.stop();
    const r = await row('flaky');
    expect(r.failures).toBe(1);
    expect(r.runs).toBe(calls);
    expect(r.last_error).toBe('the provider did not answer');
    expect(r.last_success_at!.getTime()).toBeGreaterThan(r.last_error_at!.getTime());
    expect(reported).toHaveLength(1);
    expect(reported[0]![0]).toBe('flaky');
    const text = await metrics.registry.metrics();
    expect(text).toContain('casino_job_runs_total{job="flaky",outcome="error"} 1');
    expect(text).toContain(`casino_job_runs_total{job="flaky",outcome="success"} ${calls - 1}`);
  });

  it('a stopped instance waits for its run and gives the lease back: another runs it at once', async () => {
    const [a, b] = await Promise.all([scheduler(), scheduler()]);
    const { state, run } = probe(300);
    for (const s of [a, b]) s.register({ name: 'handover', everyMs: 60_000, run });
    a.start();
    await expect.poll(() => state.active, { timeout: 5_000, interval: 10 }).toBe(1);
    await a.stop();
    expect(state.active).toBe(0);
    expect((await row('handover')).holder).toBeNull();
    expect(await a.runNow('handover')).toBe('busy');
    expect(await b.runNow('handover')).toBe('success');
  });

  it('refuses a bad registration and an unknown job', async () => {
    const s = await scheduler();
    expect(() => s.register({ name: '', everyMs: 10, run: async () => {} })).toThrow(/name/);
    expect(() => s.register({ name: 'x', everyMs: 0, run: async () => {} })).toThrow(/everyMs/);
    expect(() => s.register({ name: 'x', everyMs: 1.5, run: async () => {} })).toThrow(/everyMs/);
    s.register({ name: 'x', everyMs: 10, run: async () => {} });
    expect(() => s.register({ name: 'x', everyMs: 10, run: async () => {} })).toThrow(/already/);
    await expect(s.runNow('nobody')).rejects.toThrow(/no job named nobody/);
  });
});

describe('the server’s jobs', () => {
  const TOKEN = 'metrics-token-of-the-jobs-test-0123';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the transfer reconciler is a job; its runs and last success are in /metrics', async () => {
    expect(await t.services.jobs.runNow('transfer-reconcile')).toBe('success');
    const [state] = (await t.services.jobs.list()).filter((j) => j.name === 'transfer-reconcile');
    expect(state).toMatchObject({ everyMs: 15_000, holder: null, runs: 1, failures: 0, lastError: null });
    const answer = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.body).toContain('casino_job_runs_total{job="transfer-reconcile",outcome="success"} 1');
    const line = answer.body
      .split('\n')
      .find((l) => l.startsWith('casino_job_last_success_timestamp_seconds{job="transfer-reconcile"}'));
    expect(Number(line?.split(' ')[1])).toBeCloseTo(state!.lastSuccessAt!.getTime() / 1000, 0);
  });

  it('GET /api/backoffice/jobs: the owner reads each job’s state; other roles are refused', async () => {
    t.services.jobs.register({
      name: 'always-fails',
      everyMs: 60_000,
      run: async () => {
        throw new Error('nothing to reach');
      },
    });
    expect(await t.services.jobs.runNow('always-fails')).toBe('error');
    const owner = await createOperator(t, 'owner');
    const answer = await bo(t, 'jobs.list', { cookie: owner.cookie });
    expect(answer.code, JSON.stringify(answer.body)).toBe(200);
    const jobs = answer.body.jobs as Record<string, unknown>[];
    const failed = jobs.find((j) => j.name === 'always-fails')!;
    expect(failed).toMatchObject({
      everyMs: 60_000,
      runningOn: null,
      lastRunOn: t.services.jobs.holder,
      lastSuccessAt: null,
      lastError: 'nothing to reach',
      runs: 1,
      failures: 1,
    });
    expect(Date.parse(failed.lastErrorAt as string)).not.toBeNaN();
    expect(Date.parse(failed.nextRunAt as string)).toBeGreaterThan(Date.parse(failed.lastErrorAt as string));
    expect(jobs.find((j) => j.name === 'transfer-reconcile')).toMatchObject({ runs: 1, lastError: null });
    for (const role of ['cashier', 'support', 'content'] as const) {
      const other = await createOperator(t, role);
      expect((await bo(t, 'jobs.list', { cookie: other.cookie })).code).toBe(403);
    }
    expect((await bo(t, 'jobs.list', {})).code).toBe(401);
  });

  it('TRANSFER_RECONCILE_MS=0 registers no reconciler', async () => {
    const off = await createTestApp({ TRANSFER_RECONCILE_MS: '0' });
    try {
      await expect(off.services.jobs.runNow('transfer-reconcile')).rejects.toThrow(/no job/);
    } finally {
      await off.close();
    }
  });
});
