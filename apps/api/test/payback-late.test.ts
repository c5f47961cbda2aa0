import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, siteDay } from '@casino/contracts/site-time';
import { weekOf } from '../src/modules/rewards/rewards.service.ts';
import {
  approvedDeposit,
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

// A rollback arriving after its week's payback was paid (docs/promotions.md "Late rollbacks"): the
// paid payback is not clawed back, the week's row stays as settled, and the refund counts in the
// cash balance of the week it arrives in, so a member who loses it again is not paid back on it twice.

const t = await fileTestApp();
const zone = t.config.siteTimeZone;
const owner = () => createOperator(t, 'owner');
let slot: TestProvider;

beforeAll(async () => {
  slot = await createTestProvider(t, await owner(), { kind: 'slot' });
  await setPromotion(t, 'promotions.updatePayback', {
    enabled: true,
    percentByLevel: { '1': 10 },
    cap: 50_000,
  });
});

const paybackPoints = async (m: TestMember) =>
  (
    await t.db
      .selectFrom('transfers')
      .select('amount')
      .where('code', '=', 'payback')
      .where('idempotency_key', 'like', `payback:${m.id}:%`)
      .execute()
  ).reduce((n, r) => n + r.amount, 0);

async function nextMonday(members: TestMember[]) {
  const today = siteDay(t.clock.now(), zone);
  const monday = addDays(weekOf(today), 7);
  await nextSiteDay(t, members, (Date.parse(monday) - Date.parse(today)) / 86_400_000);
}

describe('a rollback after its week’s payback was paid', () => {
  it('claws nothing back, and the refund counts in the week it arrives (no second payback on it)', async () => {
    const again = await createMember(t); // loses the refund again
    const leaves = await createMember(t); // withdraws the refund
    await nextMonday([again, leaves]);
    const week1 = weekOf(siteDay(t.clock.now(), zone));
    const late = new Map<TestMember, { roundId: string; transactionId: string }>();
    for (const m of [again, leaves]) {
      await approvedDeposit(t, m, 100_000);
      await slot.play(m, 60_000);
      late.set(m, await slot.play(m, 40_000)); // cash 0: loss 100,000, stakes reached the deposits
    }
    await nextMonday([again, leaves]);
    expect(await t.services.rewards.settlePaybackWeek(week1)).toEqual({ paid: 2, points: 20_000 });
    const promo1 = await t.ledger.accountBalance({ system: 'promo:payback' });

    // Week 2: the provider rolls back each member's 40,000 bet of week 1 (cash back to 40,000).
    for (const m of [again, leaves]) {
      const { roundId, transactionId } = late.get(m)!;
      const rb = await slot.wallet('rollback', {
        userId: m.userId,
        transactionId: `${transactionId}-rb`,
        roundId,
        referenceTransactionId: transactionId,
      });
      expect(rb.body.status).toBe('RS_OK');
    }
    // Week 1 stays as settled and paid: a rerun pays nothing, and nothing is taken back.
    expect(await t.services.rewards.settlePaybackWeek(week1)).toEqual({ paid: 0, points: 0 });
    expect(await paybackPoints(again)).toBe(10_000);
    expect(await paybackPoints(leaves)).toBe(10_000);
    expect(await t.ledger.accountBalance({ system: 'promo:payback' })).toBe(promo1);
    const row = await t.db
      .selectFrom('payback_payouts')
      .select(['loss', 'points'])
      .where('member_id', '=', again.id)
      .where('week', '=', week1)
      .executeTakeFirstOrThrow();
    expect({ loss: Number(row.loss), points: Number(row.points) }).toEqual({ loss: 100_000, points: 10_000 });

    // `again` deposits 10,000 and loses it with the refund: week 2's loss is 10,000, not 50,000
    // (the refund's 40,000 was in week 1's loss already), so over both weeks the payback is exactly
    // 10 % of what the member lost: 11,000 of 110,000.
    await approvedDeposit(t, again, 10_000);
    await slot.play(again, 50_000);
    // `leaves` withdraws the refund: no deposit in week 2, no payback; week 1's 4,000 on the refunded
    // stake stays paid (the documented bound: percent x refunded stakes, within the cap).
    expect(
      (
        await call(
          t,
          'apply-user-withdraw',
          { amount: 40_000, exchangePassword: leaves.exchangePassword },
          leaves.cookie,
        )
      ).body.status,
    ).toBe('success');
    const withdrawal = await latestRequestId(t, 'withdraw', leaves.id);
    expect(
      (await bo(t, 'withdraws.approve', { cookie: (await owner()).cookie, params: { id: withdrawal } })).body
        .status,
    ).toBe('success');

    const week2 = addDays(week1, 7);
    await nextMonday([again, leaves]);
    expect(await t.services.rewards.settlePaybackWeek(week2)).toEqual({ paid: 1, points: 1_000 });
    expect(await paybackPoints(again)).toBe(11_000);
    expect(await paybackPoints(leaves)).toBe(10_000);
    expect((await t.services.ledger.checkInvariants()).ok).toBe(true);
  });
});
