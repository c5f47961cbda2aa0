/**
 * Ledger throughput on PostgreSQL: transfers per second through `ledger.transfer` with N concurrent
 * callers, beside a baseline of bare single-row UPDATEs measured in the same run on the same pool.
 * Needs DATABASE_URL (a server where it may create and drop a database). See bench/README.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/ledger.ts
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/api/src/db/database.ts';
import type { LedgerService } from '../apps/api/src/modules/ledger/ledger.service.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createServices } from '../apps/api/src/services.ts';
import { createGroupCommit } from '../apps/api/src/db/group-commit.ts';
import type { TransferInput, TransferResult } from '../apps/api/src/modules/ledger/ledger.service.ts';

/** The member side of a bet or win transfer: what two batches at once must not share. */
function memberOfTransfer(input: TransferInput): number {
  const side = 'memberId' in input.debit ? input.debit : input.credit;
  return 'memberId' in side ? side.memberId : 0;
}

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('bench/ledger.ts needs DATABASE_URL (a PostgreSQL server it may create a database on)');
  process.exit(2);
}

const int = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
};
const CONCURRENCY = int('BENCH_CONCURRENCY', 200);
const POOL = int('BENCH_POOL', 20);
const PHASE_MS = int('BENCH_SECONDS', 6) * 1000;
const RATE = int('BENCH_RATE', 2000);
const WARMUP_MS = 1500;
const MEMBERS = int('BENCH_MEMBERS', 2000);
const PROVIDERS = 4;
/** The group commit of the batched phases (decision 0029): transfers a batch at most, batches at once. */
const BATCH_MAX = int('BENCH_BATCH_MAX', 64);
const BATCH_IN_FLIGHT = int('BENCH_BATCH_IN_FLIGHT', 4);
const FUNDING = 100_000_000;

interface PhaseResult {
  name: string;
  ops: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `op` from CONCURRENCY callers for `ms`, recording each call's latency. Without `rate` every
 * caller starts its next call as soon as the last one ends (closed loop: the most the system
 * does). With `rate` (calls a second over all callers) calls are due on a fixed schedule and each
 * latency counts from when its call was due, so a backlog shows up in the figures instead of
 * hiding between calls.
 */
async function phase(
  name: string,
  ms: number,
  op: (caller: number, i: number) => Promise<unknown>,
  rate?: number,
): Promise<PhaseResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const started = performance.now();
  const deadline = started + ms;
  const intervalMs = rate ? (CONCURRENCY * 1000) / rate : 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, caller) => {
      for (let i = 0; ; i++) {
        const due = rate ? started + (i + caller / CONCURRENCY) * intervalMs : performance.now();
        if (due >= deadline) break;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        try {
          await op(caller, i);
          latencies.push(performance.now() - due);
        } catch (error) {
          errors += 1;
          firstError ??= error;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (firstError)
    console.error(`  ${name}: first error:`, firstError instanceof Error ? firstError.message : firstError);
  const sorted = Float64Array.from(latencies).sort();
  return {
    name,
    ops: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

function row(r: PhaseResult, baseline?: PhaseResult | null): string {
  const ratio =
    baseline === null ? '-' : baseline ? `${((100 * r.perSecond) / baseline.perSecond).toFixed(1)}%` : '100%';
  return [
    r.name.padEnd(34),
    r.perSecond.toFixed(0).padStart(9),
    ratio.padStart(9),
    r.p50.toFixed(1).padStart(8),
    r.p99.toFixed(1).padStart(8),
    r.max.toFixed(1).padStart(8),
    String(r.ops).padStart(8),
    String(r.errors).padStart(7),
  ].join(' ');
}

async function setUp(
  db: Database,
  ledger: LedgerService,
): Promise<{ memberIds: number[]; cashAccountIds: number[] }> {
  // Bare member rows in one statement: the benchmark measures the ledger, not registration.
  const tag = randomBytes(3).toString('hex');
  const rows = Array.from({ length: MEMBERS }, (_, n) => ({
    user_id: `b${tag}${n}`,
    nick: `n${tag}${n}`,
    password_hash: 'x',
    exchange_password_hash: 'x',
    phone: `010${tag}${n}`,
    bankname: 'KB',
    bank_owner: 'bench',
    banknum: `99${tag}${n}`,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('members')
      .values(rows.slice(i, i + 1000))
      .execute();
  const memberIds = (await db.selectFrom('members').select('id').orderBy('id').execute()).map((r) => r.id);
  for (const id of memberIds) await ledger.openMemberAccounts(id);
  const cashAccountIds = (
    await db
      .selectFrom('accounts')
      .select('id')
      .where('kind', '=', 'cash')
      .where('member_id', 'is not', null)
      .orderBy('id')
      .execute()
  ).map((r) => r.id);
  return { memberIds, cashAccountIds };
}

async function fund(ledger: LedgerService, memberIds: number[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(POOL, memberIds.length) }, async () => {
      while (next < memberIds.length) {
        const memberId = memberIds[next++]!;
        await ledger.transfer({
          debit: { system: 'bank_clearing' },
          credit: { memberId, kind: 'cash' },
          amount: FUNDING,
          code: 'deposit',
          idempotencyKey: `fund-${memberId}`,
          source: 'bench',
        });
      }
    }),
  );
}

async function main(): Promise<void> {
  const name = `bench_ledger_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url!);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: dbUrl.toString(), poolSize: POOL });
  const hardStop = setTimeout(() => {
    console.error('bench exceeded 90 s; stopping');
    process.exit(3);
  }, 90_000);
  hardStop.unref();
  try {
    const db = handle.db;
    await migrateToLatest(db);
    // The ledger of the app's own service graph, built the way main.ts builds it.
    const { ledger } = createServices({
      secretsKey: randomBytes(32),
      config: loadConfig({ SEED_DEMO: 'false' }),
      db,
      dbKind: 'postgres',
    });
    const version = await db
      .selectNoFrom((eb) => eb.fn<string>('current_setting', [eb.val('server_version')]).as('v'))
      .executeTakeFirstOrThrow();
    const sync = await db
      .selectNoFrom((eb) => eb.fn<string>('current_setting', [eb.val('synchronous_commit')]).as('v'))
      .executeTakeFirstOrThrow();
    const { memberIds, cashAccountIds } = await setUp(db, ledger);
    console.log(
      `PostgreSQL ${version.v} (synchronous_commit=${sync.v}), Node ${process.versions.node}, ${CONCURRENCY} concurrent callers, pool ${POOL}, ` +
        `${memberIds.length} members, ${PHASE_MS / 1000} s a phase`,
    );
    // Other work on the machine moves every figure; the load says how much to trust this run.
    console.log(
      `${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the start`,
    );

    const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
    const bump = new Map<number, number>();
    const baselineOp = async () => {
      const id = pick(cashAccountIds);
      await db
        .updateTable('accounts')
        .set((eb) => ({ balance: eb('balance', '+', 1) }))
        .where('id', '=', id)
        .execute();
      bump.set(id, (bump.get(id) ?? 0) + 1);
    };
    let seq = 0;
    const betOrWin = (caller: number) => {
      const memberId = pick(memberIds);
      const house = { system: `house:bench${caller % PROVIDERS}` };
      const cash = { memberId, kind: 'cash' as const };
      const isBet = Math.random() < 0.5;
      return ledger.transfer({
        debit: isBet ? cash : house,
        credit: isBet ? house : cash,
        amount: 100 + (seq % 900),
        code: isBet ? 'bet' : 'win',
        idempotencyKey: `r${++seq}`,
        source: `provider${caller % PROVIDERS}`,
      });
    };
    // The same bet/win transfers through a group commit (decision 0029): the calls that arrive
    // while earlier batches are at the database leave together, one statement and one commit for
    // the lot (`ledger.transferMany`), each keeping its own answer. A batch holds bets and wins of
    // one member side each, sorted by member (stably) so two batches lock members in one order.
    const grouped = createGroupCommit<TransferInput, TransferResult>({
      keyOf: memberOfTransfer,
      maxBatch: BATCH_MAX,
      maxInFlight: BATCH_IN_FLIGHT,
      run: async (inputs) => {
        const order = inputs
          .map((_, i) => i)
          .sort((a, b) => memberOfTransfer(inputs[a]!) - memberOfTransfer(inputs[b]!) || a - b);
        const sorted = await ledger.transferMany(order.map((i) => inputs[i]!));
        const results: PromiseSettledResult<TransferResult>[] = new Array(inputs.length);
        order.forEach((i, k) => (results[i] = sorted[k]!));
        return results;
      },
    });
    const betOrWinBatched = (caller: number) => {
      const memberId = pick(memberIds);
      const house = { system: `house:bench${caller % PROVIDERS}` };
      const cash = { memberId, kind: 'cash' as const };
      const isBet = Math.random() < 0.5;
      return grouped.submit({
        debit: isBet ? cash : house,
        credit: isBet ? house : cash,
        amount: 100 + (seq % 900),
        code: isBet ? 'bet' : 'win',
        idempotencyKey: `g${++seq}`,
        source: `provider${caller % PROVIDERS}`,
      });
    };
    const memberToMember = () => {
      const from = pick(memberIds);
      let to = pick(memberIds);
      while (to === from) to = pick(memberIds);
      return ledger.transfer({
        debit: { memberId: from, kind: 'cash' },
        credit: { memberId: to, kind: 'cash' },
        amount: 1 + (seq % 1000),
        code: 'adjustment',
        idempotencyKey: `m${++seq}`,
        source: 'bench',
      });
    };

    // The baseline runs first, before any transfer exists, and its +1s are taken out again before
    // the ledger starts: it writes balances behind the ledger's back, which the invariants would see.
    await phase('warm-up', WARMUP_MS, baselineOp);
    const baseline = await phase('baseline: bare UPDATE accounts', PHASE_MS, baselineOp);
    for (const [id, n] of bump)
      await db
        .updateTable('accounts')
        .set((eb) => ({ balance: eb('balance', '-', n) }))
        .where('id', '=', id)
        .execute();
    await fund(ledger, memberIds);
    await phase('warm-up', WARMUP_MS, betOrWin);
    const bets = await phase('ledger: bet/win member<->house', PHASE_MS, betOrWin);
    const transfers = await phase('ledger: member->member', PHASE_MS, memberToMember);
    await phase('warm-up', WARMUP_MS, betOrWinBatched);
    const batchedStart = grouped.stats();
    const batched = await phase('ledger: bet/win batched', PHASE_MS, betOrWinBatched);
    const batchedEnd = grouped.stats();
    const paced = await phase(`ledger: bet/win at ${RATE}/s`, PHASE_MS, betOrWin, RATE);

    const header = `${'phase'.padEnd(34)} ${'ops/s'.padStart(9)} ${'vs base'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'ops'.padStart(8)} ${'errors'.padStart(7)}`;
    console.log('');
    console.log(`closed loop: ${CONCURRENCY} callers, each starting its next call when the last one ends`);
    console.log(header);
    for (const r of [baseline, bets, transfers, batched])
      console.log(row(r, r === baseline ? undefined : baseline));
    console.log('');
    console.log(`ratio ledger bet/win : baseline = ${(bets.perSecond / baseline.perSecond).toFixed(3)}`);
    console.log(
      `ratio ledger member->member : baseline = ${(transfers.perSecond / baseline.perSecond).toFixed(3)}`,
    );
    const batches = batchedEnd.batches - batchedStart.batches;
    console.log(
      `ratio batched ledger transfers : bare single-row UPDATE = ${(batched.perSecond / baseline.perSecond).toFixed(3)}` +
        ` (${batches} batches, ${((batchedEnd.items - batchedStart.items) / Math.max(1, batches)).toFixed(1)} transfers a batch on average, at most ${BATCH_MAX}, ${BATCH_IN_FLIGHT} at once)`,
    );
    console.log('');
    console.log(
      `paced: ${CONCURRENCY} callers offering ${RATE} calls/s in all; latency counted from when each call was due`,
    );
    console.log(header);
    console.log(row(paced, null));

    const t0 = performance.now();
    const report = await ledger.checkInvariants();
    const transferCount = await db
      .selectFrom('transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `invariants over ${transferCount.n} transfers (${((performance.now() - t0) / 1000).toFixed(1)} s): ` +
        (report.ok ? 'ok, 0 violations' : `${report.violations.length} violations`),
    );
    for (const v of report.violations) console.log(`  - ${v}`);
    process.exitCode =
      !report.ok || bets.errors + transfers.errors + batched.errors + paced.errors > 0 ? 1 : 0;
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    clearTimeout(hardStop);
  }
}

await main();
