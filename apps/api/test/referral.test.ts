import { beforeAll, describe, expect, it } from 'vitest';
import { siteDay } from '@casino/contracts/site-time';
import type { TReferralSettings } from '@casino/contracts/backoffice-rewards';
import {
  balances,
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  nextSiteDay,
  setPromotion,
  signIn,
  uniqueMemberInput,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

// Referral (issue 26, docs/promotions.md): `recommender` at registration, links flagged
// instead of paid (self, shared address, shared bank account), the recommender's comp points on the
// referee's stakes that stood, settled once per referee and finished site day, and get-referrals.

const t = await fileTestApp();
const zone = t.config.siteTimeZone;
const owner = () => createOperator(t, 'owner');
let slot: TestProvider;

beforeAll(async () => {
  slot = await createTestProvider(t, await owner(), { kind: 'slot' });
});

let seq = 0;
const id = (p: string) => `${p}-${++seq}`;

/** A bet of `amount` that stands (and a rolled-back one of `rolledBack`). */
async function play(m: Pick<TestMember, 'userId' | 'cookie'>, amount: number, rolledBack = 0) {
  await slot.play(m, amount);
  if (rolledBack > 0) {
    const { roundId, transactionId } = await slot.play(m, rolledBack);
    const rollback = await slot.wallet('rollback', {
      userId: m.userId,
      roundId,
      gameCode: 'g1',
      transactionId: id('rb'),
      referenceTransactionId: transactionId,
    });
    expect(rollback.body.status).toBe('RS_OK');
  }
}

const setReferral = (body: TReferralSettings) => setPromotion(t, 'promotions.updateReferral', body);

/** Moves the clock to 00:30 of the next site day; the members sign in again. */
const nextDay = (members: TestMember[]) => nextSiteDay(t, members);

const linkOf = (memberId: number) =>
  t.db
    .selectFrom('members')
    .select(['recommender_id', 'referral_flag'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();

describe('recommender at registration', () => {
  it('links a new member to an existing one, and refuses an unknown recommender with a 400 (pattern, as an unknown bank code)', async () => {
    const a = await createMember(t);
    const input = uniqueMemberInput({ recommender: a.userId.toUpperCase() });
    const ok = await call(t, 'user-register', { ...input, agree18: true }, { ip: '203.0.113.7' });
    expect(ok.body).toEqual({ status: 'success' });
    const b = await t.db
      .selectFrom('members')
      .select('id')
      .where('user_id', '=', input.userId)
      .executeTakeFirstOrThrow();
    expect(await linkOf(b.id)).toEqual({ recommender_id: a.id, referral_flag: null });
    // The member detail of the back office names the recommender (null when none).
    const op = await owner();
    expect(
      (await bo(t, 'members.detail', { cookie: op.cookie, params: { userId: input.userId } })).body.member
        ?.recommender,
    ).toBe(a.userId);
    expect(
      (await bo(t, 'members.detail', { cookie: op.cookie, params: { userId: a.userId } })).body.member
        ?.recommender,
    ).toBeNull();

    const unknown = await call(t, 'user-register', {
      ...uniqueMemberInput({ recommender: 'nobody99x' }),
      agree18: true,
    });
    expect(unknown.code).toBe(400);
    expect(unknown.body).toMatchObject({
      status: 'invalid',
      errors: [{ path: 'recommender', code: 'pattern' }],
    });
    for (const recommender of ['a', 12, '1abc', 'x'.repeat(17)]) {
      const bad = await call(t, 'user-register', { ...uniqueMemberInput(), recommender, agree18: true });
      expect(bad.code, String(recommender)).toBe(400);
      expect(bad.body).toMatchObject({ status: 'invalid', errors: [{ path: 'recommender' }] });
    }
  });

  it('flags a self-recommendation, a shared address and a shared bank account instead of paying them', async () => {
    const self = uniqueMemberInput();
    expect(
      (await call(t, 'user-register', { ...self, recommender: self.userId, agree18: true })).body.status,
    ).toBe('success');
    const selfRow = await t.db
      .selectFrom('members')
      .select('id')
      .where('user_id', '=', self.userId)
      .executeTakeFirstOrThrow();
    expect(await linkOf(selfRow.id)).toEqual({ recommender_id: selfRow.id, referral_flag: 'self' });

    // The recommender signed in from 198.51.100.20; a friend registering from there is flagged.
    const a = await createMember(t, { signedIn: false });
    await signIn(t, a, { ip: '198.51.100.20' });
    const friend = uniqueMemberInput({ recommender: a.userId });
    expect(
      (await call(t, 'user-register', { ...friend, agree18: true }, { ip: '198.51.100.20' })).body.status,
    ).toBe('success');
    const friendRow = await t.db
      .selectFrom('members')
      .select('id')
      .where('user_id', '=', friend.userId)
      .executeTakeFirstOrThrow();
    expect(await linkOf(friendRow.id)).toEqual({ recommender_id: a.id, referral_flag: 'ip' });

    // The same bank account: the registration's uniqueness answers `alread` before any link, so a
    // shared account is caught where the recommender changed theirs to the new member's later.
    const r = await createMember(t, { signedIn: false });
    const twin = uniqueMemberInput({ recommender: r.userId });
    const before = await t.services.members.register(twin);
    expect(before.status).toBe('success');
    const shared = await t.services.members.register(
      uniqueMemberInput({ recommender: r.userId, banknum: r.banknum }),
    );
    expect(shared).toEqual({ status: 'alread', field: 'banknum' });

    // A loopback address is no one's (a proxy without TRUST_PROXY): sharing it flags nothing.
    const local = await createMember(t, { signedIn: false });
    await signIn(t, local, { ip: '127.0.0.1' });
    const neighbour = uniqueMemberInput({ recommender: local.userId });
    expect(
      (await call(t, 'user-register', { ...neighbour, agree18: true }, { ip: '127.0.0.1' })).body.status,
    ).toBe('success');
    const neighbourRow = await t.db
      .selectFrom('members')
      .select('id')
      .where('user_id', '=', neighbour.userId)
      .executeTakeFirstOrThrow();
    expect(await linkOf(neighbourRow.id)).toEqual({ recommender_id: local.id, referral_flag: null });

    const flagged = await bo(t, 'promotions.flaggedReferrals', { cookie: (await owner()).cookie });
    expect(flagged.body.status).toBe('success');
    const rows = flagged.body.list;
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: self.userId, recommender: self.userId, flag: 'self' }),
        expect.objectContaining({ userId: friend.userId, recommender: a.userId, flag: 'ip' }),
      ]),
    );
    const figures = await bo(t, 'promotions.referral', { cookie: (await owner()).cookie });
    expect(figures.body.figures.flagged).toBeGreaterThanOrEqual(2);
    expect(figures.body.figures.links).toBeGreaterThan(figures.body.figures.flagged);
  });
});

describe('referral rewards', () => {
  it("pays the recommender the rate of the referee's stakes that stood, once per referee and day", async () => {
    await setReferral({ enabled: true, rate: 100 }); // 1 %
    const a = await createMember(t);
    const b = await createMember(t, { recommender: a.userId, cash: 500_000 });
    const c = await createMember(t, { recommender: a.userId, cash: 500_000 });
    const stranger = await createMember(t, { cash: 500_000 });
    await play(b, 123_456, 50_000); // the rolled-back bet does not count
    await play(c, 20_000);
    await play(stranger, 90_000);
    const day = siteDay(t.clock.now(), zone);
    // Today is not finished: nothing is settled yet.
    await expect(t.services.rewards.settleReferralDay(day)).rejects.toThrow(/not finished/);

    await nextDay([a, b, c]);
    const results = await Promise.all(
      Array.from({ length: 40 }, () => t.services.rewards.settleReferralDay(day)),
    );
    expect(results.reduce((n, r) => n + r.paid, 0)).toBe(2);
    expect(results.reduce((n, r) => n + r.points, 0)).toBe(1_234 + 200);
    expect((await balances(t, a.id)).comp).toBe(1_434);
    // The job's catch-up over the last days settles nothing twice.
    expect(await t.services.rewards.settleReferrals()).toEqual({ paid: 0, points: 0 });
    expect((await balances(t, a.id)).comp).toBe(1_434);

    const answer = await call(t, 'get-referrals', {}, a.cookie);
    expect(answer.body).toMatchObject({ status: 'success', total: 1_434, maxCount: 2, rate: 100 });
    expect(answer.body.list).toEqual([
      { nick: c.nick, joined: expect.any(String), points: 200 },
      { nick: b.nick, joined: expect.any(String), points: 1_234 },
    ]);
    expect((await call(t, 'get-referrals', {}, b.cookie)).body).toMatchObject({ list: [], total: 0 });
    expect((await t.services.ledger.checkInvariants()).ok).toBe(true);
  });

  it('pays nothing on a flagged link, nothing while off, and nothing to a recommender on a break', async () => {
    await setReferral({ enabled: true, rate: 100 });
    const a = await createMember(t, { signedIn: false });
    await signIn(t, a, { ip: '192.0.2.44' });
    const flaggedInput = uniqueMemberInput({ recommender: a.userId });
    const registered = await t.services.members.register(flaggedInput, { ip: '192.0.2.44' });
    if (registered.status !== 'success') throw new Error('registration failed');
    const f = {
      id: registered.memberId,
      userId: flaggedInput.userId,
      password: flaggedInput.password,
      cookie: '',
    };
    await t.services.ledger.transfer({
      debit: { system: 'adjustment' },
      credit: { memberId: f.id, kind: 'cash' },
      amount: 100_000,
      code: 'adjustment',
      idempotencyKey: `fund-${f.id}`,
    });
    f.cookie = await signIn(t, f);
    await play(f, 50_000);

    const resting = await createMember(t);
    const r = await createMember(t, { recommender: resting.userId, cash: 100_000 });
    await play(r, 40_000);
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

    const day = siteDay(t.clock.now(), zone);
    await nextDay([]);
    await t.services.rewards.settleReferralDay(day);
    expect((await balances(t, a.id)).comp).toBe(0);
    expect(await linkOf(f.id)).toEqual({ recommender_id: a.id, referral_flag: 'ip' });
    expect(
      await t.db.selectFrom('referral_payouts').selectAll().where('referee_id', '=', f.id).execute(),
    ).toEqual([]);
    expect((await balances(t, resting.id)).comp).toBe(0);
    const withheld = await t.db
      .selectFrom('referral_payouts')
      .select(['withheld', 'points', 'transfer_id'])
      .where('referee_id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(withheld).toEqual({ withheld: 'protected', points: 400, transfer_id: null });

    // A day settled while the promotion is off is never paid.
    const off = await createMember(t);
    const o = await createMember(t, { recommender: off.userId, cash: 100_000 });
    await play(o, 30_000);
    const offDay = siteDay(t.clock.now(), zone);
    await nextDay([]);
    await setReferral({ enabled: false, rate: 100 });
    expect(await t.services.rewards.settleReferralDay(offDay)).toEqual({ paid: 0, points: 0 });
    await setReferral({ enabled: true, rate: 100 });
    expect(await t.services.rewards.settleReferralDay(offDay)).toEqual({ paid: 0, points: 0 });
    // The day settled while off stays unpaid when the promotion is on again.
    expect((await balances(t, off.id)).comp).toBe(0);
    expect(
      await t.db
        .selectFrom('referral_payouts')
        .select(['withheld', 'transfer_id'])
        .where('referee_id', '=', o.id)
        .execute(),
    ).toEqual([{ withheld: 'disabled', transfer_id: null }]);
  });

  it('is settled by the referral job, which runs once however many instances ask', async () => {
    await setReferral({ enabled: true, rate: 200 });
    const a = await createMember(t);
    const b = await createMember(t, { recommender: a.userId, cash: 100_000 });
    await play(b, 10_000);
    await nextDay([]);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => t.services.jobs.runNow('referral-settle')),
    );
    expect(outcomes.filter((o) => o === 'success').length).toBeGreaterThanOrEqual(1);
    expect(outcomes.every((o) => o === 'success' || o === 'busy')).toBe(true);
    expect(await t.services.jobs.runNow('referral-settle')).toBe('success');
    expect((await balances(t, a.id)).comp).toBe(200);
  });

  it("pays at the recommender's level rate where the level sets one, else at the referral rate", async () => {
    await setReferral({ enabled: true, rate: 100 });
    const casino = await createTestProvider(t, await owner(), { kind: 'casino' });
    const vip = await createMember(t);
    await t.db.updateTable('members').set({ level: 3 }).where('id', '=', vip.id).execute();
    // Level 3 earns 2.5 % on slot stakes; casino stakes have no level rate: the referral rate (1 %).
    const set = await bo(t, 'settings.updateLevel', {
      cookie: (await owner()).cookie,
      params: { level: 3 },
      body: { compRates: { slot: 250, casino: null } },
    });
    expect(set.body.status).toBe('success');
    const b = await createMember(t, { recommender: vip.userId, cash: 200_000 });
    await play(b, 40_000); // slot
    const token = await casino.launch(b);
    const bet = {
      token,
      userId: b.userId,
      gameCode: 'g1',
      roundId: id('r'),
      transactionId: id('b'),
      amount: 30_000,
    };
    expect((await casino.wallet('bet', bet)).body.status).toBe('RS_OK');
    const day = siteDay(t.clock.now(), zone);
    await nextDay([]);
    expect(await t.services.rewards.settleReferralDay(day)).toEqual({ paid: 1, points: 1_000 + 300 });
    expect((await balances(t, vip.id)).comp).toBe(1_300);
    const row = await t.db
      .selectFrom('referral_payouts')
      .select(['stakes', 'rate', 'points'])
      .where('referee_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ stakes: 70_000, rate: 186, points: 1_300 });
    await bo(t, 'settings.updateLevel', {
      cookie: (await owner()).cookie,
      params: { level: 3 },
      body: { compRates: { slot: null } },
    });
  });
});
