/**
 * HTTP throughput of the real server beside bare baselines, loaded the same way in the same run
 * (autocannon, 100 connections): the signed-in health check and a public call beside a bare
 * Fastify route; the portal's `GET /`, a hashed asset and a revalidation (304) beside a bare
 * node:http server sending the very same answers (bench/bare-static.ts). Prints req/s, p50/p99 and
 * each one's ratio to its baseline, the median over BENCH_PAIRS pairs of short loads side by side.
 * On PostgreSQL when DATABASE_URL is set, else on the embedded database. See bench/README.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/http.ts
 *   node bench/http.ts
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { BareAnswer } from './bare-static.ts';
import { summarizeProfile } from './cpu-profile.ts';
import {
  cpuMeter,
  createBenchDatabase,
  createEmbeddedBenchDatabase,
  ensurePortalBuild,
  entryAssetPath,
  load,
  portalFile,
  positiveInt,
  rawGet,
  rssMiB,
  seedSignedInMembers,
  snapshotPortalBuild,
  startBare,
  startBareStatic,
  startServer,
  type LoadResult,
  type LoadTarget,
  type RawAnswer,
} from './http-fixture.ts';

/** PostgreSQL when DATABASE_URL is set (a database of the bench's own is created there). */
const adminUrl = process.env.DATABASE_URL;
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

/**
 * Each target is compared with its own baseline; the budgets of bench/README.md "Budgets" (the page and
 * the asset against the bare server sending the same bytes, issue 22).
 */
const BUDGETS: Record<string, number> = { health: 0.4, public: 0.5, home: 0.7, asset: 0.7 };

const json = { 'content-type': 'application/json' };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

/**
 * The real server's answers to the page and asset targets, checked (200 in Brotli as the browser
 * asked, with an ETag, the asset as the build compressed it, and the 304 for the ETag), for the
 * bare baseline to send as they are.
 */
async function answersOf(
  serverUrl: string,
  dist: string,
  home: string,
  asset: string,
): Promise<BareAnswer[]> {
  const answers: BareAnswer[] = [];
  for (const url of [home, asset]) {
    const answer = await rawGet(`${serverUrl}${url}`);
    const etag = answer.headers.etag ?? answer.headers.ETag;
    if (answer.status !== 200 || answer.headers['content-encoding'] !== 'br')
      throw new Error(`${url}: ${answer.status}, ${answer.headers['content-encoding']}: not 200 in Brotli`);
    const notModified = etag ? await rawGet(`${serverUrl}${url}`, { 'if-none-match': etag }) : undefined;
    if (notModified && (notModified.status !== 304 || notModified.body.length > 0))
      throw new Error(`${url}: If-None-Match answered ${notModified.status}`);
    answers.push({
      url,
      headers: sentHeaders(answer),
      body: answer.body.toString('base64'),
      ...(etag && notModified ? { etag, notModified: sentHeaders(notModified) } : {}),
    });
  }
  const built = portalFile(`${asset}.br`, dist);
  if (existsSync(built) && !readFileSync(built).equals(Buffer.from(answers[1]!.body, 'base64')))
    throw new Error(`${asset}: the server did not send the build's .br file`);
  return answers;
}

/** The headers an answer carried, but those node:http writes itself (the date, keep-alive). */
function sentHeaders(answer: RawAnswer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(answer.headers).filter(
      ([name]) => !['date', 'connection', 'keep-alive'].includes(name.toLowerCase()),
    ),
  );
}

ensurePortalBuild();
const build = snapshotPortalBuild();
const database = adminUrl
  ? await createBenchDatabase(adminUrl, 'bench_http')
  : createEmbeddedBenchDatabase('bench-http');
const children: { stop(): Promise<void> }[] = [];
const answersFile = path.join(tmpdir(), `bench-http-answers-${process.pid}.json`);
let exitCode = 0;
try {
  console.log(
    `bench/http: ${database.label}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${CONNECTIONS} connections, ${PAIRS} pairs of ${SLICE_SECONDS}-second loads per target`,
  );
  const cookies = (await seedSignedInMembers(database, MEMBERS)).map((m) => m.cookie);
  const profileDir = PROFILE ? path.join(tmpdir(), `bench-http-profile-${process.pid}`) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const server = await startServer(database, {
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    portalDist: build.dir,
  });
  children.push(server);
  const bare = await startBare();
  children.push(bare);
  const asset = entryAssetPath(build.dir);
  const answers = await answersOf(server.url, build.dir, '/', asset);
  writeFileSync(answersFile, JSON.stringify(answers));
  const bareStatic = await startBareStatic(answersFile);
  children.push(bareStatic);
  const homeEtag = answers[0]!.etag;
  if (!homeEtag) throw new Error('GET / answered no ETag');

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
    'bare-home': {
      name: 'bare node:http GET / (same answer)',
      url: `${bareStatic.url}/`,
      method: 'GET',
      headers: { accept: 'text/html' },
      baseline: '',
    },
    home: {
      name: 'GET / (portal)',
      url: `${server.url}/`,
      method: 'GET',
      headers: { accept: 'text/html' },
      baseline: 'bare-home',
    },
    'bare-asset': {
      name: 'bare node:http GET asset (same answer)',
      url: `${bareStatic.url}${asset}`,
      method: 'GET',
      baseline: '',
    },
    asset: { name: `GET ${asset}`, url: `${server.url}${asset}`, method: 'GET', baseline: 'bare-asset' },
    'bare-home-304': {
      name: 'bare node:http GET / 304',
      url: `${bareStatic.url}/`,
      method: 'GET',
      headers: { accept: 'text/html', 'if-none-match': homeEtag },
      expect: 304,
      baseline: '',
    },
    'home-304': {
      name: 'GET / If-None-Match (304)',
      url: `${server.url}/`,
      method: 'GET',
      headers: { accept: 'text/html', 'if-none-match': homeEtag },
      expect: 304,
      baseline: 'bare-home-304',
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

  // Each target must answer 2xx (or the 304 it expects) before it is measured: a 401 or 404 is
  // fast and would flatter.
  for (const [key, target] of Object.entries(targets)) {
    const check = await load(target, { connections: 1, seconds: 1 });
    if (check.failures > 0 || check.requests === 0)
      throw new Error(`${key}: ${target.name} does not answer ${target.expect ?? '2xx'}`);
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
    // The load's seconds and the stop after it, not the start.
    console.log(summarizeProfile(path.join(profileDir!, file), 30, SECONDS + 1));
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
      baseCpu: number[];
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
      const row: Row = { ratios: [], slices: [], baselines: [], cpu: [], baseCpu: [] };
      rows.set(key, row);
      const basePid = target.baseline === 'bare-post' ? bare.pid : bareStatic.pid;
      for (let pair = 0; pair < PAIRS; pair++) {
        const targetFirst = pair % 2 === 1;
        const first = await slice(targetFirst ? key : target.baseline, targetFirst ? server.pid : basePid);
        const second = await slice(targetFirst ? target.baseline : key, targetFirst ? basePid : server.pid);
        const [measured, base] = targetFirst ? [first, second] : [second, first];
        row.ratios.push(measured.result.rps / base.result.rps);
        row.slices.push(measured.result);
        row.baselines.push(base.result);
        row.cpu.push(measured.cpu);
        row.baseCpu.push(base.cpu.server);
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
      `CPU µs/req: the target's server (its baseline's process) and PostgreSQL; cost = the server's CPU per request over its baseline's in the same pair; bytes/answer as received, headers included`,
    );
    console.log(
      `${'target'.padEnd(40)}   req/s  base/s    ratio   p50 ms   p99 ms  CPU server   (base)    cost  PostgreSQL  bytes   (base)  budget`,
    );
    for (const [key, row] of rows) {
      const ratio = median(row.ratios);
      const budget = BUDGETS[key];
      const verdict =
        budget === undefined ? '' : `>= ${budget.toFixed(2)} ${ratio >= budget ? 'ok' : 'BELOW'}`;
      const rps = median(row.slices.map((r) => r.rps));
      const baseRps = median(row.baselines.map((r) => r.rps));
      const cells = [
        fmt(rps),
        fmt(baseRps),
        fmt(ratio, 3).padStart(9),
        fmt(median(row.slices.map((r) => r.p50)), 1),
        fmt(median(row.slices.map((r) => r.p99)), 1),
        fmt(median(row.cpu.map((c) => c.server * 1e6))).padStart(12),
        `(${median(row.baseCpu.map((c) => c * 1e6)).toFixed(0)})`.padStart(9),
        fmt(median(row.cpu.map((c, i) => c.server / row.baseCpu[i]!)), 2),
        fmt(median(row.cpu.map((c) => c.postgres * 1e6))).padStart(12),
        fmt(median(row.slices.map((r) => r.bytesPerAnswer))).padStart(7),
        `(${median(row.baselines.map((r) => r.bytesPerAnswer)).toFixed(0)})`.padStart(9),
      ];
      console.log(`${targets[key]!.name.slice(0, 40).padEnd(40)}${cells.join('')}  ${verdict}`);
    }
    for (const [key, row] of rows)
      console.log(
        `ratio ${key} : bare = ${median(row.ratios).toFixed(3)}, cost ${median(row.cpu.map((c, i) => c.server / row.baseCpu[i]!)).toFixed(2)}`,
      );
    console.log(
      `server RSS: ${idleRss.toFixed(0)} MiB idle, ${rssMiB(server.pid).toFixed(0)} MiB after the runs`,
    );
  }
} finally {
  for (const child of children.reverse()) await child.stop();
  await database.drop();
  rmSync(answersFile, { force: true });
  build.remove();
}
process.exit(exitCode);
