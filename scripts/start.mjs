// `npm start`: builds the portal, the house studio's game client and the back office when a build is
// missing or older than its sources, then runs the server (which serves them all) on the embedded database unless
// DATABASE_URL is set.
// One Ctrl-C or SIGTERM (to npm or to this script) stops the build or the server, then this script.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserClients, buildIsCurrent } from './clients.mjs';
import { createSupervisor, requireSupportedNode, viteCli } from './processes.mjs';

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const supervisor = createSupervisor();

const CLIENTS = browserClients(root, process.env);

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
  if (existsSync(client.dir) && !client.builtElsewhere && !buildIsCurrent(client, root))
    built = await build(client);
}
if (built) {
  supervisor.run(process.execPath, [path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    critical: true,
  });
}
