// `npm start`, scripts/start.mjs and `npm run dev` stop completely on one signal: npm, the script
// and its servers all exit, no process of the group is left, and the ports are closed. Each case starts the
// real server on a fresh embedded database in a temporary folder, on a free port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const cleanups = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function portIsOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, 'localhost');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** True while any process of the group is alive (signal 0 only checks). */
function groupIsAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    if (error.code === 'ESRCH') return false;
    throw error;
  }
}

async function waitFor(what, condition, timeoutMs, output) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts the command as the leader of a new process group (as a shell does for a foreground job),
 * on a temporary data folder and a free port, and waits until the server answers HTTP.
 */
async function startServer(command, args, { portalPort } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'casino-start-test-'));
  // An empty folder for the portal, the studio's game client and the back office: the server serves
  // none of them and start.mjs builds none.
  const portalDist = mkdtempSync(path.join(tmpdir(), 'casino-start-test-portal-'));
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PORTAL_DIST: portalDist,
      STUDIO_DIST: portalDist,
      BACKOFFICE_DIST: portalDist,
      LOG_LEVEL: 'warn',
      ...(portalPort ? { PORTAL_PORT: String(portalPort) } : {}),
    },
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  cleanups.push(() => {
    if (groupIsAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(portalDist, { recursive: true, force: true });
  });
  await waitFor(
    'the server to answer',
    async () => {
      try {
        // With a dev server the health check goes through Vite's proxy, so both must be up.
        const response = await fetch(`http://localhost:${portalPort ?? port}/api/health`);
        return response.ok;
      } catch {
        return false;
      }
    },
    90_000,
    output,
  );
  return { child, pgid: child.pid, ports: portalPort ? [port, portalPort] : [port], output, exited };
}

async function expectAllGone({ pgid, ports, output, exited }) {
  const exit = await exited;
  await waitFor('every process of the group to exit', () => !groupIsAlive(pgid), 15_000, output);
  for (const port of ports) expect(await portIsOpen(port)).toBe(false);
  return exit;
}

describe.skipIf(process.platform === 'win32')('stopping the server', () => {
  it('SIGTERM to the npm start process stops npm, start.mjs and the server', async () => {
    const started = await startServer('npm', ['start']);
    process.kill(started.child.pid, 'SIGTERM');
    await expectAllGone(started);
  });

  it('Ctrl-C (SIGINT to the whole foreground group) stops npm start', async () => {
    const started = await startServer('npm', ['start']);
    process.kill(-started.pgid, 'SIGINT');
    await expectAllGone(started);
  });

  it('SIGTERM to start.mjs stops the server, and start.mjs exits with code 0', async () => {
    const started = await startServer(process.execPath, ['scripts/start.mjs']);
    process.kill(started.child.pid, 'SIGTERM');
    const exit = await expectAllGone(started);
    expect(exit).toEqual({ code: 0, signal: null });
  });

  it('start.mjs stops the server when its parent dies without passing a signal on', async () => {
    // `; true` keeps sh from replacing itself with node, as npm's shell did before `exec`.
    const started = await startServer('sh', ['-c', `"${process.execPath}" scripts/start.mjs; true`]);
    process.kill(started.child.pid, 'SIGKILL');
    await expectAllGone(started);
  });

  it('SIGTERM to the npm run dev process stops the watched API and the Vite dev server', async () => {
    const started = await startServer('npm', ['run', 'dev'], { portalPort: await freePort() });
    process.kill(started.child.pid, 'SIGTERM');
    await expectAllGone(started);
  });
});
