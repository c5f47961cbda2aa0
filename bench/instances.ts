/**
 * Two instances against one (issue 24, docs/operations.md "Several instances"): the signed-in
 * health check and a money read (`get-deposit-list`) of the same members, loaded on one server
 * process, then split over two processes on the same database, in the same run. Prints each
 * one's requests per second and the ratio of two instances over one (the budget, "Budgets" in
 * bench/README.md: 1.6 when the database is not the limit). Needs PostgreSQL (DATABASE_URL): two
 * processes cannot share the embedded database.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/instances.ts
 *
 * BENCH_INSTANCE_CPU=<percent of one core> caps each server process with Debian's `cpulimit`
 * (`apt-get install cpulimit`), as if each instance ran on a small machine of its own: on a
 * machine with fewer cores than processes, this is how to ask whether the code scales when the
 * database and the load generator are not the limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import {
  createBenchDatabase,
  load,
  positiveInt,
  requireDatabaseUrl,
  seedSignedInMembers,
  startServer,
  type LoadResult,
  type LoadTarget,
} from './http-fixture.ts';

const adminUrl = requireDatabaseUrl('bench/instances.ts');
const SECONDS = positiveInt('BENCH_SECONDS', 8);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 100);
const MEMBERS = positiveInt('BENCH_MEMBERS', 100);
const INSTANCE_CPU = process.env.BENCH_INSTANCE_CPU ? positiveInt('BENCH_INSTANCE_CPU', 100) : undefined;

const database = await createBenchDatabase(adminUrl, 'instances');
console.log(
  `instances bench on ${database.label}, ${cpus().length} cores (load average ${loadavg()[0]!.toFixed(1)}), ` +
    `${CONNECTIONS} connections, ${SECONDS} s per load` +
    (INSTANCE_CPU ? `, each instance capped at ${INSTANCE_CPU}% of a core (cpulimit)` : ''),
);
const members = await seedSignedInMembers(database, MEMBERS);
const cookies = members.map((m) => m.cookie);
const env = { LOG_LEVEL: 'warn', SIGNIN_MAX_ATTEMPTS_PER_IP: '1000000', TRANSFER_RECONCILE_MS: '0' };
const [one, two] = await Promise.all([startServer(database, { env }), startServer(database, { env })]);
const limiters: ChildProcess[] = INSTANCE_CPU
  ? [one, two].map((s) =>
      spawn('cpulimit', ['--limit', String(INSTANCE_CPU), '--pid', String(s.pid)], { stdio: 'ignore' }),
    )
  : [];

const calls = [
  { name: 'user-health-check', body: '{}' },
  { name: 'get-deposit-list', body: '{"page":1,"pageSize":10}' },
] as const;

function target(base: string, call: (typeof calls)[number]): LoadTarget {
  return {
    name: call.name,
    url: `${base}/api/routes/${call.name}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: call.body,
    cookies,
  };
}

const sum = (results: LoadResult[]) => ({
  rps: results.reduce((s, r) => s + r.rps, 0),
  failures: results.reduce((s, r) => s + r.failures, 0),
  p99: Math.max(...results.map((r) => r.p99)),
});

// Warm both processes (prepared statements, JIT) before anything is measured.
await Promise.all([one, two].map((s) => load(target(s.url, calls[0]), { connections: 20, seconds: 2 })));

for (const call of calls) {
  const single = sum([await load(target(one.url, call), { connections: CONNECTIONS, seconds: SECONDS })]);
  const half = Math.max(1, Math.floor(CONNECTIONS / 2));
  const both = sum(
    await Promise.all(
      [one, two].map((s) => load(target(s.url, call), { connections: half, seconds: SECONDS })),
    ),
  );
  console.log(
    `${call.name}: one instance ${single.rps.toFixed(0)} req/s (p99 ${single.p99} ms), ` +
      `two instances ${both.rps.toFixed(0)} req/s (p99 ${both.p99} ms), ratio ${(both.rps / single.rps).toFixed(2)}` +
      (single.failures + both.failures > 0 ? ` [${single.failures + both.failures} failed answers]` : ''),
  );
}
console.log(
  'budget: two instances >= 1.6x one when the database is not the limit (more cores than processes)',
);

// The caps go first (a capped process may be paused between its slices: it is let go on).
for (const limiter of limiters) limiter.kill();
for (const s of INSTANCE_CPU ? [one, two] : []) process.kill(s.pid, 'SIGCONT');
await Promise.all([one.stop(), two.stop()]);
await database.drop();
