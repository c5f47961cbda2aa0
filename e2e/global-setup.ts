import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let child: ChildProcess | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'casino-e2e-'));
  child = spawn(process.execPath, [path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO_MEMBER_PASSWORD: DEMO_PASSWORD,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Every suite registers its own members from the one test address: the per-address limits
      // (tested by the integration suite) would refuse the later ones.
      REGISTER_MAX_PER_IP: '1000',
      CHECK_MAX_PER_IP: '10000',
      // The operator's details the footer shows (README, "Configuration").
      OPERATOR_NAME: 'Gold Crown Entertainment Ltd.',
      OPERATOR_ADDRESS: 'Level 3, 12 Harbour Street, Valletta VLT 1234, Malta',
      OPERATOR_LICENSE: 'Company no. C 98765 · Licence MGA/B2C/123/2024',
      SUPPORT_EMAIL: 'support@goldcrown.example',
      SIGNIN_MAX_ATTEMPTS_PER_IP: '10000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://localhost:${port}`;
  // A loaded machine (several suites building and testing at once) may need longer: E2E_SERVER_START_MS.
  const startMs = Number(process.env.E2E_SERVER_START_MS) || 60_000;
  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start within ${startMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const index = await fetch(baseUrl + '/');
  if (!(index.headers.get('content-type') ?? '').includes('text/html')) {
    throw new Error('the portal is not built: run `npm run build` first');
  }
  project.provide('baseUrl', baseUrl);
}

export async function teardown(): Promise<void> {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
