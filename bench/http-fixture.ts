/**
 * What `bench/http.ts` and `bench/soak.ts` share: a fresh PostgreSQL database with signed-in
 * members, the real server and the bare baseline as child processes, and one autocannon load.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { createServices } from '../apps/api/src/services.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const portalDist = path.join(root, 'apps/portal/dist');

export function requireDatabaseUrl(script: string): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(`${script} needs DATABASE_URL (a PostgreSQL server it may create a database on)`);
    process.exit(2);
  }
  return url;
}

export function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** A database of its own for one bench run, dropped by `drop()` (also after a failure). */
export async function createBenchDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]
    ?.server_version;
  return {
    name,
    url: url.toString(),
    version,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Migrates the database and registers `count` members through the members service, each with
 * cash from a deposit, an unread note and a live session. Returns each member's user id and session
 * cookie (`sid=<token>`).
 */
export async function seedSignedInMembers(
  databaseUrl: string,
  count: number,
): Promise<{ userId: string; memberId: number; cookie: string }[]> {
  const database = await openDatabase({ databaseUrl, poolSize: 8 });
  try {
    await migrateToLatest(database.db);
    const services = createServices({
      secretsKey: randomBytes(32),
      config: loadConfig({ DATABASE_URL: databaseUrl }),
      db: database.db,
      dbKind: database.kind,
    });
    await database.db.insertInto('reg_codes').values({ code: 'BENCH', domain: '' }).execute();
    const run = randomBytes(2).toString('hex');
    const members: { userId: string; memberId: number; cookie: string }[] = [];
    // A few at a time: registration hashes two passwords with argon2.
    for (let start = 0; start < count; start += 4) {
      const batch = Array.from({ length: Math.min(4, count - start) }, (_, k) => start + k);
      members.push(
        ...(await Promise.all(
          batch.map(async (i) => {
            const digits = String(i).padStart(8, '0');
            const result = await services.members.register({
              userId: `b${run}${i}`,
              password: `bench-${randomBytes(8).toString('hex')}`,
              nick: `벤치${i}`,
              phone: `010${digits}`,
              bankname: '004',
              bankOwner: '홍길동',
              banknum: `1234${digits}`,
              exchangePassword: '123456',
              code: 'BENCH',
            });
            if (result.status !== 'success') throw new Error(`registration: ${JSON.stringify(result)}`);
            const memberId = result.memberId;
            await services.ledger.transfer({
              debit: { system: 'bank_clearing' },
              credit: { memberId, kind: 'cash' },
              amount: 100_000,
              code: 'deposit',
              idempotencyKey: `bench-${memberId}`,
              source: 'bench',
            });
            await services.community.sendNote(memberId, { title: '벤치', contents: '벤치 쪽지' });
            const { token } = await services.sessions.create('member', memberId, {
              ip: '127.0.0.1',
              userAgent: 'bench',
            });
            return { userId: `b${run}${i}`, memberId, cookie: `sid=${token}` };
          }),
        )),
      );
    }
    return members;
  } finally {
    await database.close();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  name: string;
  url: string;
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url}: no answer within ${timeoutMs} ms`);
}

function startChild(
  name: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  readyPath: string,
): Promise<ChildServer> {
  const logFile = path.join(tmpdir(), `bench-${name}-${process.pid}-${port}.log`);
  // The log goes straight to a file, as a log collector would take it: through a pipe to this
  // process, busy with the load, the server's writes would wait on the bench.
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ChildServer = {
    name,
    url,
    pid: child.pid!,
    logFile,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  return waitForHttp(`${url}${readyPath}`, child, 30_000).then(
    () => server,
    async (error: unknown) => {
      await server.stop();
      throw new Error(`${String(error)}\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    },
  );
}

/**
 * The real server (`apps/api/src/main.ts`) on `databaseUrl`, serving the built portal, configured
 * as in production (NODE_ENV=production, LOG_LEVEL as given or its default). `nodeArgs` go to node
 * before the script (`--cpu-prof`, `--heapsnapshot-signal`...).
 */
export async function startServer(
  databaseUrl: string,
  options: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<ChildServer> {
  const port = await freePort();
  return startChild(
    'server',
    [...(options.nodeArgs ?? []), ...benchNodeArgs(), path.join(root, 'apps/api/src/main.ts')],
    {
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      SECRETS_KEY: randomBytes(32).toString('hex'),
      BOOTSTRAP_ADMIN_PASSWORD: `bench-${randomBytes(8).toString('hex')}`,
      PORTAL_DIST: portalDist,
      ...options.env,
    },
    port,
    '/api/health',
  );
}

/** BENCH_NODE_ARGS: more node options for the server (`--trace-gc`, heap sizes...), to experiment. */
function benchNodeArgs(): string[] {
  return process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
}

export async function startBare(): Promise<ChildServer> {
  const port = await freePort();
  return startChild('bare', [path.join(root, 'bench/bare-server.ts')], {}, port, '/bare');
}

/** Builds the portal when there is no build (GET / and the assets need one). */
export function ensurePortalBuild(): void {
  if (existsSync(path.join(portalDist, 'index.html'))) return;
  console.log('building the portal (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the portal build failed');
}

/** The entry script of the built portal, as index.html names it: a hashed asset. */
export function entryAssetPath(): string {
  const html = readFileSync(path.join(portalDist, 'index.html'), 'utf8');
  const match = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html);
  if (!match) throw new Error('no entry script in the built index.html');
  return match[1]!;
}

export interface LoadTarget {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** One cookie per connection, taken in turn (a connection is one member's browser). */
  cookies?: string[];
}

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Responses outside 2xx, connection errors and timeouts: must be 0 for the figures to count. */
  failures: number;
}

/** Browsers send these; compression and content negotiation depend on them. */
export const BROWSER_HEADERS = {
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'Mozilla/5.0 (Linux; Android 14) bench/http',
};

/** Loads one target with `connections` connections for `seconds`, each starting its next request at once. */
export async function load(
  target: LoadTarget,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  let next = 0;
  const cookies = target.cookies;
  const result = await autocannon({
    url: target.url,
    method: target.method,
    connections: options.connections,
    duration: options.seconds,
    headers: { ...BROWSER_HEADERS, ...target.headers },
    ...(target.body !== undefined ? { body: target.body } : {}),
    ...(cookies?.length
      ? {
          setupClient(client: autocannon.Client) {
            const cookie = cookies[next++ % cookies.length]!;
            client.setHeaders({ ...BROWSER_HEADERS, ...target.headers, cookie });
          },
        }
      : {}),
  });
  return {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** The resident set size of a process, in MiB (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far (Linux). */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0; // the process has gone
  }
}

/** The ids of the PostgreSQL server's processes on this machine (its backends included). */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * CPU used by the server and by PostgreSQL between `start()` and `stop()`, in seconds: where a
 * request's cost lies, which a profile of the server alone cannot tell on a shared machine.
 */
export function cpuMeter(serverPid: number) {
  const pgStart = new Map(postgresPids().map((pid) => [pid, cpuSecondsOf(pid)]));
  const serverStart = cpuSecondsOf(serverPid);
  return {
    stop(): { server: number; postgres: number } {
      let postgres = 0;
      for (const pid of postgresPids()) postgres += cpuSecondsOf(pid) - (pgStart.get(pid) ?? 0);
      return { server: cpuSecondsOf(serverPid) - serverStart, postgres };
    },
  };
}
