/**
 * Memory under a long health-check load: the real server on PostgreSQL, loaded for SOAK_SECONDS
 * (default 600) by signed-in members polling `user-health-check`, its resident set size sampled
 * every few seconds, then left idle for SOAK_COOLDOWN_SECONDS (default 180). It prints the RSS
 * curve and a verdict: the RSS must level off (its growth over the last two thirds of the load
 * stays within a small margin) and come back toward idle once the load ends. See bench/README.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/soak.ts
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  createBenchDatabase,
  load,
  positiveInt,
  requireDatabaseUrl,
  rssMiB,
  seedSignedInMembers,
  startServer,
} from './http-fixture.ts';

const adminUrl = requireDatabaseUrl('bench/soak.ts');
const SECONDS = positiveInt('SOAK_SECONDS', 600);
const COOLDOWN_SECONDS = positiveInt('SOAK_COOLDOWN_SECONDS', 180);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 100);
const MEMBERS = positiveInt('BENCH_MEMBERS', 100);
const SAMPLE_SECONDS = positiveInt('SOAK_SAMPLE_SECONDS', 10);
/** Growth allowed over the last two thirds of the load, beyond which the RSS has not levelled off. */
const GROWTH_MARGIN_MIB = positiveInt('SOAK_GROWTH_MARGIN_MIB', 24);
/** SOAK_HEAP_SNAPSHOTS=1: a V8 heap snapshot of the server after the warm-up and at the end of the load. */
const SNAPSHOTS = process.env.SOAK_HEAP_SNAPSHOTS === '1';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (n: number) => `${n.toFixed(0)} MiB`;

interface Sample {
  second: number;
  rss: number;
}

const database = await createBenchDatabase(adminUrl, 'bench_soak');
let exitCode = 0;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  console.log(
    `bench/soak: PostgreSQL ${database.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${CONNECTIONS} connections, ${SECONDS} s of load, ${COOLDOWN_SECONDS} s idle after`,
  );
  const cookies = (await seedSignedInMembers(database.url, MEMBERS)).map((m) => m.cookie);
  const snapshotDir = SNAPSHOTS ? path.join(tmpdir(), `bench-soak-heap-${process.pid}`) : undefined;
  if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });
  server = await startServer(database.url, {
    nodeArgs: snapshotDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`] : [],
  });
  console.log(`server log: ${server.logFile}`);
  const pid = server.pid;
  const target = {
    name: 'user-health-check (member)',
    url: `${server.url}/api/routes/user-health-check`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', origin: server.url },
    body: '{}',
    cookies,
  };
  const check = await load(target, { connections: 1, seconds: 1 });
  if (check.failures > 0 || check.requests === 0) throw new Error('the health check does not answer 2xx');
  await sleep(2000);
  const idle = rssMiB(pid);
  console.log(`idle: ${mib(idle)}`);

  const takeSnapshot = async (label: string) => {
    if (!snapshotDir) return;
    const before = new Set(readdirSync(snapshotDir));
    process.kill(pid, 'SIGUSR2');
    // The server writes the snapshot synchronously, stopped meanwhile; wait for a new, settled file.
    for (let i = 0; i < 600; i++) {
      await sleep(500);
      const file = readdirSync(snapshotDir).find((f) => !before.has(f) && f.endsWith('.heapsnapshot'));
      if (!file) continue;
      const size = statSync(path.join(snapshotDir, file)).size;
      await sleep(1000);
      if (statSync(path.join(snapshotDir, file)).size === size) {
        console.log(`heap snapshot (${label}): ${path.join(snapshotDir, file)} (${mib(size / 2 ** 20)})`);
        return;
      }
    }
    console.log(`heap snapshot (${label}): none written`);
  };

  const samples: Sample[] = [];
  const started = Date.now();
  let snapshotTaken: Promise<void> | undefined;
  const sampler = setInterval(() => {
    const second = Math.round((Date.now() - started) / 1000);
    samples.push({ second, rss: rssMiB(pid) });
    const last = samples.at(-1)!;
    if (second % 60 < SAMPLE_SECONDS) console.log(`  ${String(second).padStart(4)} s  RSS ${mib(last.rss)}`);
    // After the warm-up (the first minute), a snapshot of what the server holds under load.
    if (!snapshotTaken && second >= 60) snapshotTaken = takeSnapshot('under load, after 1 minute');
  }, SAMPLE_SECONDS * 1000);
  const result = await load(target, { connections: CONNECTIONS, seconds: SECONDS });
  clearInterval(sampler);
  await snapshotTaken;
  const endOfLoad = rssMiB(pid);
  await takeSnapshot('end of the load');
  console.log(
    `load: ${result.requests} requests, ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.failures} failed`,
  );
  if (result.failures > 0) exitCode = 1;

  const cooldown: Sample[] = [];
  for (let s = SAMPLE_SECONDS; s <= COOLDOWN_SECONDS; s += SAMPLE_SECONDS) {
    await sleep(SAMPLE_SECONDS * 1000);
    cooldown.push({ second: s, rss: rssMiB(pid) });
  }
  const afterIdle = cooldown.at(-1)?.rss ?? rssMiB(pid);

  // Levelling off: the RSS at the end of the load against the highest RSS of its first third.
  const firstThird = samples.filter((s) => s.second <= SECONDS / 3);
  const plateau = Math.max(...firstThird.map((s) => s.rss), idle);
  const peak = Math.max(...samples.map((s) => s.rss), endOfLoad);
  const growth = endOfLoad - plateau;
  const levelled = growth <= GROWTH_MARGIN_MIB;
  // Coming back toward idle: after the idle period, at least half of what the load added is given
  // back (V8's memory reducer shrinks the heap once allocation has stayed low for a while: about a
  // minute and a half after the load on this machine).
  const returned = afterIdle - idle <= (peak - idle) / 2;
  console.log(
    `\nRSS: idle ${mib(idle)}, first third max ${mib(plateau)}, peak ${mib(peak)}, end of load ${mib(endOfLoad)}, after ${COOLDOWN_SECONDS} s idle ${mib(afterIdle)}`,
  );
  console.log(
    `levels off: growth over the last two thirds ${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MiB (margin ${GROWTH_MARGIN_MIB}) ${levelled ? 'ok' : 'GROWING'}`,
  );
  console.log(
    `back toward idle: ${mib(afterIdle - idle)} above idle after the load, against ${mib(peak - idle)} at the peak (at most half) ${returned ? 'ok' : 'NOT RELEASED'}`,
  );
  if (!levelled || !returned) exitCode = 1;
} finally {
  await server?.stop();
  await database.drop();
}
process.exit(exitCode);
