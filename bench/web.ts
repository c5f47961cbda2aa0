/**
 * The portal's weight and speed against the budgets of bench/README.md "Budgets", on the built portal
 * (`npm run build` first: this script builds nothing) served by the real server on a fresh
 * embedded database with the demo content (banners, catalog, notices):
 *
 * 1. Each page's JavaScript, gzipped (-9), from the Vite manifest: `initial` is the entry and what
 *    it imports statically (what every first load runs), `total` adds the page's own chunks and
 *    everything they and the entry load later (lazy parts included).
 * 2. Lighthouse (mobile profile, simulated throttling) BENCH_RUNS times (default 3) on the home
 *    page, /register and a baseline: a static page of a heading and a paragraph served by the same
 *    server in the same run. Medians of performance, accessibility, LCP, CLS and TBT against the
 *    budgets, and the home page's LCP and score as a ratio to the baseline's.
 *
 *   npm run build && npm run bench:web
 *
 * It drives Debian's Chromium (/usr/bin/chromium, or CHROME_PATH) headless. See bench/README.md.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, portalDist as builtPortal, positiveInt, root } from './http-fixture.ts';

const RUNS = positiveInt('BENCH_RUNS', 3);
/**
 * The build to measure: apps/portal/dist, or BENCH_PORTAL_DIST (another build, such as an older
 * commit's, measured in the same state of the machine as this one; served by this server).
 */
const portalDist = process.env.BENCH_PORTAL_DIST ? path.resolve(process.env.BENCH_PORTAL_DIST) : builtPortal;
/** Long tasks in CPU time rather than wall time (see `traceInCpuTime`): for a machine that is not quiet. */
const CPU_TIME = process.env.BENCH_CPU_TIME === '1';
/** BENCH_TASKS=1: each run also prints its long tasks and the main thread's time per script (to profile). */
const TASKS = process.env.BENCH_TASKS === '1';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const KIB = 1024;

/** bench/README.md "Budgets". */
const BUDGET = {
  initialKiB: 150,
  totalKiB: 300,
  performance: 95,
  accessibility: 95,
  lcpMs: 1800,
  cls: 0.05,
};

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// ---- 1. JavaScript per page, from the manifest ----------------------------------------------

function readManifest(): Manifest {
  const file = path.join(portalDist, '.vite/manifest.json');
  if (!existsSync(file)) {
    console.error(`bench/web: no ${path.relative(root, file)}: run \`npm run build\` first`);
    process.exit(2);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

const gzipped = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(portalDist, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

/**
 * The manifest keys reachable from `starts` through static imports (and dynamic ones when asked),
 * not entering the chunks of `loaded` (already counted; their own lazy parts are other pages').
 */
function closure(
  manifest: Manifest,
  starts: string[],
  withDynamic: boolean,
  loaded = new Set<string>(),
): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key) || loaded.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
    if (withDynamic) stack.push(...(manifest[key].dynamicImports ?? []));
  }
  return seen;
}

const jsBytes = (manifest: Manifest, keys: Iterable<string>) =>
  [...keys]
    .filter((key) => manifest[key]!.file.endsWith('.js'))
    .reduce((sum, key) => sum + gzipBytes(manifest[key]!.file), 0);

function weighPages(manifest: Manifest): boolean {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  const entry = manifest[entryKey]!;
  const initial = closure(manifest, [entryKey], false);
  const pages = (entry.dynamicImports ?? []).filter((key) => /\/features\/.+-page\.tsx$/.test(key));
  // The lazy parts every page may load (the dialog layer, the site popups, a locale's font).
  const shared = (entry.dynamicImports ?? []).filter((key) => !pages.includes(key));
  const initialKiB = jsBytes(manifest, initial) / KIB;
  let ok = initialKiB <= BUDGET.initialKiB;
  console.log(
    `\nJavaScript, gzip -9 (budget: initial <= ${BUDGET.initialKiB} KiB, total <= ${BUDGET.totalKiB} KiB)`,
  );
  console.log(`${'page'.padEnd(16)}${'initial KiB'.padStart(12)}${'total KiB'.padStart(11)}`);
  for (const page of pages.sort()) {
    const name = path.basename(page, '.tsx').replace(/-page$/, '');
    const all = new Set([...initial, ...closure(manifest, [page, ...shared], true, initial)]);
    const totalKiB = jsBytes(manifest, all) / KIB;
    ok &&= totalKiB <= BUDGET.totalKiB;
    const mark = totalKiB <= BUDGET.totalKiB && initialKiB <= BUDGET.initialKiB ? '' : '  over budget';
    console.log(
      `${name.padEnd(16)}${initialKiB.toFixed(1).padStart(12)}${totalKiB.toFixed(1).padStart(11)}${mark}`,
    );
  }
  return ok;
}

// ---- 2. The server ----------------------------------------------------------------------------

/** A static page of the same server: a heading and a paragraph, no script, no stylesheet. */
const BASELINE_PAGE = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>baseline</title><meta name="description" content="bench/web.ts baseline">
<style>body{margin:0;padding:24px;background:#0b0d13;color:#f4f5f7;font-family:sans-serif}</style></head>
<body><main><h1>Baseline</h1><p>A static page served by the same server, for the ratio.</p></main></body></html>
`;

async function startServer(
  dist: string,
  dataDir: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const logFile = path.join(tmpdir(), `bench-web-${process.pid}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      SECRETS_KEY: randomBytes(32).toString('hex'),
      BOOTSTRAP_ADMIN_PASSWORD: `bench-${randomBytes(8).toString('hex')}`,
      PORTAL_DIST: dist,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the server did not answer within 60 s:\n${readFileSync(logFile, 'utf8').slice(-2000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, stop };
}

// ---- 3. Lighthouse ------------------------------------------------------------------------------

interface Run {
  performance: number;
  accessibility: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  /** What Lighthouse names as the largest contentful paint (its node label), to see what to speed up. */
  lcpElement: string;
}

/** One Lighthouse run; a run whose trace Chrome failed to record (NO_NAVSTART, ...) is run again. */
async function lighthouseRun(url: string, port: number, attempt = 1): Promise<Run> {
  try {
    return await lighthouseOnce(url, port);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.log(`  (run again: ${error instanceof Error ? error.message : String(error)})`);
    return lighthouseRun(url, port, attempt + 1);
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/**
 * BENCH_CPU_TIME: every task of the page's main thread lasts its thread (CPU) time in the trace the
 * audit reads, instead of its wall time, so that what other processes take from the page's core
 * (waits, preemption) is not counted, and multiplied by the mobile profile's slowdown, as a long
 * task. The events inside a task are scaled with it; nothing else changes.
 */
function traceInCpuTime(events: TraceEvent[]): void {
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL?.startsWith('http'),
  );
  if (!navigation) throw new Error('the trace has no navigation');
  const onMain = (e: TraceEvent) => e.pid === navigation.pid && e.tid === navigation.tid;
  const tasks: TraceEvent[] = [];
  let end = 0;
  const candidates = events
    .filter((e) => onMain(e) && e.ph === 'X' && e.name === 'RunTask' && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  for (const task of candidates)
    if (task.ts >= end) {
      tasks.push(task);
      end = task.ts + task.dur!;
    }
  const taskAt = (ts: number): TraceEvent | undefined => {
    let low = 0;
    let high = tasks.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (tasks[mid]!.ts <= ts) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    const task = tasks[found];
    return task && ts <= task.ts + task.dur! ? task : undefined;
  };
  const scaled = (ts: number, task = taskAt(ts)) =>
    task && task.dur! > 0 ? task.ts + (ts - task.ts) * Math.min(1, task.tdur! / task.dur!) : ts;
  for (const e of events) {
    if (!onMain(e)) continue;
    const task = taskAt(e.ts);
    if (e.ph === 'X' && e.dur !== undefined) {
      const start = scaled(e.ts, task);
      // An event that began in a task ends in it (the audit checks that children end in their parent).
      const stop =
        task && task !== e
          ? Math.min(scaled(e.ts + e.dur), scaled(task.ts + task.dur!, task))
          : scaled(e.ts + e.dur);
      e.ts = start;
      e.dur = Math.max(0, stop - start);
    } else e.ts = scaled(e.ts, task);
  }
}

async function lighthouseOnce(url: string, port: number): Promise<Run> {
  const flags: NonNullable<Parameters<typeof lighthouse>[1]> = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  };
  let result;
  if (CPU_TIME) {
    // Gathered, the trace rescaled, then audited (Lighthouse's -G and -A).
    const artifacts = mkdtempSync(path.join(tmpdir(), 'bench-web-lh-'));
    try {
      await lighthouse(url, { ...flags, gatherMode: artifacts });
      const file = path.join(artifacts, 'trace.json');
      const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
      traceInCpuTime(trace.traceEvents);
      writeFileSync(file, JSON.stringify(trace));
      result = await lighthouse(url, { ...flags, auditMode: artifacts });
    } finally {
      rmSync(artifacts, { recursive: true, force: true });
    }
  } else {
    result = await lighthouse(url, flags);
  }
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (TASKS) printTasks(url, lhr.audits);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    fcp: audit('first-contentful-paint'),
    lcpElement: lcpElementOf(lhr.audits['lcp-breakdown-insight']?.details),
  };
}

type TAudits = Record<string, { details?: unknown; numericValue?: number } | undefined>;
type TItems = { items?: Record<string, unknown>[] } | undefined;

/**
 * BENCH_TASKS: the run's long tasks (start and duration as Lighthouse simulates them, and the script
 * it attributes each to) and the main thread's time per script (bootup-time: scripting, parse and
 * compile), so that a figure can be traced to the code that makes it.
 */
function printTasks(url: string, audits: TAudits): void {
  const short = (value: unknown) => String(value).replace(/^https?:\/\/[^/]+/, '') || '(document)';
  const ms = (value: unknown) => Number(value ?? 0).toFixed(0);
  console.log(`  tasks of ${short(url)}: FCP ${ms(audits['first-contentful-paint']?.numericValue)} ms`);
  for (const item of (audits['long-tasks']?.details as TItems)?.items ?? [])
    console.log(
      `    long task at ${ms(item.startTime).padStart(5)} ms  ${ms(item.duration).padStart(4)} ms  ${short(item.url)}`,
    );
  for (const item of (audits['bootup-time']?.details as TItems)?.items ?? [])
    console.log(
      `    script ${short(item.url).padEnd(48)} total ${ms(item.total).padStart(4)}  scripting ${ms(item.scripting).padStart(4)}  parse ${ms(item.scriptParseCompile).padStart(3)}`,
    );
  for (const item of (audits['mainthread-work-breakdown']?.details as TItems)?.items ?? [])
    console.log(
      `    main thread ${String(item.groupLabel ?? item.group).padEnd(28)} ${ms(item.duration).padStart(5)} ms`,
    );
}

/** The LCP element named by the LCP breakdown insight (the first `node` item anywhere in its details). */
function lcpElementOf(details: unknown): string {
  const stack: unknown[] = [details];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item || typeof item !== 'object') continue;
    const node = item as { type?: unknown; selector?: unknown; nodeLabel?: unknown };
    if (node.type === 'node')
      return `${String(node.selector ?? '')} "${String(node.nodeLabel ?? '')}"`.slice(0, 120);
    stack.push(...Object.values(item));
  }
  return '(not named)';
}

function summarize(runs: Run[]): Run {
  return {
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    lcp: median(runs.map((r) => r.lcp)),
    cls: median(runs.map((r) => r.cls)),
    tbt: median(runs.map((r) => r.tbt)),
    fcp: median(runs.map((r) => r.fcp)),
    lcpElement: [...new Set(runs.map((r) => r.lcpElement))].join(' | '),
  };
}

function meets(run: Run): boolean {
  return (
    run.performance >= BUDGET.performance &&
    run.accessibility >= BUDGET.accessibility &&
    run.lcp <= BUDGET.lcpMs &&
    run.cls <= BUDGET.cls
  );
}

const row = (name: string, run: Run, mark: string) =>
  `${name.padEnd(12)}${String(run.performance).padStart(6)}${String(run.accessibility).padStart(6)}${run.fcp
    .toFixed(0)
    .padStart(
      8,
    )}${run.lcp.toFixed(0).padStart(8)}${run.cls.toFixed(3).padStart(8)}${run.tbt.toFixed(0).padStart(8)}${mark}`;

// ---- the run ------------------------------------------------------------------------------------

const manifest = readManifest();
console.log(
  `bench/web: ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ' ',
    )}, Lighthouse mobile (simulated throttling${CPU_TIME ? ', tasks in CPU time' : ''}), ${RUNS} runs per page`,
);
let ok = weighPages(manifest);

// The build as it is, plus the baseline page, in a folder of this run's own.
const work = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
const dist = path.join(work, 'dist');
cpSync(portalDist, dist, { recursive: true });
writeFileSync(path.join(dist, 'bench-baseline.html'), BASELINE_PAGE);
const server = await startServer(dist, path.join(work, 'data'));
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const targets = [
    { name: 'baseline', url: `${server.url}/bench-baseline.html` },
    { name: 'home', url: `${server.url}/` },
    { name: '/register', url: `${server.url}/register` },
  ];
  // A first load of each warms the server (caches, compiled code); it is not counted.
  for (const target of targets) await lighthouseRun(target.url, chrome.port);
  const results = new Map<string, Run>();
  console.log(
    `\nLighthouse medians (budget: performance >= ${BUDGET.performance}, accessibility >= ${BUDGET.accessibility}, LCP <= ${BUDGET.lcpMs} ms, CLS <= ${BUDGET.cls})`,
  );
  console.log(
    `${'page'.padEnd(12)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'FCP ms'.padStart(8)}${'LCP ms'.padStart(8)}${'CLS'.padStart(8)}${'TBT ms'.padStart(8)}`,
  );
  for (const target of targets) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(target.url, chrome.port));
    const summary = summarize(runs);
    results.set(target.name, summary);
    const checked = target.name !== 'baseline';
    if (checked) ok &&= meets(summary);
    console.log(row(target.name, summary, checked ? (meets(summary) ? '  ok' : '  over budget') : ''));
    console.log(`${''.padEnd(12)}largest paint: ${summary.lcpElement}`);
  }
  const home = results.get('home')!;
  const baseline = results.get('baseline')!;
  console.log(
    `\nratio home : baseline  LCP ${(home.lcp / baseline.lcp).toFixed(2)}  performance ${(home.performance / baseline.performance).toFixed(2)}`,
  );
} finally {
  await chrome.kill();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log(ok ? '\nwithin the budgets' : '\nOVER BUDGET');
process.exitCode = ok ? 0 : 1;
