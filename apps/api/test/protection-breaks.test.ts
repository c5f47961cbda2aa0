import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemberPrincipal } from '../src/lib/calls.ts';
import { addCalendarMonths, breakEnd } from '../src/modules/protection/breaks.service.ts';
import {
  bo,
  call,
  cookiesOf,
  createMember,
  createOperator,
  fileTestApp,
  postCredentials,
  signIn,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

// Issue 14, breaks (docs/protection.md "Breaks"): a time-out or self-exclusion ends every session
// and launch token at once, refuses sign-in with its end until that instant, and nothing ends or
// shortens it. The app's clock is the test clock over `Date`, which these tests freeze and set.

const t = await fileTestApp();
let owner = await createOperator(t, 'owner');
let slot: TestProvider;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

beforeAll(async () => {
  slot = await createTestProvider(t, owner, { kind: 'slot', games: ['fruit'] });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  vi.useRealTimers();
});

/** Freezes the app's clock (the test clock reads `Date`) at `at`. */
function freezeAt(at: Date): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}

async function liveRows(memberId: number): Promise<{ member: number; game: number }> {
  const rows = await t.db
    .selectFrom('sessions')
    .select('subject_kind')
    .where('subject_id', '=', memberId)
    .where('subject_kind', 'in', ['member', 'game'])
    .execute();
  return {
    member: rows.filter((r) => r.subject_kind === 'member').length,
    game: rows.filter((r) => r.subject_kind === 'game').length,
  };
}

async function login(m: TestMember) {
  return (await call(t, 'user-do-login', { userId: m.userId, password: m.password })).body;
}

async function credentials(m: TestMember): Promise<{ code: number; url: string }> {
  const r = await postCredentials(t, { userId: m.userId, password: m.password });
  return { code: r.statusCode, url: (r.json() as { url: string }).url };
}

async function takeBreak(cookie: string, kind: string, period: string, password: string) {
  return call(t, 'take-break', { kind, period, password }, { cookie });
}

async function principalOf(m: TestMember, cookie: string): Promise<MemberPrincipal> {
  const principal = await t.services.members.resolve(cookie.replace(/^sid=/, ''), { touch: false });
  if (!principal) throw new Error('no session');
  return principal;
}

describe('the end of a break', () => {
  it('counts fixed periods in hours and calendar periods in UTC months, clamped to the month', () => {
    const at = new Date('2025-08-31T10:20:30.400Z');
    expect(breakEnd('24h', at)?.toISOString()).toBe('2025-09-01T10:20:30.400Z');
    expect(breakEnd('7d', at)?.toISOString()).toBe('2025-09-07T10:20:30.400Z');
    expect(breakEnd('30d', at)?.toISOString()).toBe('2025-09-30T10:20:30.400Z');
    expect(breakEnd('6w', at)?.toISOString()).toBe('2025-10-12T10:20:30.400Z');
    expect(breakEnd('6m', at)?.toISOString()).toBe('2026-02-28T10:20:30.400Z');
    expect(breakEnd('1y', at)?.toISOString()).toBe('2026-08-31T10:20:30.400Z');
    expect(breakEnd('5y', new Date('2028-02-29T00:00:00.000Z'))?.toISOString()).toBe(
      '2033-02-28T00:00:00.000Z',
    );
    expect(breakEnd('permanent', at)).toBeNull();
    expect(addCalendarMonths(new Date('2025-03-31T00:00:00.000Z'), -1).toISOString()).toBe(
      '2025-02-28T00:00:00.000Z',
    );
  });
});

describe('take-break', () => {
  it('checks the password and the period against the kind', async () => {
    const m = await createMember(t, { signedIn: false, cash: 1_000 });
    const cookie = await signIn(t, m);
    expect((await takeBreak(cookie, 'time_out', '24h', 'wrong-password')).body).toEqual({ status: 'pass' });
    const refused = await takeBreak(cookie, 'time_out', '6m', m.password);
    expect(refused.code).toBe(400);
    expect(refused.body.errors).toEqual([{ path: 'period', code: 'pattern' }]);
    expect((await takeBreak(cookie, 'self_exclusion', '30d', m.password)).code).toBe(400);
    expect(
      (await call(t, 'take-break', { kind: 'time_out', period: '24h', password: m.password })).code,
    ).toBe(401);
    // Nothing was taken: the member still plays.
    expect((await liveRows(m.id)).member).toBe(1);
    expect(
      await t.db.selectFrom('member_breaks').select('id').where('member_id', '=', m.id).execute(),
    ).toEqual([]);
    // A wrong password counts like a failed sign-in (10 within 15 minutes lock the id).
    for (let i = 0; i < 9; i++) await takeBreak(cookie, 'time_out', '24h', 'wrong-password');
    expect((await takeBreak(cookie, 'time_out', '24h', 'wrong-password')).code).toBe(429);
  });

  it('a time-out ends every session and launch token; sign-in is refused with its end until that instant', async () => {
    const start = new Date(Date.now() + 1_000);
    freezeAt(start);
    const m = await createMember(t, { signedIn: false, cash: 50_000 });
    const first = await signIn(t, m);
    const second = await signIn(t, m, { ip: '10.1.1.2' });
    const token = await slot.launch({ cookie: first });
    expect(await liveRows(m.id)).toEqual({ member: 2, game: 1 });

    const taken = await takeBreak(first, 'time_out', '24h', m.password);
    // The answer says when it ends (24 hours from the frozen start).
    expect(taken.body).toEqual({
      status: 'success',
      until: new Date(start.getTime() + 24 * 3_600_000).toISOString(),
    });
    expect(cookiesOf(taken).sid).toBe('');
    expect(await liveRows(m.id)).toEqual({ member: 0, game: 0 });
    for (const cookie of [first, second])
      expect((await call(t, 'user-health-check', {}, { cookie })).code).toBe(401);
    // The launch token is gone: the game can no longer bet.
    const bet = await slot.wallet('bet', {
      token,
      userId: m.userId,
      transactionId: `brk-${m.id}`,
      roundId: `brk-${m.id}`,
      gameCode: 'fruit',
      amount: 1_000,
    });
    expect(bet.body.status).not.toBe('RS_OK');
    expect(await t.ledger.memberBalances(m.id)).toMatchObject({ cash: 50_000 });

    const until = new Date(start.getTime() + DAY).toISOString();
    expect(await login(m)).toEqual({ status: 'blocked', until });
    expect(await credentials(m)).toEqual({
      code: 401,
      url: `/admin/error?error=AccessDenied&until=${encodeURIComponent(until)}`,
    });
    // A refused sign-in is recorded as such and is not a failure of the id.
    const attempts = await t.db
      .selectFrom('member_sign_ins')
      .select('outcome')
      .where('member_id', '=', m.id)
      .orderBy('id')
      .execute();
    expect(attempts.map((a) => a.outcome)).toEqual(['success', 'success', 'blocked', 'blocked']);

    vi.setSystemTime(new Date(start.getTime() + DAY - 1));
    expect(await login(m)).toEqual({ status: 'blocked', until });
    vi.setSystemTime(new Date(start.getTime() + DAY));
    const back = await login(m);
    expect(back.status).toBe('success');
    expect((await credentials(m)).code).toBe(200);
  });

  it('a permanent self-exclusion never ends', async () => {
    const start = new Date(Date.now() + 2_000);
    freezeAt(start);
    const m = await createMember(t, { signedIn: false });
    const cookie = await signIn(t, m);
    expect((await takeBreak(cookie, 'self_exclusion', 'permanent', m.password)).body).toEqual({
      status: 'success',
      until: null,
    });
    expect(await login(m)).toEqual({ status: 'blocked', until: null });
    expect(await credentials(m)).toEqual({
      code: 401,
      url: '/admin/error?error=AccessDenied&until=permanent',
    });
    vi.setSystemTime(new Date(start.getTime() + 50 * 366 * DAY));
    expect(await login(m)).toEqual({ status: 'blocked', until: null });
    expect(await t.services.breaks.activeBreak(m.id)).toMatchObject({
      kind: 'self_exclusion',
      period: 'permanent',
      until: null,
    });
  });

  it('a second break keeps the later end, never the earlier', async () => {
    const start = new Date(Date.now() + 3_000);
    freezeAt(start);
    const m = await createMember(t, { signedIn: false });
    const cookie = await signIn(t, m);
    // Two requests racing from one session, as the service sees them: both passed their session check.
    const principal = await principalOf(m, cookie);
    const ip = '127.0.0.1';
    expect(
      await t.services.breaks.takeBreak(
        principal,
        { kind: 'self_exclusion', period: '6m', password: m.password },
        ip,
      ),
    ).toEqual({ status: 'success', until: addCalendarMonths(start, 6) });
    vi.setSystemTime(new Date(start.getTime() + HOUR));
    // A shorter one changes nothing.
    expect(
      await t.services.breaks.takeBreak(
        principal,
        { kind: 'time_out', period: '24h', password: m.password },
        ip,
      ),
    ).toEqual({ status: 'success', until: addCalendarMonths(start, 6) });
    expect(await login(m)).toEqual({ status: 'blocked', until: addCalendarMonths(start, 6).toISOString() });
    // A longer one moves the end later.
    expect(
      await t.services.breaks.takeBreak(
        principal,
        { kind: 'self_exclusion', period: '1y', password: m.password },
        ip,
      ),
    ).toEqual({ status: 'success', until: new Date(addCalendarMonths(start, 12).getTime() + HOUR) });
    const end = new Date(addCalendarMonths(start, 12).getTime() + HOUR);
    expect(await login(m)).toEqual({ status: 'blocked', until: end.toISOString() });
    // Past the first break's end the member is still out; every row stays on record.
    vi.setSystemTime(new Date(addCalendarMonths(start, 6).getTime() + DAY));
    expect(await login(m)).toEqual({ status: 'blocked', until: end.toISOString() });
    const rows = await t.db
      .selectFrom('member_breaks')
      .select(['period'])
      .where('member_id', '=', m.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.period)).toEqual(['6m', '1y']);
    vi.setSystemTime(end);
    expect((await login(m)).status).toBe('success');
  });

  it('an operator can neither unblock nor otherwise lift a break', async () => {
    // A fresh operator session: the sweep at a far-moved clock above ended the first one.
    owner = await createOperator(t, 'owner');
    const m = await createMember(t, { signedIn: false });
    const cookie = await signIn(t, m);
    await takeBreak(cookie, 'time_out', '7d', m.password);
    const until = (await login(m)).until as string;
    expect(until).toEqual(expect.any(String));
    // The member's account state is untouched by a break: "unblock" has nothing to lift.
    expect(
      (await bo(t, 'members.unblock', { cookie: owner.cookie, params: { userId: m.userId } })).body,
    ).toEqual({
      status: 'already',
    });
    expect(
      (await bo(t, 'members.block', { cookie: owner.cookie, params: { userId: m.userId } })).body.status,
    ).toBe('success');
    expect(
      (await bo(t, 'members.unblock', { cookie: owner.cookie, params: { userId: m.userId } })).body.status,
    ).toBe('success');
    expect(await login(m)).toEqual({ status: 'blocked', until });
    // A password reset neither.
    const reset = await bo(t, 'members.resetPassword', {
      cookie: owner.cookie,
      params: { userId: m.userId },
    });
    expect(reset.body.status).toBe('success');
    expect(await login({ ...m, password: reset.body.password as string })).toEqual({
      status: 'blocked',
      until,
    });
    expect(
      await t.db.selectFrom('member_breaks').select('id').where('member_id', '=', m.id).execute(),
    ).toHaveLength(1);
  });

  it('a session that survived the start of a break is refused and ended at its next request; open-game is blocked', async () => {
    const m = await createMember(t, { signedIn: false, cash: 10_000 });
    const cookie = await signIn(t, m);
    await takeBreak(cookie, 'time_out', '30d', m.password);
    // A sign-in racing take-break: its session was written after the break began.
    const raced = await t.services.sessions.create('member', m.id);
    const racedCookie = `sid=${raced.token}`;
    expect((await call(t, 'user-health-check', {}, { cookie: racedCookie })).code).toBe(401);
    expect((await liveRows(m.id)).member).toBe(0);
    const again = await t.services.sessions.create('member', m.id);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `sid=${again.token}` },
    });
    expect(session.json()).toEqual({});
    expect((await liveRows(m.id)).member).toBe(0);
    // open-game for a member on a break, as a request that passed its session check would run it.
    expect(
      await t.services.catalog.openGame(
        { memberId: m.id, userId: m.userId, sessionId: again.session.id },
        { code: 'fruit', company: slot.code, lang: 'ko' },
      ),
    ).toEqual({ status: 'blocked' });
    expect((await liveRows(m.id)).game).toBe(0);
  });
});

describe('get-sessions and end-session', () => {
  it('lists the live sessions with the current one marked and the sign-in before it', async () => {
    const start = new Date(Date.now() + 4_000);
    freezeAt(start);
    const m = await createMember(t, { signedIn: false });
    const first = await signIn(t, m, { ip: '10.2.0.1', headers: { 'user-agent': 'Phone/1' } });
    const firstList = (await call(t, 'get-sessions', {}, { cookie: first })).body;
    expect(firstList.lastLogin).toBeNull();
    expect(firstList.sessions).toHaveLength(1);

    vi.setSystemTime(new Date(start.getTime() + 5 * MINUTE));
    // A failed attempt is not a sign-in.
    expect((await login({ ...m, password: 'wrong-password' })).status).toBe('fail');
    vi.setSystemTime(new Date(start.getTime() + 10 * MINUTE));
    const second = await signIn(t, m, { ip: '10.2.0.2', headers: { 'user-agent': 'Desk/2' } });
    const list = (await call(t, 'get-sessions', {}, { cookie: second })).body;
    expect(list.lastLogin).toEqual({ at: start.toISOString(), ip: '10.2.0.1' });
    expect(list.sessions).toEqual([
      {
        id: expect.any(Number),
        current: true,
        ip: '10.2.0.2',
        userAgent: 'Desk/2',
        createdAt: new Date(start.getTime() + 10 * MINUTE).toISOString(),
        lastSeenAt: new Date(start.getTime() + 10 * MINUTE).toISOString(),
      },
      {
        id: expect.any(Number),
        current: false,
        ip: '10.2.0.1',
        userAgent: 'Phone/1',
        createdAt: start.toISOString(),
        lastSeenAt: start.toISOString(),
      },
    ]);
    // From the first session, the sign-in before it: none.
    expect((await call(t, 'get-sessions', {}, { cookie: first })).body.lastLogin).toBeNull();
  });

  it("ends the member's own sessions only; ending the current one signs out", async () => {
    const m = await createMember(t, { signedIn: false });
    const other = await createMember(t, { signedIn: false });
    const a = await signIn(t, m);
    const b = await signIn(t, m);
    const theirs = await signIn(t, other);
    const theirId = (await call(t, 'get-sessions', {}, { cookie: theirs })).body.sessions[0]!.id as number;
    expect((await call(t, 'end-session', { id: theirId }, { cookie: a })).body).toEqual({
      status: 'not_found',
    });
    expect((await call(t, 'user-health-check', {}, { cookie: theirs })).code).toBe(200);
    expect((await call(t, 'end-session', { id: 999_999_999 }, { cookie: a })).body).toEqual({
      status: 'not_found',
    });
    expect((await call(t, 'end-session', { id: 'x' }, { cookie: a })).code).toBe(400);

    const mine = (await call(t, 'get-sessions', {}, { cookie: a })).body.sessions;
    const bId = mine.find((s) => !s.current)!.id as number;
    const aId = mine.find((s) => s.current)!.id as number;
    const endB = await call(t, 'end-session', { id: bId }, { cookie: a });
    expect(endB.body).toEqual({ status: 'success' });
    expect(cookiesOf(endB).sid).toBeUndefined();
    expect((await call(t, 'user-health-check', {}, { cookie: b })).code).toBe(401);
    expect((await call(t, 'get-sessions', {}, { cookie: a })).body.sessions.length).toBe(1);

    const endA = await call(t, 'end-session', { id: aId }, { cookie: a });
    expect(endA.body).toEqual({ status: 'success' });
    expect(cookiesOf(endA).sid).toBe('');
    expect((await call(t, 'user-health-check', {}, { cookie: a })).code).toBe(401);
  });
});
