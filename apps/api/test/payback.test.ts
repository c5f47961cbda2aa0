import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, siteDay } from '@casino/contracts/site-time';
import { weekOf } from '../src/modules/rewards/rewards.service.ts';
import type { TPaybackSettings } from '@casino/contracts/backoffice-rewards';
import {
  approvedDeposit,
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
import { createTestProvider, type TestProvider } from './game-provider.ts';

// Weekly payback (issue 26, docs/promotions.md): each Monday (site time) for last week,
// loss = approved deposits - withdrawals - the cash balance at the week's end (at least 0), paid when
// the week's stakes reached the deposits, floor(loss * percent / 100) points (the level's percent,
// capped) from promo:payback, once per member and week.

const t = await fileTestApp();
const zone = t.config.siteTimeZone;
const owner = () => createOperator(t, 'owner');
let slot: TestProvider;

beforeAll(async () => {
  slot = await createTestProvider(t, await owner(), { kind: 'slot' });
  await setPayback({ enabled: true, percentByLevel: { '1': 10, '2': 20 }, cap: 50_000 });
});

const setPayback = (body: TPaybackSettings) => setPromotion(t, 'promotions.updatePayback', body);

/** A deposit asked by the member and approved by an operator. */
const deposit = (m: TestMember, amount: number) => approvedDeposit(t, m, amount);

/** The comp points payback paid the member (bets earn comp points of their own). */
async function paybackPaid(m: TestMember): Promise<number> {
  const before = (await balances(t, m.id)).comp;
  const rows = await t.db
    .selectFrom('transfers')
    .select('amount')
    .where('code', '=', 'payback')
    .where('idempotency_key', 'like', `payback:${m.id}:%`)
    .execute();
  expect(before).toBeGreaterThanOrEqual(rows.reduce((n, r) => n + r.amount, 0));
  return rows.reduce((n, r) => n + r.amount, 0);
}

/** Moves the clock to 00:30 of next Monday (site time); the members sign in again. */
async function nextMonday(members: TestMember[]) {
  const today = siteDay(t.clock.now(), zone);
  const monday = addDays(weekOf(today), 7);
  await nextSiteDay(t, members, (Date.parse(monday) - Date.parse(today)) / 86_400_000);
  return monday;
}

describe('weekly payback', () => {
  it("pays floor(loss * percent / 100) once for last week, capped, by the level's percent", async () => {
    // Start early in a week (Monday 00:30), so the whole test is inside one week.
    const loser = await createMember(t);
    const vip = await createMember(t);
    const winner = await createMember(t);
    const shy = await createMember(t);
    const capped = await createMember(t);
    await nextMonday([loser, vip, winner, shy, capped]);
    const week = weekOf(siteDay(t.clock.now(), zone));
    await t.db.updateTable('members').set({ level: 2 }).where('id', '=', vip.id).execute();

    await deposit(loser, 100_000);
    await slot.play(loser, 60_000, 10_000);
    await slot.play(loser, 40_000); // stakes 100,000 reach the deposits; cash now 10,000
    expect(
      (
        await call(
          t,
          'apply-user-withdraw',
          { amount: 10_000, exchangePassword: loser.exchangePassword },
          loser.cookie,
        )
      ).body.status,
    ).toBe('success');
    const withdrawal = await latestRequestId(t, 'withdraw', loser.id);
    const approve = { cookie: (await owner()).cookie, params: { id: withdrawal } };
    expect((await bo(t, 'withdraws.approve', approve)).body.status).toBe('success');
    // loss = 100,000 - 10,000 - 0 = 90,000 -> 9,000 points at level 1's 10 %

    await deposit(vip, 50_000);
    await slot.play(vip, 50_000, 5_000); // loss = 50,000 - 5,000 = 45,000 -> 9,000 at 20 %

    await deposit(winner, 30_000);
    await slot.play(winner, 30_000, 80_000); // the balance at the week's end is above the deposits: no loss

    await deposit(shy, 100_000);
    await slot.play(shy, 50_000); // lost 50,000 but stakes did not reach the deposits: nothing

    await deposit(capped, 1_000_000);
    await slot.play(capped, 1_000_000); // loss 1,000,000 -> 100,000, capped at 50,000

    // The week is not over yet.
    await expect(t.services.rewards.settlePaybackWeek(week)).rejects.toThrow(/not finished/);
    const live = await call(t, 'get-payback', {}, loser.cookie);
    expect(live.body.lastWeek.week).toBe(addDays(week, -7));

    await nextMonday([loser, vip, winner, shy, capped]);
    const runs = await Promise.all(Array.from({ length: 40 }, () => t.services.rewards.settlePayback()));
    expect(runs.reduce((n, r) => n + r.paid, 0)).toBe(3);
    expect(runs.reduce((n, r) => n + r.points, 0)).toBe(9_000 + 9_000 + 50_000);
    expect(await t.services.rewards.settlePaybackWeek(week)).toEqual({ paid: 0, points: 0 });

    expect(await paybackPaid(loser)).toBe(9_000);
    expect(await paybackPaid(vip)).toBe(9_000);
    expect(await paybackPaid(winner)).toBe(0);
    expect(await paybackPaid(shy)).toBe(0);
    expect(await paybackPaid(capped)).toBe(50_000);

    const paid = await call(t, 'get-payback', {}, loser.cookie);
    expect(paid.body).toMatchObject({
      status: 'success',
      lastWeek: { loss: 90_000, percent: 10, points: 9_000, week, paidAt: expect.any(String) },
    });
    const unpaid = await call(t, 'get-payback', {}, shy.cookie);
    expect(unpaid.body.lastWeek).toEqual({ loss: 50_000, percent: 10, points: 0, paidAt: null, week });
    const won = await call(t, 'get-payback', {}, winner.cookie);
    expect(won.body.lastWeek).toMatchObject({ loss: 0, points: 0, paidAt: null });

    const keys = await t.db
      .selectFrom('transfers')
      .select(['idempotency_key', 'amount'])
      .where('code', '=', 'payback')
      .where('idempotency_key', '=', `payback:${loser.id}:${week}`)
      .execute();
    expect(keys).toEqual([{ idempotency_key: `payback:${loser.id}:${week}`, amount: 9_000 }]);
    expect((await t.services.ledger.checkInvariants()).ok).toBe(true);

    const figures = await bo(t, 'promotions.payback', { cookie: (await owner()).cookie });
    expect(figures.body.figures).toMatchObject({ count: 3, points: 68_000 });
  });

  it('pays nothing to a member on a break, nor while payback is off', async () => {
    const resting = await createMember(t);
    const later = await createMember(t);
    await nextMonday([resting, later]);
    const week = weekOf(siteDay(t.clock.now(), zone));
    await deposit(resting, 20_000);
    await slot.play(resting, 20_000);
    await deposit(later, 20_000);
    await slot.play(later, 20_000);
    expect(
      (
        await call(
          t,
          'take-break',
          { kind: 'self_exclusion', period: '6m', password: resting.password },
          resting.cookie,
        )
      ).body.status,
    ).toBe('success');
    await nextMonday([later]);
    await setPayback({ enabled: false, percentByLevel: { '1': 10 }, cap: 50_000 });
    expect(await t.services.rewards.settlePaybackWeek(week)).toEqual({ paid: 0, points: 0 });
    expect((await call(t, 'get-payback', {}, later.cookie)).body).toMatchObject({
      enabled: false,
      lastWeek: { loss: 20_000, points: 0, paidAt: null },
    });
    await setPayback({ enabled: true, percentByLevel: { '1': 10 }, cap: 50_000 });
    // The payback job settles last week (once: a second run pays nothing).
    expect(await t.services.jobs.runNow('payback-settle')).toBe('success');
    expect(await t.services.jobs.runNow('payback-settle')).toBe('success');
    expect(await t.services.rewards.settlePaybackWeek(week)).toEqual({ paid: 0, points: 0 });
    expect(await paybackPaid(resting)).toBe(0);
    expect(await paybackPaid(later)).toBe(2_000);
    const row = await t.db
      .selectFrom('payback_payouts')
      .select(['withheld', 'transfer_id'])
      .where('member_id', '=', resting.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ withheld: 'protected', transfer_id: null });
  });

  it('refuses bad settings with a 400 and keeps the old ones', async () => {
    const op = await owner();
    const before = (await bo(t, 'promotions.payback', { cookie: op.cookie })).body.settings;
    for (const body of [
      { enabled: true, percentByLevel: { '11': 5 }, cap: 1 },
      { enabled: true, percentByLevel: { '1': 101 }, cap: 1 },
      { enabled: true, percentByLevel: { '1': 1.5 }, cap: 1 },
      { enabled: true, percentByLevel: {}, cap: -1 },
      { enabled: true, percentByLevel: {} },
    ]) {
      expect(
        // A level outside 1..10 and a missing cap among them, which the entry's type refuses.
        (await bo(t, 'PUT', '/promotions/payback', { cookie: op.cookie, body })).code,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await bo(t, 'promotions.payback', { cookie: op.cookie })).body.settings).toEqual(before);
    const support = await createOperator(t, 'support');
    expect((await bo(t, 'promotions.payback', { cookie: support.cookie })).code).toBe(403);
  });
});
