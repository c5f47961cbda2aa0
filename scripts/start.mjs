// `npm start`: builds the portal when its build is missing or older than its sources, then runs
// the server (which serves the built portal) on the embedded database unless DATABASE_URL is set.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`Node.js ${process.versions.node} is too old: this project needs Node.js 22.12 or newer (24 LTS recommended).`);
  process.exit(1);
}

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

const builds = [{ name: 'portal', dir: path.join(root, 'apps/portal') }].filter((b) => existsSync(b.dir));
for (const build of builds) {
  const index = path.join(build.dir, 'dist/index.html');
  const sources = Math.max(newestMtime(path.join(build.dir, 'src')), newestMtime(path.join(build.dir, 'public')),
    newestMtime(path.join(root, 'packages/contracts/src')));
  if (!existsSync(index) || statSync(index).mtimeMs < sources) {
    console.log(`building ${build.name}...`);
    const result = spawnSync('npm', ['run', 'build', '-w', `apps/${build.name}`], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const server = spawn(process.execPath, [path.join(root, 'apps/api/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
