import { describe, expect, it } from 'vitest';
import {
  applyWithdraw,
  balances,
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  latestRequestId,
  requestIdsOf,
  requestState,
} from './factories.ts';

const t = await fileTestApp();
const owner = await createOperator(t, 'owner');

const amountError = (code: string) => ({ status: 'invalid', errors: [{ path: 'amount', code }] });

describe('apply-user-deposit', () => {
  it('needs a member session', async () => {
    const res = await call(t, 'apply-user-deposit', { amount: 10_000 });
    expect(res.code).toBe(401);
    expect(res.body).toEqual({ status: 'unauthenticated' });
  });

  it('opens a request that moves no money, the depositor defaulting to the bank owner', async () => {
    const m = await createMember(t, { cash: 5_000, bankOwner: '김철수' });
    const res = await call(t, 'apply-user-deposit', { amount: 30_000 }, m.cookie);
    expect(res).toMatchObject({ code: 200, body: { status: 'success' } });
    const row = await t.db
      .selectFrom('deposit_requests')
      .selectAll()
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      amount: 30_000,
      depositor: '김철수',
      state: 'wait',
      reason: null,
      is_hidden: false,
    });
    expect(await balances(t, m.id)).toEqual({ cash: 5_000, comp: 0, game: 0 });
  });

  it('keeps a depositor name the member gives', async () => {
    const m = await createMember(t);
    expect(
      (await call(t, 'apply-user-deposit', { amount: 10_000, depositor: '이영희' }, m.cookie)).body,
    ).toEqual({ status: 'success' });
    const row = await t.db
      .selectFrom('deposit_requests')
      .select('depositor')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.depositor).toBe('이영희');
  });

  it('answers wait while one is pending, also once an operator has taken it', async () => {
    const m = await createMember(t);
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, m.cookie)).body).toEqual({
      status: 'success',
    });
    expect((await call(t, 'apply-user-deposit', { amount: 20_000 }, m.cookie)).body).toEqual({
      status: 'wait',
    });
    const id = await latestRequestId(t, 'deposit', m.id);
    expect((await bo(t, 'deposits.reg', { cookie: owner.cookie, params: { id } })).body).toEqual({
      status: 'success',
    });
    expect((await call(t, 'apply-user-deposit', { amount: 20_000 }, m.cookie)).body).toEqual({
      status: 'wait',
    });
    expect((await bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id } })).body).toEqual({
      status: 'success',
    });
    expect((await call(t, 'apply-user-deposit', { amount: 20_000 }, m.cookie)).body).toEqual({
      status: 'success',
    });
  });

  it('refuses amounts below the minimum, off the unit or above the maximum (400 naming amount)', async () => {
    const m = await createMember(t);
    expect(await call(t, 'apply-user-deposit', { amount: 9_000 }, m.cookie)).toMatchObject({
      code: 400,
      body: amountError('min'),
    });
    expect(await call(t, 'apply-user-deposit', { amount: 10_500 }, m.cookie)).toMatchObject({
      code: 400,
      body: amountError('unit'),
    });
    expect(await call(t, 'apply-user-deposit', { amount: 100_001_000 }, m.cookie)).toMatchObject({
      code: 400,
      body: amountError('max'),
    });
    expect((await call(t, 'apply-user-deposit', { amount: '10000' }, m.cookie)).code).toBe(400);
    expect((await call(t, 'apply-user-deposit', {}, m.cookie)).body).toEqual(amountError('required'));
    expect((await call(t, 'apply-user-deposit', { amount: 10_000.5 }, m.cookie)).code).toBe(400);
    expect(await requestIdsOf(t, 'deposit', m.id)).toEqual([]);
  });

  it('follows the operator minimum and unit', async () => {
    const m = await createMember(t);
    await bo(t, 'settings.updateCashier', {
      cookie: owner.cookie,
      body: { minDeposit: 50_000, unit: 10_000 },
    });
    try {
      expect((await call(t, 'apply-user-deposit', { amount: 40_000 }, m.cookie)).body).toEqual(
        amountError('min'),
      );
      expect((await call(t, 'apply-user-deposit', { amount: 55_000 }, m.cookie)).body).toEqual(
        amountError('unit'),
      );
      expect((await call(t, 'apply-user-deposit', { amount: 60_000 }, m.cookie)).body).toEqual({
        status: 'success',
      });
    } finally {
      await bo(t, 'settings.updateCashier', {
        cookie: owner.cookie,
        body: { minDeposit: 10_000, unit: 1_000 },
      });
    }
  });
});

describe('apply-user-withdraw', () => {
  it('needs a member session', async () => {
    expect((await call(t, 'apply-user-withdraw', { amount: 10_000, exchangePassword: '1234' })).code).toBe(
      401,
    );
  });

  it('writes the request and holds its amount in one go', async () => {
    const m = await createMember(t, { cash: 50_000 });
    const res = await applyWithdraw(t, m, 20_000);
    expect(res).toMatchObject({ code: 200, body: { status: 'success' } });
    const row = await t.db
      .selectFrom('withdraw_requests')
      .selectAll()
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount: 20_000, state: 'wait', bankname: '004', bank_owner: '홍길동' });
    expect(row.hold_id).not.toBeNull();
    const hold = await t.ledger.getHold(row.hold_id!);
    expect(hold).toMatchObject({ memberId: m.id, amount: 20_000, state: 'pending' });
    expect(await balances(t, m.id)).toMatchObject({ cash: 30_000 });
  });

  it('answers pass on a wrong exchange password and moves nothing', async () => {
    const m = await createMember(t, { cash: 50_000 });
    expect(
      (await call(t, 'apply-user-withdraw', { amount: 10_000, exchangePassword: '9999' }, m.cookie)).body,
    ).toEqual({ status: 'pass' });
    expect(await balances(t, m.id)).toMatchObject({ cash: 50_000 });
    expect(await requestIdsOf(t, 'withdraw', m.id)).toEqual([]);
  });

  it('answers 429 after five wrong exchange passwords', async () => {
    const m = await createMember(t, { cash: 50_000 });
    for (let i = 0; i < 5; i++) {
      expect(
        (await call(t, 'apply-user-withdraw', { amount: 10_000, exchangePassword: '0000' }, m.cookie)).body,
      ).toEqual({ status: 'pass' });
    }
    const res = await applyWithdraw(t, m, 10_000);
    expect(res.code).toBe(429);
    expect(res.body).toEqual({ status: 'too_many' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers balance beyond the cash balance and holds nothing', async () => {
    const m = await createMember(t, { cash: 15_000 });
    expect((await applyWithdraw(t, m, 16_000)).body).toEqual({
      status: 'balance',
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 15_000 });
    expect(await requestIdsOf(t, 'withdraw', m.id)).toEqual([]);
  });

  it('answers wait while one is pending', async () => {
    const m = await createMember(t, { cash: 50_000 });
    expect((await applyWithdraw(t, m, 10_000)).body.status).toBe('success');
    expect((await applyWithdraw(t, m, 10_000)).body).toEqual({ status: 'wait' });
    expect(await balances(t, m.id)).toMatchObject({ cash: 40_000 });
  });

  it('refuses bad amounts and a malformed exchange password (400)', async () => {
    const m = await createMember(t, { cash: 50_000 });
    expect((await applyWithdraw(t, m, 5_000)).body).toEqual(amountError('min'));
    expect((await applyWithdraw(t, m, 10_100)).body).toEqual(amountError('unit'));
    const res = await call(t, 'apply-user-withdraw', { amount: 10_000, exchangePassword: '12' }, m.cookie);
    expect(res.code).toBe(400);
    expect(res.body.errors[0]!.path).toBe('exchangePassword');
  });
});

describe('get-deposit-list / get-withdraw-list', () => {
  it('lists only the member’s own requests, newest first, with paging', async () => {
    const m = await createMember(t, { cash: 100_000 });
    const other = await createMember(t);
    for (const amount of [10_000, 20_000, 30_000]) {
      expect((await call(t, 'apply-user-deposit', { amount }, m.cookie)).body.status).toBe('success');
      await bo(t, 'deposits.approve', {
        cookie: owner.cookie,
        params: { id: await latestRequestId(t, 'deposit', m.id) },
      });
    }
    await call(t, 'apply-user-deposit', { amount: 40_000 }, other.cookie);

    const all = await call(t, 'get-deposit-list', {}, m.cookie);
    expect(all.body.status).toBe('success');
    expect(all.body.maxCount).toBe(3);
    expect(all.body.list.map((r: { amount: number }) => r.amount)).toEqual([30_000, 20_000, 10_000]);
    expect(Object.keys(all.body.list[0]!).sort()).toEqual([
      'amount',
      'id',
      'lastDate',
      'reason',
      'regDate',
      'state',
    ]);
    expect(all.body.list[0]).toMatchObject({ state: 'already', reason: null });

    const page2 = await call(t, 'get-deposit-list', { page: 2, pageSize: 2 }, m.cookie);
    expect(page2.body).toMatchObject({ maxCount: 3, list: [{ amount: 10_000 }] });
    expect((await call(t, 'get-deposit-list', { page: 9 }, m.cookie)).body).toEqual({
      status: 'success',
      list: [],
      maxCount: 3,
    });
    expect((await call(t, 'get-deposit-list', { pageSize: 101 }, m.cookie)).code).toBe(400);
    expect((await call(t, 'get-deposit-list', {})).code).toBe(401);
  });

  it('shows a rejection with the operator’s reason', async () => {
    const m = await createMember(t, { cash: 100_000 });
    await applyWithdraw(t, m, 30_000);
    const id = await latestRequestId(t, 'withdraw', m.id);
    await bo(t, 'withdraws.reject', {
      cookie: owner.cookie,
      params: { id },
      body: { reason: '예금주 불일치' },
    });
    const list = await call(t, 'get-withdraw-list', {}, m.cookie);
    expect(list.body).toMatchObject({
      maxCount: 1,
      list: [{ id, amount: 30_000, state: 'cansel', reason: '예금주 불일치' }],
    });
  });
});

describe('del-deposit / del-withdraw', () => {
  it('cancels a waiting withdrawal and returns its held money', async () => {
    const m = await createMember(t, { cash: 50_000 });
    await applyWithdraw(t, m, 20_000);
    const id = await latestRequestId(t, 'withdraw', m.id);
    expect(await balances(t, m.id)).toMatchObject({ cash: 30_000 });
    expect((await call(t, 'del-withdraw', { id }, m.cookie)).body).toEqual({ status: 'success' });
    expect(await balances(t, m.id)).toMatchObject({ cash: 50_000 });
    const row = await t.db
      .selectFrom('withdraw_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'cansel', reason: null, is_hidden: false });
    expect((await t.ledger.getHold(row.hold_id!))?.state).toBe('voided');
    // The cancelled one stays in the list until the member deletes it too; then it is hidden.
    expect((await call(t, 'get-withdraw-list', {}, m.cookie)).body.maxCount).toBe(1);
    expect((await call(t, 'del-withdraw', { id }, m.cookie)).body).toEqual({ status: 'success' });
    expect((await call(t, 'get-withdraw-list', {}, m.cookie)).body).toMatchObject({ maxCount: 0, list: [] });
    expect((await call(t, 'del-withdraw', { id }, m.cookie)).body).toEqual({ status: 'not_found' });
    expect(await balances(t, m.id)).toMatchObject({ cash: 50_000 });
    expect((await applyWithdraw(t, m, 10_000)).body.status).toBe('success');
  });

  it('cancels a waiting deposit and hides a completed one', async () => {
    const m = await createMember(t);
    await call(t, 'apply-user-deposit', { amount: 10_000 }, m.cookie);
    const first = await latestRequestId(t, 'deposit', m.id);
    expect((await call(t, 'del-deposit', { id: first }, m.cookie)).body).toEqual({ status: 'success' });
    expect(await requestState(t, 'deposit', first)).toBe('cansel');

    await call(t, 'apply-user-deposit', { amount: 20_000 }, m.cookie);
    const second = await latestRequestId(t, 'deposit', m.id);
    await bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id: second } });
    expect((await call(t, 'del-deposit', { id: second }, m.cookie)).body).toEqual({ status: 'success' });
    const row = await t.db
      .selectFrom('deposit_requests')
      .selectAll()
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'already', is_hidden: true });
    expect(await balances(t, m.id)).toMatchObject({ cash: 20_000 });
    expect((await call(t, 'get-deposit-list', {}, m.cookie)).body).toMatchObject({
      maxCount: 1,
      list: [{ id: first }],
    });
  });

  it('answers already for a request an operator has taken (reg): it can no longer be cancelled', async () => {
    const m = await createMember(t, { cash: 50_000 });
    await applyWithdraw(t, m, 20_000);
    const id = await latestRequestId(t, 'withdraw', m.id);
    await bo(t, 'withdraws.reg', { cookie: owner.cookie, params: { id } });
    expect((await call(t, 'del-withdraw', { id }, m.cookie)).body).toEqual({ status: 'already' });
    const row = await t.db
      .selectFrom('withdraw_requests')
      .select(['state', 'is_hidden'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'reg', is_hidden: false });
    expect(await balances(t, m.id)).toMatchObject({ cash: 30_000 });
  });

  it('never reaches another member’s request: not_found, and nothing changes', async () => {
    const owner1 = await createMember(t, { cash: 50_000 });
    const intruder = await createMember(t, { cash: 50_000 });
    await applyWithdraw(t, owner1, 20_000);
    await call(t, 'apply-user-deposit', { amount: 20_000 }, owner1.cookie);
    const wid = await latestRequestId(t, 'withdraw', owner1.id);
    const did = await latestRequestId(t, 'deposit', owner1.id);
    expect((await call(t, 'del-withdraw', { id: wid }, intruder.cookie)).body).toEqual({
      status: 'not_found',
    });
    expect((await call(t, 'del-deposit', { id: did }, intruder.cookie)).body).toEqual({
      status: 'not_found',
    });
    expect((await call(t, 'del-deposit', { id: wid + did + 1000 }, intruder.cookie)).body).toEqual({
      status: 'not_found',
    });
    expect((await call(t, 'get-withdraw-list', {}, intruder.cookie)).body.maxCount).toBe(0);
    expect(await requestState(t, 'withdraw', wid)).toBe('wait');
    expect(await requestState(t, 'deposit', did)).toBe('wait');
    expect(await balances(t, owner1.id)).toMatchObject({ cash: 30_000 });
    expect(await balances(t, intruder.id)).toMatchObject({ cash: 50_000 });
  });

  it('refuses a malformed id (400) and needs a session (401)', async () => {
    const m = await createMember(t);
    expect((await call(t, 'del-deposit', { id: 'x' }, m.cookie)).code).toBe(400);
    expect((await call(t, 'del-deposit', {}, m.cookie)).body).toEqual({
      status: 'invalid',
      errors: [{ path: 'id', code: 'required' }],
    });
    expect((await call(t, 'del-withdraw', { id: 1 })).code).toBe(401);
  });
});

describe('get-cashier-status and get-cash-ticker', () => {
  it('tells the default rules with no lock window', async () => {
    const res = await call(t, 'get-cashier-status');
    expect(res.body).toEqual({
      status: 'success',
      deposit: { locked: false, from: null, to: null },
      withdraw: { locked: false, from: null, to: null },
      minDeposit: 10_000,
      minWithdraw: 10_000,
      unit: 1_000,
      maxAmount: 100_000_000,
      minConversion: 10_000,
    });
  });

  it('shows the latest ten completed requests of each kind with masked ids', async () => {
    const m = await createMember(t, { cash: 1_000_000 });
    for (let i = 1; i <= 12; i++) {
      await call(t, 'apply-user-deposit', { amount: i * 10_000 }, m.cookie);
      await bo(t, 'deposits.approve', {
        cookie: owner.cookie,
        params: { id: await latestRequestId(t, 'deposit', m.id) },
      });
    }
    await applyWithdraw(t, m, 70_000);
    await bo(t, 'withdraws.approve', {
      cookie: owner.cookie,
      params: { id: await latestRequestId(t, 'withdraw', m.id) },
    });
    await applyWithdraw(t, m, 80_000); // pending: not shown

    const res = await call(t, 'get-cash-ticker');
    expect(res.body.status).toBe('success');
    expect(res.body.deposits).toHaveLength(10);
    expect(res.body.deposits[0]).toEqual({
      userId: `${m.userId.slice(0, 2)}***`,
      amount: 120_000,
      regDate: expect.any(String),
    });
    expect(res.body.withdraws[0]).toMatchObject({ userId: `${m.userId.slice(0, 2)}***`, amount: 70_000 });
    expect(res.body.withdraws.some((w: { amount: number }) => w.amount === 80_000)).toBe(false);
    expect(JSON.stringify(res.body)).not.toContain(m.userId);
  });
});

describe('user-ask-account', () => {
  it('opens one deposit-account inquiry at a time', async () => {
    const m = await createMember(t);
    expect((await call(t, 'user-ask-account', {}, m.cookie)).body).toEqual({ status: 'success' });
    const help = await t.db
      .selectFrom('helps')
      .selectAll()
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(help).toMatchObject({ kind: 'account_inquiry', title: '입금계좌문의', state: 'wait' });
    expect((await call(t, 'user-ask-account', {}, m.cookie)).body).toEqual({ status: 'already' });
    await t.db
      .updateTable('helps')
      .set({ state: 'already', answer: '국민은행 000-00-0000' })
      .where('id', '=', help.id)
      .execute();
    expect((await call(t, 'user-ask-account', {}, m.cookie)).body).toEqual({ status: 'success' });
    expect((await call(t, 'user-ask-account', {})).code).toBe(401);
  });
});

describe('roll-to-balance', () => {
  it('turns comp points into cash 1:1', async () => {
    const m = await createMember(t, { cash: 1_000, comp: 25_000 });
    expect((await call(t, 'roll-to-balance', { amount: 12_000 }, m.cookie)).body).toEqual({
      status: 'success',
    });
    expect(await balances(t, m.id)).toEqual({ cash: 13_000, comp: 13_000, game: 0 });
  });

  it('answers low_point below the minimum conversion or beyond the points held', async () => {
    const m = await createMember(t, { comp: 15_000 });
    expect((await call(t, 'roll-to-balance', { amount: 9_999 }, m.cookie)).body).toEqual({
      status: 'low_point',
    });
    expect((await call(t, 'roll-to-balance', { amount: 15_001 }, m.cookie)).body).toEqual({
      status: 'low_point',
    });
    expect(await balances(t, m.id)).toEqual({ cash: 0, comp: 15_000, game: 0 });
    expect((await call(t, 'roll-to-balance', { amount: 15_000 }, m.cookie)).body).toEqual({
      status: 'success',
    });
  });

  it('applies a request once per Idempotency-Key', async () => {
    const m = await createMember(t, { comp: 50_000 });
    const send = async (key: string, amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/routes/roll-to-balance',
        headers: {
          origin: 'http://localhost:80',
          'content-type': 'application/json',
          cookie: m.cookie,
          'idempotency-key': key,
        },
        payload: JSON.stringify({ amount }),
      });
    expect((await send('conv-1', 10_000)).json()).toEqual({ status: 'success' });
    expect((await send('conv-1', 10_000)).json()).toEqual({ status: 'success' });
    expect(await balances(t, m.id)).toMatchObject({ cash: 10_000, comp: 40_000 });
    const conflict = await send('conv-1', 20_000);
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json()).toEqual({
      status: 'invalid',
      errors: [{ path: 'idempotencyKey', code: 'pattern' }],
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 10_000, comp: 40_000 });
  });

  it('refuses a bad amount (400) and needs a session (401)', async () => {
    const m = await createMember(t, { comp: 50_000 });
    expect((await call(t, 'roll-to-balance', { amount: 0 }, m.cookie)).body).toEqual(amountError('min'));
    expect((await call(t, 'roll-to-balance', { amount: 100_000_001 }, m.cookie)).body).toEqual(
      amountError('max'),
    );
    expect((await call(t, 'roll-to-balance', { amount: 10_000 })).code).toBe(401);
  });
});

describe('members who may not use the cashier', () => {
  it('are signed out by the session layer (401) before any money call', async () => {
    for (const state of ['blocked', 'pending', 'self_excluded'] as const) {
      const m = await createMember(t, { cash: 50_000, comp: 50_000, state });
      expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, m.cookie)).code).toBe(401);
      expect((await applyWithdraw(t, m, 10_000)).code).toBe(401);
    }
  });

  it('get blocked from the services themselves (a member blocked while the request was on its way)', async () => {
    const { cashier, comp } = t.services;
    for (const state of ['blocked', 'pending', 'self_excluded'] as const) {
      const m = await createMember(t, { cash: 50_000, comp: 50_000, state, signedIn: false });
      expect(await cashier.applyDeposit(m.id, { amount: 10_000 })).toEqual({ status: 'blocked' });
      expect(
        await cashier.applyWithdraw(m.id, { amount: 10_000, exchangePassword: m.exchangePassword }),
      ).toEqual({ status: 'blocked' });
      expect(await comp.convert(m.id, 10_000)).toEqual({ status: 'blocked' });
      expect(await balances(t, m.id)).toEqual({ cash: 50_000, comp: 50_000, game: 0 });
    }
  });
});

describe('ledger invariants', () => {
  it('hold after everything above', async () => {
    expect(await t.ledger.checkInvariants()).toEqual({ ok: true, violations: [] });
  });
});
