import { beforeAll, describe, expect, it } from 'vitest';
import { siteDay } from '@casino/contracts/site-time';
import { createMember, createOperator, fileTestApp, type TestMember } from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

// The wallet's daily aggregates (migration 0021, decision 0021): bets that stand and wins paid, per
// member, site day and provider kind, kept by the wallet's own statements.

const t = await fileTestApp();
// The clock at 15:30 UTC: 00:30 of the next day in Seoul, so the site's day is not the UTC day.
const now = t.clock.now();
const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 15, 30);
t.clock.advance((target > now.getTime() ? target : target + 86_400_000) - now.getTime());
const owner = await createOperator(t, 'owner');
let slot: TestProvider;
let casino: TestProvider;

beforeAll(async () => {
  slot = await createTestProvider(t, owner, { kind: 'slot' });
  casino = await createTestProvider(t, owner, { kind: 'casino' });
});

let seq = 0;
const id = (p: string) => `${p}-${++seq}`;

async function player(cash: number): Promise<TestMember & { slot: string; casino: string }> {
  const m = await createMember(t, { cash });
  return Object.assign(m, { slot: await slot.launch(m), casino: await casino.launch(m) });
}

const stakesOf = async (memberId: number) => {
  const day = siteDay(t.clock.now(), t.config.siteTimeZone);
  return t.services.wallet.memberDayStakes({ from: day, to: day, memberIds: [memberId] });
};

describe('member_day_stakes', () => {
  it('counts bets that stand and wins by the site day and the provider kind', async () => {
    const m = await player(100_000);
    const day = siteDay(t.clock.now(), 'Asia/Seoul');
    expect(day).not.toBe(t.clock.now().toISOString().slice(0, 10));
    const round = id('r');
    const bet = { token: m.slot, userId: m.userId, roundId: round, gameCode: 'g1' };
    const first = { ...bet, transactionId: id('b'), amount: 3_000 };
    expect((await slot.wallet('bet', first)).body.status).toBe('RS_OK');
    // A replay moves nothing and counts nothing.
    expect((await slot.wallet('bet', first)).body.status).toBe('RS_OK');
    expect((await slot.wallet('bet', { ...bet, transactionId: id('b'), amount: 2_000 })).body.status).toBe(
      'RS_OK',
    );
    expect(
      (
        await slot.wallet('win', {
          userId: m.userId,
          roundId: round,
          gameCode: 'g1',
          transactionId: id('w'),
          amount: 7_000,
        })
      ).body.status,
    ).toBe('RS_OK');
    const c = { token: m.casino, userId: m.userId, roundId: id('r'), gameCode: 'g1' };
    expect((await casino.wallet('bet', { ...c, transactionId: id('b'), amount: 10_000 })).body.status).toBe(
      'RS_OK',
    );
    // A refused bet (not enough money) counts nothing.
    expect(
      (await casino.wallet('bet', { ...c, transactionId: id('b'), amount: 10_000_000 })).body.status,
    ).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(await stakesOf(m.id)).toEqual([
      { memberId: m.id, day, kind: 'casino', stakes: 10_000, wins: 0 },
      { memberId: m.id, day, kind: 'slot', stakes: 5_000, wins: 7_000 },
    ]);
  });

  it('takes a rolled-back bet out of the row it was counted in', async () => {
    const m = await player(50_000);
    const day = siteDay(t.clock.now(), t.config.siteTimeZone);
    const round = id('r');
    const b1 = id('b');
    const body = { token: m.slot, userId: m.userId, roundId: round, gameCode: 'g1' };
    await slot.wallet('bet', { ...body, transactionId: b1, amount: 4_000 });
    await slot.wallet('bet', { ...body, transactionId: id('b'), amount: 1_000 });
    const rb = { userId: m.userId, roundId: round, transactionId: id('rb'), referenceTransactionId: b1 };
    expect((await slot.wallet('rollback', rb)).body.status).toBe('RS_OK');
    expect((await slot.wallet('rollback', rb)).body.status).toBe('RS_OK');
    // A rollback whose bet has not arrived leaves nothing to take out.
    const b3 = id('b');
    await slot.wallet('rollback', { ...rb, transactionId: id('rb'), referenceTransactionId: b3 });
    expect((await slot.wallet('bet', { ...body, transactionId: b3, amount: 9_000 })).body.status).toBe(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
    );
    expect(await stakesOf(m.id)).toEqual([{ memberId: m.id, day, kind: 'slot', stakes: 1_000, wins: 0 }]);
  });

  it('races bets and their rollbacks without a deadlock: the money back, the day row at zero', async () => {
    const m = await player(100_000);
    const day = siteDay(t.clock.now(), t.config.siteTimeZone);
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const bet = id('b');
        const roundId = id('r');
        const answers = await Promise.all([
          slot.wallet('bet', {
            token: m.slot,
            userId: m.userId,
            transactionId: bet,
            roundId,
            gameCode: 'g1',
            amount: 1_000,
          }),
          slot.wallet('rollback', {
            userId: m.userId,
            transactionId: id('rb'),
            referenceTransactionId: bet,
            roundId,
          }),
        ]);
        for (const a of answers) expect(a.code).toBe(200);
      }),
    );
    expect((await t.services.ledger.memberBalances(m.id)).cash).toBe(100_000);
    const rows = await stakesOf(m.id);
    expect(rows.reduce((n, r) => n + r.stakes, 0)).toBe(0);
    expect(rows.every((r) => r.day === day)).toBe(true);
  });

  it('keeps 40 parallel bets of one member exact', async () => {
    const m = await player(40_000);
    const day = siteDay(t.clock.now(), t.config.siteTimeZone);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        slot.wallet('bet', {
          token: m.slot,
          userId: m.userId,
          roundId: id('r'),
          gameCode: 'g1',
          transactionId: id('b'),
          amount: 1_500,
        }),
      ),
    );
    const ok = answers.filter((a) => a.body.status === 'RS_OK').length;
    expect(ok).toBe(26);
    expect(await stakesOf(m.id)).toEqual([
      { memberId: m.id, day, kind: 'slot', stakes: ok * 1_500, wins: 0 },
    ]);
  });
});
