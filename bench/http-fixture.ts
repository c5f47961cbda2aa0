/**
 * What `bench/http.ts` and `bench/soak.ts` share: a fresh database (PostgreSQL, or the embedded
 * one in a temporary folder) with signed-in members, the real server and the bare baselines as
 * child processes, and one autocannon load.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
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

/**
 * The database of one bench run: a PostgreSQL database (`url`) or the embedded database in a
 * temporary folder (`dataDir`), removed by `drop()`.
 */
export interface BenchDatabase {
  name: string;
  url?: string;
  dataDir?: string;
  /** What it is, for the report's first line. */
  label: string;
  drop(): Promise<void>;
}

/** A database of its own for one bench run, dropped by `drop()` (also after a failure). */
export async function createBenchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<BenchDatabase & { url: string; version: string | undefined }> {
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
    label: `PostgreSQL ${version}`,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The embedded database (PGlite) in a temporary folder, for the server's DATA_DIR: one process at
 * a time opens it, so the seeding closes it before the server starts.
 */
export function createEmbeddedBenchDatabase(prefix: string): BenchDatabase {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  return {
    name: path.basename(dataDir),
    dataDir,
    label: 'the embedded database (PGlite)',
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's environment for a bench database. */
function databaseEnv(database: Pick<BenchDatabase, 'url' | 'dataDir'>): Record<string, string> {
  return database.url ? { DATABASE_URL: database.url } : { DATABASE_URL: '', DATA_DIR: database.dataDir! };
}

/**
 * Migrates the database and registers `count` members through the members service, each with
 * cash from a deposit, an unread note and a live session. Returns each member's user id and session
 * cookie (`sid=<token>`).
 */
export async function seedSignedInMembers(
  target: string | Pick<BenchDatabase, 'url' | 'dataDir'>,
  count: number,
): Promise<{ userId: string; memberId: number; cookie: string }[]> {
  const where = typeof target === 'string' ? { url: target } : target;
  const database = await openDatabase(
    where.url ? { databaseUrl: where.url, poolSize: 8 } : { dataDir: where.dataDir! },
  );
  try {
    await migrateToLatest(database.db);
    const services = createServices({
      secretsKey: randomBytes(32),
      config: loadConfig(databaseEnv(where)),
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
  return waitForHttp(`${url}${readyPath}`, child, 120_000).then(
    () => server,
    async (error: unknown) => {
      await server.stop();
      throw new Error(`${String(error)}\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    },
  );
}

/**
 * The real server (`apps/api/src/main.ts`) on `database` (a PostgreSQL URL, or a bench database:
 * PostgreSQL or the embedded one), serving the built portal, configured as in production
 * (NODE_ENV=production, LOG_LEVEL as given or its default). `nodeArgs` go to node before the
 * script (`--cpu-prof`, `--heapsnapshot-signal`...).
 */
export async function startServer(
  database: string | Pick<BenchDatabase, 'url' | 'dataDir'>,
  options: { nodeArgs?: string[]; env?: Record<string, string>; portalDist?: string } = {},
): Promise<ChildServer> {
  const port = await freePort();
  return startChild(
    'server',
    [...(options.nodeArgs ?? []), ...benchNodeArgs(), path.join(root, 'apps/api/src/main.ts')],
    {
      ...databaseEnv(typeof database === 'string' ? { url: database } : database),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      SECRETS_KEY: randomBytes(32).toString('hex'),
      BOOTSTRAP_ADMIN_PASSWORD: `bench-${randomBytes(8).toString('hex')}`,
      PORTAL_DIST: options.portalDist ?? portalDist,
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

/** The bare node:http baseline (`bench/bare-static.ts`) answering the answers in `answersFile`. */
export async function startBareStatic(answersFile: string): Promise<ChildServer> {
  const port = await freePort();
  return startChild(
    'bare-static',
    [path.join(root, 'bench/bare-static.ts')],
    { BARE_STATIC_ANSWERS: answersFile },
    port,
    '/',
  );
}

/** An answer as it came over the wire: status, headers (names as sent) and the undecoded body. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One GET with the browser's headers and `headers`, its body left as sent (fetch would decode it). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { ...BROWSER_HEADERS, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const answer: Record<string, string> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          answer[res.rawHeaders[i]!] = res.rawHeaders[i + 1]!;
        resolve({ status: res.statusCode ?? 0, headers: answer, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Builds the portal when there is no build (GET / and the assets need one). */
export function ensurePortalBuild(): void {
  if (existsSync(path.join(portalDist, 'index.html'))) return;
  console.log('building the portal (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the portal build failed');
}

/**
 * A copy of the portal's build in a temporary folder, served for one run: a build made meanwhile
 * (others build on this machine) cannot change or remove what is being measured.
 */
export function snapshotPortalBuild(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-portal-'));
  cpSync(realpathSync(portalDist), dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The file of a built portal (this repository's unless told) that a URL path names. */
export function portalFile(urlPath: string, dist = portalDist): string {
  return path.join(dist, ...urlPath.split('/').filter(Boolean));
}

/** The entry script of a built portal, as index.html names it: a hashed asset. */
export function entryAssetPath(dist = portalDist): string {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
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
  /** The status every answer must have (a revalidation expects 304); any 2xx when not given. */
  expect?: number;
}

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Bytes received per answer, headers included: a target and its baseline must send the same. */
  bytesPerAnswer: number;
  /**
   * Answers other than the expected status (2xx when none is), connection errors and timeouts:
   * must be 0 for the figures to count.
   */
  failures: number;
}

/** Browsers send these; compression and content negotiation depend on them (issue 22). */
export const BROWSER_HEADERS = {
  'accept-encoding': 'br, gzip',
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
  const answers = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  const expected =
    target.expect === undefined ? result['2xx'] : (result.statusCodeStats?.[`${target.expect}`]?.count ?? 0);
  return {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bytesPerAnswer: answers ? result.throughput.total / answers : 0,
    failures: answers - expected + result.errors + result.timeouts,
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
