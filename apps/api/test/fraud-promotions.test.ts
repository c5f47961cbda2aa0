import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, siteDay } from '@casino/contracts/site-time';
import type { TFraudSettings } from '@casino/contracts/backoffice-fraud';
import { DEVICE_COOKIE } from '../src/modules/auth/device.ts';
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
  setFraudSettings,
  setPromotion,
  signIn,
  uniqueMemberInput,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

// Issue 28's "promotions can be set to skip flagged members" and bonus hunting on referral rewards
// (docs/api/backoffice-fraud.md "Promotions and flagged members", "Bonus hunting"): with the
// operator's `skipFlaggedPromotions`, every promotion payout (attendance, referral, weekly payback,
// the levels' deposit bonus and deposit events, offered and paid) skips a flagged member as it
// skips a member on a break: withheld and recorded, the same neutral answer. Linked members where
// one recommends the other, or several linked members taking first-deposit bonuses or referral
// rewards, make a `bonus_hunt` review entry.

const t = await fileTestApp();
const zone = t.config.siteTimeZone;
// Sessions end as the clock moves on by days: operators are made when needed.
const owner = () => createOperator(t, 'owner');
let slot: TestProvider;

async function setFraud(patch: Partial<TFraudSettings>) {
  const answer = await setFraudSettings(t, (await owner()).cookie, patch);
  expect(answer.code).toBe(200);
}

beforeAll(async () => {
  slot = await createTestProvider(t, await owner(), { kind: 'slot' });
  await setPromotion(t, 'promotions.updateAttendance', {
    enabled: true,
    requireDeposit: false,
    rewards: [{ streak: 1, points: 100 }],
  });
  await setPromotion(t, 'promotions.updateReferral', { enabled: true, rate: 100 }); // 1 %
  await setPromotion(t, 'promotions.updatePayback', {
    enabled: true,
    percentByLevel: { '1': 10 },
    cap: 1_000_000,
  });
});

let seq = 0;

/** A device id as the `did` cookie carries it (22 base64url characters). */
const newDevice = () => `fp${String(++seq).padStart(20, '0')}`;

/** Signs the members in on one device, in order (each after the first is linked to those before). */
async function shareDevice(members: TestMember[]): Promise<void> {
  const device = newDevice();
  for (const m of members) m.cookie = await signIn(t, m, { cookie: `${DEVICE_COOKIE}=${device}` });
}

/**
 * Flags `m` as a sign-in does: it signs in on the device of another member (a `linked_sign_in`
 * entry, the sign-in setting being `flag`). The entry's id.
 */
async function flag(m: TestMember): Promise<number> {
  const other = await createMember(t, { signedIn: false });
  await shareDevice([other, m]);
  const row = await t.db
    .selectFrom('fraud_flags')
    .select('id')
    .where('member_id', '=', m.id)
    .where('kind', '=', 'linked_sign_in')
    .where('state', '=', 'open')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function close(entry: number) {
  const answer = await bo(t, 'fraud.flags.close', {
    cookie: (await owner()).cookie,
    params: { id: entry },
    body: { note: 'looked at' },
  });
  expect(answer.body).toEqual({ status: 'success' });
}

const checkAttendance = (m: TestMember) => call(t, 'check-attendance', {}, m.cookie);

const huntsOf = (memberId: number) =>
  t.db
    .selectFrom('fraud_flags')
    .select(['details', 'state'])
    .where('member_id', '=', memberId)
    .where('kind', '=', 'bonus_hunt')
    .execute();

const referralRow = (refereeId: number) =>
  t.db
    .selectFrom('referral_payouts')
    .select(['withheld', 'points', 'transfer_id'])
    .where('referee_id', '=', refereeId)
    .orderBy('day', 'desc')
    .executeTakeFirst();

describe('promotions skip flagged members (skipFlaggedPromotions)', () => {
  it('attendance answers blocked to a flagged member, as to one on a break, and pays again once the entry is closed', async () => {
    const m = await createMember(t);
    const clean = await createMember(t);
    const entry = await flag(m);
    // The setting off: a flagged member is paid like anyone.
    const late = await createMember(t);
    await flag(late);
    expect((await checkAttendance(late)).body).toEqual({ status: 'success', points: 100, streak: 1 });

    await setFraud({ skipFlaggedPromotions: true });
    expect((await checkAttendance(m)).body).toEqual({ status: 'blocked' });
    expect((await balances(t, m.id)).comp).toBe(0);
    expect(
      await t.db.selectFrom('attendance_checks').selectAll().where('member_id', '=', m.id).execute(),
    ).toEqual([]);
    expect((await checkAttendance(clean)).body).toEqual({ status: 'success', points: 100, streak: 1 });

    await close(entry);
    expect((await checkAttendance(m)).body).toEqual({ status: 'success', points: 100, streak: 1 });
    await setFraud({});
  });

  it('counts a member named as the other side of an open opposite-bet or bonus-hunt entry as flagged', async () => {
    await setFraud({ skipFlaggedPromotions: true });
    const bettor = await createMember(t);
    const partner = await createMember(t);
    const taker = await createMember(t);
    const stranger = await createMember(t);
    await t.services.fraud.flag({
      kind: 'opposite_bet',
      memberId: bettor.id,
      details: { round: 'r1', with: [{ memberId: partner.id, spot: 'banker', roundId: 'r1', by: 'link' }] },
    });
    await t.services.fraud.flag({
      kind: 'bonus_hunt',
      memberId: stranger.id,
      details: { bonus: 'first', with: [taker.id] },
    });
    expect(await t.services.fraud.skippedAmong([bettor.id, partner.id, taker.id, stranger.id])).toEqual(
      new Set([bettor.id, partner.id, taker.id, stranger.id]),
    );
    expect((await checkAttendance(partner)).body).toEqual({ status: 'blocked' });
    expect((await checkAttendance(taker)).body).toEqual({ status: 'blocked' });
    const entries = await t.db
      .selectFrom('fraud_flags')
      .select('id')
      .where('member_id', 'in', [bettor.id, stranger.id])
      .execute();
    for (const e of entries) await close(e.id);
    expect((await checkAttendance(partner)).body).toMatchObject({ status: 'success' });
    expect((await checkAttendance(taker)).body).toMatchObject({ status: 'success' });
    await setFraud({});
  });

  it("withholds a flagged recommender's referral reward (recorded, never paid) and pays the others", async () => {
    await setFraud({ skipFlaggedPromotions: true });
    const flagged = await createMember(t);
    const clean = await createMember(t);
    const both = await createMember(t);
    const e1 = await createMember(t, { recommender: flagged.userId, cash: 100_000 });
    const e2 = await createMember(t, { recommender: clean.userId, cash: 100_000 });
    const e3 = await createMember(t, { recommender: both.userId, cash: 100_000 });
    await flag(flagged);
    await flag(both);
    await slot.play(e1, 50_000);
    await slot.play(e2, 30_000);
    await slot.play(e3, 20_000);
    const day = siteDay(t.clock.now(), zone);
    await nextSiteDay(t);
    // Flagged and blocked: protection is named first.
    await t.db.updateTable('members').set({ state: 'blocked' }).where('id', '=', both.id).execute();
    expect(await t.services.rewards.settleReferralDay(day)).toEqual({ paid: 1, points: 300 });
    expect(await referralRow(e1.id)).toEqual({ withheld: 'flagged', points: 500, transfer_id: null });
    expect(await referralRow(e3.id)).toEqual({ withheld: 'protected', points: 200, transfer_id: null });
    expect((await balances(t, flagged.id)).comp).toBe(0);
    expect((await balances(t, clean.id)).comp).toBe(300);
    // A later run pays the withheld day neither.
    expect(await t.services.rewards.settleReferrals()).toEqual({ paid: 0, points: 0 });
    expect((await balances(t, flagged.id)).comp).toBe(0);
    await setFraud({});
  });

  it("withholds a flagged member's weekly payback (recorded, never paid) and pays the others", async () => {
    const flagged = await createMember(t);
    const clean = await createMember(t);
    // Start on a Monday, so the week holds the whole test.
    const today = siteDay(t.clock.now(), zone);
    await nextSiteDay(
      t,
      [flagged, clean],
      (Date.parse(addDays(weekOf(today), 7)) - Date.parse(today)) / 86_400_000,
    );
    const week = weekOf(siteDay(t.clock.now(), zone));
    for (const m of [flagged, clean]) {
      await approvedDeposit(t, m, 100_000);
      await slot.play(m, 100_000); // loss 100,000 -> 10,000 points at 10 %
    }
    await flag(flagged);
    await setFraud({ skipFlaggedPromotions: true });
    await nextSiteDay(t, [], 7);
    expect(await t.services.rewards.settlePaybackWeek(week)).toEqual({ paid: 1, points: 10_000 });
    const rows = await t.db
      .selectFrom('payback_payouts')
      .select(['member_id', 'points', 'withheld', 'transfer_id'])
      .where('week', '=', week)
      .where('member_id', 'in', [flagged.id, clean.id])
      .execute();
    expect(rows.find((r) => r.member_id === flagged.id)).toEqual({
      member_id: flagged.id,
      points: 10_000,
      withheld: 'flagged',
      transfer_id: null,
    });
    expect(rows.find((r) => r.member_id === clean.id)?.withheld).toBeNull();
    const paid = await t.db
      .selectFrom('transfers')
      .select('amount')
      .where('code', '=', 'payback')
      .where('idempotency_key', '=', `payback:${flagged.id}:${week}`)
      .execute();
    expect(paid).toEqual([]);
    await setFraud({});
  });

  it('offers a flagged member no level bonus nor deposit event, and refuses at approval a bonus chosen before the flag', async () => {
    const op = await owner();
    expect(
      (
        await bo(t, 'settings.updateLevel', {
          cookie: op.cookie,
          params: { level: 1 },
          body: { depositBonus: [{ kind: 'every', percent: 10, cap: 50_000, rollover: 3 }] },
        })
      ).body.status,
    ).toBe('success');
    await bo(t, 'depositBonus.set', { cookie: op.cookie, body: { enabled: true } });
    const created = await bo(t, 'depositEvents.create', {
      cookie: op.cookie,
      body: {
        name: 'weekend',
        from: new Date(t.clock.now().getTime() - 60_000).toISOString(),
        to: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
        levels: [1],
        percent: 20,
        cap: 100_000,
        rollover: 2,
      },
    });
    const event = `event-${(created.body as { id: number }).id}`;
    const m = await createMember(t);
    const clean = await createMember(t);
    const kinds = async (x: TestMember) =>
      ((await call(t, 'get-deposit-bonus', {}, x.cookie)).body.options as { kind: string }[])
        .map((o) => o.kind)
        .sort();
    expect(await kinds(m)).toEqual(['event', 'every']);
    expect(
      (await call(t, 'apply-user-deposit', { amount: 100_000, bonusId: event }, m.cookie)).body.status,
    ).toBe('success');
    const request = await latestRequestId(t, 'deposit', m.id);

    await flag(m);
    await setFraud({ skipFlaggedPromotions: true });
    expect(await kinds(m)).toEqual([]);
    expect(await kinds(clean)).toEqual(['event', 'every']);
    // Chosen with a request now: not offered, the request answers fail and writes nothing.
    const again = await call(t, 'apply-user-deposit', { amount: 50_000, bonusId: event }, m.cookie);
    expect(again.body.status).toBe('fail');

    const cash = (await balances(t, m.id)).cash;
    const approved = await bo(t, 'deposits.approve', { cookie: op.cookie, params: { id: request } });
    expect(approved.body.status).toBe('success');
    expect((await balances(t, m.id)).cash).toBe(cash + 100_000);
    const bonus = await t.db
      .selectFrom('deposit_bonuses')
      .select(['state', 'transfer_id'])
      .where('deposit_id', '=', request)
      .executeTakeFirstOrThrow();
    expect(bonus).toEqual({ state: 'refused', transfer_id: null });
    await setFraud({});
  });
});

describe('bonus hunting on referral rewards', () => {
  it('flags a registration naming a recommender it is linked to, whatever the registration setting', async () => {
    await setFraud({ registerAction: 'allow', signInAction: 'allow' });
    const r = await createMember(t, { signedIn: false });
    const device = newDevice();
    await signIn(t, r, { cookie: `${DEVICE_COOKIE}=${device}` });
    const input = uniqueMemberInput({ recommender: r.userId });
    const answer = await call(
      t,
      'user-register',
      { ...input, agree18: true },
      { cookie: `${DEVICE_COOKIE}=${device}`, ip: '10.28.0.9' },
    );
    expect(answer.body).toEqual({ status: 'success' });
    const row = await t.db
      .selectFrom('members')
      .select(['id', 'referral_flag'])
      .where('user_id', '=', input.userId)
      .executeTakeFirstOrThrow();
    // Never paid (the referral rule), and now on the abuse review screen too.
    expect(row.referral_flag).toBe('device');
    expect(await huntsOf(r.id)).toEqual([
      { details: { bonus: 'referral', referees: [row.id], with: [row.id] }, state: 'open' },
    ]);

    // A registration naming a recommender it shares nothing with makes none.
    const r2 = await createMember(t);
    const other = uniqueMemberInput({ recommender: r2.userId });
    expect(
      (
        await call(
          t,
          'user-register',
          { ...other, agree18: true },
          { cookie: `${DEVICE_COOKIE}=${newDevice()}`, ip: '10.28.0.10' },
        )
      ).body,
    ).toEqual({ status: 'success' });
    expect(await huntsOf(r2.id)).toEqual([]);
    await setFraud({});
  });

  it('flags a recommender linked to its referee when the reward falls due, and withholds it with the setting', async () => {
    // Sign-ins of linked members make no entry of their own here: only the hunt does.
    await setFraud({ signInAction: 'allow' });
    const r = await createMember(t);
    const e = await createMember(t, { recommender: r.userId, cash: 200_000 });
    // The referee signs in on the recommender's device after registering: the link was not
    // flagged at registration (no shared device then), so the referral is a paid link.
    await shareDevice([r, e]);
    expect(
      (
        await t.db
          .selectFrom('members')
          .select('referral_flag')
          .where('id', '=', e.id)
          .executeTakeFirstOrThrow()
      ).referral_flag,
    ).toBeNull();
    await slot.play(e, 40_000);
    const day = siteDay(t.clock.now(), zone);
    await nextSiteDay(t, [e]);
    expect(await t.services.rewards.settleReferralDay(day)).toEqual({ paid: 1, points: 400 });
    expect(await huntsOf(r.id)).toEqual([
      { details: { bonus: 'referral', referees: [e.id], with: [e.id] }, state: 'open' },
    ]);
    const listed = await bo(t, 'fraud.flags', {
      cookie: (await owner()).cookie,
      query: { kind: 'bonus_hunt', state: 'open' },
    });
    expect(listed.body.list).toContainEqual(
      expect.objectContaining({ kind: 'bonus_hunt', memberId: r.id, userId: r.userId }),
    );

    // With the setting, the hunt found when the reward falls due withholds that very reward.
    const r2 = await createMember(t);
    const e2 = await createMember(t, { recommender: r2.userId, cash: 200_000 });
    await shareDevice([r2, e2]);
    await setFraud({ signInAction: 'allow', skipFlaggedPromotions: true });
    await slot.play(e2, 20_000);
    const day2 = siteDay(t.clock.now(), zone);
    await nextSiteDay(t);
    expect(await t.services.rewards.settleReferralDay(day2)).toEqual({ paid: 0, points: 0 });
    expect(await referralRow(e2.id)).toEqual({ withheld: 'flagged', points: 200, transfer_id: null });
    expect(await huntsOf(r2.id)).toHaveLength(1);
    expect((await balances(t, r2.id)).comp).toBe(0);
    await setFraud({});
  });

  it('settled by several runs at once (instances past the job lease), flags the hunt once and pays once', async () => {
    await setFraud({ signInAction: 'allow' });
    const r = await createMember(t);
    const e = await createMember(t, { recommender: r.userId, cash: 200_000 });
    await shareDevice([r, e]);
    await slot.play(e, 30_000);
    const day = siteDay(t.clock.now(), zone);
    await nextSiteDay(t, [e]);
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => t.services.rewards.settleReferralDay(day)),
    );
    expect(runs.reduce((sum, run) => sum + run.paid, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.points, 0)).toBe(300);
    expect(await huntsOf(r.id)).toEqual([
      { details: { bonus: 'referral', referees: [e.id], with: [e.id] }, state: 'open' },
    ]);
    expect((await balances(t, r.id)).comp).toBe(300);
    expect(
      await t.db.selectFrom('referral_payouts').select('points').where('referee_id', '=', e.id).execute(),
    ).toEqual([{ points: 300 }]);
    await setFraud({});
  });

  it('flags linked members each taking a referral reward or a first-deposit bonus, and does not flag unlinked ones', async () => {
    await setFraud({ signInAction: 'allow' });
    const r1 = await createMember(t);
    const r2 = await createMember(t);
    const loner = await createMember(t);
    await shareDevice([r1, r2]);
    const e1 = await createMember(t, { recommender: r1.userId, cash: 100_000 });
    const e2 = await createMember(t, { recommender: r2.userId, cash: 100_000 });
    const e3 = await createMember(t, { recommender: loner.userId, cash: 100_000 });
    for (const e of [e1, e2, e3]) await slot.play(e, 10_000);
    const day = siteDay(t.clock.now(), zone);
    await nextSiteDay(t);
    expect(await t.services.rewards.settleReferralDay(day)).toEqual({ paid: 3, points: 300 });
    // Whichever was paid second is flagged with the first; the loner is not.
    const hunts = [...(await huntsOf(r1.id)), ...(await huntsOf(r2.id))];
    expect(hunts).toHaveLength(1);
    expect(hunts[0]!.details).toMatchObject({ bonus: 'referral', referees: [] });
    expect((hunts[0]!.details as { with: number[] }).with).toHaveLength(1);
    expect([r1.id, r2.id]).toContain((hunts[0]!.details as { with: number[] }).with[0]);
    expect(await huntsOf(loner.id)).toEqual([]);

    // A member linked to a referral taker takes a first-deposit bonus: flagged before it pays, and
    // with the setting the bonus is refused (the deposit itself paid).
    const op = await owner();
    await bo(t, 'settings.updateLevel', {
      cookie: op.cookie,
      params: { level: 1 },
      body: { depositBonus: [{ kind: 'first', percent: 10, cap: 50_000, rollover: 3 }] },
    });
    await bo(t, 'depositBonus.set', { cookie: op.cookie, body: { enabled: true } });
    const cousin = await createMember(t);
    await shareDevice([r1, cousin]);
    const options = (await call(t, 'get-deposit-bonus', {}, cousin.cookie)).body.options as {
      id: string;
      kind: string;
    }[];
    const first = options.find((o) => o.kind === 'first');
    expect(first).toBeDefined();
    expect(
      (await call(t, 'apply-user-deposit', { amount: 100_000, bonusId: first!.id }, cousin.cookie)).body
        .status,
    ).toBe('success');
    await setFraud({ signInAction: 'allow', skipFlaggedPromotions: true });
    const request = await latestRequestId(t, 'deposit', cousin.id);
    const cash = (await balances(t, cousin.id)).cash;
    expect(
      (await bo(t, 'deposits.approve', { cookie: op.cookie, params: { id: request } })).body.status,
    ).toBe('success');
    expect((await balances(t, cousin.id)).cash).toBe(cash + 100_000);
    const hunt = await huntsOf(cousin.id);
    expect(hunt).toHaveLength(1);
    expect(hunt[0]!.details).toMatchObject({ bonus: 'first' });
    expect((hunt[0]!.details as { with: number[] }).with).toContain(r1.id);
    expect(
      await t.db
        .selectFrom('deposit_bonuses')
        .select(['state', 'transfer_id'])
        .where('deposit_id', '=', request)
        .executeTakeFirstOrThrow(),
    ).toEqual({ state: 'refused', transfer_id: null });
    expect((await t.services.ledger.checkInvariants()).ok).toBe(true);
    await setFraud({});
  });
});
