import { describe, expect, it } from 'vitest';
import {
  bo,
  call,
  createMember,
  fileTestApp,
  operatorsOfEveryRole,
  signIn,
  type TestMember,
  type TestOperator,
} from './factories.ts';

const t = await fileTestApp();
const { owner, cashier, support, content } = await operatorsOfEveryRole(t);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const at = (offsetMs = 0) => new Date(t.clock.now().getTime() + offsetMs);

/** Moves the clock; the operators sign in again (their sessions would have gone idle). */
async function advance(ms: number): Promise<void> {
  t.clock.advance(ms);
  for (const op of [owner, cashier, support, content]) {
    const { token } = await t.services.sessions.create('operator', op.id);
    op.cookie = `bo_sid=${token}`;
  }
}

/** A break as the protection module records it when the member takes one. */
async function breakRow(
  memberId: number,
  kind: 'time_out' | 'self_exclusion',
  period: string,
  startedAt: Date,
  until: Date | null,
): Promise<number> {
  const inserted = await t.db
    .insertInto('member_breaks')
    .values({ member_id: memberId, kind, period, started_at: startedAt, until })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

async function breaksOf(memberId: number) {
  return t.db
    .selectFrom('member_breaks')
    .select(['id', 'kind', 'period', 'started_at', 'until'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

async function nickOf(m: TestMember): Promise<string> {
  const row = await t.db
    .selectFrom('members')
    .select('nick')
    .where('id', '=', m.id)
    .executeTakeFirstOrThrow();
  return row.nick;
}

describe('who may read player protection', () => {
  it('member tab: owner, cashier and support; the breaks report: owner and support', async () => {
    const m = await createMember(t, { signedIn: false });
    const params = { userId: m.userId };
    for (const op of [owner, cashier, support])
      expect((await bo(t, 'members.protection', { cookie: op.cookie, params })).code).toBe(200);
    for (const op of [owner, support])
      expect((await bo(t, 'protection.breaks', { cookie: op.cookie })).code).toBe(200);
    expect(await bo(t, 'protection.breaks', { cookie: cashier.cookie })).toMatchObject({
      code: 403,
      body: { status: 'denied' },
    });
    for (const read of [
      (cookie?: string) => bo(t, 'members.protection', { cookie, params }),
      (cookie?: string) => bo(t, 'protection.breaks', { cookie }),
    ]) {
      expect(await read(content.cookie)).toMatchObject({
        code: 403,
        body: { status: 'denied' },
      });
      expect((await read()).code).toBe(401);
    }
  });

  it('lists the report permission in GET /me for owner and support only', async () => {
    const perms = async (op: TestOperator) =>
      (await bo(t, 'session.me', { cookie: op.cookie })).body.operator.permissions as string[];
    expect(await perms(owner)).toContain('protectionReport');
    expect(await perms(support)).toContain('protectionReport');
    expect(await perms(cashier)).not.toContain('protectionReport');
    expect(await perms(content)).not.toContain('protectionReport');
  });

  it('offers no way to change protection: writes to its URLs name no route', async () => {
    const m = await createMember(t, { signedIn: false });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [`/members/${m.userId}/protection`, '/protection/breaks']) {
        expect(await bo(t, method, url, { cookie: owner.cookie, body: {} })).toMatchObject({
          code: 400,
          body: { status: 'invalid', errors: [{ path: '', code: 'unknown' }] },
        });
      }
    }
  });
});

describe('GET /api/backoffice/members/:userId/protection', () => {
  it('answers not_found for an unknown member and refuses a malformed id', async () => {
    expect(
      (await bo(t, 'members.protection', { cookie: owner.cookie, params: { userId: 'nobody99' } })).body,
    ).toEqual({
      status: 'not_found',
    });
    expect((await bo(t, 'members.protection', { cookie: owner.cookie, params: { userId: 'x!' } })).code).toBe(
      400,
    );
  });

  it('shows a member who never set anything: no limits, no breaks, reality check off', async () => {
    const m = await createMember(t, { signedIn: false });
    expect(
      (await bo(t, 'members.protection', { cookie: support.cookie, params: { userId: m.userId } })).body,
    ).toEqual({
      status: 'success',
      limits: {
        deposit: { day: null, week: null, month: null },
        loss: { day: null, week: null, month: null },
      },
      pending: [],
      history: [],
      historyCount: 0,
      breaks: [],
      activeBreak: null,
      realityCheckMinutes: 0,
    });
  });

  it('shows what the member set: limits in force, the pending change and every change with its state, as the clock moves', async () => {
    const m = await createMember(t, { signedIn: false });
    // The member's own calls, signed in afresh after each move of the clock (sessions go idle).
    const member = async (name: string, body: unknown) =>
      (await call(t, name, body, await signIn(t, m))).body.status as string;
    const limit = (kind: string, period: string, amount: number | null) =>
      member('set-play-limit', { kind, period, amount });

    expect(await member('set-reality-check', { minutes: 30 })).toBe('success');
    // 1. A daily deposit limit of 100,000, in force at once.
    expect(await limit('deposit', 'day', 100_000)).toBe('success');
    await advance(HOUR);
    // 2. An increase to 200,000: waits 24 hours.
    expect(await limit('deposit', 'day', 200_000)).toBe('wait');
    await advance(HOUR);
    // 3. A weekly loss limit, in force at once.
    expect(await limit('loss', 'week', 50_000)).toBe('success');
    await advance(HOUR);
    // 4. A decrease to 80,000: in force at once, and it cancels the pending increase.
    expect(await limit('deposit', 'day', 80_000)).toBe('success');
    await advance(HOUR);
    // 5. Removal of the daily deposit limit: waits 24 hours.
    expect(await limit('deposit', 'day', null)).toBe('wait');

    const params = { userId: m.userId };
    const before = (await bo(t, 'members.protection', { cookie: cashier.cookie, params })).body;
    expect(before.limits).toEqual({
      deposit: { day: 80_000, week: null, month: null },
      loss: { day: null, week: 50_000, month: null },
    });
    expect(before.realityCheckMinutes).toBe(30);
    expect(before.historyCount).toBe(5);
    type Change = { id: number; kind: string; period: string; amount: number | null; state: string } & Record<
      'requestedAt' | 'effectiveAt',
      string
    > & { cancelledAt: string | null };
    const history = before.history as Change[];
    expect(history.map((h) => [h.kind, h.period, h.amount, h.state])).toEqual([
      ['deposit', 'day', null, 'pending'],
      ['deposit', 'day', 80_000, 'in_force'],
      ['loss', 'week', 50_000, 'in_force'],
      ['deposit', 'day', 200_000, 'cancelled'],
      ['deposit', 'day', 100_000, 'replaced'],
    ]);
    const [removal, lower, , raise, first] = history as [Change, Change, Change, Change, Change];
    const ms = (iso: string) => new Date(iso).getTime();
    // Decreases apply when asked, increases and removals 24 hours later; the decrease cancelled the raise.
    expect(ms(first.effectiveAt) - ms(first.requestedAt)).toBe(0);
    expect(ms(lower.effectiveAt) - ms(lower.requestedAt)).toBe(0);
    expect(ms(raise.effectiveAt) - ms(raise.requestedAt)).toBe(DAY);
    expect(ms(removal.effectiveAt) - ms(removal.requestedAt)).toBe(DAY);
    expect(raise.cancelledAt).toBe(lower.requestedAt);
    expect([first, lower, removal].map((h) => h.cancelledAt)).toEqual([null, null, null]);
    expect(before.pending).toEqual([
      { kind: 'deposit', period: 'day', amount: null, effectiveAt: removal.effectiveAt },
    ]);
    // The member's own page says the same.
    const own = (await call(t, 'get-play-limits', {}, await signIn(t, m))).body;
    expect(own.limits).toEqual(before.limits);
    expect(own.pending).toEqual(before.pending);

    // A second before the removal applies nothing has changed; at its moment the limit is gone.
    await advance(ms(removal.effectiveAt) - at().getTime() - 1_000);
    expect(
      (await bo(t, 'members.protection', { cookie: owner.cookie, params })).body.limits.deposit.day,
    ).toBe(80_000);
    await advance(1_000);
    const after = (await bo(t, 'members.protection', { cookie: owner.cookie, params })).body;
    expect(after.limits.deposit.day).toBeNull();
    expect(after.pending).toEqual([]);
    expect((after.history as Change[]).map((h) => [h.id, h.state])).toEqual([
      [removal.id, 'in_force'],
      [lower.id, 'replaced'],
      [history[2]!.id, 'in_force'],
      [raise.id, 'cancelled'],
      [first.id, 'replaced'],
    ]);
    // Another member's changes never show.
    const other = await createMember(t, { signedIn: false });
    expect(
      (await bo(t, 'members.protection', { cookie: owner.cookie, params: { userId: other.userId } })).body
        .history,
    ).toEqual([]);
  });

  it('lists every break newest first and marks the one in force until its end', async () => {
    const m = await createMember(t, { signedIn: false });
    const old = await breakRow(m.id, 'time_out', '24h', at(-10 * DAY), at(-9 * DAY));
    const current = await breakRow(m.id, 'time_out', '7d', at(-HOUR), at(7 * DAY - HOUR));
    const params = { userId: m.userId };
    const body = (await bo(t, 'members.protection', { cookie: support.cookie, params })).body;
    expect(body.breaks.map((b: { id: number; active: boolean }) => [b.id, b.active])).toEqual([
      [current, true],
      [old, false],
    ]);
    expect(body.activeBreak).toMatchObject({ id: current, kind: 'time_out', period: '7d', active: true });

    await advance(7 * DAY - HOUR);
    const ended = (await bo(t, 'members.protection', { cookie: support.cookie, params })).body;
    expect(ended.activeBreak).toBeNull();
    expect(ended.breaks.map((b: { active: boolean }) => b.active)).toEqual([false, false]);
  });
});

describe('GET /api/backoffice/protection/breaks', () => {
  it('lists only the breaks in force, newest first, by kind and page; a time-out drops out at its end', async () => {
    const base = (await bo(t, 'protection.breaks', { cookie: owner.cookie, query: { pageSize: 100 } })).body;
    const known = new Set(base.list.map((r) => r.id));
    const fresh = async (kind?: 'time_out' | 'self_exclusion') =>
      (
        await bo(t, 'protection.breaks', { cookie: support.cookie, query: { pageSize: 100, kind } })
      ).body.list.filter((r) => !known.has(r.id));

    const a = await createMember(t, { signedIn: false });
    const b = await createMember(t, { signedIn: false });
    const c = await createMember(t, { signedIn: false });
    // An ended time-out (never listed), a 24-hour time-out, then a permanent self-exclusion.
    await breakRow(c.id, 'time_out', '24h', at(-3 * DAY), at(-2 * DAY));
    const timeOutStart = at(-2 * HOUR);
    const timeOutEnd = new Date(timeOutStart.getTime() + DAY);
    const timeOut = await breakRow(a.id, 'time_out', '24h', timeOutStart, timeOutEnd);
    await advance(1_000);
    const exclusionStart = at();
    const exclusion = await breakRow(b.id, 'self_exclusion', 'permanent', exclusionStart, null);

    expect(await fresh()).toEqual([
      {
        id: exclusion,
        userId: b.userId,
        nick: await nickOf(b),
        kind: 'self_exclusion',
        period: 'permanent',
        startedAt: exclusionStart.toISOString(),
        until: null,
      },
      {
        id: timeOut,
        userId: a.userId,
        nick: await nickOf(a),
        kind: 'time_out',
        period: '24h',
        startedAt: timeOutStart.toISOString(),
        until: timeOutEnd.toISOString(),
      },
    ]);
    expect((await fresh('time_out')).map((r) => r.id)).toEqual([timeOut]);
    expect((await fresh('self_exclusion')).map((r) => r.id)).toEqual([exclusion]);

    const total = base.maxCount + 2;
    const page1 = (await bo(t, 'protection.breaks', { cookie: owner.cookie, query: { pageSize: 1 } })).body;
    expect(page1).toMatchObject({ status: 'success', maxCount: total });
    expect(page1.list.map((r: { id: number }) => r.id)).toEqual([exclusion]);
    const page2 = (
      await bo(t, 'protection.breaks', { cookie: owner.cookie, query: { pageSize: 1, page: 2 } })
    ).body;
    expect(page2.list.map((r: { id: number }) => r.id)).toEqual([timeOut]);

    // Listed a minute before the time-out's end, gone from its end on.
    await advance(timeOutEnd.getTime() - at().getTime() - 60_000);
    expect((await fresh()).map((r) => r.id)).toEqual([exclusion, timeOut]);
    await advance(60_000);
    expect((await fresh()).map((r) => r.id)).toEqual([exclusion]);
    expect((await bo(t, 'protection.breaks', { cookie: owner.cookie })).body.maxCount).toBe(total - 1);
  });

  it('lists a member once, with the break that ends last, when two overlap', async () => {
    const d = await createMember(t, { signedIn: false });
    const timeOut = await breakRow(d.id, 'time_out', '7d', at(-HOUR), at(7 * DAY));
    const exclusion = await breakRow(d.id, 'self_exclusion', '1y', at(-2 * HOUR), at(365 * DAY));
    const rowsOf = async (kind?: 'time_out' | 'self_exclusion') =>
      (
        await bo(t, 'protection.breaks', { cookie: owner.cookie, query: { pageSize: 100, kind } })
      ).body.list.filter((r) => r.userId === d.userId);
    expect((await rowsOf()).map((r) => r.id)).toEqual([exclusion]);
    expect(await rowsOf('time_out')).toEqual([]);
    expect((await rowsOf('self_exclusion')).map((r) => r.id)).toEqual([exclusion]);
    const view = (await bo(t, 'members.protection', { cookie: support.cookie, params: { userId: d.userId } }))
      .body;
    expect(view.activeBreak!.id).toBe(exclusion);
    expect(view.breaks.map((b: { id: number; active: boolean }) => [b.id, b.active])).toEqual([
      [timeOut, true],
      [exclusion, true],
    ]);
  });

  it('refuses an unknown kind and a page size over the maximum', async () => {
    // Raw queries, some of which the entry's type refuses.
    for (const query of ['?kind=forever', '?pageSize=101', '?page=0', '?extra=1'])
      expect((await bo(t, 'GET', `/protection/breaks${query}`, { cookie: owner.cookie })).code).toBe(400);
  });
});

describe('no back-office action lifts a break', () => {
  it('block, unblock, level, sign-out, password resets and adjustments leave the break in force', async () => {
    const m = await createMember(t, { cash: 50_000, signedIn: false });
    const until = at(30 * DAY);
    await breakRow(m.id, 'time_out', '30d', at(), until);
    const before = await breaksOf(m.id);
    const url = (action: string) => `/members/${m.userId}/${action}`;

    const actions: ['POST' | 'PATCH', string, unknown][] = [
      ['POST', 'block', {}],
      ['POST', 'unblock', {}],
      ['PATCH', 'level', { level: 3 }],
      ['POST', 'signout', {}],
      ['POST', 'reset-exchange-password', {}],
      ['POST', 'reset-password', {}],
      ['POST', 'adjust', { amount: -10_000, reason: '출금 대행' }],
    ];
    for (const [method, action, body] of actions) {
      const res = await bo(t, method, url(action), { cookie: owner.cookie, body });
      expect(res.code, action).toBe(200);
      expect(res.body.status, action).toBe('success');
      expect(await breaksOf(m.id), action).toEqual(before);
    }
    // Unblocked and active again, the member is still under the time-out until its end.
    const state = await t.db
      .selectFrom('members')
      .select('state')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('active');
    const view = (await bo(t, 'members.protection', { cookie: owner.cookie, params: { userId: m.userId } }))
      .body;
    expect(view.activeBreak).toMatchObject({ kind: 'time_out', period: '30d', until: until.toISOString() });
  });

  it('an unblocked member under a break still cannot sign in; without a break the same member could', async () => {
    const login = async (m: { userId: string; password: string }) =>
      call(t, 'user-do-login', { userId: m.userId, password: m.password });
    const lastOutcome = async (memberId: number) =>
      (
        await t.db
          .selectFrom('member_sign_ins')
          .select('outcome')
          .where('member_id', '=', memberId)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).outcome;
    const blockThenUnblock = async (userId: string) => {
      for (const action of ['members.block', 'members.unblock'] as const)
        expect((await bo(t, action, { cookie: support.cookie, params: { userId } })).body).toEqual({
          status: 'success',
        });
    };

    // The member takes a six-month self-exclusion from the portal.
    const onBreak = await createMember(t, { signedIn: false });
    const taken = await call(
      t,
      'take-break',
      { kind: 'self_exclusion', period: '6m', password: onBreak.password },
      await signIn(t, onBreak),
    );
    expect(taken.body.status).toBe('success');
    const recorded = await breaksOf(onBreak.id);
    expect(recorded).toHaveLength(1);
    await blockThenUnblock(onBreak.userId);
    expect(await breaksOf(onBreak.id)).toEqual(recorded);
    const refused = await login(onBreak);
    expect(refused.body.status).toBe('blocked');
    expect(String(refused.headers['set-cookie'] ?? '')).not.toContain('sid=');
    expect(await lastOutcome(onBreak.id)).toBe('blocked');

    const control = await createMember(t, { signedIn: false });
    await blockThenUnblock(control.userId);
    expect((await login(control)).body.status).toBe('success');
  });
});
