import type { TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { describe, expect, it } from 'vitest';
import {
  auditOf,
  bo,
  createMember,
  createOperator,
  fileTestApp,
  latestRequestId,
  operatorsOfEveryRole,
  type TestMember,
} from './factories.ts';

const t = await fileTestApp();
const { owner, cashier, support, content } = await operatorsOfEveryRole(t);
const cashier2 = await createOperator(t, 'cashier');

/** A member that never signed in (no session, no sign-in rows), registered from `regIp`. */
async function quietMember(regIp: string | null, options: { cash?: number; bankOwner?: string } = {}) {
  const m = await createMember(t, { cash: options.cash ?? 0, signedIn: false });
  await t.db.updateTable('members').set({ reg_ip: regIp }).where('id', '=', m.id).execute();
  if (options.bankOwner)
    await t.db.updateTable('members').set({ bank_owner: options.bankOwner }).where('id', '=', m.id).execute();
  return m;
}

async function deposit(m: TestMember, amount: number, depositor?: string, approve = true) {
  const r = await t.services.cashier.applyDeposit(m.id, { amount, ...(depositor ? { depositor } : {}) });
  expect(r.status).toBe('success');
  const id = await latestRequestId(t, 'deposit', m.id);
  if (approve)
    expect((await bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id } })).body.status).toBe(
      'success',
    );
  return id;
}

async function withdraw(m: TestMember, amount: number): Promise<number> {
  const r = await t.services.cashier.applyWithdraw(m.id, { amount, exchangePassword: m.exchangePassword });
  expect(r.status).toBe('success');
  return latestRequestId(t, 'withdraw', m.id);
}

async function bet(m: TestMember, amount: number, key: string) {
  await t.ledger.transfer({
    debit: { memberId: m.id, kind: 'cash' },
    credit: { system: 'house:testprov' },
    amount,
    code: 'bet',
    idempotencyKey: key,
    source: 'test',
  });
}

async function setSecondApproval(amount: number) {
  const res = await bo(t, 'settings.updateCashier', {
    cookie: owner.cookie,
    body: { withdrawSecondApprovalAbove: amount },
  });
  expect(res.body.settings.withdrawSecondApprovalAbove).toBe(amount);
}

async function stateOf(id: number) {
  return t.db
    .selectFrom('withdraw_requests')
    .select(['state', 'first_approved_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('roles', () => {
  it('support and content get 403 on review, history and CSV; cashier and owner may', async () => {
    const m = await quietMember('10.1.0.1', { cash: 50_000 });
    const id = await withdraw(m, 10_000);
    for (const op of [support, content]) {
      expect((await bo(t, 'withdraws.review', { cookie: op.cookie, params: { id } })).code).toBe(403);
      expect((await bo(t, 'deposits.history', { cookie: op.cookie })).code).toBe(403);
      const csv = await t.app.inject({
        method: 'GET',
        url: '/api/backoffice/withdraws/history.csv',
        headers: { cookie: op.cookie },
      });
      expect(csv.statusCode).toBe(403);
    }
    const anon = await t.app.inject({ method: 'GET', url: '/api/backoffice/withdraws/history.csv' });
    expect(anon.statusCode).toBe(401);
    for (const op of [owner, cashier]) {
      const r = await bo(t, 'withdraws.review', { cookie: op.cookie, params: { id } });
      expect(r.code).toBe(200);
      expect(r.body.member.banknum).toMatch(/^\d+$/);
    }
    await bo(t, 'withdraws.reject', { cookie: owner.cookie, params: { id }, body: { reason: 'test' } });
  });

  it('only the owner changes the second-approval amount; it is audited', async () => {
    const denied = await bo(t, 'settings.updateCashier', {
      cookie: cashier.cookie,
      body: { withdrawSecondApprovalAbove: 1_000 },
    });
    expect(denied.code).toBe(403);
    const bad = await bo(t, 'settings.updateCashier', {
      cookie: owner.cookie,
      body: { withdrawSecondApprovalAbove: -1 },
    });
    expect(bad.code).toBe(400);
    await setSecondApproval(700_000);
    const rows = await auditOf(t, 'settings:cashier');
    expect(rows.at(-1)).toMatchObject({
      action: 'settings.cashier',
      before: { withdrawSecondApprovalAbove: 0 },
      after: { withdrawSecondApprovalAbove: 700_000 },
    });
    await setSecondApproval(0);
  });
});

describe('review', () => {
  it('shows balances and recent requests, and flags turnover, depositor name, shared IP and bank', async () => {
    const m = await quietMember('10.2.0.1', { cash: 0, bankOwner: '김철수' });
    const other = await quietMember('10.2.0.1');
    const d1 = await deposit(m, 100_000, '이영희');
    await bet(m, 30_000, `bet-${m.id}-1`);
    const w = await withdraw(m, 20_000);
    // Another member once withdrew to the same account number.
    const banknum = (
      await t.db
        .selectFrom('withdraw_requests')
        .select('banknum')
        .where('id', '=', w)
        .executeTakeFirstOrThrow()
    ).banknum;
    await t.db.updateTable('withdraw_requests').set({ banknum }).where('member_id', '=', other.id).execute();
    const otherRich = await quietMember('10.2.9.9', { cash: 50_000 });
    const ow = await withdraw(otherRich, 10_000);
    await t.db.updateTable('withdraw_requests').set({ banknum }).where('id', '=', ow).execute();

    const r = await bo(t, 'withdraws.review', { cookie: cashier.cookie, params: { id: w } });
    expect(r.body.status).toBe('success');
    expect(r.body.member).toMatchObject({ userId: m.userId, balance: 100_000 - 30_000 - 20_000 });
    expect(r.body.recent.deposits[0]).toMatchObject({
      id: d1,
      amount: 100_000,
      state: 'already',
      depositor: '이영희',
    });
    expect(r.body.recent.withdraws[0]).toMatchObject({ id: w, amount: 20_000, state: 'wait' });
    const c = r.body.checks!;
    expect(c.turnover).toMatchObject({
      lastDeposit: { id: d1, amount: 100_000 },
      bets: 30_000,
      percent: 30,
      flag: true,
    });
    expect(c.depositorName).toMatchObject({ bankOwner: '김철수', flag: true });
    expect(c.depositorName.mismatches[0]).toMatchObject({ id: d1, depositor: '이영희' });
    expect(c.sharedIp.flag).toBe(true);
    expect(c.sharedIp.members).toContainEqual({ userId: other.userId, ip: '10.2.0.1', source: 'reg' });
    expect(c.sharedBank).toEqual({ flag: true, members: [{ userId: otherRich.userId, source: 'withdraw' }] });
    expect(r.body.secondApproval).toMatchObject({ required: false, above: 0, firstApprovedBy: null });
    await bo(t, 'withdraws.reject', { cookie: owner.cookie, params: { id: ow }, body: {} });
    await bo(t, 'withdraws.reject', { cookie: owner.cookie, params: { id: w }, body: {} });
  });

  it('clears the flags when turnover is met, names match and nothing is shared', async () => {
    const m = await quietMember('10.3.0.1', { bankOwner: '박민수' });
    const d = await deposit(m, 50_000, '박 민수');
    await bet(m, 50_000, `bet-${m.id}-a`);
    await t.ledger.transfer({
      debit: { system: 'house:testprov' },
      credit: { memberId: m.id, kind: 'cash' },
      amount: 60_000,
      code: 'win',
      idempotencyKey: `win-${m.id}`,
      source: 'test',
    });
    const w = await withdraw(m, 40_000);
    const r = await bo(t, 'withdraws.review', { cookie: owner.cookie, params: { id: w } });
    const c = r.body.checks!;
    expect(c.turnover).toMatchObject({ lastDeposit: { id: d }, bets: 50_000, percent: 100, flag: false });
    expect(c.depositorName.flag).toBe(false);
    expect(c.sharedIp).toEqual({ ips: ['10.3.0.1'], members: [], flag: false });
    expect(c.sharedBank.flag).toBe(false);
    // A deposit's review has no withdrawal checks.
    const dr = await bo(t, 'deposits.review', { cookie: owner.cookie, params: { id: d } });
    expect(dr.body).toMatchObject({ status: 'success', checks: null, secondApproval: null });
    expect(
      (await bo(t, 'withdraws.review', { cookie: owner.cookie, params: { id: 999999999 } })).body.status,
    ).toBe('not_found');
    await bo(t, 'withdraws.reject', { cookie: owner.cookie, params: { id: w }, body: {} });
  });
});

describe('second approval', () => {
  it('needs two different operators at or above the amount; same operator is refused; audited twice', async () => {
    await setSecondApproval(300_000);
    const m = await quietMember('10.4.0.1', { cash: 1_000_000 });
    const w = await withdraw(m, 300_000);
    const first = await bo(t, 'withdraws.approve', { cookie: cashier.cookie, key: 'k1', params: { id: w } });
    expect(first.body).toEqual({ status: 'first_approved' });
    expect(await stateOf(w)).toEqual({ state: 'reg', first_approved_by: cashier.id });
    // The same key replays; the same operator with another key is refused.
    const replay = await bo(t, 'withdraws.approve', { cookie: cashier.cookie, key: 'k1', params: { id: w } });
    expect(replay.body).toEqual({ status: 'first_approved' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const same = await bo(t, 'withdraws.approve', { cookie: cashier.cookie, key: 'k2', params: { id: w } });
    expect(same.body).toEqual({ status: 'same_operator' });
    const list = await bo(t, 'withdraws.history', { cookie: owner.cookie, query: { userId: m.userId } });
    expect(list.body.list[0]).toMatchObject({ id: w, state: 'reg', firstApprovedBy: cashier.operatorId });
    expect(list.body.secondApprovalAbove).toBe(300_000);
    const review = await bo(t, 'withdraws.review', { cookie: owner.cookie, params: { id: w } });
    expect(review.body.secondApproval).toMatchObject({
      required: true,
      above: 300_000,
      firstApprovedBy: cashier.operatorId,
    });
    const second = await bo(t, 'withdraws.approve', { cookie: owner.cookie, params: { id: w } });
    expect(second.body).toEqual({ status: 'success' });
    expect((await stateOf(w)).state).toBe('already');
    const audit = await auditOf(t, `withdraw:${w}`);
    expect(audit.map((a) => a.action)).toEqual(['withdraw.approve_first', 'withdraw.approve']);
    expect(audit[0]).toMatchObject({
      actor: cashier.operatorId,
      after: { firstApprovedBy: cashier.operatorId },
    });
    expect(audit[1]).toMatchObject({
      actor: owner.operatorId,
      after: { state: 'already', firstApprovedBy: cashier.operatorId, secondApprovedBy: owner.operatorId },
    });
    // Below the amount one approval completes.
    const small = await withdraw(m, 299_000);
    expect(
      (await bo(t, 'withdraws.approve', { cookie: cashier.cookie, params: { id: small } })).body.status,
    ).toBe('success');
    await setSecondApproval(0);
  });

  it('two parallel approvals by different operators complete it once; reject works after a first approval', async () => {
    await setSecondApproval(100_000);
    const m = await quietMember('10.5.0.1', { cash: 1_000_000 });
    const w = await withdraw(m, 200_000);
    const answers = await Promise.all([
      bo(t, 'withdraws.approve', { cookie: cashier.cookie, params: { id: w } }),
      bo(t, 'withdraws.approve', { cookie: cashier2.cookie, params: { id: w } }),
    ]);
    expect(answers.map((a) => a.body.status).sort()).toEqual(['first_approved', 'success']);
    expect((await stateOf(w)).state).toBe('already');
    const posted = await t.db
      .selectFrom('transfers')
      .select('id')
      .where('idempotency_key', '=', `withdraw:${w}:post`)
      .execute();
    expect(posted).toHaveLength(1);

    const w2 = await withdraw(m, 150_000);
    const same = await Promise.all([
      bo(t, 'withdraws.approve', { cookie: cashier.cookie, key: 'p1', params: { id: w2 } }),
      bo(t, 'withdraws.approve', { cookie: cashier.cookie, key: 'p2', params: { id: w2 } }),
    ]);
    expect(same.map((a) => a.body.status).sort()).toEqual(['first_approved', 'same_operator']);
    const rej = await bo(t, 'withdraws.reject', {
      cookie: cashier2.cookie,
      params: { id: w2 },
      body: { reason: '확인 불가' },
    });
    expect(rej.body.status).toBe('success');
    expect((await stateOf(w2)).state).toBe('cansel');
    await setSecondApproval(0);
  });
});

describe('history', () => {
  it('filters by state, member, amount and date, with totals of the whole filtered set', async () => {
    const m = await quietMember('10.6.0.1');
    await deposit(m, 10_000);
    await deposit(m, 20_000);
    await deposit(m, 30_000, undefined, false);
    const history = (query: TBackofficeQuery<'deposits.history'>) =>
      bo(t, 'deposits.history', { cookie: cashier.cookie, query: { userId: m.userId, ...query } });
    const all = await history({ pageSize: 2 });
    expect(all.body.totals).toEqual({ count: 3, amount: 60_000 });
    expect(all.body.maxCount).toBe(3);
    expect(all.body.list.map((r) => r.amount)).toEqual([30_000, 20_000]);
    const done = await history({ state: 'already' });
    expect(done.body.totals).toEqual({ count: 2, amount: 30_000 });
    const range = await history({ minAmount: 15000, maxAmount: 30000 });
    expect(range.body.totals).toEqual({ count: 2, amount: 50_000 });
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    const dated = await history({ from: today, to: today });
    expect(dated.body.totals.count).toBe(3);
    const past = await history({ to: '2020-01-01' });
    expect(past.body.totals).toEqual({ count: 0, amount: 0 });
    const nobody = await bo(t, 'deposits.history', {
      cookie: cashier.cookie,
      query: { userId: 'nosuchmember' },
    });
    expect(nobody.body).toMatchObject({ list: [], totals: { count: 0, amount: 0 } });
    expect(
      (await bo(t, 'deposits.history', { cookie: cashier.cookie, query: { minAmount: '-1' } })).code,
    ).toBe(400);
    expect(
      (await bo(t, 'deposits.history', { cookie: cashier.cookie, query: { from: '2020-1-1' } })).code,
    ).toBe(400);
  });

  it('exports the filtered set as CSV with a BOM, a filename and formula-safe cells', async () => {
    const m = await quietMember('10.7.0.1');
    await deposit(m, 10_000, '=HYPERLINK("x")');
    await deposit(m, 20_000, '홍길동');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/deposits/history.csv?userId=${m.userId}`,
      headers: { cookie: cashier.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="deposits-\d{8}\.csv"$/);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['x-truncated']).toBe('false');
    const raw = res.rawPayload.toString('utf8');
    expect(raw.charCodeAt(0)).toBe(0xfeff);
    const lines = raw.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('"id","userId","amount","state","depositor","reason","regDate","processedDate"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"홍길동"');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/deposits/history.csv?page=2',
      headers: { cookie: cashier.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});
