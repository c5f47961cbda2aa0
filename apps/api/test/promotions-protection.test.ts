import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, siteDay } from '@casino/contracts/site-time';
import { weekOf } from '../src/modules/rewards/rewards.service.ts';
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

// docs/protection.md "Promotions and protection": a member on a break (a time-out or a
// self-exclusion), self-excluded, blocked or pending is offered nothing and paid nothing by any
// promotion: the deposit bonus and a deposit event (offered, then at the deposit's approval),
// attendance, the referral reward (to the recommender) and the weekly payback. Each promotion is
// checked under each of the five conditions, the condition set after the member became eligible,
// so a check removed from any path fails here (the state check for blocked, pending and
// self-excluded, the break check for the time-out and the self-exclusion).

const t = await fileTestApp();
const zone = t.config.siteTimeZone;
const owner = await createOperator(t, 'owner');
/** An owner signed in now (the tests move the clock by days and weeks: sessions end). */
const freshOwner = () => createOperator(t, 'owner');
let slot: TestProvider;

const FIRST = { kind: 'first', percent: 10, cap: 50_000, rollover: 3 } as const;

beforeAll(async () => {
  slot = await createTestProvider(t, owner, { kind: 'slot' });
  const level = await bo(t, 'settings.updateLevel', {
    cookie: owner.cookie,
    params: { level: 1 },
    body: { depositBonus: [FIRST] },
  });
  expect(level.body.status).toBe('success');
  await bo(t, 'depositBonus.set', { cookie: owner.cookie, body: { enabled: true } });
  await setPromotion(t, 'promotions.updateAttendance', {
    enabled: true,
    requireDeposit: false,
    rewards: [{ streak: 1, points: 100 }],
  });
  await setPromotion(t, 'promotions.updateReferral', { enabled: true, rate: 100 });
  await setPromotion(t, 'promotions.updatePayback', {
    enabled: true,
    percentByLevel: { '1': 10 },
    cap: 50_000,
  });
});

const CONDITIONS = ['time_out', 'self_exclusion', 'blocked', 'pending', 'self_excluded'] as const;
type Condition = (typeof CONDITIONS)[number];

/** Puts the member under the condition: a break the member takes, or the state an operator set. */
async function protect(m: TestMember, condition: Condition) {
  if (condition === 'time_out' || condition === 'self_exclusion') {
    const period = condition === 'time_out' ? '24h' : '6m';
    const taken = await call(t, 'take-break', { kind: condition, period, password: m.password }, m.cookie);
    expect(taken.body.status).toBe('success');
  } else {
    await t.db.updateTable('members').set({ state: condition }).where('id', '=', m.id).execute();
  }
}

async function approveLatest(m: TestMember) {
  const request = await latestRequestId(t, 'deposit', m.id);
  const res = await bo(t, 'deposits.approve', {
    cookie: (await freshOwner()).cookie,
    params: { id: request },
  });
  expect(res.body.status).toBe('success');
}

describe.each(CONDITIONS)('a member %s', (condition) => {
  it('is offered no deposit bonus or event, and paid none at the approval (the deposit is paid)', async () => {
    const created = await bo(t, 'depositEvents.create', {
      cookie: (await freshOwner()).cookie,
      body: {
        name: `event ${condition}`,
        from: new Date(t.clock.now().getTime() - 60_000).toISOString(),
        to: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
        levels: [1],
        percent: 20,
        cap: 100_000,
        rollover: 2,
      },
    });
    expect(created.body.status).toBe('success');
    const event = `event-${created.body.id as number}`;
    const first = await createMember(t, { cash: 0 });
    const evented = await createMember(t, { cash: 0 });
    // Offered while active, and chosen.
    const offered = await call(t, 'get-deposit-bonus', {}, first.cookie);
    const firstId = (offered.body.options as { id: string; kind: string }[]).find(
      (o) => o.kind === 'first',
    )!.id;
    expect((offered.body.options as { id: string }[]).map((o) => o.id)).toContain(event);
    const asked = [
      await call(t, 'apply-user-deposit', { amount: 50_000, bonusId: firstId }, first.cookie),
      await call(t, 'apply-user-deposit', { amount: 50_000, bonusId: event }, evented.cookie),
    ];
    expect(asked.map((a) => a.body.status)).toEqual(['success', 'success']);

    await protect(first, condition);
    await protect(evented, condition);
    // Nothing offered now (the service itself: a member on a break has no session to ask with).
    for (const m of [first, evented])
      expect((await t.services.depositBonus.options(m.id)).options, m.userId).toEqual([]);
    await approveLatest(first);
    await approveLatest(evented);
    for (const m of [first, evented]) {
      expect((await balances(t, m.id)).cash, m.userId).toBe(50_000);
      expect(
        (await t.services.depositBonus.bonusesOf(m.id)).map((b) => b.state),
        m.userId,
      ).toEqual(['refused']);
    }
  });

  it('gets no attendance reward', async () => {
    const m = await createMember(t);
    await protect(m, condition);
    expect(await t.services.rewards.checkAttendance(m.id)).toEqual({ status: 'blocked' });
    expect((await balances(t, m.id)).comp).toBe(0);
  });

  it('as a recommender, gets no referral reward: the day is recorded withheld `protected`', async () => {
    const recommender = await createMember(t);
    const referee = await createMember(t, { recommender: recommender.userId, cash: 100_000 });
    await slot.play(referee, 40_000);
    const day = siteDay(t.clock.now(), zone);
    await nextSiteDay(t, [recommender, referee]);
    // Put under the condition when the day is settled (a time-out of the day before has ended).
    await protect(recommender, condition);
    await t.services.rewards.settleReferralDay(day);
    expect((await balances(t, recommender.id)).comp).toBe(0);
    const row = await t.db
      .selectFrom('referral_payouts')
      .select(['withheld', 'transfer_id'])
      .where('referee_id', '=', referee.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ withheld: 'protected', transfer_id: null });
  });

  it('gets no weekly payback: the week is recorded withheld `protected`', async () => {
    const m = await createMember(t, { cash: 0 });
    // From a Monday, so the deposit and the loss fall in one week.
    const today = siteDay(t.clock.now(), zone);
    const monday = addDays(weekOf(today), 7);
    const toMonday = (Date.parse(monday) - Date.parse(today)) / 86_400_000;
    await nextSiteDay(t, [m], toMonday);
    await approvedDeposit(t, m, 50_000, await freshOwner());
    await slot.play(m, 50_000);
    await nextSiteDay(t, [m], 7);
    await protect(m, condition);
    const before = (await balances(t, m.id)).comp;
    await t.services.rewards.settlePaybackWeek(monday);
    expect((await balances(t, m.id)).comp).toBe(before);
    const row = await t.db
      .selectFrom('payback_payouts')
      .select(['withheld', 'transfer_id'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ withheld: 'protected', transfer_id: null });
  });
});

describe('the same promotions to an active member (the checks above are not vacuous)', () => {
  it('pays the bonus at approval, attendance, the referral reward and payback', async () => {
    const m = await createMember(t, { cash: 0 });
    const offered = await call(t, 'get-deposit-bonus', {}, m.cookie);
    const firstId = (offered.body.options as { id: string; kind: string }[]).find(
      (o) => o.kind === 'first',
    )!.id;
    await call(t, 'apply-user-deposit', { amount: 50_000, bonusId: firstId }, m.cookie);
    await approveLatest(m);
    expect((await balances(t, m.id)).cash).toBe(55_000);
    expect((await t.services.rewards.checkAttendance(m.id)).status).toBe('success');

    const recommender = await createMember(t);
    const referee = await createMember(t, { recommender: recommender.userId, cash: 100_000 });
    await slot.play(referee, 40_000);
    const day = siteDay(t.clock.now(), zone);
    await nextSiteDay(t, [recommender, referee]);
    await t.services.rewards.settleReferralDay(day);
    expect((await balances(t, recommender.id)).comp).toBeGreaterThan(0);

    const loser = await createMember(t, { cash: 0 });
    const today = siteDay(t.clock.now(), zone);
    const monday = addDays(weekOf(today), 7);
    await nextSiteDay(t, [loser], (Date.parse(monday) - Date.parse(today)) / 86_400_000);
    await approvedDeposit(t, loser, 50_000, await freshOwner());
    await slot.play(loser, 50_000);
    await nextSiteDay(t, [loser], 7);
    const before = (await balances(t, loser.id)).comp;
    await t.services.rewards.settlePaybackWeek(monday);
    expect((await balances(t, loser.id)).comp).toBe(before + 5_000);
  });
});
