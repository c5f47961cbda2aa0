import { beforeAll, describe, expect, it } from 'vitest';
import { siteDay } from '@casino/contracts/site-time';
import {
  auditOf,
  bo,
  call,
  createMember,
  createOperator,
  createPartner,
  fileTestApp,
  latestRequestId,
  PARTNER_PASSWORD,
  partnerLogin,
  partnerRates,
  signIn,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

// Partners' figures beyond the plain bet and win (docs/api/backoffice-partners.md): a jackpot won
// by a member's bet counts as a win of its day; a rollback after a day already settled is carried
// into the partner's next settlement as an adjustment (once, through that settlement's one ledger
// transfer, audited); an operator of role partner deactivated on the Operators screen is a
// disabled partner; the tree's figures in one request.

const t = await fileTestApp();
const NEVER = 1_000_000_000_000;
let owner = await createOperator(t, 'owner');
let slot: TestProvider;
let funded: TestProvider;
let seq = 0;
const id = (p: string) => `${p}-${++seq}`;

beforeAll(async () => {
  slot = await createTestProvider(t, owner, { kind: 'slot', games: ['reels'] });
  funded = await createTestProvider(t, owner, { kind: 'slot', games: ['reels'], jackpot: true });
  const tiers = { MEGA: { oneInWon: NEVER }, MAJOR: { oneInWon: NEVER }, MINOR: { oneInWon: NEVER } };
  expect((await bo(t, 'jackpots.update', { cookie: owner.cookie, body: tiers })).body.status).toBe('success');
});

async function partner(partnerId: string, parentId: string | null, rates: ReturnType<typeof partnerRates>) {
  const made = await createPartner(t, owner.cookie, { partnerId, parentId, rates });
  expect(made.body).toEqual({ status: 'success' });
  const code = `${partnerId.toUpperCase()}CODE`;
  expect(
    (await bo(t, 'partners.addCode', { cookie: owner.cookie, params: { partnerId }, body: { code } })).body,
  ).toEqual({ status: 'success' });
  return code;
}

const today = () => siteDay(t.clock.now(), t.config.siteTimeZone);
const settlement = async (partnerId: string, from: string, to = from) =>
  (await bo(t, 'partners.settlement', { cookie: owner.cookie, params: { partnerId }, query: { from, to } }))
    .body;
const settle = (partnerId: string, from: string, key: string, to = from) =>
  bo(t, 'partners.settle', { cookie: owner.cookie, params: { partnerId }, key, body: { from, to } });
const commissionBalance = (partnerId: string) => t.ledger.accountBalance({ system: `partner:${partnerId}` });

/** Moves the clock to the next site day (10 minutes past its midnight) and signs the owner in again. */
async function nextDay(): Promise<void> {
  const day = today();
  while (today() === day) t.clock.advance(10 * 60_000);
  owner = await createOperator(t, 'owner');
}

describe('jackpots in the partners’ figures', () => {
  it('count a jackpot won by a member’s bet as a win of its day (losing commission included)', async () => {
    const code = await partner('jpt', null, partnerRates(0, 100, 0, 4000));
    const m = await createMember(t, { code, cash: 1_000_000 });
    const token = await funded.launch(m);
    expect(
      (await bo(t, 'jackpots.update', { cookie: owner.cookie, body: { MINOR: { oneInWon: 1 } } })).body
        .status,
    ).toBe('success');
    const pool = (await t.services.jackpots.settings()).MINOR.pool;
    const bet = await funded.wallet('bet', {
      token,
      userId: m.userId,
      transactionId: id('jb'),
      roundId: id('jr'),
      gameCode: 'reels',
      amount: 10_000,
    });
    expect(bet.body.jackpots).toEqual([{ tier: 'MINOR', amount: pool }]);
    expect(
      (await bo(t, 'jackpots.update', { cookie: owner.cookie, body: { MINOR: { oneInWon: NEVER } } })).body
        .status,
    ).toBe('success');
    const day = today();
    expect(await settlement('jpt', day)).toMatchObject({
      stakes: { casino: 0, slot: 10_000, mini: 0 },
      wins: { casino: 0, slot: pool, mini: 0 },
      rolling: { slot: Math.floor((10_000 * 100) / 10_000) },
      losing: Math.floor(((10_000 - pool) * 4000) / 10_000),
    });
    // The day rows, as every reader of them (levels, promotions) sees them.
    const rows = await t.services.wallet.memberDayStakes({ from: day, to: day, memberIds: [m.id] });
    expect(rows).toEqual([{ memberId: m.id, day, kind: 'slot', stakes: 10_000, wins: pool }]);
  });
});

describe('a rollback after a settled day', () => {
  it('is carried into the next settlement of every partner on the path, once, through the ledger', async () => {
    // top (slot 200, losing 1000) > sub (slot 120, losing 500); the member is sub's.
    await partner('latetop', null, partnerRates(0, 200, 0, 1000));
    const made = await createPartner(t, owner.cookie, {
      partnerId: 'latesub',
      name: '부본사',
      parentId: 'latetop',
      rates: partnerRates(0, 120, 0, 500),
      code: 'LATESUB',
    });
    expect(made.body).toEqual({ status: 'success' });
    const m = await createMember(t, { code: 'LATESUB', cash: 5_000_000 });
    let token = await slot.launch(m);
    const play = async (amount: number) => {
      const round = id('r');
      const tx = id('b');
      const bet = await slot.wallet('bet', {
        token,
        userId: m.userId,
        transactionId: tx,
        roundId: round,
        gameCode: 'reels',
        amount,
      });
      expect(bet.body.status).toBe('RS_OK');
      return { round, tx };
    };
    const d1 = today();
    const big = await play(300_007);
    await play(100_000);
    await nextDay();
    // A session and a game token end within a day and the next site day may be up to a day away:
    // the member signs in and opens the game again on day 2, as a real one would.
    m.cookie = await signIn(t, { userId: m.userId, password: m.password });
    token = await slot.launch(m);
    const d2 = today();
    // Day 1 settled for both: top's rolling (300007+100000) * (200-120), sub's * 120, and losing.
    const top1 = await settle('latetop', d1, id('k'));
    const sub1 = await settle('latesub', d1, id('k'));
    const s1 = 400_007;
    const expect1 = {
      top: Math.floor((s1 * 80) / 10_000) + Math.floor((s1 * 500) / 10_000),
      sub: Math.floor((s1 * 120) / 10_000) + Math.floor((s1 * 500) / 10_000),
    };
    expect(top1.body).toMatchObject({ status: 'success', paid: expect1.top, adjustment: 0 });
    expect(sub1.body).toMatchObject({ status: 'success', paid: expect1.sub, adjustment: 0 });

    // Day 2: the provider rolls back day 1's big bet, and the member bets again.
    const rb = await slot.wallet('rollback', {
      userId: m.userId,
      transactionId: id('rb'),
      roundId: big.round,
      referenceTransactionId: big.tx,
    });
    expect(rb.body.status).toBe('RS_OK');
    await play(50_000);
    // Day 1 as it is now, and what its settlement would have been.
    const s1now = 100_000;
    const now1 = {
      top: Math.floor((s1now * 80) / 10_000) + Math.floor((s1now * 500) / 10_000),
      sub: Math.floor((s1now * 120) / 10_000) + Math.floor((s1now * 500) / 10_000),
    };
    expect(await settlement('latetop', d1)).toMatchObject({ total: now1.top, settled: true });
    // The preview of the next period shows the adjustment to come.
    expect(await settlement('latetop', d2)).toMatchObject({ adjustment: now1.top - expect1.top });
    await nextDay();
    const s2 = 50_000;
    const day2 = {
      top: Math.floor((s2 * 80) / 10_000) + Math.floor((s2 * 500) / 10_000),
      sub: Math.floor((s2 * 120) / 10_000) + Math.floor((s2 * 500) / 10_000),
    };
    const topBefore = await commissionBalance('latetop');
    const top2 = await settle('latetop', d2, id('k'));
    expect(top2.body).toMatchObject({
      status: 'success',
      total: day2.top,
      adjustment: now1.top - expect1.top,
      paid: Math.max(0, day2.top + now1.top - expect1.top),
    });
    expect(await commissionBalance('latetop')).toBe(topBefore + top2.body.paid);
    // The sub partner's adjustment is larger than its day: nothing paid, the rest carried out.
    const sub2 = await settle('latesub', d2, id('k'));
    const subNet = day2.sub + now1.sub - expect1.sub;
    expect(sub2.body).toMatchObject({ status: 'success', adjustment: now1.sub - expect1.sub });
    expect(sub2.body.paid).toBe(Math.max(0, subNet));
    expect(
      (await bo(t, 'partners.balance', { cookie: owner.cookie, params: { partnerId: 'latesub' } })).body
        .carried,
    ).toBe(Math.max(0, -subNet));
    // Taken once: the next period carries nothing more from day 1.
    const d3 = today();
    expect(await settlement('latetop', d3)).toMatchObject({ adjustment: 0 });
    await nextDay();
    expect((await settle('latetop', d3, id('k'))).body).toMatchObject({ status: 'success', adjustment: 0 });
    // Audited with the corrected settlement, and listed with the settlement.
    const audits = await auditOf(t, 'partner:latetop');
    const settled = audits.filter((a) => a.action === 'partner.settle');
    expect(settled.some((a) => JSON.stringify(a.after).includes('"corrections"'))).toBe(true);
    const list = await bo(t, 'partners.settlements', {
      cookie: owner.cookie,
      params: { partnerId: 'latetop' },
      query: { page: 1, pageSize: 10 },
    });
    expect(list.body.list.map((s: { adjustment: number }) => s.adjustment)).toEqual([
      0,
      now1.top - expect1.top,
      0,
    ]);
    expect((await t.ledger.checkInvariants()).violations).toEqual([]);
  });

  it('40 parallel settlements of the next period take the adjustment once', async () => {
    await partner('racer', null, partnerRates(0, 300, 0, 0));
    const m = await createMember(t, { code: 'RACERCODE', cash: 5_000_000 });
    const token = await slot.launch(m);
    const round = id('r');
    const tx = id('b');
    await slot.wallet('bet', {
      token,
      userId: m.userId,
      transactionId: tx,
      roundId: round,
      gameCode: 'reels',
      amount: 200_000,
    });
    const dA = today();
    await nextDay();
    const dB = today();
    expect((await settle('racer', dA, id('k'))).body).toMatchObject({ paid: 6_000 });
    await slot.wallet('rollback', {
      userId: m.userId,
      transactionId: id('rb'),
      roundId: round,
      referenceTransactionId: tx,
    });
    // Another member of the partner plays on the new day.
    const m2 = await createMember(t, { code: 'RACERCODE', cash: 5_000_000 });
    const bet = await slot.wallet('bet', {
      token: await slot.launch(m2),
      userId: m2.userId,
      transactionId: id('b'),
      roundId: id('r'),
      gameCode: 'reels',
      amount: 1_000_000,
    });
    expect(bet.body.status).toBe('RS_OK');
    await nextDay();
    const before = await commissionBalance('racer');
    const answers = await Promise.all(Array.from({ length: 40 }, () => settle('racer', dB, id('k'))));
    const statuses = answers.map((a) => a.body.status);
    expect(statuses.filter((s) => s === 'success')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'already')).toHaveLength(39);
    const won = answers.find((a) => a.body.status === 'success')!.body;
    expect(won).toMatchObject({ total: 30_000, adjustment: -6_000, paid: 24_000 });
    expect(await commissionBalance('racer')).toBe(before + 24_000);
    const seen = await t.db.selectFrom('partner_late_seen').selectAll().execute();
    expect(new Set(seen.map((s) => `${s.partner_id}:${s.late_id}`)).size).toBe(seen.length);
    expect((await t.ledger.checkInvariants()).violations).toEqual([]);
  });
});

describe('late rollbacks racing settlements', () => {
  it('40 rollbacks of a settled day racing the next settlement: what was paid ends equal to the formula on the final figures', async () => {
    // top (slot 300, losing 2000) > sub (slot 100, losing 1000); the members are sub's.
    await partner('racetop', null, partnerRates(0, 300, 0, 2000));
    const made = await createPartner(t, owner.cookie, {
      partnerId: 'racesub',
      name: '매장',
      parentId: 'racetop',
      rates: partnerRates(0, 100, 0, 1000),
      code: 'RACESUB',
    });
    expect(made.body).toEqual({ status: 'success' });
    const bets: { userId: string; round: string; tx: string }[] = [];
    const playDay = async (count: number, amount: number) => {
      const m = await createMember(t, { code: 'RACESUB', cash: 10_000_000 });
      const token = await slot.launch(m);
      for (let i = 0; i < count; i++) {
        const round = id('r');
        const tx = id('b');
        const bet = await slot.wallet('bet', {
          token,
          userId: m.userId,
          transactionId: tx,
          roundId: round,
          gameCode: 'reels',
          amount: amount + i,
        });
        expect(bet.body.status).toBe('RS_OK');
        bets.push({ userId: m.userId, round, tx });
      }
      const win = await slot.wallet('win', {
        userId: m.userId,
        transactionId: id('w'),
        roundId: bets.at(-1)!.round,
        gameCode: 'reels',
        amount: amount * 3,
      });
      expect(win.body.status).toBe('RS_OK');
    };
    const dA = today();
    await playDay(40, 10_007);
    const dayABets = [...bets];
    await nextDay();
    const dB = today();
    await playDay(5, 30_001);
    for (const p of ['racetop', 'racesub'])
      expect((await settle(p, dA, id('k'))).body.status).toBe('success');
    await nextDay();
    const dC = today();
    // Day C: the provider rolls back all of day A's bets while the owner settles day B.
    const [rollbacks, settlements] = await Promise.all([
      Promise.all(
        dayABets.map((b) =>
          slot.wallet('rollback', {
            userId: b.userId,
            transactionId: id('rb'),
            roundId: b.round,
            referenceTransactionId: b.tx,
          }),
        ),
      ),
      Promise.all(['racetop', 'racesub'].map((p) => settle(p, dB, id('k')))),
    ]);
    for (const r of rollbacks) expect(r.body.status).toBe('RS_OK');
    for (const s of settlements) expect(s.body.status).toBe('success');
    await playDay(2, 5_000);
    await nextDay();
    for (const p of ['racetop', 'racesub'])
      expect((await settle(p, dC, id('k'))).body.status).toBe('success');
    // Every rollback is taken into account now: paid less what is carried on equals the formula
    // on each period's figures as they are at the end.
    for (const p of ['racetop', 'racesub']) {
      const formula =
        (await settlement(p, dA)).total + (await settlement(p, dB)).total + (await settlement(p, dC)).total;
      const rows = await t.db
        .selectFrom('partner_settlements as s')
        .innerJoin('operators as o', 'o.id', 's.partner_id')
        .select(['s.paid', 's.carried_out', 's.counted', 's.id'])
        .where('o.operator_id', '=', p)
        .orderBy('s.id')
        .execute();
      expect(rows).toHaveLength(3);
      const paid = rows.reduce((n, r) => n + Number(r.paid), 0);
      expect(paid - Number(rows.at(-1)!.carried_out), p).toBe(formula);
      expect(
        rows.reduce((n, r) => n + Number(r.counted), 0),
        p,
      ).toBe(formula);
      expect(await commissionBalance(p)).toBe(paid);
      // Day A's settlement lost its 40 bets: recomputed, it counts what is left (the win alone).
      expect(Number(rows[0]!.counted), p).toBe((await settlement(p, dA)).total);
    }
    expect((await t.ledger.checkInvariants()).violations).toEqual([]);
  }, 60_000);
});

describe('a partner deactivated on the Operators screen', () => {
  it('is a disabled partner (and enabled again with its account), audited', async () => {
    await partner('opsw', null, partnerRates(1, 1, 1, 1));
    const enabledOf = async () =>
      (
        (await bo(t, 'partners.list', { cookie: owner.cookie, query: { page: 1, pageSize: 100 } })).body
          .list as {
          partnerId: string;
          enabled: boolean;
        }[]
      ).find((p) => p.partnerId === 'opsw')!.enabled;
    expect(await enabledOf()).toBe(true);
    expect(
      (await bo(t, 'operators.deactivate', { cookie: owner.cookie, params: { operatorId: 'opsw' } })).body,
    ).toEqual({
      status: 'success',
    });
    expect(await enabledOf()).toBe(false);
    const denied = await bo(t, 'session.login', { body: { operatorId: 'opsw', password: PARTNER_PASSWORD } });
    expect(denied.body.status).not.toBe('success');
    expect(
      (await bo(t, 'operators.reactivate', { cookie: owner.cookie, params: { operatorId: 'opsw' } })).body,
    ).toEqual({
      status: 'success',
    });
    expect(await enabledOf()).toBe(true);
    await partnerLogin(t, 'opsw');
    const changes = (await auditOf(t, 'partner:opsw')).filter((a) => a.action === 'partner.update');
    expect(changes.map((a) => a.after)).toEqual(
      expect.arrayContaining([{ enabled: false }, { enabled: true }]),
    );
    // And the other way: the partners' switch turns the account off and on.
    expect(
      (
        await bo(t, 'partners.patch', {
          cookie: owner.cookie,
          params: { partnerId: 'opsw' },
          body: { enabled: false },
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    const ops = await bo(t, 'operators.list', { cookie: owner.cookie });
    expect(
      (ops.body.list as { operatorId: string; isActive: boolean }[]).find((o) => o.operatorId === 'opsw')!
        .isActive,
    ).toBe(false);
  });
});

describe("the tree's figures", () => {
  it('come with the tree in one answer, each row equal to that partner’s own dashboard', async () => {
    await partner('figtop', null, partnerRates(10, 10, 10, 10));
    const made = await createPartner(t, owner.cookie, {
      partnerId: 'figsub',
      name: '매장',
      parentId: 'figtop',
      rates: partnerRates(5, 5, 5, 5),
      code: 'FIGSUB',
    });
    expect(made.body).toEqual({ status: 'success' });
    const play = async (code: string, stake: number, win: number) => {
      const m = await createMember(t, { code, cash: 1_000_000 });
      const roundId = id('r');
      const bet = await slot.wallet('bet', {
        token: await slot.launch(m),
        userId: m.userId,
        transactionId: id('b'),
        roundId,
        gameCode: 'reels',
        amount: stake,
      });
      expect(bet.body.status).toBe('RS_OK');
      if (win > 0)
        await slot.wallet('win', {
          userId: m.userId,
          transactionId: id('w'),
          roundId,
          gameCode: 'reels',
          amount: win,
        });
      return m;
    };
    await play('FIGTOPCODE', 40_000, 10_000);
    const depositor = await play('FIGSUB', 25_000, 60_000);
    // An approved deposit of the sub partner's member: in both rows' deposits.
    expect((await call(t, 'apply-user-deposit', { amount: 30_000 }, depositor.cookie)).body.status).toBe(
      'success',
    );
    const request = await latestRequestId(t, 'deposit', depositor.id);
    expect(
      (await bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id: request } })).body.status,
    ).toBe('success');
    const tree = await bo(t, 'partners.list', {
      cookie: owner.cookie,
      query: { page: 1, pageSize: 100, figures: 'true' },
    });
    const rows = tree.body.list as {
      partnerId: string;
      figures: { today: { stakes: number; ggr: number; deposits: number }; month: { deposits: number } };
    }[];
    const top = rows.find((r) => r.partnerId === 'figtop')!;
    const sub = rows.find((r) => r.partnerId === 'figsub')!;
    expect(top.figures.today).toMatchObject({ stakes: 65_000, wins: 70_000, ggr: -5_000 });
    expect(sub.figures.today).toMatchObject({ stakes: 25_000, wins: 60_000, ggr: -35_000 });
    expect(top.figures.today.deposits).toBe(30_000);
    expect(sub.figures.month.deposits).toBe(30_000);
    for (const row of rows) {
      const summary = await bo(t, 'partners.summary', {
        cookie: owner.cookie,
        params: { partnerId: row.partnerId },
      });
      expect(row.figures, row.partnerId).toEqual({ today: summary.body.today, month: summary.body.month });
    }
    // Without `figures=true` the tree answers as before; a partner sees its own subtree's figures only.
    const plain = await bo(t, 'partners.list', { cookie: owner.cookie, query: { page: 1, pageSize: 100 } });
    expect(plain.body.list.every((r: { figures?: unknown }) => r.figures === undefined)).toBe(true);
    const own = await bo(t, 'partners.list', {
      query: { page: 1, pageSize: 100, figures: 'true' },
      cookie: await partnerLogin(t, 'figsub'),
    });
    expect(own.body.list.map((r: { partnerId: string }) => r.partnerId)).toEqual(['figsub']);
    expect(own.body.list[0]!.figures).toEqual(sub.figures);
  });
});
