import type { TBackofficeBody } from '@casino/contracts/backoffice-routes';
import { describe, expect, it } from 'vitest';
import { generateTotpSecret, totpCode } from '../src/modules/backoffice/totp.ts';
import {
  AUDIT_ORIGIN,
  auditOf,
  balances,
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  latestRequestId,
  OPERATOR_PASSWORD,
  operatorsOfEveryRole,
  requestState,
  type TestMember,
} from './factories.ts';

const t = await fileTestApp({ SIGNIN_MAX_FAILURES_PER_ID: '3' });
const { owner, cashier, support, content } = await operatorsOfEveryRole(t);

async function login(body: TBackofficeBody<'session.login'>) {
  return bo(t, 'session.login', { body });
}

async function deposit(m: TestMember, amount: number): Promise<number> {
  expect((await call(t, 'apply-user-deposit', { amount }, m.cookie)).body).toEqual({ status: 'success' });
  return latestRequestId(t, 'deposit', m.id);
}

async function withdraw(m: TestMember, amount: number): Promise<number> {
  expect(
    (await call(t, 'apply-user-withdraw', { amount, exchangePassword: m.exchangePassword }, m.cookie)).body,
  ).toEqual({ status: 'success' });
  return latestRequestId(t, 'withdraw', m.id);
}

async function notes(memberId: number) {
  return t.db
    .selectFrom('notes')
    .select(['title', 'contents', 'created_by'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

describe('operator sign-in', () => {
  it('signs in with the operator cookie, separate from members', async () => {
    const op = await createOperator(t, 'cashier', { signedIn: false });
    const res = await login({ operatorId: op.operatorId, password: OPERATOR_PASSWORD });
    expect(res.code).toBe(200);
    expect(res.body).toEqual({ status: 'success' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^bo_sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/backoffice');
    const me = await bo(t, 'session.me', { cookie: cookie.split(';')[0] });
    expect(me.body).toMatchObject({
      status: 'success',
      operator: { operatorId: op.operatorId, role: 'cashier' },
    });
    // The operator cookie is not a member session.
    expect((await call(t, 'get-deposit-list', {}, cookie.split(';')[0])).code).toBe(401);
  });

  it("signing in again from a browser ends that browser's previous session; other browsers keep theirs", async () => {
    const op = await createOperator(t, 'support', { signedIn: false });
    const creds = { operatorId: op.operatorId, password: OPERATOR_PASSWORD };
    const cookieOf = (res: { headers: Record<string, unknown> }) =>
      String(res.headers['set-cookie']).split(';')[0]!;
    const me = async (cookie: string) => (await bo(t, 'session.me', { cookie })).code;
    const first = cookieOf(await login(creds));
    const elsewhere = cookieOf(await login(creds));
    // A refused sign-in changes nothing.
    const refused = await bo(t, 'session.login', {
      cookie: first,
      body: { ...creds, password: 'wrong-password' },
    });
    expect(refused.body).toEqual({ status: 'fail' });
    expect(await me(first)).toBe(200);

    const again = await bo(t, 'session.login', { cookie: first, body: creds });
    expect(again.body).toEqual({ status: 'success' });
    const second = cookieOf(again);
    expect(second).not.toBe(first);
    expect(await me(first)).toBe(401);
    expect(await me(second)).toBe(200);
    expect(await me(elsewhere)).toBe(200);
    // Another operator signing in on that browser ends it too.
    const other = await createOperator(t, 'cashier', { signedIn: false });
    const third = await bo(t, 'session.login', {
      cookie: second,
      body: { operatorId: other.operatorId, password: OPERATOR_PASSWORD },
    });
    expect(third.body).toEqual({ status: 'success' });
    expect(await me(second)).toBe(401);
    expect(await me(cookieOf(third))).toBe(200);
    const left = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('subject_kind', '=', 'operator')
      .where('subject_id', '=', op.id)
      .execute();
    expect(left).toHaveLength(1); // elsewhere
  });

  it('answers fail for a wrong password, an unknown id and a disabled operator', async () => {
    const op = await createOperator(t, 'support', { signedIn: false });
    expect((await login({ operatorId: op.operatorId, password: 'wrong-password' })).body).toEqual({
      status: 'fail',
    });
    expect((await login({ operatorId: 'nobody-here', password: OPERATOR_PASSWORD })).body).toEqual({
      status: 'fail',
    });
    await t.db.updateTable('operators').set({ is_active: false }).where('id', '=', op.id).execute();
    const res = await login({ operatorId: op.operatorId, password: OPERATOR_PASSWORD });
    expect(res.body).toEqual({ status: 'fail' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('asks for the TOTP code and accepts a code once, one step of drift either way', async () => {
    const secret = generateTotpSecret();
    const op = await createOperator(t, 'owner', { totpSecret: secret });
    const creds = { operatorId: op.operatorId, password: OPERATOR_PASSWORD };
    const required = await login(creds);
    expect(required.body).toEqual({ status: 'totp_required' });
    expect(required.headers['set-cookie']).toBeUndefined();
    // A wrong password with the TOTP secret set is still a plain fail (no hint that the id exists).
    expect((await login({ ...creds, password: 'wrong-password' })).body).toEqual({ status: 'fail' });
    expect(
      (await login({ ...creds, totp: totpCode(secret, t.clock.now().getTime() - 120_000) })).body,
    ).toEqual({ status: 'fail' });
    const previous = totpCode(secret, t.clock.now().getTime() - 30_000);
    expect((await login({ ...creds, totp: previous })).body).toEqual({ status: 'success' });
    // The same code again (a replay) is refused.
    expect((await login({ ...creds, totp: previous })).body).toEqual({ status: 'fail' });
  });

  it('answers 429 after too many failures for one id', async () => {
    const op = await createOperator(t, 'cashier', { signedIn: false });
    for (let i = 0; i < 3; i++)
      expect((await login({ operatorId: op.operatorId, password: 'bad-password' })).body).toEqual({
        status: 'fail',
      });
    const res = await login({ operatorId: op.operatorId, password: OPERATOR_PASSWORD });
    expect(res.code).toBe(429);
    expect(res.body).toEqual({ status: 'too_many' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a malformed body (400) and a cross-site sign-in (403)', async () => {
    // No password, which the entry's type refuses.
    expect(await bo(t, 'POST', '/login', { body: { operatorId: 'x' } })).toMatchObject({
      code: 400,
      body: { status: 'invalid', errors: [{ path: 'password', code: 'required' }] },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/login',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ operatorId: owner.operatorId, password: OPERATOR_PASSWORD }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'forbidden' });
  });

  it('signs out: the session is gone server-side', async () => {
    const op = await createOperator(t, 'owner');
    expect((await bo(t, 'session.me', { cookie: op.cookie })).code).toBe(200);
    const out = await bo(t, 'session.logout', { cookie: op.cookie });
    expect(out.body).toEqual({ status: 'success' });
    expect(String(out.headers['set-cookie'])).toMatch(/bo_sid=;/);
    expect(await bo(t, 'session.me', { cookie: op.cookie })).toMatchObject({
      code: 401,
      body: { status: 'unauthenticated' },
    });
  });

  it('needs an operator session everywhere else (401); a member session is not one', async () => {
    const m = await createMember(t);
    for (const [method, url] of [
      ['GET', '/me'],
      ['GET', '/deposits?state=wait'],
      ['GET', '/withdraws'],
      ['POST', '/deposits/1/approve'],
      ['POST', '/withdraws/1/reject'],
      ['GET', `/members/${m.userId}`],
      ['POST', `/members/${m.userId}/adjust`],
      ['GET', '/settings/cashier'],
    ] as const) {
      expect(await bo(t, method, url)).toMatchObject({ code: 401, body: { status: 'unauthenticated' } });
      expect((await bo(t, method, url, { cookie: m.cookie })).code).toBe(401);
    }
  });
});

describe('the deposit queue', () => {
  it('lists requests by state with paging', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const ida = await deposit(a, 10_000);
    const idb = await deposit(b, 20_000);
    const res = await bo(t, 'deposits.queue', {
      cookie: cashier.cookie,
      query: { state: 'wait', pageSize: 100 },
    });
    expect(res.body.status).toBe('success');
    expect(res.body.list.slice(0, 2)).toEqual([
      {
        id: idb,
        userId: b.userId,
        amount: 20_000,
        depositor: '홍길동',
        state: 'wait',
        reason: null,
        regDate: expect.any(String),
      },
      {
        id: ida,
        userId: a.userId,
        amount: 10_000,
        depositor: '홍길동',
        state: 'wait',
        reason: null,
        regDate: expect.any(String),
      },
    ]);
    const one = await bo(t, 'deposits.queue', {
      cookie: owner.cookie,
      query: { state: 'wait', page: 1, pageSize: 1 },
    });
    expect(one.body.list).toHaveLength(1);
    expect(one.body.maxCount).toBe(res.body.maxCount);
    // A state the entry's type refuses.
    expect((await bo(t, 'GET', '/deposits?state=done', { cookie: owner.cookie })).code).toBe(400);
    expect((await bo(t, 'deposits.queue', { cookie: owner.cookie, query: { page: 0 } })).code).toBe(400);
  });

  it('takes, approves and notes a deposit: success, then already; not_found for no such request', async () => {
    const m = await createMember(t, { cash: 1_000 });
    const id = await deposit(m, 50_000);
    expect((await bo(t, 'deposits.reg', { cookie: cashier.cookie, params: { id } })).body).toEqual({
      status: 'success',
    });
    expect((await bo(t, 'deposits.reg', { cookie: cashier.cookie, params: { id } })).body).toEqual({
      status: 'already',
    });
    expect(
      (await bo(t, 'deposits.queue', { cookie: cashier.cookie, query: { state: 'reg' } })).body.list.map(
        (r: { id: number }) => r.id,
      ),
    ).toContain(id);
    expect((await bo(t, 'deposits.approve', { cookie: cashier.cookie, params: { id } })).body).toEqual({
      status: 'success',
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 51_000 });
    expect((await bo(t, 'deposits.approve', { cookie: cashier.cookie, params: { id } })).body).toEqual({
      status: 'already',
    });
    expect((await bo(t, 'deposits.reject', { cookie: cashier.cookie, params: { id } })).body).toEqual({
      status: 'already',
    });
    expect((await bo(t, 'deposits.reg', { cookie: cashier.cookie, params: { id } })).body).toEqual({
      status: 'already',
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 51_000 });
    expect(
      (await bo(t, 'deposits.approve', { cookie: cashier.cookie, params: { id: 999999 } })).body,
    ).toEqual({
      status: 'not_found',
    });
    expect((await bo(t, 'deposits.reject', { cookie: cashier.cookie, params: { id: 999999 } })).body).toEqual(
      {
        status: 'not_found',
      },
    );
    expect((await bo(t, 'deposits.reg', { cookie: cashier.cookie, params: { id: 999999 } })).body).toEqual({
      status: 'not_found',
    });
    expect((await bo(t, 'deposits.approve', { cookie: cashier.cookie, params: { id: 'abc' } })).code).toBe(
      400,
    );

    const row = await t.db
      .selectFrom('deposit_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'already', handled_by: cashier.id });
    expect(row.processed_at).not.toBeNull();
    expect(await notes(m.id)).toEqual([
      {
        title: '충전 완료 안내',
        contents: '<p>신청하신 충전 50,000원이 완료되었습니다.</p>',
        created_by: cashier.operatorId,
      },
    ]);
    const audit = await auditOf(t, `deposit:${id}`, AUDIT_ORIGIN);
    expect(audit.map((a) => a.action)).toEqual(['deposit.reg', 'deposit.approve']);
    expect(audit[1]).toMatchObject({
      operator_id: cashier.id,
      actor: cashier.operatorId,
      ip: '127.0.0.1',
      before: { state: 'reg' },
      after: { state: 'already' },
    });
  });

  it('rejects a deposit with the reason in the member’s note (escaped), moving nothing', async () => {
    const m = await createMember(t);
    const id = await deposit(m, 30_000);
    expect(
      (
        await bo(t, 'deposits.reject', {
          cookie: owner.cookie,
          params: { id },
          body: { reason: '입금 확인 불가 <script>' },
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 0 });
    const row = await t.db
      .selectFrom('deposit_requests')
      .select(['state', 'reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'cansel', reason: '입금 확인 불가 <script>' });
    const [note] = await notes(m.id);
    expect(note!.title).toBe('충전 신청 취소 안내');
    expect(note!.contents).toContain('30,000원');
    expect(note!.contents).toContain('사유: 입금 확인 불가 &#60;script&#62;');
    expect(
      (
        await bo(t, 'deposits.reject', {
          cookie: owner.cookie,
          params: { id },
          body: { reason: 'x'.repeat(201) },
        })
      ).code,
    ).toBe(400);
    expect(
      // An unknown field, which the entry's type refuses.
      (await bo(t, 'POST', `/deposits/${id}/approve`, { cookie: owner.cookie, body: { extra: 1 } })).code,
    ).toBe(400);
  });
});

describe('the withdrawal queue', () => {
  it('shows the destination account to owner and cashier', async () => {
    const m = await createMember(t, { cash: 100_000 });
    const id = await withdraw(m, 20_000);
    const res = await bo(t, 'withdraws.queue', { cookie: cashier.cookie, query: { state: 'wait' } });
    expect(res.body.list.find((r: { id: number }) => r.id === id)).toEqual({
      id,
      userId: m.userId,
      amount: 20_000,
      bankname: '004',
      bankOwner: '홍길동',
      banknum: expect.stringMatching(/^\d+$/),
      state: 'wait',
      reason: null,
      regDate: expect.any(String),
    });
  });

  it('approves a withdrawal by settling its hold, once', async () => {
    const m = await createMember(t, { cash: 100_000 });
    const id = await withdraw(m, 40_000);
    expect((await bo(t, 'withdraws.approve', { cookie: cashier.cookie, params: { id } })).body).toEqual({
      status: 'success',
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 60_000 });
    const row = await t.db
      .selectFrom('withdraw_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('already');
    expect((await t.ledger.getHold(row.hold_id!))?.state).toBe('posted');
    expect((await bo(t, 'withdraws.approve', { cookie: cashier.cookie, params: { id } })).body).toEqual({
      status: 'already',
    });
    expect((await bo(t, 'withdraws.reject', { cookie: cashier.cookie, params: { id } })).body).toEqual({
      status: 'already',
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 60_000 });
    expect(await notes(m.id)).toEqual([
      {
        title: '환전 완료 안내',
        contents: '<p>신청하신 환전 40,000원이 완료되었습니다.</p>',
        created_by: cashier.operatorId,
      },
    ]);
    expect(
      (await bo(t, 'withdraws.approve', { cookie: cashier.cookie, params: { id: 999999 } })).body,
    ).toEqual({
      status: 'not_found',
    });
  });

  it('rejects a taken withdrawal and returns the held money', async () => {
    const m = await createMember(t, { cash: 100_000 });
    const id = await withdraw(m, 40_000);
    expect((await bo(t, 'withdraws.reg', { cookie: cashier.cookie, params: { id } })).body).toEqual({
      status: 'success',
    });
    expect(
      (
        await bo(t, 'withdraws.reject', {
          cookie: cashier.cookie,
          params: { id },
          body: { reason: '본인 확인 필요' },
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 100_000 });
    const [note] = await notes(m.id);
    expect(note).toEqual({
      title: '환전 신청 취소 안내',
      contents:
        '<p>신청하신 환전 40,000원이 취소되었습니다. 신청 금액은 보유머니로 반환되었습니다.</p><p>사유: 본인 확인 필요</p>',
      created_by: cashier.operatorId,
    });
    expect((await bo(t, 'withdraws.reject', { cookie: cashier.cookie, params: { id } })).body).toEqual({
      status: 'already',
    });
    expect(
      (await bo(t, 'withdraws.reject', { cookie: cashier.cookie, params: { id: 999999 } })).body,
    ).toEqual({
      status: 'not_found',
    });
    expect((await bo(t, 'withdraws.reg', { cookie: cashier.cookie, params: { id: 999999 } })).body).toEqual({
      status: 'not_found',
    });
  });
});

describe('roles', () => {
  it('keep support and content out of the money calls (403 denied) and change nothing', async () => {
    const m = await createMember(t, { cash: 100_000 });
    const id = await withdraw(m, 10_000);
    for (const op of [support, content]) {
      for (const [method, url, body] of [
        ['GET', '/deposits?state=wait', undefined],
        ['GET', '/withdraws', undefined],
        ['POST', `/withdraws/${id}/reg`, {}],
        ['POST', `/withdraws/${id}/approve`, {}],
        ['POST', `/withdraws/${id}/reject`, {}],
        ['POST', `/members/${m.userId}/adjust`, { amount: 1_000, reason: 'x' }],
        ['GET', '/settings/cashier', undefined],
        ['PUT', '/settings/cashier', { minDeposit: 1_000 }],
        ['GET', '/audit', undefined],
      ] as const) {
        expect(await bo(t, method, url, { cookie: op.cookie, body })).toMatchObject({
          code: 403,
          body: { status: 'denied' },
        });
      }
    }
    expect(
      (await bo(t, 'settings.updateCashier', { cookie: cashier.cookie, body: { minDeposit: 1_000 } })).body,
    ).toEqual({ status: 'denied' });
    expect((await bo(t, 'operators.list', { cookie: cashier.cookie })).body).toEqual({ status: 'denied' });
    expect(
      (await bo(t, 'members.detail', { cookie: content.cookie, params: { userId: m.userId } })).body,
    ).toEqual({
      status: 'denied',
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 90_000 });
    expect(await requestState(t, 'withdraw', id)).toBe('wait');
  });

  it('tell an operator what they may do', async () => {
    expect((await bo(t, 'session.me', { cookie: support.cookie })).body).toEqual({
      status: 'success',
      operator: {
        operatorId: support.operatorId,
        role: 'support',
        permissions: [
          'memberRead',
          'rounds',
          'support',
          'dashboard',
          'memberManage',
          'protectionReport',
          'memberList',
        ],
      },
    });
  });
});

describe('member detail', () => {
  it('shows balances, state and the last ledger entries; the bank number only to owner and cashier', async () => {
    const m = await createMember(t, { cash: 70_000, comp: 3_000, game: 2_000 });
    await withdraw(m, 10_000);
    const asOwner = await bo(t, 'members.detail', { cookie: owner.cookie, params: { userId: m.userId } });
    expect(asOwner.body.status).toBe('success');
    expect(asOwner.body.member).toMatchObject({
      id: m.id,
      userId: m.userId,
      state: 'active',
      balance: 60_000,
      rolling: 3_000,
      in_balance: 2_000,
      bankname: '004',
      bankOwner: '홍길동',
      banknum: expect.stringMatching(/^\d+$/),
    });
    expect(asOwner.body.ledger[0]).toEqual({
      id: expect.any(Number),
      kind: 'cash',
      code: 'withdrawal_hold',
      amount: -10_000,
      regDate: expect.any(String),
    });
    expect(
      (await bo(t, 'members.detail', { cookie: cashier.cookie, params: { userId: m.userId } })).body.member
        .banknum,
    ).toBe(m.cookie ? asOwner.body.member.banknum : null);
    const asSupport = await bo(t, 'members.detail', { cookie: support.cookie, params: { userId: m.userId } });
    expect(asSupport.body.member.banknum).toBeNull();
    expect(JSON.stringify(asSupport.body)).not.toContain(asOwner.body.member.banknum);
    expect(
      (await bo(t, 'members.detail', { cookie: owner.cookie, params: { userId: 'nosuchuser' } })).body,
    ).toEqual({
      status: 'not_found',
    });
  });
});

describe('adjustments', () => {
  it('credit and debit cash and points through the adjustment account, audited', async () => {
    const m = await createMember(t, { cash: 10_000, comp: 5_000 });
    expect(
      (
        await bo(t, 'members.adjust', {
          cookie: cashier.cookie,
          params: { userId: m.userId },
          body: { amount: 25_000, reason: '이벤트 지급' },
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    expect(
      (
        await bo(t, 'members.adjust', {
          cookie: cashier.cookie,
          params: { userId: m.userId },
          body: { amount: -5_000, reason: '오지급 회수' },
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    expect(
      (
        await bo(t, 'members.adjust', {
          cookie: owner.cookie,
          params: { userId: m.userId },
          body: { amount: -2_000, reason: '포인트 회수', kind: 'point' },
        })
      ).body,
    ).toEqual({
      status: 'success',
    });
    expect(await balances(t, m.id)).toEqual({ cash: 30_000, comp: 3_000, game: 0 });
    const audit = await auditOf(t, `member:${m.userId}`, AUDIT_ORIGIN);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['member.adjust', { cash: 10_000 }, { cash: 35_000, amount: 25_000, reason: '이벤트 지급' }],
      ['member.adjust', { cash: 35_000 }, { cash: 30_000, amount: -5_000, reason: '오지급 회수' }],
      ['member.adjust', { point: 5_000 }, { point: 3_000, amount: -2_000, reason: '포인트 회수' }],
    ]);
  });

  it('answers balance for a debit beyond the balance, not_found for no such member, 400 for a bad body', async () => {
    const m = await createMember(t, { cash: 10_000 });
    // Bad bodies too (no reason), which the entry's type refuses.
    const adjust = (body: unknown, userId = m.userId) =>
      bo(t, 'POST', `/members/${userId}/adjust`, { cookie: owner.cookie, body });
    expect((await adjust({ amount: -10_001, reason: 'x' })).body).toEqual({ status: 'balance' });
    expect((await adjust({ amount: -1, reason: 'x', kind: 'point' })).body).toEqual({ status: 'balance' });
    expect((await adjust({ amount: 1_000, reason: 'x' }, 'nosuchuser')).body).toEqual({
      status: 'not_found',
    });
    expect(await adjust({ amount: 0, reason: 'x' })).toMatchObject({
      code: 400,
      body: { errors: [{ path: 'amount', code: 'min' }] },
    });
    expect(await adjust({ amount: 1_000 })).toMatchObject({
      code: 400,
      body: { errors: [{ path: 'reason', code: 'required' }] },
    });
    expect(await adjust({ amount: 1.5, reason: 'x' })).toMatchObject({ code: 400 });
    expect(await adjust({ amount: 100_000_001, reason: 'x' })).toMatchObject({
      code: 400,
      body: { errors: [{ path: 'amount', code: 'max' }] },
    });
    expect(await adjust({ amount: 1_000, reason: 'x', kind: 'game' })).toMatchObject({
      code: 400,
      body: { errors: [{ path: 'kind', code: 'pattern' }] },
    });
    expect(await balances(t, m.id)).toEqual({ cash: 10_000, comp: 0, game: 0 });
    expect(await auditOf(t, `member:${m.userId}`, AUDIT_ORIGIN)).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer of an approval and moves nothing again', async () => {
    const m = await createMember(t);
    const id = await deposit(m, 10_000);
    const first = await bo(t, 'deposits.approve', {
      cookie: cashier.cookie,
      key: 'approve-1',
      params: { id },
    });
    expect(first.body).toEqual({ status: 'success' });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await bo(t, 'deposits.approve', {
      cookie: cashier.cookie,
      key: 'approve-1',
      params: { id },
    });
    expect(again.body).toEqual({ status: 'success' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Without the key, a second approval is told the truth: already.
    expect((await bo(t, 'deposits.approve', { cookie: cashier.cookie, params: { id } })).body).toEqual({
      status: 'already',
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 10_000 });
    expect((await auditOf(t, `deposit:${id}`, AUDIT_ORIGIN)).length).toBe(1);
  });

  it('replays an adjustment and refuses the key for another request (400)', async () => {
    const m = await createMember(t);
    const adjust = (amount: number, key: string, op = owner) =>
      bo(t, 'members.adjust', {
        cookie: op.cookie,
        key,
        params: { userId: m.userId },
        body: { amount, reason: '보정' },
      });
    expect((await adjust(5_000, 'adj-1')).body).toEqual({ status: 'success' });
    expect((await adjust(5_000, 'adj-1')).body).toEqual({ status: 'success' });
    expect(await balances(t, m.id)).toMatchObject({ cash: 5_000 });
    const conflict = await adjust(6_000, 'adj-1');
    expect(conflict.code).toBe(400);
    expect(conflict.body).toEqual({
      status: 'invalid',
      errors: [{ path: 'idempotencyKey', code: 'pattern' }],
    });
    // Keys belong to the operator who sent them.
    expect((await adjust(5_000, 'adj-1', cashier)).body).toEqual({ status: 'success' });
    expect(await balances(t, m.id)).toMatchObject({ cash: 10_000 });
    expect((await adjust(5_000, 'x'.repeat(101))).code).toBe(400);
    expect((await adjust(5_000, '')).code).toBe(400);
  });

  it('replays a business answer too (balance), even after the money arrived', async () => {
    const m = await createMember(t);
    const debit = () =>
      bo(t, 'members.adjust', {
        cookie: owner.cookie,
        key: 'debit-1',
        params: { userId: m.userId },
        body: { amount: -1_000, reason: 'x' },
      });
    expect((await debit()).body).toEqual({ status: 'balance' });
    await bo(t, 'members.adjust', {
      cookie: owner.cookie,
      params: { userId: m.userId },
      body: { amount: 5_000, reason: 'x' },
    });
    expect((await debit()).body).toEqual({ status: 'balance' });
    expect(await balances(t, m.id)).toMatchObject({ cash: 5_000 });
  });
});

describe('cashier settings', () => {
  it('are read and changed by the owner, audited with before and after', async () => {
    const read = await bo(t, 'settings.cashier', { cookie: cashier.cookie });
    expect(read.body).toEqual({
      status: 'success',
      settings: {
        minDeposit: 10_000,
        minWithdraw: 10_000,
        unit: 1_000,
        maxAmount: 100_000_000,
        minConversion: 10_000,
        depositLock: null,
        withdrawLock: null,
        withdrawSecondApprovalAbove: 0,
      },
    });
    const put = await bo(t, 'settings.updateCashier', {
      cookie: owner.cookie,
      body: { minConversion: 5_000 },
    });
    expect(put.body).toMatchObject({
      status: 'success',
      settings: { minConversion: 5_000, minDeposit: 10_000 },
    });
    const m = await createMember(t, { comp: 6_000 });
    expect((await call(t, 'roll-to-balance', { amount: 5_000 }, m.cookie)).body).toEqual({
      status: 'success',
    });
    const [entry] = await auditOf(t, 'settings:cashier', AUDIT_ORIGIN);
    expect(entry).toMatchObject({
      action: 'settings.cashier',
      actor: owner.operatorId,
      before: { minConversion: 10_000 },
      after: { minConversion: 5_000 },
    });
    await bo(t, 'settings.updateCashier', { cookie: owner.cookie, body: { minConversion: 10_000 } });
  });

  it('refuse bad values (400) and inconsistent ones', async () => {
    expect(
      (await bo(t, 'settings.updateCashier', { cookie: owner.cookie, body: { minDeposit: 0 } })).code,
    ).toBe(400);
    // An unknown field, which the entry's type refuses.
    expect(
      (await bo(t, 'PUT', '/settings/cashier', { cookie: owner.cookie, body: { nope: 1 } })).body,
    ).toEqual({
      status: 'invalid',
      errors: [{ path: 'nope', code: 'unknown' }],
    });
    expect(
      (await bo(t, 'settings.updateCashier', { cookie: owner.cookie, body: { maxAmount: 5_000 } })).body,
    ).toMatchObject({
      status: 'invalid',
      errors: expect.arrayContaining([{ path: 'minDeposit', code: 'max' }]),
    });
    expect((await bo(t, 'settings.cashier', { cookie: owner.cookie })).body.settings.maxAmount).toBe(
      100_000_000,
    );
  });
});

describe('operators and the audit log', () => {
  it('lets the owner create operators (with a TOTP secret shown once) and read the log', async () => {
    const created = await bo(t, 'operators.create', {
      cookie: owner.cookie,
      body: { operatorId: 'Cash2', password: 'a-long-password', role: 'cashier', withTotp: true },
    });
    expect(created.body).toMatchObject({
      status: 'success',
      totpSecret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    });
    expect(
      (
        await bo(t, 'operators.create', {
          cookie: owner.cookie,
          body: { operatorId: 'cash2', password: 'a-long-password', role: 'cashier' },
        })
      ).body,
    ).toEqual({
      status: 'already',
    });
    const signIn = await login({
      operatorId: 'cash2',
      password: 'a-long-password',
      totp: totpCode(created.body.totpSecret!, t.clock.now().getTime()),
    });
    expect(signIn.body).toEqual({ status: 'success' });
    const list = await bo(t, 'operators.list', { cookie: owner.cookie });
    expect(list.body.list.find((o: { operatorId: string }) => o.operatorId === 'cash2')).toMatchObject({
      role: 'cashier',
      hasTotp: true,
      isActive: true,
    });
    const log = await bo(t, 'audit.list', { cookie: owner.cookie, query: { target: 'operator:cash2' } });
    expect(log.body).toMatchObject({
      status: 'success',
      maxCount: 1,
      list: [{ action: 'operator.create', operatorId: owner.operatorId }],
    });
  });

  it('keeps the audit log append-only in the database itself', async () => {
    await expect(t.db.updateTable('audit_log').set({ actor: 'someone' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });
});

describe('ledger invariants', () => {
  it('hold after everything above', async () => {
    expect(await t.ledger.checkInvariants()).toEqual({ ok: true, violations: [] });
  });
});
