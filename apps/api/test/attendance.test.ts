import { describe, expect, it } from 'vitest';
import { addDays, siteDay } from '@casino/contracts/site-time';
import type { TAttendanceSettings } from '@casino/contracts/backoffice-rewards';
import {
  auditOf,
  balances,
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  latestRequestId,
  nextSiteDay,
  setPromotion,
  type TestMember,
} from './factories.ts';

// Attendance (issue 26, docs/promotions.md): one check per site day, the streak of
// consecutive days, the reward of the highest streak not above it paid as comp points from
// `promo:attendance`, an optional deposit requirement, and nothing twice under parallel checks.

const t = await fileTestApp();
const zone = t.config.siteTimeZone;
// Sessions end as the clock moves on by days: operators are made when needed.
const owner = () => createOperator(t, 'owner');

const REWARDS = [
  { streak: 1, points: 100 },
  { streak: 3, points: 300 },
  { streak: 5, points: 1_000 },
];

const setAttendance = (body: TAttendanceSettings) => setPromotion(t, 'promotions.updateAttendance', body);

/** Moves the clock to 00:30 of the next site day (or `days` days on); the members sign in again. */
const nextDay = (members: TestMember[], days = 1) => nextSiteDay(t, members, days);

const check = (m: TestMember) => call(t, 'check-attendance', {}, m.cookie);

describe('check-attendance', () => {
  it('pays the reward of the streak once a day and counts consecutive days', async () => {
    await setAttendance({ enabled: true, requireDeposit: false, rewards: REWARDS });
    const m = await createMember(t);
    expect((await check(m)).body).toEqual({ status: 'success', points: 100, streak: 1 });
    expect((await check(m)).body).toEqual({ status: 'already' });
    expect((await balances(t, m.id)).comp).toBe(100);

    await nextDay([m]);
    expect((await check(m)).body).toEqual({ status: 'success', points: 100, streak: 2 });
    await nextDay([m]);
    // Day 3 reaches the reward of streak 3.
    expect((await check(m)).body).toEqual({ status: 'success', points: 300, streak: 3 });
    expect((await balances(t, m.id)).comp).toBe(500);

    const seen = await call(t, 'get-attendance', {}, m.cookie);
    expect(seen.body).toMatchObject({ status: 'success', streak: 3, todayDone: true, rewards: REWARDS });
    const today = siteDay(t.clock.now(), zone);
    expect(seen.body.today).toBe(today);
    const months = new Set([today, addDays(today, -1), addDays(today, -2)].map((d) => d.slice(0, 7)));
    const days: string[] = [];
    for (const month of months) {
      const answer = await call(t, 'get-attendance', { month }, m.cookie);
      days.push(...(answer.body.days as string[]));
    }
    expect(days.sort()).toEqual([addDays(today, -2), addDays(today, -1), today]);

    // A day missed breaks the streak: the next check starts again at 1.
    await nextDay([m], 2);
    expect((await call(t, 'get-attendance', {}, m.cookie)).body).toMatchObject({
      streak: 0,
      todayDone: false,
    });
    expect((await check(m)).body).toEqual({ status: 'success', points: 100, streak: 1 });
    const today3 = siteDay(t.clock.now(), zone);

    // The transfers come from promo:attendance under the member-and-day key.
    const transfers = await t.db
      .selectFrom('transfers')
      .select(['idempotency_key', 'amount', 'code'])
      .where('source', '=', 'promotions')
      .where('idempotency_key', 'like', `attendance:${m.id}:%`)
      .orderBy('id')
      .execute();
    expect(transfers.map((r) => [r.code, r.amount])).toEqual([
      ['attendance', 100],
      ['attendance', 100],
      ['attendance', 300],
      ['attendance', 100],
    ]);
    expect(await t.services.ledger.accountBalance({ system: 'promo:attendance' })).toBeLessThanOrEqual(-600);

    // The member detail of the back office shows the attendance of the last 30 days.
    const op = await owner();
    const detail = await bo(t, 'promotions.memberAttendance', {
      cookie: op.cookie,
      params: { userId: m.userId },
    });
    expect(detail.body).toEqual({ status: 'success', streak: 1, lastDay: today3, days30: 4, points30: 600 });
    const missing = await bo(t, 'promotions.memberAttendance', {
      cookie: op.cookie,
      params: { userId: 'nobody404' },
    });
    expect(missing.body).toEqual({ status: 'not_found' });
    const content = await createOperator(t, 'content');
    expect(
      (await bo(t, 'promotions.memberAttendance', { cookie: content.cookie, params: { userId: m.userId } }))
        .code,
    ).toBe(403);
    expect((await t.services.ledger.checkInvariants()).ok).toBe(true);
  });

  it('40 parallel checks pay exactly once', async () => {
    await setAttendance({ enabled: true, requireDeposit: false, rewards: REWARDS });
    const m = await createMember(t);
    const answers = await Promise.all(Array.from({ length: 40 }, () => check(m)));
    const statuses = answers.map((a) => a.body.status);
    expect(statuses.filter((s) => s === 'success')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'already')).toHaveLength(39);
    expect((await balances(t, m.id)).comp).toBe(100);
    const rows = await t.db
      .selectFrom('attendance_checks')
      .selectAll()
      .where('member_id', '=', m.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers fail when a deposit is required and none was approved today', async () => {
    await setAttendance({ enabled: true, requireDeposit: true, rewards: REWARDS });
    const m = await createMember(t);
    expect((await check(m)).body).toEqual({ status: 'fail' });
    // A pending deposit is not enough.
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, m.cookie)).body.status).toBe('success');
    expect((await check(m)).body).toEqual({ status: 'fail' });
    const id = await latestRequestId(t, 'deposit', m.id);
    expect(
      (await bo(t, 'deposits.approve', { cookie: (await owner()).cookie, params: { id } })).body.status,
    ).toBe('success');
    expect((await check(m)).body).toEqual({ status: 'success', points: 100, streak: 1 });
    // The next day needs that day's own deposit.
    await nextDay([m]);
    expect((await check(m)).body).toEqual({ status: 'fail' });
    await setAttendance({ enabled: true, requireDeposit: false, rewards: REWARDS });
  });

  it('pays nothing while attendance is off, and nothing to a member on a break or blocked', async () => {
    const m = await createMember(t);
    await setAttendance({ enabled: false, requireDeposit: false, rewards: REWARDS });
    expect((await check(m)).body).toEqual({ status: 'fail' });
    await setAttendance({ enabled: true, requireDeposit: false, rewards: REWARDS });

    // A time-out ends the member's sessions; the service itself refuses the reward.
    const resting = await createMember(t);
    expect(
      (
        await call(
          t,
          'take-break',
          { kind: 'time_out', period: '24h', password: resting.password },
          resting.cookie,
        )
      ).body.status,
    ).toBe('success');
    expect(await t.services.rewards.checkAttendance(resting.id)).toEqual({ status: 'blocked' });
    const blocked = await createMember(t, { state: 'blocked', signedIn: false });
    expect(await t.services.rewards.checkAttendance(blocked.id)).toEqual({ status: 'blocked' });
    expect((await balances(t, resting.id)).comp).toBe(0);
    expect((await balances(t, blocked.id)).comp).toBe(0);
  });

  it('is for members only and refuses a malformed month', async () => {
    expect((await call(t, 'check-attendance', {})).code).toBe(401);
    const m = await createMember(t);
    const bad = await call(t, 'get-attendance', { month: '2026-13' }, m.cookie);
    expect(bad.code).toBe(400);
    expect(bad.body).toMatchObject({ status: 'invalid', errors: [{ path: 'month', code: 'pattern' }] });
    expect((await call(t, 'check-attendance', { extra: 1 }, m.cookie)).code).toBe(400);
  });
});

describe('the back office attendance settings', () => {
  it('are changed by the owner only, audited, and a bad body changes nothing', async () => {
    const cashierOp = await createOperator(t, 'cashier');
    const op = await owner();
    const before = (await bo(t, 'promotions.attendance', { cookie: cashierOp.cookie })).body;
    expect(before.status).toBe('success');
    const denied = await bo(t, 'promotions.updateAttendance', {
      cookie: cashierOp.cookie,
      body: { enabled: false, requireDeposit: false, rewards: [] },
    });
    expect(denied.code).toBe(403);
    for (const body of [
      { enabled: true, requireDeposit: false, rewards: [{ streak: 0, points: 10 }] },
      { enabled: true, requireDeposit: false, rewards: [{ streak: 1, points: -1 }] },
      {
        enabled: true,
        requireDeposit: false,
        rewards: [
          { streak: 1, points: 1 },
          { streak: 1, points: 2 },
        ],
      },
      { enabled: 'yes', requireDeposit: false, rewards: [] },
      { enabled: true, rewards: [] },
    ]) {
      // Bodies of the wrong shape, which the entry's type refuses.
      const bad = await bo(t, 'PUT', '/promotions/attendance', { cookie: op.cookie, body });
      expect(bad.code, JSON.stringify(body)).toBe(400);
    }
    expect((await bo(t, 'promotions.attendance', { cookie: op.cookie })).body.settings).toEqual(
      before.settings,
    );

    const next = { enabled: true, requireDeposit: false, rewards: [{ streak: 1, points: 50 }] };
    const saved = await bo(t, 'promotions.updateAttendance', { cookie: op.cookie, body: next });
    expect(saved.body.settings).toEqual(next);
    expect(saved.body.figures.count).toBeGreaterThan(0);
    expect(saved.body.figures.points).toBeGreaterThanOrEqual(saved.body.figures.points30);
    const audit = await auditOf(t, 'promotion:attendance');
    expect(audit.at(-1)).toMatchObject({
      actor: op.operatorId,
      action: 'promotions.attendance',
      after: next,
    });
    await setAttendance({ enabled: true, requireDeposit: false, rewards: REWARDS });
  });
});
