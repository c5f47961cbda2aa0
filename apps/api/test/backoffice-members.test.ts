import type { TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { sitePeriodStarts } from '../src/modules/backoffice/backoffice.service.ts';
import {
  applyWithdraw,
  auditOf,
  balances,
  bo,
  call,
  createMember,
  createOperator,
  ensureRegCode,
  fileTestApp,
  latestRequestId,
  operatorsOfEveryRole,
  postCredentials,
  signIn,
  type JsonBody,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

const t = await fileTestApp();
const { owner, cashier, support, content } = await operatorsOfEveryRole(t);

async function stateOf(memberId: number) {
  return t.db
    .selectFrom('members')
    .select(['state', 'level', 'exchange_password_hash'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

async function liveSessions(memberId: number): Promise<number> {
  const rows = await t.db
    .selectFrom('sessions')
    .select('id')
    .where('subject_id', '=', memberId)
    .where('subject_kind', 'in', ['member', 'game'])
    .execute();
  return rows.length;
}

async function healthCode(m: TestMember): Promise<number> {
  return (await call(t, 'user-health-check', {}, m.cookie)).code;
}

describe('the site calendar periods (Asia/Seoul)', () => {
  it('starts the day and the month at 00:00 in Seoul (15:00 UTC the day before)', () => {
    // 2026-03-01 00:30 in Seoul is still February in UTC.
    expect(sitePeriodStarts(new Date('2026-02-28T15:30:00Z'), 'Asia/Seoul')).toEqual({
      today: new Date('2026-02-28T15:00:00Z'),
      month: new Date('2026-02-28T15:00:00Z'),
    });
    expect(sitePeriodStarts(new Date('2026-03-10T14:59:59Z'), 'Asia/Seoul')).toEqual({
      today: new Date('2026-03-09T15:00:00Z'),
      month: new Date('2026-02-28T15:00:00Z'),
    });
    expect(sitePeriodStarts(new Date('2026-12-31T15:00:00Z'), 'Asia/Seoul').month).toEqual(
      new Date('2026-12-31T15:00:00Z'),
    );
  });
});

describe('GET /api/backoffice/dashboard', () => {
  let slot: TestProvider;
  let tx = 0;
  const nextId = (p: string) => `${p}-${++tx}`;

  beforeAll(async () => {
    slot = await createTestProvider(t, owner, { kind: 'slot', games: ['fruit'] });
  });

  async function dashboard(op = owner): Promise<JsonBody> {
    const res = await bo(t, 'dashboard.get', { cookie: op.cookie });
    expect(res.code).toBe(200);
    return res.body;
  }

  it('is refused to a content operator and without a session', async () => {
    expect((await bo(t, 'dashboard.get', { cookie: content.cookie })).code).toBe(403);
    expect((await bo(t, 'dashboard.get', {})).code).toBe(401);
    expect((await bo(t, 'dashboard.get', { cookie: support.cookie })).code).toBe(200);
  });

  it('counts the queues and sums the completed money, bets, wins and GGR of today and the month', async () => {
    const before = await dashboard();
    const m = await createMember(t, { cash: 200_000 });

    // Two deposits asked, one approved (today's deposits), one left pending.
    expect((await call(t, 'apply-user-deposit', { amount: 30_000 }, m.cookie)).body.status).toBe('success');
    const dep = await latestRequestId(t, 'deposit', m.id);
    expect((await bo(t, 'deposits.approve', { cookie: cashier.cookie, params: { id: dep } })).body).toEqual({
      status: 'success',
    });
    expect((await call(t, 'apply-user-deposit', { amount: 50_000 }, m.cookie)).body.status).toBe('success');
    // One withdrawal approved, then one left waiting.
    const w = { amount: 20_000, exchangePassword: m.exchangePassword };
    expect((await call(t, 'apply-user-withdraw', w, m.cookie)).body.status).toBe('success');
    const wid = await latestRequestId(t, 'withdraw', m.id);
    expect(
      (await bo(t, 'withdraws.approve', { cookie: cashier.cookie, params: { id: wid } })).body.status,
    ).toBe('success');
    expect((await call(t, 'apply-user-withdraw', w, m.cookie)).body.status).toBe('success');

    // Help posts of each kind waiting, and an answered one that is no longer pending.
    expect(
      (await call(t, 'user-write-help', { title: '문의', contents: '충전이 안 돼요' }, m.cookie)).body.status,
    ).toBe('success');
    expect((await call(t, 'user-ask-account', {}, m.cookie)).body.status).toBe('success');
    await t.db
      .insertInto('helps')
      .values([
        { kind: 'guest', guest_phone: '01012345678', title: 'guest', contents: 'guest post' },
        {
          kind: 'help',
          member_id: m.id,
          title: 'done',
          contents: 'answered',
          state: 'already',
          answer: 'ok',
        },
      ])
      .execute();

    // Bets 10 000 + 7 000 (the second rolled back), a win of 4 000.
    const token = await slot.launch(m);
    const round = nextId('round');
    const bet = (transactionId: string, amount: number) =>
      slot.wallet('bet', {
        token,
        userId: m.userId,
        transactionId,
        roundId: round,
        gameCode: 'fruit',
        amount,
      });
    expect((await bet(nextId('bet'), 10_000)).body.status).toBe('RS_OK');
    const rolledBack = nextId('bet');
    expect((await bet(rolledBack, 7_000)).body.status).toBe('RS_OK');
    expect(
      (
        await slot.wallet('rollback', {
          userId: m.userId,
          transactionId: nextId('rb'),
          referenceTransactionId: rolledBack,
          roundId: round,
        })
      ).body.status,
    ).toBe('RS_OK');
    expect(
      (
        await slot.wallet('win', {
          userId: m.userId,
          transactionId: nextId('win'),
          roundId: round,
          gameCode: 'fruit',
          amount: 4_000,
          roundClosed: true,
        })
      ).body.status,
    ).toBe('RS_OK');

    const after = await dashboard();
    expect(after.pending).toEqual({
      deposits: before.pending.deposits + 1,
      withdrawals: before.pending.withdrawals + 1,
      helps: before.pending.helps + 1,
      guestHelps: before.pending.guestHelps + 1,
      accountInquiries: before.pending.accountInquiries + 1,
    });
    for (const period of ['today', 'month'] as const) {
      const b = before[period];
      expect(after[period]).toEqual({
        from: b.from,
        deposits: b.deposits + 30_000,
        withdrawals: b.withdrawals + 20_000,
        bets: b.bets + 10_000,
        wins: b.wins + 4_000,
        ggr: b.ggr + 6_000,
      });
    }
  });

  it('counts completed money by the Seoul day and month it was processed in', async () => {
    const m = await createMember(t, { signedIn: false });
    const { today, month } = sitePeriodStarts(t.clock.now(), 'Asia/Seoul');
    const before = await dashboard();
    const at = (d: Date, ms: number) => new Date(d.getTime() + ms);
    await t.db
      .insertInto('deposit_requests')
      .values([
        { member_id: m.id, amount: 1_000, depositor: 'a', state: 'already', processed_at: at(today, 0) },
        { member_id: m.id, amount: 2_000, depositor: 'b', state: 'already', processed_at: at(today, -1) },
        { member_id: m.id, amount: 4_000, depositor: 'c', state: 'already', processed_at: at(month, -1) },
        // Rejected: never counted.
        { member_id: m.id, amount: 8_000, depositor: 'd', state: 'cansel', processed_at: at(today, 0) },
      ])
      .execute();
    const after = await dashboard(cashier);
    expect(after.today.deposits - before.today.deposits).toBe(1_000);
    // The day before today belongs to this month unless today is the 1st.
    const sameMonth = today.getTime() !== month.getTime();
    expect(after.month.deposits - before.month.deposits).toBe(sameMonth ? 3_000 : 1_000);
    expect(after.today.from).toBe(today.toISOString());
    expect(after.month.from).toBe(month.toISOString());
  });
});

describe('GET /api/backoffice/members', () => {
  let a: Awaited<ReturnType<typeof createMember>>;
  let b: Awaited<ReturnType<typeof createMember>>;
  let c: Awaited<ReturnType<typeof createMember>>;

  beforeAll(async () => {
    await ensureRegCode(t, 'VIPCODE', 'vip.example.com');
    a = await createMember(t, {
      signedIn: false,
      userId: 'zfind01',
      nick: '검색하나',
      phone: '01077770001',
      cash: 5_000,
    });
    b = await createMember(t, {
      signedIn: false,
      userId: 'zfind02',
      nick: '검색둘',
      phone: '01077770002',
      code: 'VIPCODE',
      state: 'pending',
    });
    c = await createMember(t, {
      signedIn: false,
      userId: 'zfind_3',
      nick: 'Find%3',
      phone: '01077770003',
      state: 'blocked',
    });
    await t.db.updateTable('members').set({ level: 7 }).where('id', '=', a.id).execute();
  });

  async function list(query: TBackofficeQuery<'members.list'>, op = owner) {
    const res = await bo(t, 'members.list', { cookie: op.cookie, query });
    expect(res.code).toBe(200);
    return res.body;
  }
  const ids = (body: JsonBody) => body.list.map((m: JsonBody) => m.userId);

  it('filters by id prefix, nick, phone, level, state, registration code and domain; newest first', async () => {
    expect(ids(await list({ userId: 'ZFIND' }))).toEqual(['zfind_3', 'zfind02', 'zfind01']);
    // `_` and `%` are literal characters, not patterns.
    expect(ids(await list({ userId: 'zfind_' }))).toEqual(['zfind_3']);
    expect(ids(await list({ nick: 'find%' }))).toEqual(['zfind_3']);
    expect(ids(await list({ nick: '검색' }))).toEqual(['zfind02', 'zfind01']);
    expect(ids(await list({ phone: '0107777000' }))).toEqual(['zfind_3', 'zfind02', 'zfind01']);
    expect(ids(await list({ userId: 'zfind', level: 7 }))).toEqual(['zfind01']);
    expect(ids(await list({ userId: 'zfind', state: 'pending' }))).toEqual(['zfind02']);
    expect(ids(await list({ userId: 'zfind', state: 'blocked' }))).toEqual(['zfind_3']);
    expect(ids(await list({ regCode: 'vipcode' }))).toEqual(['zfind02']);
    expect(ids(await list({ domain: 'VIP.example' }))).toEqual(['zfind02']);
    const first = await list({ userId: 'zfind01' });
    expect(first.maxCount).toBe(1);
    expect(first.list[0]).toMatchObject({
      userId: 'zfind01',
      nick: '검색하나',
      phone: '01077770001',
      level: 7,
      state: 'active',
      balance: 5_000,
      rolling: 0,
      bankOwner: '홍길동',
      banknum: a.banknum,
      regCode: 'TESTCODE',
      lastLoginDate: null,
    });
    expect(first.list[0]!.regDomain).toBe('');
    expect((await list({ userId: 'zfind02' })).list[0]!.regDomain).toBe('vip.example.com');
    expect(c.userId).toBe('zfind_3');
    expect(b.userId).toBe('zfind02');
  });

  it('pages with a total', async () => {
    const p1 = await list({ userId: 'zfind', pageSize: 2 });
    const p2 = await list({ userId: 'zfind', pageSize: 2, page: 2 });
    expect(p1.maxCount).toBe(3);
    expect(ids(p1)).toEqual(['zfind_3', 'zfind02']);
    expect(ids(p2)).toEqual(['zfind01']);
  });

  it('shows bank numbers to owner and cashier only; refuses content; 400 on bad filters', async () => {
    expect((await list({ userId: 'zfind01' }, cashier)).list[0]!.banknum).toBe(a.banknum);
    const bySupport = await list({ userId: 'zfind' }, support);
    expect(bySupport.list).toHaveLength(3);
    for (const m of bySupport.list) expect(m.banknum).toBeNull();
    expect(JSON.stringify(bySupport)).not.toContain(a.banknum);
    const denied = await bo(t, 'members.list', { cookie: content.cookie, query: { userId: 'zfind' } });
    expect(denied.code).toBe(403);
    expect(JSON.stringify(denied.body)).not.toContain(a.banknum);
    // Raw queries, most of which the entry's type refuses.
    for (const bad of [
      '?state=gone',
      '?level=0',
      '?level=x',
      '?pageSize=1000',
      '?phone=01a',
      '?page=0',
      '?x=1',
    ])
      expect((await bo(t, 'GET', `/members${bad}`, { cookie: owner.cookie })).code, bad).toBe(400);
  });
});

describe('member actions', () => {
  it('approves a pending registration once; refuses content; not_found for an unknown member', async () => {
    const m = await createMember(t, { state: 'pending', signedIn: false });
    const params = { userId: m.userId };
    expect((await bo(t, 'members.approve', { cookie: content.cookie, params })).code).toBe(403);
    expect((await stateOf(m.id)).state).toBe('pending');
    expect((await bo(t, 'members.approve', { cookie: support.cookie, params })).body).toEqual({
      status: 'success',
    });
    expect((await stateOf(m.id)).state).toBe('active');
    expect((await bo(t, 'members.approve', { cookie: support.cookie, params })).body).toEqual({
      status: 'already',
    });
    expect(await auditOf(t, `member:${m.userId}`)).toEqual([
      {
        actor: support.operatorId,
        action: 'member.approve',
        before: { state: 'pending' },
        after: { state: 'active' },
      },
    ]);
    expect(
      (await bo(t, 'members.approve', { cookie: owner.cookie, params: { userId: 'nobody99' } })).body,
    ).toEqual({
      status: 'not_found',
    });
    expect(
      (await bo(t, 'members.approve', { cookie: owner.cookie, params: { userId: 'NO BODY' } })).code,
    ).toBe(400);
  });

  it('blocks a member and ends all of its sessions at once; unblocks', async () => {
    const m = await twiceSignedIn(1_000);
    expect(await liveSessions(m.id)).toBe(2);
    expect(await healthCode(m)).toBe(200);
    expect(
      (await bo(t, 'members.block', { cookie: content.cookie, params: { userId: m.userId } })).code,
    ).toBe(403);
    expect(await healthCode(m)).toBe(200);

    expect(
      (await bo(t, 'members.block', { cookie: cashier.cookie, params: { userId: m.userId } })).body,
    ).toEqual({
      status: 'success',
    });
    expect((await stateOf(m.id)).state).toBe('blocked');
    expect(await liveSessions(m.id)).toBe(0);
    expect(await healthCode(m)).toBe(401);
    expect(await healthCode({ ...m, cookie: m.second })).toBe(401);
    expect(
      (await bo(t, 'members.block', { cookie: cashier.cookie, params: { userId: m.userId } })).body,
    ).toEqual({
      status: 'already',
    });

    expect(
      (await bo(t, 'members.unblock', { cookie: owner.cookie, params: { userId: m.userId } })).body,
    ).toEqual({
      status: 'success',
    });
    expect((await stateOf(m.id)).state).toBe('active');
    expect(
      (await bo(t, 'members.unblock', { cookie: owner.cookie, params: { userId: m.userId } })).body,
    ).toEqual({
      status: 'already',
    });
    const audit = await auditOf(t, `member:${m.userId}`);
    expect(audit.map((r) => r.action)).toEqual(['member.block', 'member.unblock']);
    expect(audit[0]).toMatchObject({ before: { state: 'active' }, after: { state: 'blocked' } });
    expect((audit[0]?.after as JsonBody).sessionsEnded).toBe(2);
    expect(audit[1]).toMatchObject({ before: { state: 'blocked' }, after: { state: 'active' } });
    // Money untouched.
    expect((await balances(t, m.id)).cash).toBe(1_000);
  });

  it('sets the level (1..10), audited; 400 changes nothing', async () => {
    const m = await createMember(t, { signedIn: false });
    const url = `/members/${m.userId}/level`;
    // Bodies the entry's type refuses among them.
    for (const body of [{ level: 0 }, { level: 11 }, { level: 2.5 }, { level: '3' }, {}, { level: 3, x: 1 }])
      expect((await bo(t, 'PATCH', url, { cookie: owner.cookie, body })).code, JSON.stringify(body)).toBe(
        400,
      );
    const params = { userId: m.userId };
    expect((await bo(t, 'members.level', { cookie: content.cookie, params, body: { level: 3 } })).code).toBe(
      403,
    );
    expect((await stateOf(m.id)).level).toBe(1);
    expect(
      (await bo(t, 'members.level', { cookie: support.cookie, params, body: { level: 3 } })).body,
    ).toEqual({
      status: 'success',
    });
    expect((await stateOf(m.id)).level).toBe(3);
    expect(await auditOf(t, `member:${m.userId}`)).toEqual([
      { actor: support.operatorId, action: 'member.level', before: { level: 1 }, after: { level: 3 } },
    ]);
    expect(
      (
        await bo(t, 'members.level', {
          cookie: owner.cookie,
          params: { userId: 'nobody99' },
          body: { level: 3 },
        })
      ).body,
    ).toEqual({ status: 'not_found' });
  });

  it('signs a member out everywhere, audited, without changing its state', async () => {
    const m = await twiceSignedIn();
    const second = { ...m, cookie: m.second };
    expect(await healthCode(m)).toBe(200);
    expect(await healthCode(second)).toBe(200);
    expect(
      (await bo(t, 'members.signout', { cookie: content.cookie, params: { userId: m.userId } })).code,
    ).toBe(403);
    expect(
      (await bo(t, 'members.signout', { cookie: support.cookie, params: { userId: m.userId } })).body,
    ).toEqual({
      status: 'success',
    });
    expect(await healthCode(m)).toBe(401);
    expect(await healthCode(second)).toBe(401);
    expect((await stateOf(m.id)).state).toBe('active');
    expect(await auditOf(t, `member:${m.userId}`)).toEqual([
      { actor: support.operatorId, action: 'member.signout', before: null, after: { sessionsEnded: 2 } },
    ]);
  });

  it('resets the exchange password to 6 new digits shown once; the old one stops working', async () => {
    const m = await createMember(t, { cash: 100_000 });
    const params = { userId: m.userId };
    const hashBefore = (await stateOf(m.id)).exchange_password_hash;
    expect((await bo(t, 'members.resetExchangePassword', { cookie: content.cookie, params })).code).toBe(403);
    expect((await stateOf(m.id)).exchange_password_hash).toBe(hashBefore);
    const res = await bo(t, 'members.resetExchangePassword', { cookie: owner.cookie, params });
    expect(res.body.status).toBe('success');
    expect(res.body.exchangePassword).toMatch(/^\d{6}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh: string = res.body.exchangePassword;
    if (fresh !== m.exchangePassword) {
      const old = await applyWithdraw(t, m, 10_000);
      expect(old.body.status).not.toBe('success');
    }
    const ok = await call(t, 'apply-user-withdraw', { amount: 10_000, exchangePassword: fresh }, m.cookie);
    expect(ok.body.status).toBe('success');
    const audit = await auditOf(t, `member:${m.userId}`);
    expect(audit).toEqual([
      {
        actor: owner.operatorId,
        action: 'member.reset_exchange_password',
        before: null,
        after: { exchangePassword: 'reset' },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(fresh);
    expect(
      (await bo(t, 'members.resetExchangePassword', { cookie: owner.cookie, params: { userId: 'nobody99' } }))
        .body,
    ).toEqual({
      status: 'not_found',
    });
  });
});

describe('operator sessions', () => {
  it("lists the operator's own sessions and ends the others, keeping the current one", async () => {
    const op = await createOperator(t, 'content');
    const login = async (ua: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/backoffice/login',
        headers: { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin', 'user-agent': ua },
        payload: { operatorId: op.operatorId, password: op.password },
      });
      expect(res.json()).toEqual({ status: 'success' });
      const cookie = res.cookies.find((c) => c.name === 'bo_sid');
      return `bo_sid=${cookie?.value}`;
    };
    const laptop = await login('Laptop/1.0');
    const tablet = await login('Tablet/2.0');
    const list = await bo(t, 'sessions.list', { cookie: tablet });
    expect(list.code).toBe(200);
    // The helper's own session (no address or agent) and the two sign-ins, newest first.
    expect(list.body.list).toHaveLength(3);
    expect(list.body.list[0]).toMatchObject({ current: true, userAgent: 'Tablet/2.0', ip: '127.0.0.1' });
    expect(list.body.list[1]).toMatchObject({ current: false, userAgent: 'Laptop/1.0' });
    expect(list.body.list.filter((s: JsonBody) => s.current)).toHaveLength(1);
    // Another operator's sessions are never listed.
    const others = await bo(t, 'sessions.list', { cookie: owner.cookie });
    expect(others.body.list.every((s: JsonBody) => s.userAgent !== 'Tablet/2.0')).toBe(true);

    const revoked = await bo(t, 'sessions.revokeOthers', { cookie: tablet });
    expect(revoked.body).toEqual({ status: 'success', revoked: 2 });
    expect((await bo(t, 'session.me', { cookie: laptop })).code).toBe(401);
    expect((await bo(t, 'session.me', { cookie: op.cookie })).code).toBe(401);
    const after = await bo(t, 'sessions.list', { cookie: tablet });
    expect(after.body.list).toHaveLength(1);
    expect(after.body.list[0]!.current).toBe(true);
    expect(await auditOf(t, `operator:${op.operatorId}`)).toEqual([
      {
        actor: op.operatorId,
        action: 'operator.revoke_other_sessions',
        before: null,
        after: { sessionsEnded: 2 },
      },
    ]);
    expect((await bo(t, 'sessions.list', {})).code).toBe(401);
  });
});

/** A member signed in twice (two devices): the second session's cookie is `second`. */
async function twiceSignedIn(cash = 0): Promise<TestMember & { second: string }> {
  const member = await createMember(t, { cash });
  return { ...member, second: await signIn(t, member) };
}

describe('member detail', () => {
  it('shows the profile with balances; bank number only to owner and cashier; content refused', async () => {
    const m = await createMember(t, { cash: 12_000, comp: 300, signedIn: false });
    const byOwner = await bo(t, 'members.detail', { cookie: owner.cookie, params: { userId: m.userId } });
    expect(byOwner.body.member).toMatchObject({
      userId: m.userId,
      balance: 12_000,
      rolling: 300,
      mustChangePassword: false,
    });
    expect(byOwner.body.member.banknum).toMatch(/^\d+$/);
    expect(
      (await bo(t, 'members.detail', { cookie: cashier.cookie, params: { userId: m.userId } })).body.member
        .banknum,
    ).toBe(byOwner.body.member.banknum);
    const bySupport = await bo(t, 'members.detail', { cookie: support.cookie, params: { userId: m.userId } });
    expect(bySupport.body.member.banknum).toBeNull();
    expect(JSON.stringify(bySupport.body)).not.toContain(byOwner.body.member.banknum);
    expect(
      (await bo(t, 'members.detail', { cookie: content.cookie, params: { userId: m.userId } })).code,
    ).toBe(403);
  });

  const TABS = [
    { tab: 'ledger', name: 'members.ledger' },
    { tab: 'requests', name: 'members.requests', query: { kind: 'deposit' } },
    { tab: 'rounds', name: 'members.rounds' },
    { tab: 'notes', name: 'members.notes' },
    { tab: 'helps', name: 'members.helps' },
    { tab: 'sign-ins', name: 'members.signIns' },
  ] as const;

  it('refuses every tab to a content operator and without a session; not_found for no such member', async () => {
    const m = await createMember(t, { signedIn: false });
    for (const { tab, name, ...rest } of TABS) {
      const query = 'query' in rest ? rest.query : undefined;
      const tabOf = (userId: string, cookie?: string) => bo(t, name, { cookie, params: { userId }, query });
      expect((await tabOf(m.userId, content.cookie)).code, tab).toBe(403);
      expect((await tabOf(m.userId)).code, tab).toBe(401);
      for (const op of [owner, cashier, support])
        expect((await tabOf(m.userId, op.cookie)).body.status, tab).toBe('success');
      expect((await tabOf('nobody99', owner.cookie)).body).toEqual({
        status: 'not_found',
      });
    }
    // Raw queries the entries' types refuse.
    for (const bad of ['requests', 'requests?kind=bet', 'ledger?limit=0', 'ledger?limit=101', 'notes?x=1'])
      expect((await bo(t, 'GET', `/members/${m.userId}/${bad}`, { cookie: owner.cookie })).code, bad).toBe(
        400,
      );
  });

  it('pages the ledger newest first with the adjustment reason, each entry once', async () => {
    const m = await createMember(t, { signedIn: false });
    for (let i = 1; i <= 5; i++)
      expect(
        (
          await bo(t, 'members.adjust', {
            cookie: cashier.cookie,
            params: { userId: m.userId },
            body: { amount: i * 1_000, reason: `지급 ${i}`, kind: i % 2 ? 'cash' : 'point' },
          })
        ).body.status,
      ).toBe('success');
    const seen: JsonBody[] = [];
    let beforeId: number | null = null;
    let pages = 0;
    do {
      const query: TBackofficeQuery<'members.ledger'> =
        beforeId === null ? { limit: 2 } : { limit: 2, beforeId };
      const res = await bo(t, 'members.ledger', {
        cookie: support.cookie,
        params: { userId: m.userId },
        query,
      });
      expect(res.body.status).toBe('success');
      seen.push(...res.body.list);
      beforeId = res.body.nextBeforeId;
      pages += 1;
    } while (beforeId !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((e) => [e.kind, e.amount, e.reason, e.code])).toEqual([
      ['cash', 5_000, '지급 5', 'adjustment'],
      ['comp', 4_000, '지급 4', 'adjustment'],
      ['cash', 3_000, '지급 3', 'adjustment'],
      ['comp', 2_000, '지급 2', 'adjustment'],
      ['cash', 1_000, '지급 1', 'adjustment'],
    ]);
    expect(seen[0]).toMatchObject({ balanceAfter: 9_000 });
  });

  it("lists the member's requests, notes, help posts and rounds", async () => {
    const m = await createMember(t, { cash: 50_000 });
    expect((await call(t, 'apply-user-deposit', { amount: 30_000 }, m.cookie)).body.status).toBe('success');
    const w = { amount: 20_000, exchangePassword: m.exchangePassword };
    expect((await call(t, 'apply-user-withdraw', w, m.cookie)).body.status).toBe('success');
    const deposits = await bo(t, 'members.requests', {
      cookie: support.cookie,
      params: { userId: m.userId },
      query: { kind: 'deposit' },
    });
    expect(deposits.body).toMatchObject({ maxCount: 1, list: [{ amount: 30_000, state: 'wait' }] });
    const withdraws = await bo(t, 'members.requests', {
      cookie: cashier.cookie,
      params: { userId: m.userId },
      query: { kind: 'withdraw' },
    });
    expect(withdraws.body).toMatchObject({ maxCount: 1, list: [{ amount: 20_000, state: 'wait' }] });

    expect(
      (
        await bo(t, 'notes.send', {
          cookie: owner.cookie,
          body: { userId: m.userId, title: '안내', contents: '<p>확인해 주세요</p>' },
        })
      ).body.status,
    ).toBe('success');
    const notes = await bo(t, 'members.notes', { cookie: cashier.cookie, params: { userId: m.userId } });
    expect(notes.body.list.map((n: JsonBody) => n.title)).toContain('안내');
    expect(notes.body.list.find((n: JsonBody) => n.title === '안내')).toMatchObject({ isRead: false });

    expect(
      (await call(t, 'user-write-help', { title: '출금 문의', contents: '언제 되나요' }, m.cookie)).body
        .status,
    ).toBe('success');
    const helps = await bo(t, 'members.helps', { cookie: cashier.cookie, params: { userId: m.userId } });
    expect(helps.body).toMatchObject({
      maxCount: 1,
      list: [{ userId: m.userId, title: '출금 문의', state: 'wait' }],
    });

    const slot = await createTestProvider(t, owner, { kind: 'slot', games: ['cherry'] });
    const token = await slot.launch(m, 'cherry');
    const bet = await slot.wallet('bet', {
      token,
      userId: m.userId,
      transactionId: `tab-bet-${m.id}`,
      roundId: `tab-round-${m.id}`,
      gameCode: 'cherry',
      amount: 1_000,
    });
    expect(bet.body.status).toBe('RS_OK');
    const rounds = await bo(t, 'members.rounds', {
      cookie: support.cookie,
      params: { userId: m.userId },
      query: { lang: 'en' },
    });
    expect(rounds.body).toMatchObject({
      maxCount: 1,
      list: [{ provider: slot.code, gameCode: 'cherry', roundId: `tab-round-${m.id}`, bet: 1_000, win: 0 }],
    });
  });
});

describe('sign-in history', () => {
  it('records each attempt on a known id with address, browser and outcome, newest first', async () => {
    const member = await createMember(t, { signedIn: false });
    const headers = { 'user-agent': 'Phone/9.1' };
    await signIn(t, member, { headers, ip: '203.0.113.7' });
    const wrong = await postCredentials(
      t,
      { userId: member.userId, password: 'wrong-password-1' },
      { headers },
    );
    expect(wrong.statusCode).toBe(401);
    await t.db.updateTable('members').set({ state: 'blocked' }).where('id', '=', member.id).execute();
    await postCredentials(t, { userId: member.userId, password: member.password }, { ip: '198.51.100.2' });
    // An unknown id has no history to write to.
    await postCredentials(t, { userId: 'nobody98', password: 'x' });

    const res = await bo(t, 'members.signIns', { cookie: support.cookie, params: { userId: member.userId } });
    expect(res.body.maxCount).toBe(3);
    expect(res.body.list.map((s: JsonBody) => [s.outcome, s.ip, s.userAgent])).toEqual([
      ['blocked', '198.51.100.2', 'lightMyRequest'],
      ['password', '127.0.0.1', 'Phone/9.1'],
      ['success', '203.0.113.7', 'Phone/9.1'],
    ]);
    for (const s of res.body.list) expect(Date.parse(s.at)).not.toBeNaN();
    const page2 = await bo(t, 'members.signIns', {
      cookie: owner.cookie,
      params: { userId: member.userId },
      query: { pageSize: 2, page: 2 },
    });
    expect(page2.body).toMatchObject({ maxCount: 3, list: [{ outcome: 'success' }] });
    const doLogin = await createMember(t, { signedIn: false });
    expect(
      (await call(t, 'user-do-login', { userId: doLogin.userId, password: doLogin.password })).body.status,
    ).toBe('success');
    const viaCall = await bo(t, 'members.signIns', {
      cookie: owner.cookie,
      params: { userId: doLogin.userId },
    });
    expect(viaCall.body.list.map((s: JsonBody) => s.outcome)).toEqual(['success']);
  });
});

describe('password reset with a forced change', () => {
  it('gives a temporary password once, ends the sessions, and holds the member at the password change', async () => {
    const member = await createMember(t, { signedIn: false, cash: 5_000 });
    const cookie = await signIn(t, member);
    const params = { userId: member.userId };
    const hashOf = async () =>
      await t.db
        .selectFrom('members')
        .select(['password_hash', 'must_change_password'])
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow();
    const before = await hashOf();
    expect((await bo(t, 'members.resetPassword', { cookie: content.cookie, params })).code).toBe(403);
    expect(await hashOf()).toEqual(before);

    const res = await bo(t, 'members.resetPassword', { cookie: support.cookie, params });
    expect(res.body.status).toBe('success');
    const temporary: string = res.body.password;
    expect(temporary).toMatch(/^[a-z2-9]{10}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await hashOf()).must_change_password).toBe(true);
    // Every session ended; the old password no longer signs in.
    expect((await call(t, 'user-health-check', {}, cookie)).code).toBe(401);
    expect((await postCredentials(t, { userId: member.userId, password: member.password })).statusCode).toBe(
      401,
    );
    const detail = await bo(t, 'members.detail', { cookie: owner.cookie, params: { userId: member.userId } });
    expect(detail.body.member.mustChangePassword).toBe(true);

    // The temporary password signs in; the portal learns of the forced change from the user.
    const login = await call(t, 'user-do-login', { userId: member.userId, password: temporary });
    expect(login.body).toMatchObject({ status: 'success', user: { mustChangePassword: true } });
    const fresh = await signIn(t, { userId: member.userId, password: temporary });
    const health = await call(t, 'user-health-check', {}, fresh);
    expect(health.body.user.mustChangePassword).toBe(true);
    // Everything else is refused until the password changes; public calls still answer.
    for (const name of ['get-member-account', 'get-user-note', 'apply-user-deposit'])
      expect(
        await call(t, name, name === 'apply-user-deposit' ? { amount: 10_000 } : {}, fresh),
      ).toMatchObject({
        code: 403,
        body: { status: 'must_change_password' },
      });
    expect((await call(t, 'get-banks', {}, fresh)).code).toBe(200);
    expect(
      (await call(t, 'change-password', { password: temporary, newPassword: 'Fresh-Start-2026' }, fresh))
        .body,
    ).toEqual({ status: 'success' });
    const after = await call(t, 'user-health-check', {}, fresh);
    expect(after.body.user.mustChangePassword).toBe(false);
    expect((await call(t, 'get-member-account', {}, fresh)).code).toBe(200);
    expect((await hashOf()).must_change_password).toBe(false);
    expect(
      (await bo(t, 'members.detail', { cookie: owner.cookie, params: { userId: member.userId } })).body.member
        .mustChangePassword,
    ).toBe(false);

    const audit = await auditOf(t, `member:${member.userId}`);
    expect(audit).toEqual([
      {
        actor: support.operatorId,
        action: 'member.reset_password',
        before: { mustChangePassword: false },
        after: { mustChangePassword: true, sessionsEnded: 1 },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(temporary);
    expect(
      (await bo(t, 'members.resetPassword', { cookie: owner.cookie, params: { userId: 'nobody99' } })).body,
    ).toEqual({
      status: 'not_found',
    });
  });
});

describe('adjustment from the member detail', () => {
  it('needs a reason, refuses support and content, replays one Idempotency-Key once, audited', async () => {
    const m = await createMember(t, { cash: 1_000, signedIn: false });
    const params = { userId: m.userId };
    const body = { amount: 2_500, reason: '보상 지급' };
    for (const op of [support, content])
      expect((await bo(t, 'members.adjust', { cookie: op.cookie, params, body, key: 'k-denied' })).code).toBe(
        403,
      );
    expect(
      (
        await bo(t, 'members.adjust', {
          cookie: owner.cookie,
          params,
          body: { amount: 2_500, reason: '   ' },
        })
      ).code,
    ).toBe(400);
    const first = await bo(t, 'members.adjust', {
      cookie: cashier.cookie,
      params,
      body,
      key: 'member-adjust-1',
    });
    const again = await bo(t, 'members.adjust', {
      cookie: cashier.cookie,
      params,
      body,
      key: 'member-adjust-1',
    });
    expect(first.body).toEqual({ status: 'success' });
    expect(again.body).toEqual({ status: 'success' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await balances(t, m.id)).cash).toBe(3_500);
    expect(await auditOf(t, `member:${m.userId}`)).toEqual([
      {
        actor: cashier.operatorId,
        action: 'member.adjust',
        before: { cash: 1_000 },
        after: { cash: 3_500, amount: 2_500, reason: '보상 지급' },
      },
    ]);
  });
});
