// `npm start`: builds the portal when its build is missing or older than its sources, then runs
// the server (which serves the built portal) on the embedded database unless DATABASE_URL is set.
// One Ctrl-C or SIGTERM (to npm or to this script) stops the build or the server, then this script.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSupervisor, requireSupportedNode, viteCli } from './processes.mjs';

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const portalDir = path.join(root, 'apps/portal');
const supervisor = createSupervisor();

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function portalBuildIsCurrent() {
  const index = path.join(portalDir, 'dist/index.html');
  if (!existsSync(index)) return false;
  const sources = Math.max(
    newestMtime(path.join(portalDir, 'src')),
    newestMtime(path.join(portalDir, 'public')),
    newestMtime(path.join(root, 'packages/contracts/src')),
  );
  return statSync(index).mtimeMs >= sources;
}

/**
 * Builds the portal with its output captured: a first start shows one line instead of a few hundred
 * lines of asset sizes, and the whole output only when the build fails.
 */
async function buildPortal() {
  process.stdout.write('building the portal... ');
  const started = performance.now();
  const build = supervisor.run(process.execPath, [viteCli(portalDir), 'build'], {
    cwd: portalDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  build.stdout.on('data', (chunk) => output.push(chunk));
  build.stderr.on('data', (chunk) => output.push(chunk));
  const { code, signal } = await build.done;
  // Stopped by a signal: the supervisor exits now that the build has gone.
  if (supervisor.stopping) return false;
  if (code !== 0) {
    process.stdout.write('failed\n');
    process.stderr.write(Buffer.concat(output));
    console.error(`the portal build failed (${signal ?? `exit code ${code}`})`);
    process.exit(code || 1);
  }
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

// PORTAL_DIST names a portal built elsewhere, so the one in apps/portal is then left alone.
const needsBuild = existsSync(portalDir) && !process.env.PORTAL_DIST && !portalBuildIsCurrent();
if (!needsBuild || (await buildPortal())) {
  supervisor.run(process.execPath, [path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    critical: true,
  });
}
