/**
 * Partners' settlement on PostgreSQL (issue 25, decision 0021): a day of 1,000,000 bets across
 * 10,000 members under a tree of 500 partners, aggregated set-based into the wallet's day rows
 * (`member_day_stakes`), then every partner settled through the partners service; printed beside a
 * bare `SELECT sum()` over the same rows (the limit). Then the per-bet cost the day rows add to a
 * wallet bet: the same signed-in bets through the wallet service with the rows kept (a seamless
 * provider) and without (the same provider as a transfer-wallet one, which counts nothing), in
 * alternating phases; the ratio is the budget (<= 1.10). See bench/README.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/settlement.ts
 */
import { createHmac, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { addDays, siteDay } from '@casino/contracts/site-time';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { createServices } from '../apps/api/src/services.ts';
import { createBenchDatabase, positiveInt, requireDatabaseUrl } from './http-fixture.ts';

const adminUrl = requireDatabaseUrl('bench/settlement.ts');
const BETS = positiveInt('BENCH_BETS', 1_000_000);
const MEMBERS = positiveInt('BENCH_MEMBERS', 10_000);
const PARTNERS = positiveInt('BENCH_PARTNERS', 500);
/** Signed-in players and concurrent callers of the per-bet phases. */
const PLAYERS = positiveInt('BENCH_PLAYERS', 64);
const PHASE_MS = positiveInt('BENCH_PHASE_MS', 4_000);
const PHASES = positiveInt('BENCH_PHASES', 5);

const ms = (from: number) => performance.now() - from;
const fmt = (n: number) => n.toFixed(1).padStart(9);

const database = await createBenchDatabase(adminUrl, 'bench_settlement');
const handle = await openDatabase({ databaseUrl: database.url, poolSize: 20 });
const db = handle.db;
try {
  await migrateToLatest(db);
  const config = loadConfig({ DATABASE_URL: database.url, SEED_DEMO: 'false' });
  const services = createServices({ secretsKey: randomBytes(32), config, db, dbKind: 'postgres' });
  const zone = config.siteTimeZone;
  const day = addDays(siteDay(new Date(), zone), -1);
  console.log(
    `${database.label}, Node ${process.versions.node}: ${BETS.toLocaleString()} bets, ${MEMBERS.toLocaleString()} members, ${PARTNERS} partners, day ${day}`,
  );

  // --- the tree: 5 partners under the house, then 4 children each, rates shrinking by depth ---
  let started = performance.now();
  const { rows: ops } = await sql<{ id: number }>`
    insert into operators (operator_id, password_hash, role, must_change_password)
    select 'bp' || g, 'x', 'partner', false from generate_series(1, ${PARTNERS}) g returning id`.execute(db);
  const ids = ops.map((o) => o.id);
  const paths: number[][] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < ids.length; i++) {
      const parent = i < 5 ? -1 : Math.floor((i - 5) / 4);
      paths.push(parent < 0 ? [ids[i]!] : [...paths[parent]!, ids[i]!]);
      const depth = paths[i]!.length;
      const scale = 0.8 ** (depth - 1);
      const rates = {
        casino: Math.floor(100 * scale),
        slot: Math.floor(200 * scale),
        mini: Math.floor(150 * scale),
        losing: Math.floor(3000 * scale),
      };
      await sql`insert into partners (id, parent_id, name, path, depth, casino, slot, mini, losing)
        values (${ids[i]}, ${parent < 0 ? null : ids[parent]}, ${`bench ${i}`}, ${paths[i]}::bigint[], ${depth},
          ${rates.casino}, ${rates.slot}, ${rates.mini}, ${rates.losing})`.execute(trx);
      await sql`insert into partner_rate_history (partner_id, epoch, casino, slot, mini, losing)
        values (${ids[i]}, 1, ${rates.casino}, ${rates.slot}, ${rates.mini}, ${rates.losing})`.execute(trx);
    }
  });
  console.log(
    `tree: ${PARTNERS} partners, depth ${Math.max(...paths.map((p) => p.length))}  ${fmt(ms(started))} ms`,
  );

  // --- members, spread over the partners ---
  started = performance.now();
  await sql`
    insert into members (user_id, nick, password_hash, exchange_password_hash, phone, bankname, bank_owner, banknum, partner_id)
    select 'bm' || g, 'bm' || g, 'x', 'x', '019' || lpad(g::text, 8, '0'), '004', '벤치', '9999' || lpad(g::text, 8, '0'),
      (${ids}::bigint[])[1 + g % ${PARTNERS}]
    from generate_series(1, ${MEMBERS}) g`.execute(db);
  console.log(`members: ${MEMBERS.toLocaleString()}  ${fmt(ms(started))} ms`);

  // --- a day of bets, then their day rows, set-based ---
  started = performance.now();
  await sql`
    create unlogged table bench_bets as
    select m.id as member_id, m.partner_id,
      (array['casino', 'slot', 'mini'])[1 + (g % 3)] as kind,
      (1000 + (g::bigint * 7919) % 99000)::bigint as amount,
      (case when g % 5 = 0 then (g::bigint * 104729) % 300000 else 0 end)::bigint as win
    from generate_series(1, ${BETS}) g
    join members m on m.user_id = 'bm' || (1 + (g::bigint * 2654435761) % ${MEMBERS})`.execute(db);
  const betsMs = ms(started);
  started = performance.now();
  await sql`
    insert into member_day_stakes (member_id, day, kind, partner_id, rates_epoch, stakes, wins)
    select member_id, ${day}::date, kind, partner_id, 1, sum(amount), sum(win)
    from bench_bets group by member_id, kind, partner_id`.execute(db);
  await sql`analyze member_day_stakes`.execute(db);
  await sql`analyze bench_bets`.execute(db);
  const rows = Number(
    (await sql<{ n: string }>`select count(*) as n from member_day_stakes`.execute(db)).rows[0]!.n,
  );
  console.log(
    `bets: ${BETS.toLocaleString()} generated ${fmt(betsMs)} ms; day rows: ${rows.toLocaleString()} aggregated ${fmt(ms(started))} ms`,
  );

  // --- the limit: a bare sum over the same rows ---
  const best = async (run: () => Promise<unknown>, times = 3) => {
    let min = Infinity;
    for (let i = 0; i < times; i++) {
      const t0 = performance.now();
      await run();
      min = Math.min(min, ms(t0));
    }
    return min;
  };
  const bareRows = await best(() =>
    sql`select sum(stakes), sum(wins) from member_day_stakes where day = ${day}::date`.execute(db),
  );
  const bareBets = await best(() => sql`select sum(amount), sum(win) from bench_bets`.execute(db));
  const owner = { id: 0, operatorId: 'bench', role: 'owner' as const };
  const topRead = await best(() => services.partners.settlement(owner, 'bp1', { from: day, to: day }));

  // --- every partner settled, one transaction each, as the owner's route runs them ---
  const who = { operatorId: null, actor: 'bench', ip: null };
  started = performance.now();
  let paid = 0;
  let positive = 0;
  for (let i = 1; i <= PARTNERS; i++) {
    const answer = await db
      .transaction()
      .execute((trx) => services.partners.settle(`bp${i}`, { from: day, to: day }, who, trx));
    if (answer.status !== 'success') throw new Error(`bp${i}: ${answer.status}`);
    paid += answer.paid;
    if (answer.paid > 0) positive += 1;
  }
  const settleAll = ms(started);
  // The check: the top partners' rolling telescopes to the stakes at the tops' rates.
  const stakesByTop = await sql<{ top: number; kind: string; stakes: string }>`
    select p.path[1] as top, s.kind, sum(s.stakes)::bigint as stakes
    from member_day_stakes s join partners p on p.id = s.partner_id group by 1, 2`.execute(db);
  let expected = 0;
  for (const r of stakesByTop.rows) {
    const top = await db.selectFrom('partners').selectAll().where('id', '=', r.top).executeTakeFirstOrThrow();
    expected += (Number(r.stakes) * top[r.kind as 'casino' | 'slot' | 'mini']) / 10_000;
  }
  let rolling = 0;
  for (const s of await db.selectFrom('partner_settlements').select('rolling').execute())
    rolling += s.rolling;
  console.log('');
  console.log(
    `bare sum over the ${rows.toLocaleString()} day rows          ${fmt(bareRows)} ms  (the limit)`,
  );
  console.log(`bare sum over the ${BETS.toLocaleString()} bets (a scan)       ${fmt(bareBets)} ms`);
  console.log(`one top partner's figures (GET settlement)     ${fmt(topRead)} ms`);
  console.log(
    `${PARTNERS} partners settled, one transaction each ${fmt(settleAll)} ms  (${fmt(settleAll / PARTNERS)} ms a partner; ${positive} paid, ${paid.toLocaleString()} won in all)`,
  );
  // Each partner floors each kind once: within one won per partner and kind.
  const gap = expected - rolling;
  console.log(
    `check: rolling of all partners ${rolling.toLocaleString()} vs stakes x r(top) ${Math.floor(expected).toLocaleString()} (within one won per partner and kind: ${gap >= 0 && gap < 3 * PARTNERS})`,
  );
  await sql`drop table bench_bets`.execute(db);

  // --- the per-bet cost of the day rows ---
  const secret = randomBytes(24).toString('base64url');
  await services.catalog.createProvider(
    {
      code: 'benchslot',
      kind: 'slot',
      name: 'Bench',
      wallet: 'seamless',
      launchUrl: '/bench',
      secret,
      enabled: true,
    } as Parameters<typeof services.catalog.createProvider>[0],
    who,
  );
  const provider = (await services.wallet.verify(
    'benchslot',
    createHmac('sha256', secret).update('{}').digest('hex'),
    Buffer.from('{}'),
  ))!;
  const counted = provider;
  const uncounted = { ...provider, wallet: 'transfer' as const };
  const players: { userId: string; token: string }[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const userId = `bm${i + 1}`;
    const memberId = (
      await db.selectFrom('members').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()
    ).id;
    await services.ledger.openMemberAccounts(memberId);
    await services.ledger.transfer({
      debit: { system: 'bank_clearing' },
      credit: { memberId, kind: 'cash' },
      amount: 1_000_000_000,
      code: 'deposit',
      idempotencyKey: `bench-${memberId}`,
      source: 'bench',
    });
    const session = await services.sessions.create('member', memberId, {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    const token = await services.sessions.createGameToken(
      { memberId, sessionId: session.session.id },
      'benchslot',
    );
    players.push({ userId, token: token! });
  }
  let seq = 0;
  async function phase(row: typeof provider): Promise<number> {
    let bets = 0;
    const deadline = performance.now() + PHASE_MS;
    const t0 = performance.now();
    await Promise.all(
      players.map(async (p) => {
        while (performance.now() < deadline) {
          const id = `t${++seq}`;
          const answer = await services.wallet.bet(row, {
            token: p.token,
            userId: p.userId,
            transactionId: id,
            roundId: id,
            gameCode: 'g1',
            amount: 1_000,
          });
          if (answer.body.status !== 'RS_OK') throw new Error(`bet: ${answer.body.status}`);
          bets += 1;
        }
      }),
    );
    return bets / (ms(t0) / 1000);
  }
  // Warm both paths, then alternate.
  await phase(counted);
  await phase(uncounted);
  const withRows: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < PHASES; i++) {
    withRows.push(await phase(counted));
    without.push(await phase(uncounted));
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  // Each pair of neighbouring phases shares the machine's load of its moment: the ratio of each
  // pair, then their median (other processes on a small machine move single phases a lot).
  const ratios = withRows.map((w, i) => without[i]! / w);
  console.log('');
  console.log(
    `wallet bets a second, ${PLAYERS} callers, ${PHASES} x ${PHASE_MS / 1000} s each, alternating:`,
  );
  console.log(
    `  without day rows (counts nothing)  ${fmt(median(without))}   ${without.map((x) => x.toFixed(0)).join(' ')}`,
  );
  console.log(
    `  with the day rows                  ${fmt(median(withRows))}   ${withRows.map((x) => x.toFixed(0)).join(' ')}`,
  );
  console.log(
    `  cost ratio (time a bet, with / without), median of the pairs: ${median(ratios).toFixed(3)}  (pairs ${ratios.map((r) => r.toFixed(2)).join(' ')}; budget <= 1.10)`,
  );
} finally {
  await handle.close();
  await database.drop();
}
