// `npm start` exactly as the README runs it, against the apps `npm run build` made (CI builds them
// right before this suite): started, stopped with Ctrl-C (SIGINT to the whole process group), started
// again on the same data folder and stopped with SIGTERM to the group. Each start must serve the
// portal at / and the back office at /backoffice/ as HTML without building anything, since the
// builds are current. (The second start used to crash: the build check read the apps' index.html
// sources as folders, ENOTDIR.) A temporary DATA_DIR and a free PORT keep ./data and port 3000 alone.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string;
const groups: number[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** True while any process of the group is alive (signal 0 only checks). */
function groupIsAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** The apps whose build is older than their sources, by the very check `npm start` makes. */
function staleBuilds(): string[] {
  const script = `
    import { browserClients, buildIsCurrent } from './scripts/clients.mjs';
    const stale = browserClients(process.cwd(), {}).filter((client) => !buildIsCurrent(client, process.cwd()));
    console.log(JSON.stringify(stale.map((client) => client.name)));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[];
}

interface Started {
  child: ChildProcess;
  pgid: number;
  port: number;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `npm start` as the leader of its own process group, as a shell runs a foreground job. */
function npmStart(port: number): Started {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  };
  // The real builds, not ones made elsewhere.
  for (const name of ['PORTAL_DIST', 'STUDIO_DIST', 'BACKOFFICE_DIST', 'STUDIO_ENABLED']) delete env[name];
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  groups.push(child.pid!);
  const output: string[] = [];
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, pgid: child.pid!, port, output, exited };
}

/** Waits until `path` answers 200 with an HTML document, failing at once if `npm start` exits. */
async function waitForHtml(started: Started, pathname: string): Promise<string> {
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void started.exited.then((value) => (exit = value));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exit)
      throw new Error(
        `npm start exited (${JSON.stringify(exit)}) before serving ${pathname}:\n${started.output.join('')}`,
      );
    try {
      const res = await fetch(`http://127.0.0.1:${started.port}${pathname}`);
      const body = await res.text();
      if (res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('text/html')) return body;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${pathname} did not answer HTML within 120 s; output:\n${started.output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function expectServing(started: Started): Promise<void> {
  expect(await waitForHtml(started, '/')).toMatch(/<html[\s>]/i);
  expect(await waitForHtml(started, '/backoffice/')).toMatch(/<html[\s>]/i);
  // The builds were current: `npm start` served them as they were.
  expect(started.output.join('')).not.toContain('building ');
}

async function stopGroup(started: Started, signal: NodeJS.Signals): Promise<void> {
  process.kill(-started.pgid, signal);
  await started.exited;
  const deadline = Date.now() + 20_000;
  while (groupIsAlive(started.pgid)) {
    if (Date.now() > deadline) throw new Error(`processes of npm start left after ${signal}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'casino-e2e-start-'));
});
afterAll(() => {
  for (const pgid of groups) if (groupIsAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start after npm run build', () => {
  it(
    'serves the built apps, and again after a Ctrl-C, on the same data folder',
    { timeout: 300_000 },
    async () => {
      expect(staleBuilds(), 'apps older than their sources: run `npm run build` first').toEqual([]);

      const first = npmStart(await freePort());
      await expectServing(first);
      await stopGroup(first, 'SIGINT');

      const second = npmStart(await freePort());
      await expectServing(second);
      await stopGroup(second, 'SIGTERM');
    },
  );
});
