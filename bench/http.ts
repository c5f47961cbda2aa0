/**
 * HTTP throughput of the real server on PostgreSQL beside a bare Fastify route, loaded the same way
 * in the same run (autocannon, 100 connections): the signed-in health check, a public call, the
 * portal's `GET /` and a hashed asset. Prints req/s, p50/p99 and each one's ratio to the baseline,
 * the median over BENCH_PAIRS pairs of short loads side by side. See bench/README.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/http.ts
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { summarizeProfile } from './cpu-profile.ts';
import {
  cpuMeter,
  createBenchDatabase,
  ensurePortalBuild,
  entryAssetPath,
  load,
  positiveInt,
  requireDatabaseUrl,
  rssMiB,
  seedSignedInMembers,
  startBare,
  startServer,
  type LoadResult,
  type LoadTarget,
} from './http-fixture.ts';

const adminUrl = requireDatabaseUrl('bench/http.ts');
/** Pairs of loads per target (a baseline and the target side by side), and each load's length. */
const PAIRS = positiveInt('BENCH_PAIRS', 8);
const SLICE_SECONDS = positiveInt('BENCH_SLICE_SECONDS', 2);
/** The length of the profiled load (BENCH_PROFILE). */
const SECONDS = positiveInt('BENCH_SECONDS', 10);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 100);
const MEMBERS = positiveInt('BENCH_MEMBERS', 100);
const WARMUP_SECONDS = 3;
/** BENCH_PROFILE=<target>: profile the server under that target's load instead of the comparison. */
const PROFILE = process.env.BENCH_PROFILE;

/** Each target is compared with the baseline of its own method; the budgets of DESIGN.md section 6. */
const BUDGETS: Record<string, number> = { health: 0.4, public: 0.5, home: 0.7 };

const json = { 'content-type': 'application/json' };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

ensurePortalBuild();
const database = await createBenchDatabase(adminUrl, 'bench_http');
const children: { stop(): Promise<void> }[] = [];
let exitCode = 0;
try {
  console.log(
    `bench/http: PostgreSQL ${database.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${CONNECTIONS} connections, ${PAIRS} pairs of ${SLICE_SECONDS}-second loads per target`,
  );
  const cookies = (await seedSignedInMembers(database.url, MEMBERS)).map((m) => m.cookie);
  const profileDir = PROFILE ? path.join(tmpdir(), `bench-http-profile-${process.pid}`) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const server = await startServer(database.url, {
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  children.push(server);
  const bare = await startBare();
  children.push(bare);

  const origin = { origin: server.url };
  const targets: Record<string, LoadTarget & { baseline: string }> = {
    'bare-post': {
      name: 'bare Fastify POST',
      url: `${bare.url}/bare`,
      method: 'POST',
      headers: json,
      body: '{}',
      baseline: '',
    },
    health: {
      name: 'user-health-check (member)',
      url: `${server.url}/api/routes/user-health-check`,
      method: 'POST',
      headers: { ...json, ...origin },
      body: '{}',
      cookies,
      baseline: 'bare-post',
    },
    public: {
      name: 'get-banks (public)',
      url: `${server.url}/api/routes/get-banks`,
      method: 'POST',
      headers: { ...json, ...origin },
      body: '{}',
      baseline: 'bare-post',
    },
    'bare-get': { name: 'bare Fastify GET', url: `${bare.url}/bare`, method: 'GET', baseline: '' },
    home: {
      name: 'GET / (portal)',
      url: `${server.url}/`,
      method: 'GET',
      headers: { accept: 'text/html' },
      baseline: 'bare-get',
    },
    asset: {
      name: `GET ${entryAssetPath()}`,
      url: `${server.url}${entryAssetPath()}`,
      method: 'GET',
      baseline: 'bare-get',
    },
  };

  // BENCH_TARGETS=health,home measures only those (and their baselines), for quicker rounds.
  // A profile sees only its own target's load.
  const only = PROFILE ? [PROFILE] : process.env.BENCH_TARGETS?.split(',').map((t) => t.trim());
  if (only?.length) {
    for (const key of Object.keys(targets)) {
      const keep = only.includes(key) || only.some((o) => targets[o]?.baseline === key);
      if (!keep) delete targets[key];
    }
  }

  // Each target must answer 2xx before it is measured: a 401 or 404 is fast and would flatter.
  for (const [key, target] of Object.entries(targets)) {
    const check = await load(target, { connections: 1, seconds: 1 });
    if (check.failures > 0 || check.requests === 0)
      throw new Error(`${key}: ${target.name} does not answer 2xx`);
  }

  if (PROFILE) {
    const target = targets[PROFILE];
    if (!target) throw new Error(`BENCH_PROFILE must be one of ${Object.keys(targets).join(', ')}`);
    await load(target, { connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    const meter = cpuMeter(server.pid);
    const result = await load(target, { connections: CONNECTIONS, seconds: SECONDS });
    const cpu = meter.stop();
    const perRequest = (seconds: number) => ((seconds * 1e6) / result.requests).toFixed(0);
    console.log(`${target.name}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
    console.log(
      `CPU per request: server ${perRequest(cpu.server)} µs, PostgreSQL ${perRequest(cpu.postgres)} µs (${cpu.server.toFixed(1)} s and ${cpu.postgres.toFixed(1)} s over ${SECONDS} s)`,
    );
    await server.stop();
    const file = readdirSync(profileDir!).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no profile');
    console.log(summarizeProfile(path.join(profileDir!, file), 30));
  } else {
    const idleRss = rssMiB(server.pid);
    for (const target of Object.values(targets))
      await load(target, { connections: CONNECTIONS, seconds: WARMUP_SECONDS });

    /**
     * The comparison runs in pairs of short loads, a baseline and its target side by side, and
     * each pair gives one ratio: this machine's speed drifts by tens of percent within seconds
     * (other tenants), so a baseline measured ten seconds away from its target put that drift into
     * the ratio. Every other pair starts with the target (ABBA), so a steady drift falls on both
     * alike; the median of the pairs' ratios is the figure.
     */
    interface Row {
      ratios: number[];
      slices: LoadResult[];
      baselines: LoadResult[];
      cpu: { server: number; postgres: number }[];
    }
    const rows = new Map<string, Row>();
    const slice = async (key: string, pid: number) => {
      const meter = cpuMeter(pid);
      const result = await load(targets[key]!, { connections: CONNECTIONS, seconds: SLICE_SECONDS });
      const cpu = meter.stop();
      if (result.failures > 0) {
        console.error(`${targets[key]!.name}: ${result.failures} failed requests`);
        exitCode = 1;
      }
      return {
        result,
        cpu: { server: cpu.server / result.requests, postgres: cpu.postgres / result.requests },
      };
    };
    for (const [key, target] of Object.entries(targets)) {
      if (!target.baseline) continue;
      const row: Row = { ratios: [], slices: [], baselines: [], cpu: [] };
      rows.set(key, row);
      for (let pair = 0; pair < PAIRS; pair++) {
        const targetFirst = pair % 2 === 1;
        const first = await slice(targetFirst ? key : target.baseline, targetFirst ? server.pid : bare.pid);
        const second = await slice(targetFirst ? target.baseline : key, targetFirst ? bare.pid : server.pid);
        const [measured, base] = targetFirst ? [first, second] : [second, first];
        row.ratios.push(measured.result.rps / base.result.rps);
        row.slices.push(measured.result);
        row.baselines.push(base.result);
        row.cpu.push(measured.cpu);
      }
      const ratios = [...row.ratios].sort((a, b) => a - b);
      console.log(
        `${key}: ${PAIRS} pairs, ratio median ${median(ratios).toFixed(3)}, from ${ratios[0]!.toFixed(3)} to ${ratios.at(-1)!.toFixed(3)}`,
      );
    }

    console.log(
      `\nmedians over ${PAIRS} pairs of ${SLICE_SECONDS}-second loads; ratio = the target's req/s over its baseline's in the same pair`,
    );
    console.log(
      `${'target'.padEnd(40)}   req/s  base/s    ratio   p50 ms   p99 ms  CPU µs/req: server  PostgreSQL  budget`,
    );
    for (const [key, row] of rows) {
      const ratio = median(row.ratios);
      const budget = BUDGETS[key];
      const verdict =
        budget === undefined ? '' : `>= ${budget.toFixed(2)} ${ratio >= budget ? 'ok' : 'BELOW'}`;
      const rps = median(row.slices.map((r) => r.rps));
      const baseRps = median(row.baselines.map((r) => r.rps));
      console.log(
        `${targets[key]!.name.slice(0, 40).padEnd(40)}${fmt(rps)}${fmt(baseRps)}${fmt(ratio, 3).padStart(9)}${fmt(median(row.slices.map((r) => r.p50)), 1)}${fmt(median(row.slices.map((r) => r.p99)), 1)}${fmt(median(row.cpu.map((c) => c.server * 1e6))).padStart(19)}${fmt(median(row.cpu.map((c) => c.postgres * 1e6))).padStart(12)}  ${verdict}`,
      );
    }
    for (const key of Object.keys(BUDGETS).filter((k) => rows.has(k)))
      console.log(`ratio ${key} : bare = ${median(rows.get(key)!.ratios).toFixed(3)}`);
    console.log(
      `server RSS: ${idleRss.toFixed(0)} MiB idle, ${rssMiB(server.pid).toFixed(0)} MiB after the runs`,
    );
  }
} finally {
  for (const child of children.reverse()) await child.stop();
  await database.drop();
}
process.exit(exitCode);
