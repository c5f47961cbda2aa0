// Shared by start.mjs and dev.mjs: the Node.js version check, and a supervisor that runs the child
// processes and stops all of them, and itself, on one Ctrl-C or SIGTERM.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The server runs its TypeScript sources with plain `node`, which needs type stripping without a
 * flag: Node.js 22.18 on the 22 line and 23.6 on the 23 line. 22.17 fails on the first `.ts` import.
 */
export const NODE_MINIMUM = '22.18 (or 23.6 on the 23 line; 24 LTS recommended)';

/** Exits with a clear message when this Node.js cannot run the server's `.ts` files. */
export function requireSupportedNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const supported = major >= 24 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);
  if (!supported) {
    console.error(
      `Node.js ${process.versions.node} is too old: this project needs Node.js ${NODE_MINIMUM}, ` +
        "because the server runs its TypeScript sources with Node's built-in type stripping.",
    );
    process.exit(1);
  }
}

/** The path of Vite's command-line script, resolved from the portal so it is the portal's Vite. */
export function viteCli(portalDir) {
  const require = createRequire(path.join(portalDir, 'package.json'));
  const manifest = require('vite/package.json');
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.vite;
  return path.join(path.dirname(require.resolve('vite/package.json')), bin);
}

/** How long the children get to close their servers and databases before they are killed. */
const STOP_GRACE_MS = 15_000;

/**
 * Runs child processes and ties their lives to this one. On SIGINT, SIGTERM or SIGHUP it passes the
 * signal to every child, waits for all of them to exit and then exits. When a child that must keep
 * running (`critical`) exits on its own, it stops the others and exits with that child's code.
 *
 * npm runs a script as `sh -c "<script>"` and, on SIGTERM, signals only that shell, which dies
 * without passing the signal on: the scripts are therefore started with `exec` (package.json), and
 * as a second guard the supervisor also stops everything when its parent process goes away.
 */
export function createSupervisor() {
  const children = new Set();
  let stopping = false;
  let exitCode = 0;

  const exitIfDone = () => {
    if (stopping && children.size === 0) process.exit(exitCode);
  };

  const stop = (signal = 'SIGTERM') => {
    if (!stopping) {
      stopping = true;
      setTimeout(() => {
        for (const child of children) child.kill('SIGKILL');
        process.exit(1);
      }, STOP_GRACE_MS).unref();
    }
    for (const child of children) child.kill(signal);
    exitIfDone();
  };

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

  // A parent that dies without signalling (npm after a SIGKILL, a shell that does not forward
  // SIGTERM) leaves this process re-parented; it then has nobody to serve and stops.
  const parent = process.ppid;
  const parentWatch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(parentWatch);
    stop('SIGTERM');
  }, 500).unref();

  return {
    get stopping() {
      return stopping;
    },
    /**
     * Spawns a child; `done` resolves with its exit code and signal once it has exited and its
     * output is closed.
     */
    run(command, args, { critical = false, ...options } = {}) {
      const child = spawn(command, args, options);
      children.add(child);
      child.done = new Promise((resolve) => {
        const finish = (code, signal) => {
          if (!children.delete(child)) return;
          if (critical && !stopping) {
            exitCode = code ?? 1;
            stop();
          } else if (code) {
            // A child that fails while stopping (a forced exit after a stuck shutdown) is reported.
            exitCode = code;
          }
          resolve({ code, signal });
          exitIfDone();
        };
        child.on('error', (error) => {
          console.error(`could not start ${command}: ${error.message}`);
          finish(1, null);
        });
        child.on('close', finish);
      });
      return child;
    },
    stop,
  };
}
