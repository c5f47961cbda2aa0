import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, siteDay } from '@casino/contracts/site-time';
import {
  auditOf,
  bo,
  createMember,
  createOperator,
  createPartner,
  fileTestApp,
  PARTNER_PASSWORD,
  partnerLogin,
  partnerRates,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

// Partners (docs/api/backoffice-partners.md): a tree built through the API,
// members registered with a partner's code, bets and wins through the signed wallet, each partner's
// settlement equal to the formula, a partner refused outside its subtree, a settlement paid once.

const t = await fileTestApp();
let owner = await createOperator(t, 'owner');

let casino: TestProvider;
let slot: TestProvider;
let mini: TestProvider;

beforeAll(async () => {
  casino = await createTestProvider(t, owner, { kind: 'casino' });
  slot = await createTestProvider(t, owner, { kind: 'slot' });
  mini = await createTestProvider(t, owner, { kind: 'mini' as 'slot' });
});

let seq = 0;
const id = (p: string) => `${p}-${++seq}`;

async function play(
  p: TestProvider,
  m: TestMember & { tokens: Map<string, string> },
  stake: number,
  win: number,
): Promise<void> {
  let token = m.tokens.get(p.code);
  if (!token) {
    token = await p.launch(m);
    m.tokens.set(p.code, token);
  }
  const roundId = id('r');
  const bet = await p.wallet('bet', {
    token,
    userId: m.userId,
    transactionId: id('b'),
    roundId,
    gameCode: 'g1',
    amount: stake,
  });
  expect(bet.body.status).toBe('RS_OK');
  if (win > 0) {
    const w = await p.wallet('win', {
      userId: m.userId,
      transactionId: id('w'),
      roundId,
      gameCode: 'g1',
      amount: win,
    });
    expect(w.body.status).toBe('RS_OK');
  }
}

async function member(code: string) {
  const m = await createMember(t, { code, cash: 10_000_000 });
  return Object.assign(m, { tokens: new Map<string, string>() });
}

describe('the partner tree through the API', () => {
  let top = '';
  let mid = '';
  let sibling = '';

  it('builds a tree: the owner anywhere, a partner only under itself or its subtree', async () => {
    expect(
      (
        await createPartner(t, owner.cookie, {
          partnerId: 'top1',
          parentId: null,
          rates: partnerRates(100, 200, 150, 3000),
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    top = await partnerLogin(t, 'top1');
    // A partner that names no parent creates under itself.
    expect(
      (
        await createPartner(t, top, {
          partnerId: 'mid1',
          parentId: null,
          rates: partnerRates(60, 120, 100, 2000),
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    expect(
      (
        await createPartner(t, top, {
          partnerId: 'sib1',
          parentId: 'top1',
          rates: partnerRates(50, 50, 50, 1000),
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    mid = await partnerLogin(t, 'mid1');
    sibling = await partnerLogin(t, 'sib1');
    expect(
      (
        await createPartner(t, mid, {
          partnerId: 'leaf1',
          parentId: 'mid1',
          rates: partnerRates(20, 40, 30, 500),
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    // The id is taken among operators.
    expect(
      (
        await createPartner(t, owner.cookie, {
          partnerId: owner.operatorId,
          parentId: null,
          rates: partnerRates(0, 0, 0, 0),
        })
      ).body,
    ).toEqual({
      status: 'already',
    });
    const list = await bo(t, 'partners.list', { cookie: top });
    expect(list.body.maxCount).toBe(4);
    const byId = Object.fromEntries(
      (list.body.list as { partnerId: string; parentId: string | null; depth: number }[]).map((p) => [
        p.partnerId,
        p,
      ]),
    );
    expect(byId.leaf1).toMatchObject({ parentId: 'mid1', depth: 3 });
    expect((await bo(t, 'partners.list', { cookie: mid })).body.maxCount).toBe(2);
    expect((await auditOf(t, 'partner:leaf1')).map((a) => a.action)).toEqual(['partner.create']);
  });

  it('refuses rates above the parent, a child raising its own, a lowered parent below a child', async () => {
    const over = await createPartner(t, mid, {
      partnerId: 'leaf2',
      parentId: 'mid1',
      rates: partnerRates(61, 0, 0, 0),
    });
    expect(over.code).toBe(400);
    expect(over.body).toEqual({ status: 'invalid', errors: [{ path: 'rates.casino', code: 'max' }] });
    // A partner never changes itself: its own id answers 404.
    expect(
      (
        await bo(t, 'partners.patch', {
          cookie: mid,
          params: { partnerId: 'mid1' },
          body: { rates: { casino: 100 } },
        })
      ).code,
    ).toBe(404);
    // Its ancestor may, within its own rates.
    const tooHigh = await bo(t, 'partners.patch', {
      cookie: top,
      params: { partnerId: 'mid1' },
      body: { rates: { slot: 201 } },
    });
    expect(tooHigh.body).toEqual({ status: 'invalid', errors: [{ path: 'rates.slot', code: 'max' }] });
    const belowChild = await bo(t, 'partners.patch', {
      cookie: top,
      params: { partnerId: 'mid1' },
      body: { rates: { losing: 400 } },
    });
    expect(belowChild.body).toEqual({ status: 'invalid', errors: [{ path: 'rates.losing', code: 'max' }] });
    // A partner creating under a sibling, or naming another subtree's partner: 404.
    expect(
      (await createPartner(t, mid, { partnerId: 'xone', parentId: 'sib1', rates: partnerRates(0, 0, 0, 0) }))
        .code,
    ).toBe(404);
    expect(
      (
        await createPartner(t, sibling, {
          partnerId: 'xtwo',
          parentId: 'leaf1',
          rates: partnerRates(0, 0, 0, 0),
        })
      ).code,
    ).toBe(404);
    expect(
      (
        await createPartner(t, sibling, {
          partnerId: 'xthree',
          parentId: 'top1',
          rates: partnerRates(0, 0, 0, 0),
        })
      ).code,
    ).toBe(404);
  });

  it("answers 404 for another partner's ids in every partner route, 403 for what its role lacks", async () => {
    const today = siteDay(t.clock.now(), 'Asia/Seoul');
    const period = { from: today, to: today };
    const cookie = sibling;
    for (const [url, read] of [
      [`/partners/top1/summary`, () => bo(t, 'partners.summary', { cookie, params: { partnerId: 'top1' } })],
      [`/partners/top1/codes`, () => bo(t, 'partners.codes', { cookie, params: { partnerId: 'top1' } })],
      [
        `/partners/mid1/settlement`,
        () => bo(t, 'partners.settlement', { cookie, params: { partnerId: 'mid1' }, query: period }),
      ],
      [
        `/partners/leaf1/days`,
        () => bo(t, 'partners.days', { cookie, params: { partnerId: 'leaf1' }, query: period }),
      ],
      [
        `/partners/leaf1/days/csv`,
        () => bo(t, 'partners.daysCsv', { cookie, params: { partnerId: 'leaf1' }, query: period }),
      ],
      [
        `/partners/mid1/settlements`,
        () => bo(t, 'partners.settlements', { cookie, params: { partnerId: 'mid1' } }),
      ],
      [
        `/partners/leaf1/balance`,
        () => bo(t, 'partners.balance', { cookie, params: { partnerId: 'leaf1' } }),
      ],
      [`/partners?parentId=top1`, () => bo(t, 'partners.list', { cookie, query: { parentId: 'top1' } })],
      [
        `/partner-payouts?partnerId=mid1`,
        () => bo(t, 'partners.payouts', { cookie, query: { partnerId: 'mid1' } }),
      ],
      [`/members?partnerId=mid1`, () => bo(t, 'members.list', { cookie, query: { partnerId: 'mid1' } })],
    ] as const) {
      const res = await read();
      expect(res.code, url).toBe(404);
      expect(res.body, url).toEqual({ status: 'not_found' });
    }
    for (const [method, url, body] of [
      ['PATCH', '/partners/leaf1', { name: 'x' }],
      ['POST', '/partners/leaf1/codes', { code: 'SIBX' }],
      ['POST', '/partners/mid1/payouts', { amount: 1 }],
    ] as const) {
      const res = await bo(t, method, url, { cookie: sibling, body });
      expect(res.code, url).toBe(404);
    }
    for (const [method, url, body] of [
      ['POST', '/partners/sib1/settlements', { from: '2025-01-01', to: '2025-01-01' }],
      ['POST', '/partners/sib1/payouts/1/approve', {}],
      ['PATCH', '/members/someone', { partnerId: 'sib1' }],
      ['POST', '/deposits/1/approve', {}],
      ['GET', '/dashboard', undefined],
      ['GET', '/members/someone/ledger', undefined],
    ] as const) {
      const res = await bo(t, method, url, { cookie: sibling, ...(body ? { body } : {}) });
      expect(res.code, url).toBe(403);
      expect(res.body, url).toEqual({ status: 'denied' });
    }
  });

  it("registers members with a partner's code for good, shows them in its subtree only, never bank numbers", async () => {
    expect(
      (
        await bo(t, 'partners.addCode', {
          cookie: top,
          params: { partnerId: 'mid1' },
          body: { code: 'MIDONE', domain: 'mid.example' },
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    expect(
      (
        await bo(t, 'partners.addCode', {
          cookie: mid,
          params: { partnerId: 'leaf1' },
          body: { code: 'midone' },
        })
      ).body,
    ).toEqual({
      status: 'already',
    });
    expect(
      (
        await bo(t, 'partners.addCode', {
          cookie: mid,
          params: { partnerId: 'leaf1' },
          body: { code: 'LEAFONE' },
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    const a = await member('MIDONE');
    const b = await member('LEAFONE');
    const detail = await bo(t, 'members.detail', { cookie: mid, params: { userId: a.userId } });
    expect(detail.body.member).toMatchObject({ userId: a.userId, partnerId: 'mid1', banknum: null });
    expect((await bo(t, 'members.detail', { cookie: sibling, params: { userId: a.userId } })).code).toBe(404);
    expect(
      (await bo(t, 'members.detail', { cookie: owner.cookie, params: { userId: b.userId } })).body.member
        .partnerId,
    ).toBe('leaf1');
    const own = await bo(t, 'members.list', { cookie: mid, query: { partnerId: 'mid1' } });
    expect((own.body.list as { userId: string }[]).map((m) => m.userId)).toEqual([a.userId]);
    const deep = await bo(t, 'members.list', {
      cookie: owner.cookie,
      query: { partnerId: 'mid1', deep: 'true' },
    });
    expect((deep.body.list as { userId: string }[]).map((m) => m.userId).sort()).toEqual(
      [a.userId, b.userId].sort(),
    );
    const mine = await bo(t, 'members.list', { cookie: sibling });
    expect(mine.body.maxCount).toBe(0);
    const codes = await bo(t, 'partners.codes', { cookie: mid, params: { partnerId: 'mid1' } });
    expect(codes.body.list).toEqual([
      expect.objectContaining({ code: 'MIDONE', domain: 'mid.example', members: 1 }),
    ]);
  });
});

describe('commission and settlement', () => {
  it('settles each partner at the formula, pays once, carries a loss, and holds and approves a payout', async () => {
    // A fresh tree: A (casino 100, slot 200, mini 150, losing 3000) > B (60, 120, 100, 2000) > C (20, 40, 30, 500).
    await createPartner(t, owner.cookie, {
      partnerId: 'alpha',
      parentId: null,
      rates: partnerRates(100, 200, 150, 3000),
    });
    const a = await partnerLogin(t, 'alpha');
    await createPartner(t, a, {
      partnerId: 'bravo',
      parentId: 'alpha',
      rates: partnerRates(60, 120, 100, 2000),
    });
    const b = await partnerLogin(t, 'bravo');
    await createPartner(t, b, {
      partnerId: 'charlie',
      parentId: 'bravo',
      rates: partnerRates(20, 40, 30, 500),
    });
    await bo(t, 'partners.addCode', { cookie: a, params: { partnerId: 'alpha' }, body: { code: 'PACODE' } });
    await bo(t, 'partners.addCode', { cookie: b, params: { partnerId: 'bravo' }, body: { code: 'PBCODE' } });
    await bo(t, 'partners.addCode', {
      cookie: b,
      params: { partnerId: 'charlie' },
      body: { code: 'PCCODE' },
    });
    const ma = await member('PACODE');
    const mb = await member('PBCODE');
    const mc = await member('PCCODE');
    const day = siteDay(t.clock.now(), t.config.siteTimeZone);
    await play(casino, ma, 100_000, 30_000);
    await play(slot, mb, 50_007, 0);
    await play(mini, mc, 33_333, 100_000);
    await play(casino, mc, 10_000, 0);

    // By hand: S0 and Sc per partner and kind.
    // A: own casino 100000 at 100; child B's subtree casino 10000, slot 50007, mini 33333.
    const rollA = {
      casino: Math.floor((100_000 * 100 + 10_000 * (100 - 60)) / 10_000),
      slot: Math.floor((50_007 * (200 - 120)) / 10_000),
      mini: Math.floor((33_333 * (150 - 100)) / 10_000),
    };
    const netA0 = 100_000 - 30_000;
    const netB = 50_007 + (33_333 - 100_000) + 10_000;
    const losingA = Math.floor((netA0 * 3000 + netB * (3000 - 2000)) / 10_000);
    const settlementA = await bo(t, 'partners.settlement', {
      cookie: a,
      params: { partnerId: 'alpha' },
      query: { from: day, to: day },
    });
    expect(settlementA.body).toMatchObject({
      status: 'success',
      stakes: { casino: 110_000, slot: 50_007, mini: 33_333 },
      wins: { casino: 30_000, slot: 0, mini: 100_000 },
      rolling: rollA,
      losing: losingA,
      total: rollA.casino + rollA.slot + rollA.mini + losingA,
      members: 3,
      settled: false,
    });
    // C: its own members only; their net loss is negative (members won): a negative losing.
    const netC = 33_333 - 100_000 + 10_000;
    const settlementC = await bo(t, 'partners.settlement', {
      cookie: b,
      params: { partnerId: 'charlie' },
      query: { from: day, to: day },
    });
    const rollC = {
      casino: Math.floor((10_000 * 20) / 10_000),
      slot: 0,
      mini: Math.floor((33_333 * 30) / 10_000),
    };
    const losingC = Math.floor((netC * 500) / 10_000);
    expect(settlementC.body).toMatchObject({
      rolling: rollC,
      losing: losingC,
      total: rollC.casino + rollC.mini + losingC,
    });
    expect(losingC).toBeLessThan(0);

    // Today is not finished: 400 `to` `max`.
    const early = await bo(t, 'partners.settle', {
      cookie: owner.cookie,
      key: 'early-1',
      params: { partnerId: 'alpha' },
      body: { from: day, to: day },
    });
    expect(early.code).toBe(400);
    expect(early.body).toEqual({ status: 'invalid', errors: [{ path: 'to', code: 'max' }] });

    // The next day: the owner settles; the same key replays, another key finds the day settled.
    t.clock.advance(86_400_000);
    owner = await createOperator(t, 'owner');
    const totalA = rollA.casino + rollA.slot + rollA.mini + losingA;
    const settle = () =>
      bo(t, 'partners.settle', {
        cookie: owner.cookie,
        key: 'settle-pa-1',
        params: { partnerId: 'alpha' },
        body: { from: day, to: day },
      });
    const first = await settle();
    expect(first.body).toMatchObject({ status: 'success', paid: totalA });
    const again = await settle();
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        bo(t, 'partners.settle', {
          cookie: owner.cookie,
          key: `settle-pa-r${i}`,
          params: { partnerId: 'alpha' },
          body: { from: day, to: day },
        }),
      ),
    );
    expect(racing.map((r) => r.body.status)).toEqual(Array(8).fill('already'));
    const aAgain = await partnerLogin(t, 'alpha');
    expect(
      (await bo(t, 'partners.balance', { cookie: aAgain, params: { partnerId: 'alpha' } })).body,
    ).toEqual({
      status: 'success',
      balance: totalA,
      held: 0,
      carried: 0,
    });
    // The ledger holds one transfer for it.
    const paid = await t.db
      .selectFrom('transfers')
      .select(['amount'])
      .where('code', '=', 'partner_commission')
      .where('source', '=', 'partners')
      .execute();
    expect(paid).toEqual([{ amount: totalA }]);

    // C's negative total is carried into its next settlement.
    const c1 = await bo(t, 'partners.settle', {
      cookie: owner.cookie,
      key: 'settle-pc-1',
      params: { partnerId: 'charlie' },
      body: { from: day, to: day },
    });
    const totalC = rollC.casino + rollC.mini + losingC;
    expect(c1.body).toMatchObject({ status: 'success', paid: 0, total: totalC });
    const b2 = await partnerLogin(t, 'bravo');
    expect(
      (await bo(t, 'partners.balance', { cookie: b2, params: { partnerId: 'charlie' } })).body,
    ).toMatchObject({
      balance: 0,
      carried: -totalC,
    });
    const next = addDays(day, 1);
    expect(
      (
        await bo(t, 'partners.settle', {
          cookie: owner.cookie,
          key: 'settle-pc-2',
          params: { partnerId: 'charlie' },
          body: { from: next, to: next },
        })
      ).code,
    ).toBe(400);
    t.clock.advance(86_400_000);
    owner = await createOperator(t, 'owner');
    const c2 = await bo(t, 'partners.settle', {
      cookie: owner.cookie,
      key: 'settle-pc-2',
      params: { partnerId: 'charlie' },
      body: { from: next, to: next },
    });
    expect(c2.body).toMatchObject({ status: 'success', paid: 0, total: 0, carried: -totalC });

    // A payout: asked by the partner (held), one at a time, more than the balance refused; approved once.
    const a3 = await partnerLogin(t, 'alpha');
    expect(
      (
        await bo(t, 'partners.requestPayout', {
          cookie: a3,
          key: 'p-1',
          params: { partnerId: 'alpha' },
          body: { amount: totalA + 1 },
        })
      ).body,
    ).toEqual({
      status: 'balance',
    });
    const asked = await bo(t, 'partners.requestPayout', {
      cookie: a3,
      key: 'p-2',
      params: { partnerId: 'alpha' },
      body: { amount: 1_000 },
    });
    expect(asked.body).toMatchObject({ status: 'success' });
    expect(
      (
        await bo(t, 'partners.requestPayout', {
          cookie: a3,
          key: 'p-3',
          params: { partnerId: 'alpha' },
          body: { amount: 1 },
        })
      ).body,
    ).toEqual({
      status: 'wait',
    });
    expect(
      (await bo(t, 'partners.balance', { cookie: a3, params: { partnerId: 'alpha' } })).body,
    ).toMatchObject({
      balance: totalA - 1_000,
      held: 1_000,
    });
    const payoutId = asked.body.id as number;
    const approve = (key: string) =>
      bo(t, 'partners.approvePayout', {
        cookie: owner.cookie,
        params: { partnerId: 'alpha', id: payoutId },
        key,
      });
    const decisions = await Promise.all([approve('ap-1'), approve('ap-2'), approve('ap-3')]);
    expect(decisions.map((d) => d.body.status).sort()).toEqual(['already', 'already', 'success']);
    expect(
      (await bo(t, 'partners.balance', { cookie: a3, params: { partnerId: 'alpha' } })).body,
    ).toMatchObject({
      balance: totalA - 1_000,
      held: 0,
    });
    const list = await bo(t, 'partners.payouts', { cookie: owner.cookie, query: { state: 'approved' } });
    expect(list.body.list).toEqual([
      expect.objectContaining({ partnerId: 'alpha', amount: 1_000, state: 'approved' }),
    ]);
    expect((await auditOf(t, `partner_payout:${payoutId}`)).map((x) => x.action)).toEqual([
      'partner.payout.request',
      'partner.payout.approve',
    ]);
  });

  it('settles every partner in one run (owner), each once', async () => {
    const yesterday = addDays(siteDay(t.clock.now(), t.config.siteTimeZone), -1);
    const run = (key: string) =>
      bo(t, 'partners.settleAll', { cookie: owner.cookie, key, body: { from: yesterday, to: yesterday } });
    const first = await run('run-1');
    expect(first.body).toMatchObject({ status: 'success' });
    const count = Number(
      (
        await t.db
          .selectFrom('partners')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(first.body.settled + first.body.already).toBe(count);
    expect((await run('run-1')).body).toEqual(first.body);
    expect((await run('run-2')).body).toMatchObject({ settled: 0, paid: 0, already: count });
    const today = siteDay(t.clock.now(), t.config.siteTimeZone);
    const early = await bo(t, 'partners.settleAll', {
      cookie: owner.cookie,
      key: 'run-3',
      body: { from: today, to: today },
    });
    expect(early.body).toEqual({ status: 'invalid', errors: [{ path: 'to', code: 'max' }] });
    const partner = await partnerLogin(t, 'alpha');
    expect(
      (
        await bo(t, 'partners.settleAll', {
          cookie: partner,
          key: 'run-4',
          body: { from: yesterday, to: yesterday },
        })
      ).code,
    ).toBe(403);
  });

  it('counts a stake at the rates in force when it was placed', async () => {
    await createPartner(t, owner.cookie, {
      partnerId: 'rater',
      parentId: null,
      rates: partnerRates(100, 100, 100, 0),
    });
    const rt = await partnerLogin(t, 'rater');
    await bo(t, 'partners.addCode', { cookie: rt, params: { partnerId: 'rater' }, body: { code: 'RTCODE' } });
    const m = await member('RTCODE');
    const day = siteDay(t.clock.now(), t.config.siteTimeZone);
    await play(casino, m, 10_000, 0);
    expect(
      (
        await bo(t, 'partners.patch', {
          cookie: owner.cookie,
          params: { partnerId: 'rater' },
          body: { rates: { casino: 50 } },
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    await play(casino, m, 10_000, 0);
    const s = await bo(t, 'partners.settlement', {
      cookie: rt,
      params: { partnerId: 'rater' },
      query: { from: day, to: day },
    });
    expect(s.body.rolling.casino).toBe(Math.floor((10_000 * 100 + 10_000 * 50) / 10_000));
  });

  it('moves a member (owner only), disables a partner (its sign-in refused, its members play on)', async () => {
    await createPartner(t, owner.cookie, {
      partnerId: 'mover',
      parentId: null,
      rates: partnerRates(10, 10, 10, 10),
    });
    await bo(t, 'partners.addCode', {
      cookie: owner.cookie,
      params: { partnerId: 'mover' },
      body: { code: 'MVCODE' },
    });
    const m = await member('MVCODE');
    const move = await bo(t, 'members.patch', {
      cookie: owner.cookie,
      params: { userId: m.userId },
      body: { partnerId: null, level: 3 },
    });
    expect(move.body).toEqual({ status: 'success' });
    expect(
      (await bo(t, 'members.detail', { cookie: owner.cookie, params: { userId: m.userId } })).body.member,
    ).toMatchObject({
      partnerId: null,
      level: 3,
    });
    expect((await auditOf(t, `member:${m.userId}`)).map((a) => a.action)).toContain('member.partner');
    const cashier = await createOperator(t, 'cashier');
    expect(
      (
        await bo(t, 'members.patch', {
          cookie: cashier.cookie,
          params: { userId: m.userId },
          body: { partnerId: 'mover' },
        })
      ).code,
    ).toBe(403);
    expect(
      (
        await bo(t, 'members.patch', {
          cookie: cashier.cookie,
          params: { userId: m.userId },
          body: { level: 2 },
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    const mv = await partnerLogin(t, 'mover');
    expect(
      (
        await bo(t, 'partners.patch', {
          cookie: owner.cookie,
          params: { partnerId: 'mover' },
          body: { enabled: false },
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    expect((await bo(t, 'partners.balance', { cookie: mv, params: { partnerId: 'mover' } })).code).toBe(401);
    const denied = await bo(t, 'session.login', {
      body: { operatorId: 'mover', password: PARTNER_PASSWORD },
    });
    expect(denied.body.status).not.toBe('success');
  });
});

describe('partners among the operators', () => {
  it('are made only through POST /partners, and their role stays theirs', async () => {
    await createPartner(t, owner.cookie, {
      partnerId: 'fixedrole',
      parentId: null,
      rates: partnerRates(1, 1, 1, 1),
    });
    // No password and the partner role, which the entry's type refuses.
    const made = await bo(t, 'POST', '/operators', {
      cookie: owner.cookie,
      body: { operatorId: 'sneaky1', role: 'partner' },
    });
    expect(made.code).toBe(400);
    expect(
      (
        await bo(t, 'operators.role', {
          cookie: owner.cookie,
          params: { operatorId: 'fixedrole' },
          body: { role: 'owner' },
        })
      ).body,
    ).toEqual({
      status: 'not_found',
    });
    const row = await t.db
      .selectFrom('operators')
      .select('role')
      .where('operator_id', '=', 'fixedrole')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('partner');
  });
});

describe("the partner console's figures", () => {
  it('sums its subtree today and this month, by day, and as a CSV', async () => {
    await createPartner(t, owner.cookie, {
      partnerId: 'dashtop',
      parentId: null,
      rates: partnerRates(100, 100, 100, 1000),
    });
    const top = await partnerLogin(t, 'dashtop');
    await createPartner(t, top, {
      partnerId: 'dashkid',
      parentId: 'dashtop',
      rates: partnerRates(50, 50, 50, 500),
    });
    await bo(t, 'partners.addCode', {
      cookie: top,
      params: { partnerId: 'dashtop' },
      body: { code: 'DASHTOP' },
    });
    await bo(t, 'partners.addCode', {
      cookie: top,
      params: { partnerId: 'dashkid' },
      body: { code: 'DASHKID' },
    });
    const a = await member('DASHTOP');
    const b = await member('DASHKID');
    await play(slot, a, 20_000, 5_000);
    await play(casino, b, 30_000, 0);
    const day = siteDay(t.clock.now(), t.config.siteTimeZone);
    const summary = await bo(t, 'partners.summary', { cookie: top, params: { partnerId: 'dashtop' } });
    expect(summary.body).toMatchObject({
      status: 'success',
      partnerId: 'dashtop',
      members: 2,
      partners: 1,
      today: { deposits: 0, withdrawals: 0, stakes: 50_000, wins: 5_000, ggr: 45_000 },
      month: { stakes: 50_000, wins: 5_000, ggr: 45_000 },
    });
    const kid = await partnerLogin(t, 'dashkid');
    expect(
      (await bo(t, 'partners.summary', { cookie: kid, params: { partnerId: 'dashkid' } })).body,
    ).toMatchObject({
      members: 1,
      partners: 0,
      today: { stakes: 30_000, wins: 0 },
    });
    expect((await bo(t, 'partners.summary', { cookie: kid, params: { partnerId: 'dashtop' } })).code).toBe(
      404,
    );
    const days = await bo(t, 'partners.days', {
      cookie: top,
      params: { partnerId: 'dashtop' },
      query: { from: addDays(day, -1), to: day },
    });
    const rolling = Math.floor((20_000 * 100) / 10_000) + Math.floor((30_000 * 50) / 10_000);
    const losing = Math.floor((15_000 * 1000 + 30_000 * 500) / 10_000);
    expect(days.body.list).toEqual([
      { day: addDays(day, -1), stakes: 0, wins: 0, rolling: 0, losing: 0, total: 0, settled: false },
      { day, stakes: 50_000, wins: 5_000, rolling, losing, total: rolling + losing, settled: false },
    ]);
    const csv = await bo(t, 'partners.daysCsv', {
      cookie: top,
      params: { partnerId: 'dashtop' },
      query: { from: day, to: day, lang: 'en' },
    });
    expect(csv.code).toBe(200);
    expect(csv.raw.body).toContain(`${day},50000,5000,${rolling},${losing},${rolling + losing},`);
    // Bad periods: 400 naming the field.
    // Raw queries.
    for (const [query, path, code] of [
      ['from=2026-02-30&to=2026-03-01', 'from', 'pattern'],
      [`from=${day}&to=${addDays(day, -1)}`, 'to', 'min'],
      [`from=${addDays(day, -92)}&to=${day}`, 'to', 'max'],
    ] as const) {
      const res = await bo(t, 'GET', `/partners/dashtop/settlement?${query}`, { cookie: top });
      expect(res.code, query).toBe(400);
      expect(res.body, query).toEqual({ status: 'invalid', errors: [{ path, code }] });
    }
  });
});

describe('concurrency', () => {
  it('40 parallel payout requests hold one, and never more than the balance', async () => {
    await createPartner(t, owner.cookie, {
      partnerId: 'payrace',
      parentId: null,
      rates: partnerRates(0, 0, 0, 0),
    });
    const id = (
      await t.db
        .selectFrom('operators')
        .select('id')
        .where('operator_id', '=', 'payrace')
        .executeTakeFirstOrThrow()
    ).id;
    await t.services.ledger.transfer({
      debit: { system: 'promo:partner_commission' },
      credit: { system: 'partner:payrace' },
      amount: 10_000,
      code: 'partner_commission',
      idempotencyKey: `test-credit-${id}`,
      source: 'partners-test',
    });
    const pay = await partnerLogin(t, 'payrace');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        bo(t, 'partners.requestPayout', {
          cookie: pay,
          key: `race-${i}`,
          params: { partnerId: 'payrace' },
          body: { amount: 6_000 },
        }),
      ),
    );
    const statuses = answers.map((a) => a.body.status);
    expect(statuses.filter((s) => s === 'success')).toHaveLength(1);
    expect(statuses.filter((s) => s !== 'success' && s !== 'wait')).toEqual([]);
    expect(
      (await bo(t, 'partners.balance', { cookie: pay, params: { partnerId: 'payrace' } })).body,
    ).toMatchObject({
      balance: 4_000,
      held: 6_000,
    });
  });

  it("40 parallel creations racing a parent's rate change never leave a child above its parent", async () => {
    await createPartner(t, owner.cookie, {
      partnerId: 'race',
      parentId: null,
      rates: partnerRates(500, 500, 500, 5000),
    });
    const race = await partnerLogin(t, 'race');
    const results = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) =>
        createPartner(t, race, {
          partnerId: `race${i}`,
          parentId: 'race',
          rates: partnerRates(500, 500, 500, 5000),
        }),
      ),
      bo(t, 'partners.patch', {
        cookie: owner.cookie,
        params: { partnerId: 'race' },
        body: { rates: { casino: 100 } },
      }),
    ]);
    const patched = results.at(-1)!;
    const children = await t.db
      .selectFrom('partners')
      .select(['casino'])
      .where(
        'parent_id',
        '=',
        (
          await t.db
            .selectFrom('operators')
            .select('id')
            .where('operator_id', '=', 'race')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    const parent = await t.db
      .selectFrom('partners as p')
      .innerJoin('operators as o', 'o.id', 'p.id')
      .select(['p.casino'])
      .where('o.operator_id', '=', 'race')
      .executeTakeFirstOrThrow();
    for (const c of children) expect(c.casino).toBeLessThanOrEqual(parent.casino);
    // Either the change came first (every creation refused as above it) or it was refused itself.
    if (patched.body.status === 'success') expect(children.length).toBe(0);
    else {
      expect(patched.body).toEqual({ status: 'invalid', errors: [{ path: 'rates.casino', code: 'max' }] });
      expect(children.length).toBeGreaterThan(0);
    }
    const created = results.slice(0, 40).filter((r) => r.body.status === 'success').length;
    expect(created).toBe(children.length);
  });
});
