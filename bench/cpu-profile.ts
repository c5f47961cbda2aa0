/**
 * Where a CPU profile's time went (a `.cpuprofile` from `node --cpu-prof`): self time by package or
 * project folder, and the functions with the most self time. Used by `bench/http.ts` with
 * BENCH_PROFILE, and on its own:
 *
 *   node bench/cpu-profile.ts path/to/file.cpuprofile [top] [last seconds]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package (`fastify`, `pg`...), the project folder (`apps/api/src/lib`), or V8's own bucket. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const project = /\/(apps|packages|bench)\/(.+)\/[^/]+$/.exec(url);
  return project ? `${project[1]}/${project[2]}` : url;
}

/**
 * `lastSeconds`: only the samples of the profile's last seconds (a load that ran until the process
 * was stopped), so the start (module loading, migrations) does not blur the load's shares.
 */
export function summarizeProfile(file: string, top = 25, lastSeconds?: number): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  const span = profile.timeDeltas.reduce((sum, dt) => sum + dt, 0);
  const fromUs = lastSeconds === undefined ? 0 : span - lastSeconds * 1e6;
  let totalUs = 0;
  let atUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    atUs += dt;
    if (atUs < fromUs) continue;
    totalUs += dt;
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
  }
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const owner = ownerOf(url, functionName);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + us);
    const fn = `${functionName || '(anonymous)'}  ${owner}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const idle = byOwner.get('(idle)') ?? 0;
  const busy = totalUs - idle;
  const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
  const lines = [
    `profile ${file}: ${(totalUs / 1e6).toFixed(1)} s sampled${lastSeconds === undefined ? '' : ` (its last ${lastSeconds} s)`}, ${(busy / 1e6).toFixed(1)} s busy (shares below are of busy time)`,
    'self time by owner:',
  ];
  for (const [owner, us] of [...byOwner]
    .filter(([o]) => o !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    lines.push(`  ${pct(us)}  ${owner}`);
  lines.push(`top ${top} functions by self time:`);
  for (const [fn, us] of [...byFunction]
    .filter(([f]) => !f.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    lines.push(`  ${pct(us)}  ${fn}`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, top, last] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/cpu-profile.ts <file.cpuprofile> [top] [last seconds]');
    process.exit(2);
  }
  console.log(summarizeProfile(file, top ? Number(top) : 25, last ? Number(last) : undefined));
}
