import type { TBackofficeBody } from '@casino/contracts/backoffice-routes';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyWithdraw,
  auditOf,
  balances,
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  latestRequestId,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

// Member levels 1..10 and their settings (docs/api/levels.md, docs/api/backoffice-levels.md): comp
// rates per level, the daily withdrawal limit, thresholds and the automatic promotion, my page's level.

const t = await fileTestApp();
const owner = await createOperator(t, 'owner');
const cashier = await createOperator(t, 'cashier');
let slot: TestProvider;
let casino: TestProvider;

beforeAll(async () => {
  slot = await createTestProvider(t, owner, { kind: 'slot' });
  casino = await createTestProvider(t, owner, { kind: 'casino' });
});

const putLevel = (level: number, body: TBackofficeBody<'settings.updateLevel'>, cookie = owner.cookie) =>
  bo(t, 'settings.updateLevel', { cookie, params: { level }, body });

async function levelOf(m: TestMember) {
  return (await t.db.selectFrom('members').select('level').where('id', '=', m.id).executeTakeFirstOrThrow())
    .level;
}

async function deposit(m: TestMember, amount: number) {
  expect((await call(t, 'apply-user-deposit', { amount }, m.cookie)).body.status).toBe('success');
  const id = await latestRequestId(t, 'deposit', m.id);
  expect((await bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id } })).body.status).toBe(
    'success',
  );
}

let seq = 0;
async function bet(p: TestProvider, m: TestMember, token: string, amount: number) {
  seq += 1;
  const res = await p.wallet('bet', {
    token,
    userId: m.userId,
    transactionId: `lv-${seq}`,
    roundId: `lv-r-${seq}`,
    gameCode: 'g1',
    amount,
  });
  expect(res.body.status).toBe('RS_OK');
}

describe('level settings', () => {
  it('are carried by GET /settings/levels and changed one level at a time, audited', async () => {
    const res = await putLevel(3, {
      name: 'Gold',
      compRates: { casino: 80, slot: null },
      withdrawDailyLimit: 5_000_000,
      depositBonus: [{ kind: 'every', percent: 5, cap: 100_000, rollover: 2 }],
      threshold: { deposits: 1_000_000 },
      depositAccount: { bank: '004', number: '12345678901', holder: '골드계좌' },
    });
    expect(res.code).toBe(200);
    const level3 = (res.body.levels as { level: number }[]).find((l) => l.level === 3);
    expect(level3).toEqual({
      level: 3,
      name: 'Gold',
      members: expect.any(Number),
      compRates: { casino: 80, slot: null, mini: null },
      withdrawDailyLimit: 5_000_000,
      depositBonus: [{ id: 'every-5-100000-2', kind: 'every', percent: 5, cap: 100_000, rollover: 2 }],
      threshold: { stakes: null, deposits: 1_000_000 },
      depositAccount: { bank: '004', number: '12345678901', holder: '골드계좌' },
    });
    const read = await bo(t, 'settings.levels', { cookie: cashier.cookie });
    expect((read.body.levels as { level: number }[]).find((l) => l.level === 3)).toEqual(level3);
    const audit = await auditOf(t, 'settings:levels');
    expect(audit.at(-1)).toMatchObject({
      action: 'settings.levels',
      after: { names: expect.arrayContaining(['Gold']), level3: { withdrawDailyLimit: 5_000_000 } },
    });
    // The older body (names) and the new one (levels) both work on PUT /settings/levels.
    const both = await bo(t, 'settings.updateLevels', {
      cookie: owner.cookie,
      body: { names: { '2': 'Silver' }, levels: { '2': { withdrawDailyLimit: 1_000_000 } } },
    });
    expect((both.body.levels as { level: number }[])[1]).toMatchObject({
      name: 'Silver',
      withdrawDailyLimit: 1_000_000,
    });
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const before = (await bo(t, 'settings.levels', { cookie: owner.cookie })).body;
    const bad: [string | number, unknown, string][] = [
      [11, { withdrawDailyLimit: 1 }, 'level'],
      [0, { withdrawDailyLimit: 1 }, 'level'],
      ['x', { withdrawDailyLimit: 1 }, 'level'],
      [1, {}, ''],
      [1, { compRates: { casino: 10_001 } }, 'compRates'],
      [1, { compRates: { sport: 10 } }, 'compRates'],
      [1, { withdrawDailyLimit: 0 }, 'withdrawDailyLimit'],
      [1, { withdrawDailyLimit: 1.5 }, 'withdrawDailyLimit'],
      [1, { depositBonus: [{ kind: 'first', percent: 0, cap: 1, rollover: 1 }] }, 'depositBonus'],
      [1, { depositBonus: [{ kind: 'first', percent: 101, cap: 1, rollover: 1 }] }, 'depositBonus'],
      [1, { depositBonus: [{ kind: 'first', percent: 10, cap: 1, rollover: 51 }] }, 'depositBonus'],
      [1, { depositBonus: [{ kind: 'event', percent: 10, cap: 1, rollover: 1 }] }, 'depositBonus'],
      [1, { threshold: { stakes: -5 } }, 'threshold'],
      [1, { name: '' }, 'name'],
      [1, { extra: 1 }, 'extra'],
    ];
    for (const [level, body, path] of bad) {
      // Levels and bodies the entry's type refuses among them.
      const res = await bo(t, 'PUT', `/settings/levels/${level}`, { cookie: owner.cookie, body });
      expect(res.code, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].path, JSON.stringify(body)).toBe(path);
    }
    expect((await bo(t, 'settings.levels', { cookie: owner.cookie })).body).toEqual(before);
    expect((await putLevel(1, { withdrawDailyLimit: 1 }, cashier.cookie)).code).toBe(403);
  });
});

describe('comp rates per level', () => {
  it("replace the site's rate for the kind when set, and apply to the member's level", async () => {
    await putLevel(6, { compRates: { slot: 300, casino: null } });
    const m = await createMember(t, { cash: 1_000_000 });
    const slotToken = await slot.launch(m);
    const casinoToken = await casino.launch(m);
    // Level 1 has no rate of its own: the site's slot rate (100 bp).
    await bet(slot, m, slotToken, 10_000);
    expect((await balances(t, m.id)).comp).toBe(100);
    await bo(t, 'members.level', { cookie: owner.cookie, params: { userId: m.userId }, body: { level: 6 } });
    // The wallet keeps a member's level a few seconds.
    t.clock.advance(6_000);
    await bet(slot, m, slotToken, 10_000);
    expect((await balances(t, m.id)).comp).toBe(100 + 300);
    // Level 6 has no casino rate: the site's (50 bp).
    await bet(casino, m, casinoToken, 10_000);
    expect((await balances(t, m.id)).comp).toBe(100 + 300 + 50);
  });
});

describe('the daily withdrawal limit of a level', () => {
  it('refuses a withdrawal past what is left of the day with blocked and remaining', async () => {
    await putLevel(7, { withdrawDailyLimit: 50_000 });
    const m = await createMember(t, { cash: 200_000 });
    await t.db.updateTable('members').set({ level: 7 }).where('id', '=', m.id).execute();
    expect((await applyWithdraw(t, m, 60_000)).body).toEqual({ status: 'blocked', remaining: 50_000 });
    expect((await applyWithdraw(t, m, 40_000)).body).toEqual({ status: 'success' });
    const id = await latestRequestId(t, 'withdraw', m.id);
    await bo(t, 'withdraws.approve', { cookie: owner.cookie, params: { id } });
    expect((await applyWithdraw(t, m, 20_000)).body).toEqual({ status: 'blocked', remaining: 10_000 });
    expect((await applyWithdraw(t, m, 10_000)).body).toEqual({ status: 'success' });
    // A cancelled withdrawal gives its part of the limit back.
    await call(t, 'del-withdraw', { id: await latestRequestId(t, 'withdraw', m.id) }, m.cookie);
    expect((await applyWithdraw(t, m, 10_000)).body).toEqual({ status: 'success' });
    // The next site day starts afresh (the day's requests moved a day back).
    await bo(t, 'withdraws.approve', {
      cookie: owner.cookie,
      params: { id: await latestRequestId(t, 'withdraw', m.id) },
    });
    await t.db
      .updateTable('withdraw_requests')
      .set({ created_at: new Date(t.clock.now().getTime() - 24 * 3_600_000) })
      .where('member_id', '=', m.id)
      .execute();
    expect((await applyWithdraw(t, m, 50_000)).body).toEqual({ status: 'success' });
  });
});

describe('automatic promotion', () => {
  it('raises the level when approved deposits or stakes reach a threshold, never lowers it', async () => {
    await putLevel(8, { threshold: { deposits: 300_000, stakes: null } });
    await putLevel(9, { threshold: { stakes: 500_000, deposits: null } });
    const m = await createMember(t);
    await deposit(m, 200_000);
    expect(await levelOf(m)).toBe(1);
    await deposit(m, 100_000);
    expect(await levelOf(m)).toBe(8);
    expect((await auditOf(t, `member:${m.userId}`)).some((a) => a.action === 'member.level_auto')).toBe(true);

    // Stakes: the periodic run raises a member who played (idempotent: a second run raises nothing).
    const token = await slot.launch(m);
    await bet(slot, m, token, 250_000);
    await bet(slot, m, token, 50_000);
    expect(await t.services.depositBonus.promoteRecent()).toBe(0);
    await slot.wallet('win', {
      userId: m.userId,
      transactionId: `lv-w-${seq}`,
      roundId: 'w',
      gameCode: 'g1',
      amount: 300_000,
    });
    await bet(slot, m, token, 200_000);
    // The periodic job (one run at a time across instances) runs the same promotion.
    expect(await t.services.jobs.runNow('level-promotion')).toBe('success');
    expect(await levelOf(m)).toBe(9);
    expect(await t.services.depositBonus.promoteRecent()).toBe(0);

    // An operator may set any level; the promotion never lowers one.
    await bo(t, 'members.level', { cookie: owner.cookie, params: { userId: m.userId }, body: { level: 10 } });
    await t.services.depositBonus.promote(m.id);
    expect(await levelOf(m)).toBe(10);
  });
});

describe('get-my-level', () => {
  it("tells the member's level, its benefits, the totals and what the next level needs", async () => {
    await putLevel(1, { name: '브론즈', compRates: { slot: 120 }, withdrawDailyLimit: 3_000_000 });
    await putLevel(2, { threshold: { deposits: 500_000, stakes: 5_000_000 }, compRates: { slot: 150 } });
    const m = await createMember(t);
    expect((await call(t, 'get-my-level', {})).code).toBe(401);
    await deposit(m, 100_000);
    const res = await call(t, 'get-my-level', {}, m.cookie);
    expect(res.body).toMatchObject({
      status: 'success',
      current: { level: 1, name: '브론즈', withdrawDailyLimit: 3_000_000, compRates: { slot: 120 } },
      totals: { stakes: 0, deposits: 100_000 },
      next: { level: 2, threshold: { deposits: 500_000, stakes: 5_000_000 }, compRates: { slot: 150 } },
    });
  });
});
