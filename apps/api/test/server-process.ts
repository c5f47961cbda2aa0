import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonBody } from './factories.ts';

// The real server as a child process (`node apps/api/src/main.ts`), as production runs it: for the
// tests that kill it (crash.test.ts) or run several of it on one database (instances.test.ts).

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');
const MAIN = path.resolve(here, '../src/main.ts');

export interface ServerProcess {
  base: string;
  child: ChildProcess;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the server on `databaseUrl` with `env` added to the essentials (its own port on
 * 127.0.0.1, no demo content, warnings only) and resolves once `/readyz` answers 200.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

/** SIGKILL, and resolves once the process is gone (nothing when it already is). */
export async function killServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

/** A server process's answer: HTTP status, JSON body and the session cookie it set, if any. */
export interface ServerReply {
  status: number;
  body: JsonBody;
  cookie?: string;
}

/** A JSON POST to a server process at `base`, as the site's own pages send it (same origin). */
export async function postJson(
  base: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ServerReply> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  // Every cookie the answer sets (a sign-in sets the session and the device id), as a request's
  // `cookie` header sends them back.
  const setCookies = res.headers.getSetCookie().map((line) => line.split(';')[0]);
  return {
    status: res.status,
    body: (await res.json()) as JsonBody,
    ...(setCookies.length > 0 ? { cookie: setCookies.join('; ') } : {}),
  };
}
