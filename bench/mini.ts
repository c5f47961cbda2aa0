/**
 * The mini-games' money on PostgreSQL (issue 27, docs/games/mini-games.md):
 *
 * 1. Settlement of one round of BENCH_BETS bets (default 100,000) from BENCH_MEMBERS members (default
 *    10,000; ten Ladder markets each) by the lease holder: the outcome of every bet and one wallet
 *    `win` per winning bet, beside a bare bulk UPDATE of the same bet rows (the floor of what
 *    marking them can cost). The wins go over HTTP to a wallet double on this machine that checks
 *    each signature and answers RS_OK, so the figure is the studio's side (the platform's own cost
 *    per wallet call is bench/wallet.ts's).
 * 2. BENCH_LATE_BETS bets (default 2,000) sent in the last second before the cut-off, half to each of
 *    two studio instances on the same database: every one answered, every accepted slip recorded
 *    and confirmed, none taken at or after the cut-off by the server's clock.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/mini.ts
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerStudio, studioSecret, type StudioHandle } from '../apps/studio/src/index.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { drawMini } from '../packages/studio-engine/src/mini/draw.ts';
import { marketWins, payout } from '../packages/studio-engine/src/mini/markets.ts';
import { createBenchDatabase, positiveInt, requireDatabaseUrl } from './http-fixture.ts';

const adminUrl = requireDatabaseUrl('bench/mini.ts');
const BETS = positiveInt('BENCH_BETS', 100_000);
const MEMBERS = positiveInt('BENCH_MEMBERS', 10_000);
const LATE = positiveInt('BENCH_LATE_BETS', 2_000);
const LATE_CONCURRENCY = positiveInt('BENCH_LATE_CONCURRENCY', 200);
const LADDER = [
  'left',
  'right',
  'three',
  'four',
  'odd',
  'even',
  'left-three',
  'left-four',
  'right-three',
  'right-four',
];

const ms = (from: number) => performance.now() - from;
const studioKey = randomBytes(32);
const secret = studioSecret(studioKey, 'house-mini');

// -- the wallet double ------------------------------------------------------------------------------
const wins = new Map<string, number>();
let duplicateWins = 0;
const bets = new Set<string>();
let badSignatures = 0;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

const wallet = createServer((req: IncomingMessage, res: ServerResponse) => {
  void (async () => {
    const raw = await readBody(req);
    const answer = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const expected = createHmac('sha256', secret).update(raw).digest('hex');
    if (req.headers['x-signature'] !== expected) {
      badSignatures += 1;
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"status":"RS_ERROR_INVALID_SIGNATURE"}');
      return;
    }
    const body = JSON.parse(raw) as {
      token?: string;
      userId?: string;
      transactionId?: string;
      amount?: number;
    };
    const action = req.url!.split('/').pop();
    if (action === 'balance')
      return answer({
        status: 'RS_OK',
        userId: body.token!.slice(4),
        balance: 1_000_000_000,
        currency: 'KRW',
        wallet: 'seamless',
      });
    if (action === 'bet') bets.add(body.transactionId!);
    if (action === 'win') {
      if (wins.has(body.transactionId!)) duplicateWins += 1;
      wins.set(body.transactionId!, body.amount!);
    }
    return answer({ status: 'RS_OK', balance: 1_000_000_000, currency: 'KRW' });
  })();
});
await new Promise<void>((resolve) => wallet.listen(0, '127.0.0.1', resolve));
const walletUrl = `http://127.0.0.1:${(wallet.address() as AddressInfo).port}`;

// -- two studio instances on one database ---------------------------------------------------------------
const database = await createBenchDatabase(adminUrl, 'bench_mini');
const handle = await openDatabase({ databaseUrl: database.url, poolSize: 20 });
const db = handle.db;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const apps: FastifyInstance[] = [];
const studios: StudioHandle[] = [];
const bases: string[] = [];
for (const id of ['A', 'B']) {
  const app = Fastify();
  studios.push(
    await registerStudio(app, {
      db,
      studioKey,
      platformUrl: walletUrl,
      now,
      recoveryIntervalMs: 0,
      miniTickMs: 0,
      instanceId: id,
      miniChainLength: 1_000,
      walletTimeoutMs: 10_000,
      walletTries: 2,
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  apps.push(app);
}
const [first] = studios as [StudioHandle, StudioHandle];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sdb = db as any;

type Round = { round: number; closes_at: Date; draws_at: Date };
async function openRound(): Promise<Round> {
  const row = (await sdb
    .selectFrom('studio_mini_rounds')
    .select(['round', 'closes_at', 'draws_at'])
    .where('game', '=', 'ladder')
    .where('drawn_at', 'is', null)
    .orderBy('round', 'desc')
    .executeTakeFirst()) as Round | undefined;
  return row ? { ...row, round: Number(row.round) } : (undefined as never);
}
/** Past the current round's draw, then the next round scheduled (fully open). */
async function freshRound(): Promise<Round> {
  await first.miniTick();
  const r = await openRound();
  offsetMs += new Date(r.draws_at).getTime() - now().getTime() + 1_000;
  await first.miniTick();
  return openRound();
}

try {
  console.log(
    `${database.label}, Node ${process.versions.node}, ${cpus().length} cores (load ${loadavg()[0]!.toFixed(1)}): ` +
      `${BETS.toLocaleString()} bets from ${MEMBERS.toLocaleString()} members; ${LATE.toLocaleString()} late bets on two instances`,
  );

  // -- 1. settlement ------------------------------------------------------------------------------------
  const round = await freshRound();
  const perMember = Math.ceil(BETS / MEMBERS);
  let started = performance.now();
  await sql`insert into studio_mini_slips (slip_id, provider, game, round, user_id, total, state, created_at, updated_at)
    select 'ladder-' || ${round.round} || '-s' || m, 'house-mini', 'ladder', ${round.round}, 'member' || m,
      ${perMember} * 1000 + m % 7 * 100, 'ok', now(), now()
    from generate_series(1, ${MEMBERS}) m`.execute(db);
  await sql`insert into studio_mini_bets (slip_id, market, amount, odds, payout)
    select 'ladder-' || ${round.round} || '-s' || m, (${LADDER}::text[])[k], 1000 + m % 7 * 10 + k, o.odds,
      ((1000 + m % 7 * 10 + k) * o.odds) / 100
    from generate_series(1, ${MEMBERS}) m
    cross join generate_series(1, ${Math.min(perMember, LADDER.length)}) k
    join studio_mini_markets o on o.game = 'ladder' and o.market = (${LADDER}::text[])[k]
    where (m - 1) * ${perMember} + k <= ${BETS}`.execute(db);
  await sql`update studio_mini_slips s set total = t.total
    from (select slip_id, sum(amount) total from studio_mini_bets group by slip_id) t
    where t.slip_id = s.slip_id and s.game = 'ladder' and s.round = ${round.round}`.execute(db);
  const { rows: counted } = await sql<{ n: string }>`select count(*) n from studio_mini_bets b
    join studio_mini_slips s using (slip_id) where s.round = ${round.round} and s.game = 'ladder'`.execute(
    db,
  );
  const total = Number(counted[0]!.n);
  console.log(`  seeded ${total.toLocaleString()} bets in ${ms(started).toFixed(0)} ms`);

  // The floor: one bare bulk UPDATE of the same rows (then put back).
  await sql`vacuum analyze studio_mini_bets`.execute(db);
  started = performance.now();
  await sql`update studio_mini_bets b set win = (b.amount * b.odds) / 100
    from studio_mini_slips s where s.slip_id = b.slip_id and s.game = 'ladder' and s.round = ${round.round}`.execute(
    db,
  );
  const bare = ms(started);
  await sql`update studio_mini_bets b set win = 0
    from studio_mini_slips s where s.slip_id = b.slip_id and s.game = 'ladder' and s.round = ${round.round}`.execute(
    db,
  );
  await sql`vacuum analyze studio_mini_bets`.execute(db);

  offsetMs += new Date(round.draws_at).getTime() - now().getTime() + 1_000;
  await first.miniTick();
  started = performance.now();
  await first.miniSettle();
  const settle = ms(started);
  const { rows: drawn } = await sql<{ seed: string; settled_at: Date | null }>`select seed, settled_at
    from studio_mini_rounds where game = 'ladder' and round = ${round.round}`.execute(db);
  const result = drawMini('ladder', round.round, drawn[0]!.seed);
  const { rows: all } = await sql<{ slip_id: string; market: string; amount: string; odds: number }>`
    select b.slip_id, b.market, b.amount, b.odds from studio_mini_bets b join studio_mini_slips s using (slip_id)
    where s.game = 'ladder' and s.round = ${round.round}`.execute(db);
  let expectedWins = 0;
  let expectedPaid = 0;
  let wrong = 0;
  for (const b of all) {
    if (!marketWins('ladder', b.market, result)) continue;
    expectedWins += 1;
    const paid = payout(Number(b.amount), b.odds);
    expectedPaid += paid;
    if (wins.get(`${b.slip_id}-${b.market}-win`) !== paid) wrong += 1;
  }
  const paidSum = [...wins.values()].reduce((a, b) => a + b, 0);
  console.log(
    `  settlement: ${settle.toFixed(0)} ms for ${total.toLocaleString()} bets (${expectedWins.toLocaleString()} wallet wins, ` +
      `${((expectedWins / settle) * 1000).toFixed(0)} wins/s); bare bulk UPDATE of the same rows ${bare.toFixed(0)} ms; ` +
      `ratio ${(settle / bare).toFixed(1)}x`,
  );
  console.log(
    `  wins received ${wins.size.toLocaleString()} (expected ${expectedWins.toLocaleString()}), paid ${paidSum.toLocaleString()} ` +
      `(expected ${expectedPaid.toLocaleString()}), wrong amounts ${wrong}, repeated ${duplicateWins}, settled: ${drawn[0]!.settled_at !== null}`,
  );
  if (
    wins.size !== expectedWins ||
    paidSum !== expectedPaid ||
    wrong > 0 ||
    duplicateWins > 0 ||
    !drawn[0]!.settled_at
  )
    process.exitCode = 1;

  // -- 2. late bets on two instances --------------------------------------------------------------------
  const late = await freshRound();
  const closes = new Date(late.closes_at).getTime();
  // The clock one second before the cut-off, then everything sent at once.
  offsetMs += closes - 1_000 - now().getTime();
  const answers: { status: string; code?: string }[] = new Array(LATE);
  let next = 0;
  started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(LATE_CONCURRENCY, LATE) }, async () => {
      while (next < LATE) {
        const i = next++;
        const res = await fetch(`${bases[i % 2]}/studio/api/mini-bet`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            token: `tok-late${i}`,
            game: 'ladder',
            round: late.round,
            bets: [{ market: 'odd', amount: 1_000 }],
          }),
        });
        answers[i] = (await res.json()) as { status: string; code?: string };
      }
    }),
  );
  const sent = ms(started);
  const accepted = answers.filter((a) => a?.status === 'success').length;
  const closed = answers.filter((a) => a?.code === 'closed').length;
  const other = LATE - accepted - closed;
  const { rows: slips } = await sql<{ state: string; n: string; after: string }>`
    select state, count(*) n, count(*) filter (where created_at >= ${new Date(closes)}) after
    from studio_mini_slips where game = 'ladder' and round = ${late.round} group by state`.execute(db);
  const ok = slips.find((s) => s.state === 'ok');
  const okCount = Number(ok?.n ?? 0);
  const afterCutoff = slips.reduce((sum, s) => sum + Number(s.after), 0);
  const confirmedAtWallet = [...bets].filter((id) => id.startsWith(`ladder-${late.round}-`)).length;
  console.log(
    `  late bets: ${LATE.toLocaleString()} answered in ${sent.toFixed(0)} ms (the cut-off 1,000 ms after the first): ` +
      `${accepted.toLocaleString()} accepted, ${closed.toLocaleString()} closed, ${other} other; recorded ok ${okCount.toLocaleString()}, ` +
      `bets at the wallet ${confirmedAtWallet.toLocaleString()}, slips taken at or after the cut-off ${afterCutoff}`,
  );
  if (other > 0 || okCount !== accepted || confirmedAtWallet !== accepted || afterCutoff > 0)
    process.exitCode = 1;
  if (badSignatures > 0) {
    console.log(`  bad signatures: ${badSignatures}`);
    process.exitCode = 1;
  }
} finally {
  for (const app of apps) await app.close();
  wallet.close();
  await handle.close();
  await database.drop();
}
