import type { TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import type { TPromotionFigures, TReportFigures } from '@casino/contracts/backoffice-reports';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteDay } from '@casino/contracts/site-time';
import {
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  latestRequestId,
  operatorsOfEveryRole,
  systemAccountId,
  type JsonBody,
  type TestOperator,
} from './factories.ts';
import { createTestProvider } from './game-provider.ts';

/** The site's day of an instant in Asia/Seoul, the zone these tests run in (the default). */
const seoulDay = (at: Date) => siteDay(at, 'Asia/Seoul');

const t = await fileTestApp();
const { owner, cashier, support, content } = await operatorsOfEveryRole(t);

async function report(query: TBackofficeQuery<'reports.get'>, op = owner) {
  const res = await bo(t, 'reports.get', { cookie: op.cookie, query });
  expect(res.code, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function csv(query: string, op = owner) {
  return t.app.inject({
    method: 'GET',
    url: `/api/backoffice/reports/csv?${query}`,
    headers: op.cookie ? { cookie: op.cookie } : {},
  });
}

const zeroProvider = (provider: string) => ({ provider, bets: 0, wins: 0, ggr: 0 });
/** A period's promotions figures: zero but those given. */
const promo = (figures: Record<string, number>) => ({
  bonuses: 0,
  bonusCount: 0,
  bonusesReturned: 0,
  attendance: 0,
  referral: 0,
  payback: 0,
  cost: 0,
  ...figures,
});

describe('role rules', () => {
  it('lets only the owner read the reports, their CSV and the audit log', async () => {
    const range = { unit: 'day' as const, from: '2025-01-01', to: '2025-01-02' };
    const q = new URLSearchParams(range).toString();
    for (const op of [cashier, support, content]) {
      expect((await bo(t, 'reports.get', { cookie: op.cookie, query: range })).body).toEqual({
        status: 'denied',
      });
      expect((await csv(q, op)).statusCode).toBe(403);
      expect((await bo(t, 'audit.list', { cookie: op.cookie })).code).toBe(403);
    }
    expect((await bo(t, 'reports.get', { query: range })).code).toBe(401);
    expect((await csv(q, { ...owner, cookie: '' })).statusCode).toBe(401);
    expect((await bo(t, 'audit.list', {})).code).toBe(401);
    expect((await bo(t, 'reports.get', { cookie: owner.cookie, query: range })).code).toBe(200);
    expect((await csv(q)).statusCode).toBe(200);
  });

  it('lists the reports permission for the owner only', async () => {
    expect((await bo(t, 'session.me', { cookie: owner.cookie })).body.operator.permissions).toContain(
      'reports',
    );
    expect((await bo(t, 'session.me', { cookie: cashier.cookie })).body.operator.permissions).not.toContain(
      'reports',
    );
  });
});

describe('range rules', () => {
  // Raw queries, some of which the entry's type refuses.
  async function errors(query: string) {
    const res = await bo(t, 'GET', `/reports?${query}`, { cookie: owner.cookie });
    expect(res.code).toBe(400);
    return res.body.errors;
  }

  it('takes at most 366 days and 36 months, both ends included', async () => {
    expect((await report({ unit: 'day', from: '2024-01-01', to: '2024-12-31' })).rows).toHaveLength(366);
    expect(await errors('unit=day&from=2024-01-01&to=2025-01-01')).toEqual([{ path: 'to', code: 'max' }]);
    expect((await report({ unit: 'month', from: '2023-01', to: '2025-12' })).rows).toHaveLength(36);
    expect(await errors('unit=month&from=2023-01&to=2026-01')).toEqual([{ path: 'to', code: 'max' }]);
    expect((await csv('unit=day&from=2024-01-01&to=2025-01-01')).statusCode).toBe(400);
  });

  it('refuses a reversed range, a day that does not exist, a month as a day and unknown fields', async () => {
    expect(await errors('unit=day&from=2025-02-02&to=2025-02-01')).toEqual([{ path: 'to', code: 'min' }]);
    expect(await errors('unit=day&from=2025-02-29&to=2025-03-01')).toEqual([
      { path: 'from', code: 'pattern' },
    ]);
    expect(await errors('unit=day&from=2025-02&to=2025-03-01')).toEqual([{ path: 'from', code: 'pattern' }]);
    expect(await errors('unit=month&from=2025-13&to=2025-12')).toEqual([{ path: 'from', code: 'pattern' }]);
    expect(await errors('from=2025-01-01')).toEqual([{ path: 'to', code: 'required' }]);
    expect(await errors('unit=week&from=2025-01-01&to=2025-01-02')).toEqual([
      { path: 'unit', code: 'pattern' },
    ]);
    expect(await errors('from=2025-01-01&to=2025-01-02&x=1')).toEqual([{ path: 'x', code: 'unknown' }]);
  });
});

describe('figures by Asia/Seoul day and month', () => {
  const a = `ea${randomBytes(2).toString('hex')}`;
  const b = `eb${randomBytes(2).toString('hex')}`;
  let seq = 0;

  /**
   * The ledger stamps a transfer with the database clock, so a test cannot make one at a chosen
   * instant through it. These movements are written with chosen times between system accounts
   * (the house of a provider and the adjustment account): every ledger invariant still holds
   * (checked below), and the report reads them as it reads any bet, win, rollback or conversion.
   */
  async function movement(code: string, amount: number, at: string, provider = a) {
    const house = await systemAccountId(t, `house:${provider}`);
    const other = await systemAccountId(t, 'adjustment');
    const [debit, credit] =
      code === 'bet'
        ? [other, house]
        : code === 'comp_conversion'
          ? [other, await systemAccountId(t, 'comp_expense')]
          : [house, other];
    seq += 1;
    await t.db
      .insertInto('transfers')
      .values({
        debit_account_id: debit,
        credit_account_id: credit,
        amount,
        code,
        source: 'report-test',
        idempotency_key: `edge-${seq}`,
        request_hash: 'x'.repeat(64),
        created_at: new Date(at),
      })
      .execute();
  }

  beforeAll(async () => {
    // 2025-04-01 00:00 in Seoul is 2025-03-31 15:00 UTC; 2025-03-31 00:00 is 2025-03-30 15:00 UTC.
    await movement('bet', 40, '2025-03-30T14:59:59.999Z'); // Seoul 03-30 (March)
    await movement('bet', 500, '2025-03-30T15:00:00.000Z'); // Seoul 03-31 00:00
    await movement('bet', 1_000, '2025-03-31T14:59:59.999Z'); // Seoul 03-31 23:59:59.999
    await movement('win', 300, '2025-03-31T10:00:00.000Z'); // Seoul 03-31
    await movement('rollback', 200, '2025-03-31T12:00:00.000Z'); // Seoul 03-31
    await movement('comp_conversion', 700, '2025-03-31T14:00:00.000Z'); // Seoul 03-31
    await movement('bet', 7_000, '2025-03-31T15:00:00.000Z'); // Seoul 04-01 00:00
    await movement('win', 9_000, '2025-04-01T14:59:59.999Z'); // Seoul 04-01 23:59:59.999
    await movement('bet', 100, '2025-04-01T02:00:00.000Z', b); // Seoul 04-01, second provider
    await movement('bet', 60, '2025-04-01T15:00:00.000Z'); // Seoul 04-02 (April)
    // A movement that is neither a bet, a win, a rollback nor a conversion is not a figure.
    await movement('jackpot_share', 5_000, '2025-03-31T11:00:00.000Z');
    // What the promotions paid (read by their ledger codes alone).
    await movement('attendance', 100, '2025-03-30T15:00:00.000Z'); // Seoul 03-31 00:00
    await movement('deposit_bonus', 5_000, '2025-03-31T05:00:00.000Z'); // Seoul 03-31
    await movement('referral', 250, '2025-03-31T14:59:59.999Z'); // Seoul 03-31 23:59:59.999
    await movement('deposit_bonus', 3_000, '2025-03-31T15:00:00.000Z'); // Seoul 04-01 00:00
    await movement('deposit_bonus_cancel', 1_000, '2025-04-01T01:00:00.000Z'); // Seoul 04-01
    await movement('payback', 2_000, '2025-04-01T14:00:00.000Z'); // Seoul 04-01

    const m = await createMember(t, { signedIn: false });
    await t.db
      .insertInto('deposit_requests')
      .values([
        {
          member_id: m.id,
          amount: 10_000,
          depositor: 'a',
          state: 'already',
          processed_at: new Date('2025-03-31T14:59:59.999Z'),
        },
        {
          member_id: m.id,
          amount: 20_000,
          depositor: 'b',
          state: 'already',
          processed_at: new Date('2025-03-31T15:00:00Z'),
        },
        {
          member_id: m.id,
          amount: 30_000,
          depositor: 'c',
          state: 'already',
          processed_at: new Date('2025-03-31T16:00:00Z'),
        },
        // Rejected: never counted.
        {
          member_id: m.id,
          amount: 80_000,
          depositor: 'd',
          state: 'cansel',
          processed_at: new Date('2025-03-31T15:00:00Z'),
        },
      ])
      .execute();
    await t.db
      .insertInto('withdraw_requests')
      .values({
        member_id: m.id,
        amount: 5_000,
        bankname: 'KB',
        bank_owner: '홍길동',
        banknum: '12345678',
        state: 'already',
        processed_at: new Date('2025-03-30T15:00:00Z'),
      })
      .execute();
  });

  it('puts each movement in the Seoul day it happened in, per provider and in total', async () => {
    const body = await report({ unit: 'day', from: '2025-03-31', to: '2025-04-01' });
    expect(body).toMatchObject({ status: 'success', unit: 'day', from: '2025-03-31', to: '2025-04-01' });
    expect(body.rows).toEqual([
      {
        period: '2025-03-31',
        start: '2025-03-30T15:00:00.000Z',
        deposits: 10_000,
        depositCount: 1,
        withdrawals: 5_000,
        withdrawalCount: 1,
        bets: 1_300,
        wins: 300,
        ggr: 1_000,
        compConverted: 700,
        promotions: promo({ bonuses: 5_000, bonusCount: 1, attendance: 100, referral: 250, cost: 5_350 }),
        providers: [{ provider: a, bets: 1_300, wins: 300, ggr: 1_000 }, zeroProvider(b)],
      },
      {
        period: '2025-04-01',
        start: '2025-03-31T15:00:00.000Z',
        deposits: 50_000,
        depositCount: 2,
        withdrawals: 0,
        withdrawalCount: 0,
        bets: 7_100,
        wins: 9_000,
        ggr: -1_900,
        compConverted: 0,
        promotions: promo({
          bonuses: 3_000,
          bonusCount: 1,
          bonusesReturned: 1_000,
          payback: 2_000,
          cost: 4_000,
        }),
        providers: [
          { provider: a, bets: 7_000, wins: 9_000, ggr: -2_000 },
          { provider: b, bets: 100, wins: 0, ggr: 100 },
        ],
      },
    ]);
    expect(body.totals).toEqual({
      deposits: 60_000,
      depositCount: 3,
      withdrawals: 5_000,
      withdrawalCount: 1,
      bets: 8_400,
      wins: 9_300,
      ggr: -900,
      compConverted: 700,
      promotions: {
        bonuses: 8_000,
        bonusCount: 2,
        bonusesReturned: 1_000,
        attendance: 100,
        referral: 250,
        payback: 2_000,
        cost: 9_350,
      },
      providers: [
        { provider: a, bets: 8_300, wins: 9_300, ggr: -1_000 },
        { provider: b, bets: 100, wins: 0, ggr: 100 },
      ],
    });
    // The ledger is still whole: the movements above moved money between system accounts only.
    expect(await t.ledger.checkInvariants()).toEqual({ ok: true, violations: [] });
  });

  it('gives a single day and the days around it without the neighbours', async () => {
    const single = await report({ unit: 'day', from: '2025-03-30', to: '2025-03-30' });
    expect(single.rows).toHaveLength(1);
    expect(single.totals).toMatchObject({ bets: 40, deposits: 0, withdrawals: 0 });
    expect(single.totals.providers).toEqual([{ provider: a, bets: 40, wins: 0, ggr: 40 }]);
    const after = await report({ unit: 'day', from: '2025-04-02', to: '2025-04-05' });
    expect(after.rows.map((r: JsonBody) => [r.period, r.bets])).toEqual([
      ['2025-04-02', 60],
      ['2025-04-03', 0],
      ['2025-04-04', 0],
      ['2025-04-05', 0],
    ]);
  });

  it('puts each movement in the Seoul month it happened in', async () => {
    const body = await report({ unit: 'month', from: '2025-02', to: '2025-04' });
    expect(body.rows.map((r: JsonBody) => [r.period, r.start, r.bets, r.wins, r.ggr, r.deposits])).toEqual([
      ['2025-02', '2025-01-31T15:00:00.000Z', 0, 0, 0, 0],
      ['2025-03', '2025-02-28T15:00:00.000Z', 1_340, 300, 1_040, 10_000],
      ['2025-04', '2025-03-31T15:00:00.000Z', 7_160, 9_000, -1_840, 50_000],
    ]);
    expect(body.rows[1]!.withdrawals).toBe(5_000);
    expect(body.rows[1]!.compConverted).toBe(700);
    expect(body.rows[2]!.providers).toEqual([
      { provider: a, bets: 7_060, wins: 9_000, ggr: -1_940 },
      { provider: b, bets: 100, wins: 0, ggr: 100 },
    ]);
  });

  it('exports the same figures as a CSV file with a BOM', async () => {
    const res = await csv('unit=day&from=2025-03-31&to=2025-04-01');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="report-day-2025-03-31_2025-04-01.csv"',
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      `일자,충전액,충전 건수,환전액,환전 건수,베팅,당첨,GGR,콤프 전환,충전 보너스,보너스 건수,보너스 회수,출석 보상,추천 보상,페이백,프로모션 비용,${a} 베팅,${a} 당첨,${a} GGR,${b} 베팅,${b} 당첨,${b} GGR`,
      `2025-03-31,10000,1,5000,1,1300,300,1000,700,5000,1,0,100,250,0,5350,1300,300,1000,0,0,0`,
      `2025-04-01,50000,2,0,0,7100,9000,-1900,0,3000,1,1000,0,0,2000,4000,7000,9000,-2000,100,0,100`,
      `합계,60000,3,5000,1,8400,9300,-900,700,8000,2,1000,100,250,2000,9350,8300,9300,-1000,100,0,100`,
      '',
    ]);
    const en = await csv('unit=month&from=2025-03&to=2025-03&lang=en');
    expect(en.headers['content-disposition']).toBe('attachment; filename="report-month-2025-03_2025-03.csv"');
    expect(en.body.split('\r\n')[0]).toBe(
      `\uFEFFMonth,Deposits,Deposit count,Withdrawals,Withdrawal count,Bets,Wins,GGR,Comp converted,Deposit bonuses,Bonus count,Bonuses given back,Attendance rewards,Referral rewards,Payback,Promotions cost,${a} Bets,${a} Wins,${a} GGR`,
    );
    expect(en.body.split('\r\n')[2]).toBe(
      'Total,10000,1,5000,1,1340,300,1040,700,5000,1,0,100,250,0,5350,1340,300,1040',
    );
  });
});

describe('figures of real activity', () => {
  it('sums approved deposits and withdrawals, bets less rollbacks, wins and comp conversions of today', async () => {
    // Yesterday to tomorrow (Seoul): the movements below fall in it whenever the test runs.
    const now = Date.now();
    const query = {
      unit: 'day' as const,
      from: seoulDay(new Date(now - 86_400_000)),
      to: seoulDay(new Date(now + 86_400_000)),
    };
    const before = await report(query);
    const slot = await createTestProvider(t, owner, { kind: 'slot', games: ['fruit'] });
    const m = await createMember(t, { cash: 200_000, comp: 20_000 });

    expect((await call(t, 'apply-user-deposit', { amount: 30_000 }, m.cookie)).body.status).toBe('success');
    const dep = await latestRequestId(t, 'deposit', m.id);
    expect(
      (await bo(t, 'deposits.approve', { cookie: cashier.cookie, params: { id: dep } })).body.status,
    ).toBe('success');
    // A rejected deposit is not money in.
    expect((await call(t, 'apply-user-deposit', { amount: 40_000 }, m.cookie)).body.status).toBe('success');
    const rejected = await latestRequestId(t, 'deposit', m.id);
    expect(
      (await bo(t, 'deposits.reject', { cookie: cashier.cookie, params: { id: rejected } })).body.status,
    ).toBe('success');
    const w = { amount: 20_000, exchangePassword: m.exchangePassword };
    expect((await call(t, 'apply-user-withdraw', w, m.cookie)).body.status).toBe('success');
    const wid = await latestRequestId(t, 'withdraw', m.id);
    expect(
      (await bo(t, 'withdraws.approve', { cookie: cashier.cookie, params: { id: wid } })).body.status,
    ).toBe('success');

    const token = await slot.launch(m);
    const bet = (transactionId: string, amount: number) =>
      slot.wallet('bet', {
        token,
        userId: m.userId,
        transactionId,
        roundId: 'r1',
        gameCode: 'fruit',
        amount,
      });
    expect((await bet('b1', 10_000)).body.status).toBe('RS_OK');
    expect((await bet('b2', 7_000)).body.status).toBe('RS_OK');
    expect(
      (
        await slot.wallet('rollback', {
          userId: m.userId,
          transactionId: 'rb1',
          referenceTransactionId: 'b2',
          roundId: 'r1',
        })
      ).body.status,
    ).toBe('RS_OK');
    expect(
      (
        await slot.wallet('win', {
          userId: m.userId,
          transactionId: 'w1',
          roundId: 'r1',
          gameCode: 'fruit',
          amount: 4_000,
          roundClosed: true,
        })
      ).body.status,
    ).toBe('RS_OK');
    expect(await t.services.comp.convert(m.id, 15_000)).toEqual({ status: 'success' });

    const after = await report(query);
    const delta = (key: Exclude<keyof TReportFigures, 'promotions' | 'providers'>) =>
      after.totals[key] - before.totals[key];
    expect({
      deposits: delta('deposits'),
      depositCount: delta('depositCount'),
      withdrawals: delta('withdrawals'),
      bets: delta('bets'),
      wins: delta('wins'),
      ggr: delta('ggr'),
      compConverted: delta('compConverted'),
    }).toEqual({
      deposits: 30_000,
      depositCount: 1,
      withdrawals: 20_000,
      bets: 10_000,
      wins: 4_000,
      ggr: 6_000,
      compConverted: 15_000,
    });
    expect(after.totals.providers).toContainEqual({
      provider: slot.code,
      bets: 10_000,
      wins: 4_000,
      ggr: 6_000,
    });
    // The rows add up to the totals.
    const sum = (key: Exclude<keyof TReportFigures, 'promotions' | 'providers'>) =>
      after.rows.reduce((s, r) => s + r[key], 0);
    for (const key of ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'compConverted'] as const)
      expect(sum(key)).toBe(after.totals[key]);
    // And today's dashboard counts the same money.
    const dashboard = (await bo(t, 'dashboard.get', { cookie: owner.cookie })).body;
    const today = after.rows.find((r: JsonBody) => r.period === seoulDay(new Date()));
    expect(today).toMatchObject({
      deposits: dashboard.today.deposits,
      withdrawals: dashboard.today.withdrawals,
      bets: dashboard.today.bets,
      wins: dashboard.today.wins,
      ggr: dashboard.today.ggr,
    });
  });
});

describe('what the promotions paid, from real activity', () => {
  it("counts today's deposit bonus, what was given back of it and the attendance reward", async () => {
    const now = Date.now();
    const query = {
      unit: 'day' as const,
      from: seoulDay(new Date(now - 86_400_000)),
      to: seoulDay(new Date(now + 86_400_000)),
    };
    const before = await report(query);
    const level = { depositBonus: [{ kind: 'every' as const, percent: 10, cap: 50_000, rollover: 2 }] };
    expect(
      (await bo(t, 'settings.updateLevel', { cookie: owner.cookie, params: { level: 1 }, body: level })).body
        .status,
    ).toBe('success');
    await bo(t, 'depositBonus.set', { cookie: owner.cookie, body: { enabled: true } });
    const attendance = { enabled: true, requireDeposit: false, rewards: [{ streak: 1, points: 150 }] };
    expect(
      (await bo(t, 'promotions.updateAttendance', { cookie: owner.cookie, body: attendance })).code,
    ).toBe(200);
    const m = await createMember(t);
    const applied = await call(
      t,
      'apply-user-deposit',
      { amount: 60_000, bonusId: 'every-10-50000-2' },
      m.cookie,
    );
    expect(applied.body.status).toBe('success');
    const dep = await latestRequestId(t, 'deposit', m.id);
    expect((await bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id: dep } })).body.status).toBe(
      'success',
    );
    expect((await call(t, 'cancel-bonus', {}, m.cookie)).body).toEqual({
      status: 'success',
      returned: 6_000,
    });
    expect((await call(t, 'check-attendance', {}, m.cookie)).body).toMatchObject({
      status: 'success',
      points: 150,
    });

    const after = await report(query);
    const delta = (key: keyof TPromotionFigures) =>
      after.totals.promotions[key] - before.totals.promotions[key];
    expect(
      Object.fromEntries(
        (
          ['bonuses', 'bonusCount', 'bonusesReturned', 'attendance', 'referral', 'payback', 'cost'] as const
        ).map((k) => [k, delta(k)]),
      ),
    ).toEqual({
      bonuses: 6_000,
      bonusCount: 1,
      bonusesReturned: 6_000,
      attendance: 150,
      referral: 0,
      payback: 0,
      cost: 150,
    });
    // The days add up to the totals, and the promotions' accounts paid what the report says.
    for (const key of ['bonuses', 'bonusesReturned', 'attendance', 'cost'] as const)
      expect(after.rows.reduce((s, r) => s + r.promotions[key], 0)).toBe(after.totals.promotions[key]);
    expect(await t.ledger.checkInvariants()).toEqual({ ok: true, violations: [] });
  });
});

describe('GET /api/backoffice/audit filters', () => {
  let m: Awaited<ReturnType<typeof createMember>>;
  let other: Awaited<ReturnType<typeof createMember>>;
  let dep: number;
  // A cashier of its own: the entries it writes are exactly the ones below.
  let clerk: TestOperator;

  async function audit(query: TBackofficeQuery<'audit.list'>) {
    const res = await bo(t, 'audit.list', { cookie: owner.cookie, query });
    expect(res.code, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  beforeAll(async () => {
    clerk = await createOperator(t, 'cashier');
    m = await createMember(t);
    other = await createMember(t);
    expect(
      (
        await bo(t, 'members.level', {
          cookie: owner.cookie,
          params: { userId: m.userId },
          body: { level: 4 },
        })
      ).code,
    ).toBe(200);
    expect(
      (await bo(t, 'members.block', { cookie: support.cookie, params: { userId: m.userId } })).body.status,
    ).toBe('success');
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, other.cookie)).body.status).toBe(
      'success',
    );
    dep = await latestRequestId(t, 'deposit', other.id);
    expect((await bo(t, 'deposits.approve', { cookie: clerk.cookie, params: { id: dep } })).body.status).toBe(
      'success',
    );
    expect(
      (await bo(t, 'members.block', { cookie: clerk.cookie, params: { userId: other.userId } })).body.status,
    ).toBe('success');
  });

  it('filters by member and shows before and after', async () => {
    const body = await audit({ member: m.userId.toUpperCase() });
    expect(body.maxCount).toBe(2);
    expect(body.list.map((e: JsonBody) => [e.action, e.operatorId, e.target])).toEqual([
      ['member.block', support.operatorId, `member:${m.userId}`],
      ['member.level', owner.operatorId, `member:${m.userId}`],
    ]);
    expect(body.list[1]!.before).toMatchObject({ level: expect.any(Number) });
    expect(body.list[1]!.after).toMatchObject({ level: 4 });
    expect(body.list[0]!.before).toMatchObject({ state: 'active' });
    expect(body.list[0]!.after).toMatchObject({ state: 'blocked' });
  });

  it('filters by operator (any case), exact action and action area', async () => {
    const byCashier = await audit({ operatorId: clerk.operatorId.toUpperCase() });
    expect(byCashier.list.map((e: JsonBody) => e.action)).toEqual(['member.block', 'deposit.approve']);
    expect(byCashier.list.every((e: JsonBody) => e.operatorId === clerk.operatorId)).toBe(true);
    const blocks = await audit({ action: 'member.block' });
    expect(blocks.list.map((e: JsonBody) => e.target).sort()).toEqual(
      [`member:${m.userId}`, `member:${other.userId}`].sort(),
    );
    const memberArea = await audit({ action: 'member', operatorId: owner.operatorId });
    expect(memberArea.list.map((e: JsonBody) => e.action)).toEqual(['member.level']);
    // `member` is an area, not a prefix of other words: nothing else starts with `member.`.
    expect(
      (await audit({ action: 'member' })).list.every((e: JsonBody) => e.action.startsWith('member.')),
    ).toBe(true);
    expect((await audit({ target: `deposit:${dep}` })).list.map((e: JsonBody) => e.action)).toEqual([
      'deposit.approve',
    ]);
  });

  it('filters by Seoul days and pages', async () => {
    const tomorrow = seoulDay(new Date(Date.now() + 86_400_000));
    const yesterday = seoulDay(new Date(Date.now() - 86_400_000));
    const all = await audit({ pageSize: 100 });
    expect((await audit({ from: yesterday, to: tomorrow, pageSize: 100 })).maxCount).toBe(all.maxCount);
    expect((await audit({ from: tomorrow })).maxCount).toBe(0);
    expect((await audit({ to: yesterday })).maxCount).toBe(0);
    // The day an entry was written finds it, the day before does not.
    const latest = (await audit({ member: m.userId })).list[0]!;
    const day = seoulDay(new Date(latest.regDate));
    const dayBefore = seoulDay(new Date(Date.parse(latest.regDate) - 86_400_000));
    expect((await audit({ from: day, to: day, member: m.userId })).list[0]!.id).toBe(latest.id);
    expect((await audit({ to: dayBefore, member: m.userId })).maxCount).toBe(0);
    const page2 = await audit({ operatorId: clerk.operatorId, pageSize: 1, page: 2 });
    expect(page2.maxCount).toBe(2);
    expect(page2.list.map((e: JsonBody) => e.action)).toEqual(['deposit.approve']);
  });

  it('refuses malformed filters', async () => {
    for (const [query, path] of [
      ['from=2025-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['action=Member%20Block', 'action'],
      ['from=2025-03-02&to=2025-03-01', 'to'],
      ['operatorId=' + 'x'.repeat(33), 'operatorId'],
    ] as const) {
      // Raw queries, an encoded one among them.
      const res = await bo(t, 'GET', `/audit?${query}`, { cookie: owner.cookie });
      expect(res.code, query).toBe(400);
      expect(res.body.errors[0].path).toBe(path);
    }
  });
});
