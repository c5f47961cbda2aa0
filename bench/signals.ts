/**
 * The cost of the abuse signals (issue 28, docs/security.md "Abuse signals") per request: a member
 * sign-in and a provider wallet bet, each with and without the signals' work, measured in the same
 * run on the same PostgreSQL database, interleaved call by call so that the machine's load falls on
 * both alike (medians compared). The budget: with / without under 1.10 for both.
 *
 * - Sign-in: `members.signIn` (rate limits, blacklist, argon2 check, session) through the members
 *   service of the server, and through the same service built without the signals (no recording,
 *   no link check). Every sign-in comes from a new address and device, so each writes new rows.
 * - Wallet bet: `wallet.bet` of a seamless provider, alone, and through the opposite-bet check of the
 *   wallet route (`oppositeBets.around`) with the bet's spots and shared round: by default the check
 *   (one statement recording the stakes and reading the opposite ones) runs after the bet stood,
 *   beside the answer; then again with the operator refusing opposite bets, where it runs before.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/signals.ts
 */
import { createHmac, randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { browserHashOf } from '../apps/api/src/modules/auth/device.ts';
import { createMembersService } from '../apps/api/src/modules/members/members.service.ts';
import { createBreakReader } from '../apps/api/src/modules/protection/breaks.service.ts';
import { createServices } from '../apps/api/src/services.ts';
import { createBenchDatabase, positiveInt, requireDatabaseUrl } from './http-fixture.ts';

const adminUrl = requireDatabaseUrl('bench/signals.ts');
const MEMBERS = positiveInt('BENCH_MEMBERS', 40);
/** Callers at once (sign-ins are argon2-bound: a few per core). */
const CONCURRENCY = positiveInt('BENCH_CONCURRENCY', 8);
/** Calls a side: ROUNDS x BLOCK (interleaved with the other side's). */
const BLOCK = positiveInt('BENCH_BLOCK', 80);
const ROUNDS = positiveInt('BENCH_ROUNDS', 4);
const BUDGET = 1.1;

const database = await createBenchDatabase(adminUrl, 'bench_signals');
const handle = await openDatabase({ databaseUrl: database.url, poolSize: 20 });
let exitCode = 0;

/**
 * `without` and `with` interleaved call by call (CONCURRENCY callers, each alternating), so that the
 * machine's load, which swings on a shared machine, falls on both alike; after a warm-up, the median
 * time of a call of each side and their ratio.
 */
async function compare(
  name: string,
  without: (i: number) => Promise<void>,
  withSignals: (i: number) => Promise<void>,
) {
  const times: [number[], number[]] = [[], []];
  const total = ROUNDS * BLOCK * 2;
  const warm = Math.ceil(BLOCK / 2);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total + warm) {
        const i = next++;
        const side = i % 2 === 0 ? 0 : 1;
        const t0 = performance.now();
        await (side === 0 ? without : withSignals)(i);
        if (i >= warm) times[side].push(performance.now() - t0);
      }
    }),
  );
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((x, y) => x - y);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const a = median(times[0]);
  const b = median(times[1]);
  const ratio = b / a;
  console.log(
    `${name.padEnd(12)} without ${a.toFixed(2).padStart(8)} ms   with ${b.toFixed(2).padStart(8)} ms   (medians of ${times[0].length} and ${times[1].length} calls)   ratio ${ratio.toFixed(3)}${ratio < BUDGET ? '' : '   OVER BUDGET'}`,
  );
  return ratio;
}

try {
  console.log(
    `bench/signals: PostgreSQL ${database.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${MEMBERS} members, ${CONCURRENCY} callers, ${ROUNDS * BLOCK} calls a side`,
  );
  await migrateToLatest(handle.db);
  const secretsKey = randomBytes(32);
  const services = createServices({
    secretsKey,
    config: loadConfig({ DATABASE_URL: database.url, SECRETS_KEY: secretsKey.toString('hex') }),
    db: handle.db,
    dbKind: 'postgres',
  });
  // The same members service without the signals: what sign-in cost before them.
  const bare = createMembersService({
    db: handle.db,
    blacklist: services.blacklist,
    ledger: services.ledger,
    sessions: services.sessions,
    signInLimiter: services.signInLimiter,
    settings: services.settings,
    legal: services.legal,
    breaks: createBreakReader({ db: handle.db, now: () => new Date() }),
    now: () => new Date(),
  });

  await handle.db.insertInto('reg_codes').values({ code: 'BENCH', domain: '' }).execute();
  const run = randomBytes(2).toString('hex');
  const members: { userId: string; password: string; memberId: number }[] = [];
  for (let i = 0; i < MEMBERS; i += 1) {
    const digits = String(i).padStart(8, '0');
    const password = `bench-${randomBytes(8).toString('hex')}`;
    const result = await services.members.register({
      userId: `s${run}${i}`,
      password,
      nick: `신호${i}`,
      phone: `010${digits}`,
      bankname: '004',
      bankOwner: '홍길동',
      banknum: `5678${digits}`,
      exchangePassword: '123456',
      code: 'BENCH',
    });
    if (result.status !== 'success') throw new Error(`registration: ${JSON.stringify(result)}`);
    await services.ledger.transfer({
      debit: { system: 'bank_clearing' },
      credit: { memberId: result.memberId, kind: 'cash' },
      amount: 1_000_000_000,
      code: 'deposit',
      idempotencyKey: `bench-${result.memberId}`,
      source: 'bench',
    });
    members.push({ userId: `s${run}${i}`, password, memberId: result.memberId });
  }

  // --- sign-in ---
  const browser = browserHashOf({
    headers: {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile',
      'accept-language': 'ko-KR',
    },
  });
  let address = 0;
  const signInWith = (service: typeof bare) => async (i: number) => {
    const m = members[i % members.length]!;
    address += 1;
    const result = await service.signIn({
      userId: m.userId,
      password: m.password,
      ip: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      userAgent: 'bench',
      device: { id: randomBytes(16).toString('base64url'), browser },
    });
    if (result.status !== 'success') throw new Error(`sign-in: ${JSON.stringify(result)}`);
  };
  const signInRatio = await compare('sign-in', signInWith(bare), signInWith(services.members));

  // --- wallet bet ---
  const secret = randomBytes(24).toString('base64url');
  const who = { operatorId: null, actor: 'bench', ip: null };
  await services.catalog.createProvider(
    {
      code: 'benchlive',
      kind: 'casino',
      name: 'Bench Live',
      wallet: 'seamless',
      launchUrl: '/bench',
      secret,
    },
    who,
  );
  await services.catalog.createGame(
    { provider: 'benchlive', code: 'table', nameKo: '벤치', nameEn: 'Bench' },
    who,
  );
  const raw = Buffer.from('{}');
  const provider = await services.wallet.verify(
    'benchlive',
    createHmac('sha256', secret).update(raw).digest('hex'),
    raw,
  );
  if (!provider) throw new Error('provider not verified');
  const players = await Promise.all(
    members.map(async (m) => {
      const created = await services.sessions.create('member', m.memberId, {
        ip: '10.0.0.1',
        userAgent: 'bench',
      });
      const token = await services.sessions.createGameToken(
        { memberId: m.memberId, sessionId: created.session.id },
        'benchlive',
      );
      if (!token) throw new Error('no game token');
      return { ...m, token };
    }),
  );
  let tx = 0;
  const betOf = (i: number) => {
    const p = players[i % players.length]!;
    tx += 1;
    const coup = `coup-${Math.floor(tx / 4)}`;
    return {
      token: p.token,
      userId: p.userId,
      transactionId: `${run}-${tx}`,
      roundId: `${coup}:${p.userId}`,
      gameCode: 'table',
      amount: 1_000,
      spots: [tx % 2 === 0 ? 'player' : 'tie'],
      sharedRoundId: coup,
    };
  };
  const plain = async (i: number) => {
    const answer = await services.wallet.bet(provider, betOf(i));
    if (answer.body.status !== 'RS_OK') throw new Error(`bet: ${JSON.stringify(answer.body)}`);
  };
  const checked = async (i: number) => {
    const bet = betOf(i);
    const answer = await services.oppositeBets.around(
      provider.code,
      bet,
      () => services.wallet.bet(provider, bet),
      () => Promise.reject(new Error('refused')),
    );
    if (answer.body.status !== 'RS_OK') throw new Error(`bet: ${JSON.stringify(answer.body)}`);
  };
  const betRatio = await compare('wallet bet', plain, checked);
  // With the operator refusing opposite bets, the check runs before the bet: its cost, shown.
  const who2 = { operatorId: null, actor: 'bench', ip: null };
  await services.fraud.updateSettings(
    { ...(await services.fraud.settings()).settings, refuseOppositeBets: true },
    who2,
  );
  const refusingRatio = await compare('bet, refusing', plain, checked);
  console.log(
    `(the budget applies to the default settings; refusing opposite bets: ratio ${refusingRatio.toFixed(3)})`,
  );
  if (signInRatio >= BUDGET || betRatio >= BUDGET) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await handle.close();
  await database.drop();
}
process.exit(exitCode);
