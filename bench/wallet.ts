/**
 * The provider wallet on PostgreSQL: signed bet and win callbacks per second through the real
 * server over HTTP, with 200 concurrent callers (a provider's servers), beside bare single-row
 * UPDATE commits (the per-commit limit), bare ledger transfers (the same bet/win pairs, straight
 * into the ledger) and the same transfers batched (group commit, decision 0029), measured in the
 * same run on the same database. The server applies its bets and wins with its group commit
 * (WALLET_BATCH_MAX=1 in the environment turns it off, to compare). Then paced phases at fixed rates (latency at a given load), and the ledger's and the jackpots'
 * invariants. See bench/README.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/wallet.ts
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { summarizeProfile } from './cpu-profile.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { createServices } from '../apps/api/src/services.ts';
import { createGroupCommit } from '../apps/api/src/db/group-commit.ts';
import type { TransferInput, TransferResult } from '../apps/api/src/modules/ledger/ledger.service.ts';
import { sql } from 'kysely';
import {
  createBenchDatabase,
  positiveInt,
  requireDatabaseUrl,
  seedSignedInMembers,
  startServer,
} from './http-fixture.ts';

/** The member side of a bet or win transfer: what two batches at once must not share. */
function memberOfTransfer(input: TransferInput): number {
  const side = 'memberId' in input.debit ? input.debit : input.credit;
  return 'memberId' in side ? side.memberId : 0;
}

const adminUrl = requireDatabaseUrl('bench/wallet.ts');
const CONCURRENCY = positiveInt('BENCH_CONCURRENCY', 200);
const SECONDS = positiveInt('BENCH_SECONDS', 10);
/** The paced phases: calls offered per second in all (BENCH_RATES, comma-separated). */
const RATES = (process.env.BENCH_RATES ?? '500,1000,2000').split(',').map((r) => {
  const rate = Number(r.trim());
  if (!Number.isSafeInteger(rate) || rate <= 0)
    throw new Error('BENCH_RATES: positive integers, comma-separated');
  return rate;
});
const MEMBERS = positiveInt('BENCH_MEMBERS', 200);
/** The server's pool (DB_POOL_SIZE, default 20): the baseline gets the same. */
const POOL = positiveInt('BENCH_POOL', 20);
const FUNDING = 1_000_000_000;
/** BENCH_PROFILE=1: the server runs with `--cpu-prof`; where its time went in the closed loop is printed. */
const PROFILE_DIR = process.env.BENCH_PROFILE
  ? path.join(tmpdir(), `bench-wallet-profile-${process.pid}`)
  : undefined;

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(9);
const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

interface Phase {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  ops: number;
  errors: number;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `op` from CONCURRENCY callers for `seconds`, each starting its next call when its last one ends. */
async function closedLoop(name: string, seconds: number, op: () => Promise<unknown>): Promise<Phase> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await op();
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const sorted = Float64Array.from(latencies).sort();
  return {
    name,
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    ops: latencies.length,
    errors,
  };
}

function row(p: Phase, baseline?: Phase): string {
  return `${p.name.padEnd(44)}${fmt(p.perSecond)}${baseline ? fmt(p.perSecond / baseline.perSecond, 3) : '        -'}${fmt(p.p50, 1)}${fmt(p.p99, 1)}${fmt(p.max, 1)}${fmt(p.ops)}${fmt(p.errors)}`;
}

const database = await createBenchDatabase(adminUrl, 'bench_wallet');
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let exitCode = 0;
try {
  console.log(
    `bench/wallet: PostgreSQL ${database.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${CONCURRENCY} concurrent callers, ${SECONDS} s a phase, ` +
      `server group commit WALLET_BATCH_MAX=${process.env.WALLET_BATCH_MAX ?? '64 (default)'}`,
  );
  const members = await seedSignedInMembers(database.url, MEMBERS);
  const secretsKey = randomBytes(32);
  const adminPassword = `bench-${randomBytes(8).toString('hex')}`;
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  server = await startServer(database.url, {
    nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    env: {
      SECRETS_KEY: secretsKey.toString('hex'),
      BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      // The server's group commit (decision 0029): WALLET_BATCH_MAX=1 runs every call alone.
      ...(process.env.WALLET_BATCH_MAX ? { WALLET_BATCH_MAX: process.env.WALLET_BATCH_MAX } : {}),
      ...(process.env.WALLET_BATCH_IN_FLIGHT
        ? { WALLET_BATCH_IN_FLIGHT: process.env.WALLET_BATCH_IN_FLIGHT }
        : {}),
    },
  });
  const origin = { origin: server.url, 'content-type': 'application/json' };

  // The provider, registered as an operator would: the back office over HTTP.
  const login = await fetch(`${server.url}/api/backoffice/login`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ operatorId: 'admin', password: adminPassword }),
  });
  const boCookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const secret = randomBytes(24).toString('base64url');
  const code = 'benchslot';
  for (const [url, body] of [
    [
      '/api/backoffice/providers',
      { code, kind: 'slot', name: 'Bench Slots', wallet: 'seamless', launchUrl: '/bench', secret },
    ],
    ['/api/backoffice/games', { provider: code, code: 'reels', nameKo: '벤치', nameEn: 'Bench' }],
  ] as const) {
    const res = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { ...origin, cookie: boCookie },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { status: string };
    if (answer.status !== 'success') throw new Error(`${url}: ${JSON.stringify(answer)}`);
  }

  // BENCH_LEVEL_COMP=1: level 1 (every bench member's) has a slot comp rate of its own, so every
  // bet takes the levels' path (docs/api/levels.md: the member's level kept 5 s per member).
  if (process.env.BENCH_LEVEL_COMP === '1') {
    const res = await fetch(`${server.url}/api/backoffice/settings/levels/1`, {
      method: 'PUT',
      headers: { ...origin, cookie: boCookie },
      body: JSON.stringify({ compRates: { slot: 120 } }),
    });
    const answer = (await res.json()) as { status: string };
    if (answer.status !== 'success') throw new Error(`level comp rates: ${JSON.stringify(answer)}`);
  }

  // Each member opens the game (a launch token), and has plenty of cash.
  const handle = await openDatabase({ databaseUrl: database.url, poolSize: POOL });
  const services = createServices({
    secretsKey,
    config: loadConfig({ DATABASE_URL: database.url }),
    db: handle.db,
    dbKind: handle.kind,
  });
  const players: { userId: string; memberId: number; token: string }[] = [];
  for (const m of members) {
    // Members seeded before the server's first start accept the legal texts it published then.
    const health = await fetch(`${server.url}/api/routes/user-health-check`, {
      method: 'POST',
      headers: { ...origin, cookie: m.cookie },
      body: '{}',
    });
    const toAccept =
      ((await health.json()) as { user?: { termsToAccept?: { kind: string; version: number }[] } }).user
        ?.termsToAccept ?? [];
    if (toAccept.length > 0)
      await fetch(`${server.url}/api/routes/accept-terms`, {
        method: 'POST',
        headers: { ...origin, cookie: m.cookie },
        body: JSON.stringify(Object.fromEntries(toAccept.map((d) => [d.kind, d.version]))),
      });
    const res = await fetch(`${server.url}/api/routes/open-game`, {
      method: 'POST',
      headers: { ...origin, cookie: m.cookie },
      body: JSON.stringify({ code: 'reels', company: code, timeStemp: Date.now() }),
    });
    const answer = (await res.json()) as { status: string; gameUrl?: string };
    const token = answer.gameUrl && new URL(answer.gameUrl, server.url).searchParams.get('token');
    if (!token) throw new Error(`open-game: ${JSON.stringify(answer)}`);
    await services.ledger.transfer({
      debit: { system: 'bank_clearing' },
      credit: { memberId: m.memberId, kind: 'cash' },
      amount: FUNDING,
      code: 'deposit',
      idempotencyKey: `bench-funding-${m.memberId}`,
      source: 'bench',
    });
    players.push({ userId: m.userId, memberId: m.memberId, token });
  }

  // Baseline: the same bet/win pairs as bare ledger transfers (no HTTP, no signature, no round,
  // no call record, no comp points), through the app's own ledger on a pool like the server's.
  let seq = 0;
  const pick = () => players[Math.floor(Math.random() * players.length)]!;
  const bareTransfer = () => {
    const p = pick();
    const isBet = ++seq % 2 === 1;
    const cash = { memberId: p.memberId, kind: 'cash' as const };
    const house = { system: `house:${code}` };
    return services.ledger.transfer({
      debit: isBet ? cash : house,
      credit: isBet ? house : cash,
      amount: 100 + (seq % 900),
      code: isBet ? 'bet' : 'win',
      idempotencyKey: `bare-${seq}`,
      source: 'bench-bare',
    });
  };
  // The per-commit limit: a bare single-row UPDATE, each its own commit, on a table of its own.
  await sql`create table bench_rows (id integer primary key, n bigint not null default 0)`.execute(handle.db);
  await sql`insert into bench_rows (id) select generate_series(1, ${MEMBERS})`.execute(handle.db);
  const bareUpdate = () =>
    sql`update bench_rows set n = n + 1 where id = ${1 + Math.floor(Math.random() * MEMBERS)}`.execute(
      handle.db,
    );
  await closedLoop('warm-up', 2, bareUpdate);
  const bare = await closedLoop('bare single-row UPDATE commits', SECONDS, bareUpdate);
  await closedLoop('warm-up', 2, bareTransfer);
  const baseline = await closedLoop('baseline: bare ledger bet/win transfers', SECONDS, bareTransfer);
  // The same transfers through the ledger's group commit (decision 0029): one statement and one
  // commit per batch, sorted by member (stably) so two batches lock members in one order.
  const grouped = createGroupCommit<TransferInput, TransferResult>({
    keyOf: memberOfTransfer,
    maxBatch: 64,
    maxInFlight: 4,
    run: async (inputs) => {
      const order = inputs
        .map((_, i) => i)
        .sort((a, b) => memberOfTransfer(inputs[a]!) - memberOfTransfer(inputs[b]!) || a - b);
      const sorted = await services.ledger.transferMany(order.map((i) => inputs[i]!));
      const results: PromiseSettledResult<TransferResult>[] = new Array(inputs.length);
      order.forEach((i, k) => (results[i] = sorted[k]!));
      return results;
    },
  });
  const batchedTransfer = () => {
    const p = pick();
    const isBet = ++seq % 2 === 1;
    const cash = { memberId: p.memberId, kind: 'cash' as const };
    const house = { system: `house:${code}` };
    return grouped.submit({
      debit: isBet ? cash : house,
      credit: isBet ? house : cash,
      amount: 100 + (seq % 900),
      code: isBet ? 'bet' : 'win',
      idempotencyKey: `grouped-${seq}`,
      source: 'bench-bare',
    });
  };
  await closedLoop('warm-up', 2, batchedTransfer);
  const batched = await closedLoop('ledger bet/win transfers, batched', SECONDS, batchedTransfer);

  // The wallet: signed bet and win calls over HTTP, each with a new transactionId. Each connection
  // plays rounds one after the other, as a provider's game server does: a bet, and once it is
  // answered, the round's win.
  let roundSeq = 0;
  const signed = (req: autocannon.Request, action: 'bet' | 'win', body: string) => ({
    ...req,
    path: `/api/wallet/${code}/${action}`,
    headers: { 'content-type': 'application/json', 'x-signature': sign(secret, body) },
    body,
  });
  const walletRequests = (): autocannon.Request[] => [
    {
      method: 'POST',
      setupRequest(req, ctx) {
        const k = ++roundSeq;
        const p = players[k % players.length]!;
        Object.assign(ctx, { round: k, player: p });
        const body = JSON.stringify({
          token: p.token,
          userId: p.userId,
          transactionId: `b${k}`,
          roundId: `r${k}`,
          gameCode: 'reels',
          amount: 100 + (k % 900),
        });
        return signed(req, 'bet', body);
      },
    },
    {
      method: 'POST',
      setupRequest(req, ctx) {
        const { round: k, player: p } = ctx as { round: number; player: (typeof players)[number] };
        const body = JSON.stringify({
          userId: p.userId,
          transactionId: `w${k}`,
          roundId: `r${k}`,
          gameCode: 'reels',
          amount: 50 + (k % 1700),
          roundClosed: true,
        });
        return signed(req, 'win', body);
      },
    },
  ];
  const runWallet = async (name: string, seconds: number): Promise<Phase> => {
    const result = await autocannon({
      url: server!.url,
      connections: CONCURRENCY,
      duration: seconds,
      requests: walletRequests(),
    });
    const errors = result.non2xx + result.errors + result.timeouts;
    return {
      name,
      perSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      ops: result.requests.total,
      errors,
    };
  };
  await runWallet('warm-up', 2);

  /**
   * A paced load: rounds start on a fixed schedule (half the rate: each round is a bet, then its
   * win once the bet is answered), and a bet's latency counts from when it was due, so a backlog
   * shows in the figures instead of hiding between calls. Through Node's own HTTP client (keep-alive,
   * no Nagle delay), which at low rates measures the server rather than the load tool.
   */
  const pacedWallet = async (rate: number, seconds: number): Promise<Phase> => {
    const latencies: number[] = [];
    let errors = 0;
    const post = async (action: 'bet' | 'win', body: string): Promise<boolean> => {
      const res = await fetch(`${server!.url}/api/wallet/${code}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': sign(secret, body) },
        body,
      });
      const answer = (await res.json()) as { status: string };
      return res.ok && answer.status === 'RS_OK';
    };
    const started = performance.now();
    const rounds = Math.floor((rate / 2) * seconds);
    const intervalMs = 2000 / rate;
    await Promise.all(
      Array.from({ length: rounds }, async (_, i) => {
        const due = started + i * intervalMs;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const k = ++roundSeq;
        const p = players[k % players.length]!;
        try {
          const bet = JSON.stringify({
            token: p.token,
            userId: p.userId,
            transactionId: `b${k}`,
            roundId: `r${k}`,
            gameCode: 'reels',
            amount: 100 + (k % 900),
          });
          if (!(await post('bet', bet))) errors += 1;
          latencies.push(performance.now() - due);
          const sent = performance.now();
          const win = JSON.stringify({
            userId: p.userId,
            transactionId: `w${k}`,
            roundId: `r${k}`,
            gameCode: 'reels',
            amount: 50 + (k % 1700),
            roundClosed: true,
          });
          if (!(await post('win', win))) errors += 1;
          latencies.push(performance.now() - sent);
        } catch {
          errors += 1;
        }
      }),
    );
    const sorted = Float64Array.from(latencies).sort();
    return {
      name: `wallet: paced, ${rate} calls/s offered`,
      perSecond: latencies.length / ((performance.now() - started) / 1000),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
      ops: latencies.length,
      errors,
    };
  };
  // The paced phases first: the closed loop leaves the database with work to catch up on
  // (checkpoints, vacuum) that would weigh on the next phase's tail.
  const paced: Phase[] = [];
  for (const rate of RATES) paced.push(await pacedWallet(rate, SECONDS));
  const wallet = await runWallet('wallet: signed bet/win calls over HTTP', SECONDS);
  if (PROFILE_DIR) {
    // The profile is written when the server exits: its last seconds are the closed loop's.
    await server.stop();
    server = undefined;
    const file = readdirSync(PROFILE_DIR).find((f) => f.endsWith('.cpuprofile'));
    if (file) console.log(summarizeProfile(path.join(PROFILE_DIR, file), 40, SECONDS));
    else console.log(`no profile written in ${PROFILE_DIR}`);
  }

  console.log(
    `\n${'phase'.padEnd(44)}${'ops/s'.padStart(9)}${'ratio'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'ops'.padStart(9)}${'errors'.padStart(9)}`,
  );
  console.log(row(bare));
  console.log(row(baseline, bare));
  console.log(row(batched, bare));
  console.log(row(wallet, bare));
  for (const p of paced) console.log(row(p));
  console.log('(ratio: to the bare single-row UPDATE commits of this run)');
  console.log(
    `ratio wallet calls : bare ledger transfers = ${(wallet.perSecond / baseline.perSecond).toFixed(3)}`,
  );
  console.log(
    `ratio batched ledger transfers : bare single-row UPDATE = ${(batched.perSecond / bare.perSecond).toFixed(3)}`,
  );
  for (const [i, p] of paced.entries())
    console.log(
      `offered ${RATES[i]}/s: ${p.perSecond.toFixed(0)} calls/s answered, p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms${p.p99 < 50 ? ' (p99 under 50 ms)' : ''}`,
    );

  const t0 = performance.now();
  const report = await services.ledger.checkInvariants();
  const pools = await services.jackpots.checkPools();
  const rounds = await handle.db
    .selectFrom('rounds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `invariants after ${rounds.n} rounds (${((performance.now() - t0) / 1000).toFixed(1)} s): ` +
      (report.ok ? 'ok, 0 violations' : `${report.violations.length} violations`) +
      `; jackpot pools ${pools.ledger === pools.pools ? 'match the ledger' : 'DO NOT match the ledger'}`,
  );
  for (const v of report.violations.slice(0, 20)) console.log(`  - ${v}`);
  console.log(
    `ratio wallet calls : bare single-row UPDATE = ${(wallet.perSecond / bare.perSecond).toFixed(3)}`,
  );
  if (
    !report.ok ||
    pools.ledger !== pools.pools ||
    wallet.errors + baseline.errors + batched.errors + bare.errors + paced.reduce((n, p) => n + p.errors, 0) >
      0
  )
    exitCode = 1;
  await handle.close();
} finally {
  await server?.stop();
  await database.drop();
}
process.exit(exitCode);
