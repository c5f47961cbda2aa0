// `npm start`: builds the portal, the house studio's game client and the back office when a build is
// missing or older than its sources, then runs the server (which serves them all) on the embedded database unless
// DATABASE_URL is set.
// One Ctrl-C or SIGTERM (to npm or to this script) stops the build or the server, then this script.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSupervisor, requireSupportedNode, viteCli } from './processes.mjs';

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

/**
 * The browser apps the server serves: the portal, the house studio's game client (decision 0012)
 * and the back-office console (issue 13). Each is built when its build is missing or older than its
 * sources; PORTAL_DIST / STUDIO_DIST / BACKOFFICE_DIST name a build made elsewhere, which is then
 * left alone.
 */
const CLIENTS = [
  {
    name: 'the portal',
    dir: path.join(root, 'apps/portal'),
    index: path.join(root, 'apps/portal/dist/index.html'),
    sources: ['apps/portal/src', 'apps/portal/public', 'packages/contracts/src'],
    viteArgs: ['build'],
    builtElsewhere: Boolean(process.env.PORTAL_DIST),
  },
  {
    name: 'the game studio',
    dir: path.join(root, 'apps/studio'),
    index: path.join(root, 'apps/studio/dist/index.html'),
    sources: [
      'apps/studio/web/src',
      'apps/studio/web/public',
      'apps/studio/web/index.html',
      'packages/studio-engine/src',
    ],
    viteArgs: ['build', '--config', 'web/vite.config.ts'],
    builtElsewhere: Boolean(process.env.STUDIO_DIST) || process.env.STUDIO_ENABLED === 'false',
  },
  {
    name: 'the back office',
    dir: path.join(root, 'apps/backoffice'),
    index: path.join(root, 'apps/backoffice/dist/index.html'),
    sources: ['apps/backoffice/src', 'apps/backoffice/index.html', 'packages/contracts/src'],
    viteArgs: ['build'],
    builtElsewhere: Boolean(process.env.BACKOFFICE_DIST),
  },
];

function buildIsCurrent(client) {
  if (!existsSync(client.index)) return false;
  const sources = Math.max(...client.sources.map((source) => newestMtime(path.join(root, source))));
  return statSync(client.index).mtimeMs >= sources;
}

/**
 * Builds one app with its output captured: a first start shows one line instead of a few hundred
 * lines of asset sizes, and the whole output only when the build fails.
 */
async function build(client) {
  process.stdout.write(`building ${client.name}... `);
  const started = performance.now();
  const run = supervisor.run(process.execPath, [viteCli(client.dir), ...client.viteArgs], {
    cwd: client.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  run.stdout.on('data', (chunk) => output.push(chunk));
  run.stderr.on('data', (chunk) => output.push(chunk));
  const { code, signal } = await run.done;
  // Stopped by a signal: the supervisor exits now that the build has gone.
  if (supervisor.stopping) return false;
  if (code !== 0) {
    process.stdout.write('failed\n');
    process.stderr.write(Buffer.concat(output));
    console.error(`the build of ${client.name} failed (${signal ?? `exit code ${code}`})`);
    process.exit(code || 1);
  }
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

let built = true;
for (const client of CLIENTS) {
  if (!built) break;
  if (existsSync(client.dir) && !client.builtElsewhere && !buildIsCurrent(client))
    built = await build(client);
}
if (built) {
  supervisor.run(process.execPath, [path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    critical: true,
  });
}
