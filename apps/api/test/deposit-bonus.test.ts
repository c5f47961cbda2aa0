import type { TBackofficeBody } from '@casino/contracts/backoffice-routes';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  requestIdsOf,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

// The levels' deposit bonus with its rollover, and deposit events (docs/api/levels.md,
// docs/cashier.md "Deposit bonus and rollover").

const t = await fileTestApp();
const owner = await createOperator(t, 'owner');
const support = await createOperator(t, 'support');
let slot: TestProvider;

beforeAll(async () => {
  slot = await createTestProvider(t, owner, { kind: 'slot' });
});

const FIRST = { kind: 'first', percent: 10, cap: 50_000, rollover: 3 } as const;
const EVERY = { kind: 'every', percent: 5, cap: 20_000, rollover: 2 } as const;

async function setLevel(level: number, body: Record<string, unknown>) {
  const res = await bo(t, 'settings.updateLevel', { cookie: owner.cookie, params: { level }, body });
  expect(res.body.status).toBe('success');
  return res;
}

beforeEach(async () => {
  await setLevel(1, { depositBonus: [FIRST, EVERY] });
  await bo(t, 'depositBonus.set', { cookie: owner.cookie, body: { enabled: true } });
});

async function approveLatest(m: TestMember) {
  const id = await latestRequestId(t, 'deposit', m.id);
  const res = await bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id } });
  expect(res.body.status).toBe('success');
  return id;
}

async function optionsOf(m: TestMember) {
  const res = await call(t, 'get-deposit-bonus', {}, m.cookie);
  expect(res.code).toBe(200);
  return res.body;
}

let seq = 0;
const txId = () => `bonus-tx-${++seq}`;

async function bet(m: TestMember, token: string, amount: number, transactionId = txId()) {
  const res = await slot.wallet('bet', {
    token,
    userId: m.userId,
    transactionId,
    roundId: `r-${transactionId}`,
    gameCode: 'g1',
    amount,
  });
  expect(res.body.status).toBe('RS_OK');
  return transactionId;
}

describe('get-deposit-bonus', () => {
  it('needs a member session', async () => {
    expect((await call(t, 'get-deposit-bonus', {})).code).toBe(401);
  });

  it("lists the level's options, `first` only before the day's first approved deposit", async () => {
    const m = await createMember(t);
    const before = await optionsOf(m);
    expect(before.first).toBe(true);
    expect(before.options).toEqual([
      { id: 'first-10-50000-3', kind: 'first', percent: 10, cap: 50_000, rollover: 3 },
      { id: 'every-5-20000-2', kind: 'every', percent: 5, cap: 20_000, rollover: 2 },
    ]);
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, m.cookie)).body.status).toBe('success');
    await approveLatest(m);
    const after = await optionsOf(m);
    expect(after.first).toBe(false);
    expect(after.options.map((o: { kind: string }) => o.kind)).toEqual(['every']);
  });

  it("offers another level's options to a member of that level only", async () => {
    await setLevel(4, { depositBonus: [{ kind: 'every', percent: 30, cap: 300_000, rollover: 5 }] });
    const m = await createMember(t);
    await t.db.updateTable('members').set({ level: 4 }).where('id', '=', m.id).execute();
    expect((await optionsOf(m)).options.map((o: { id: string }) => o.id)).toEqual(['every-30-300000-5']);
  });

  it('offers nothing while the switch is off', async () => {
    const m = await createMember(t);
    await bo(t, 'depositBonus.set', { cookie: owner.cookie, body: { enabled: false } });
    expect((await optionsOf(m)).options).toEqual([]);
  });
});

describe('a deposit with a bonus', () => {
  it('refuses an unknown or no longer offered bonus with fail and writes nothing', async () => {
    const m = await createMember(t);
    for (const bonusId of ['nope', 'first-99-50000-3', 'event-999']) {
      expect((await call(t, 'apply-user-deposit', { amount: 10_000, bonusId }, m.cookie)).body).toEqual({
        status: 'fail',
      });
    }
    const rows = await requestIdsOf(t, 'deposit', m.id);
    expect(rows).toEqual([]);
    expect((await call(t, 'apply-user-deposit', { amount: 10_000, bonusId: 7 }, m.cookie)).code).toBe(400);
    expect((await call(t, 'apply-user-deposit', { amount: 10_000, bonusId: '' }, m.cookie)).code).toBe(400);
  });

  it('pays the bonus with the deposit on approval, sets the rollover and answers rolling until stakes meet it', async () => {
    const m = await createMember(t);
    const token = await slot.launch(m);
    expect(
      (await call(t, 'apply-user-deposit', { amount: 100_000, bonusId: 'first-10-50000-3' }, m.cookie)).body,
    ).toEqual({ status: 'success' });
    // Nothing is paid before the approval.
    expect((await balances(t, m.id)).cash).toBe(0);
    expect((await call(t, 'get-rollover', {}, m.cookie)).body).toEqual({
      status: 'success',
      required: 0,
      done: 0,
      since: null,
    });
    const depositId = await approveLatest(m);
    // 10% of 100,000 = 10,000 (under the 50,000 cap), paid with the deposit.
    expect((await balances(t, m.id)).cash).toBe(110_000);
    const [paid] = await t.services.depositBonus.bonusesOf(m.id);
    const transfer = await t.db
      .selectFrom('transfers')
      .innerJoin('accounts', 'accounts.id', 'transfers.debit_account_id')
      .select(['transfers.amount', 'transfers.code', 'accounts.code as account', 'transfers.id'])
      .where('transfers.idempotency_key', '=', `deposit-bonus:${paid!.id}`)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ amount: 10_000, code: 'deposit_bonus', account: 'promo:deposit_bonus' });
    expect(paid).toMatchObject({ state: 'active', deposit_id: depositId, transfer_id: transfer.id });
    const audit = await auditOf(t, `deposit:${depositId}`);
    expect(audit.at(-1)?.after).toMatchObject({ bonus: { bonus: 10_000, required: 330_000 } });

    const rollover = (await call(t, 'get-rollover', {}, m.cookie)).body;
    expect(rollover).toMatchObject({
      status: 'success',
      required: 330_000,
      done: 0,
      bonus: 10_000,
      kind: 'first',
    });
    expect(typeof rollover.since).toBe('string');
    expect((await applyWithdraw(t, m, 10_000)).body).toEqual({
      status: 'rolling',
      required: 330_000,
      done: 0,
    });

    // Stakes that stand count; a rolled-back bet takes its count back.
    await bet(m, token, 100_000);
    const back = await bet(m, token, 10_000);
    expect((await call(t, 'get-rollover', {}, m.cookie)).body.done).toBe(110_000);
    const rolled = await slot.wallet('rollback', {
      userId: m.userId,
      transactionId: txId(),
      referenceTransactionId: back,
      roundId: `r-${back}`,
    });
    expect(rolled.body.status).toBe('RS_OK');
    expect((await applyWithdraw(t, m, 10_000)).body).toEqual({
      status: 'rolling',
      required: 330_000,
      done: 100_000,
    });
    // A wallet win pays cash back so the member can keep betting.
    await slot.wallet('win', {
      userId: m.userId,
      transactionId: txId(),
      roundId: 'r-win',
      gameCode: 'g1',
      amount: 300_000,
    });
    await bet(m, token, 229_000);
    expect((await applyWithdraw(t, m, 10_000)).body).toEqual({
      status: 'rolling',
      required: 330_000,
      done: 329_000,
    });
    await bet(m, token, 1_000);
    expect((await applyWithdraw(t, m, 10_000)).body).toEqual({ status: 'success' });
    expect((await call(t, 'get-rollover', {}, m.cookie)).body).toMatchObject({ required: 0, since: null });
    const rows = await t.services.depositBonus.bonusesOf(m.id);
    expect(rows.map((r) => r.state)).toEqual(['met']);
  });

  it('caps the bonus and pays nothing twice when the approval is replayed', async () => {
    const m = await createMember(t);
    await call(t, 'apply-user-deposit', { amount: 1_000_000, bonusId: 'first-10-50000-3' }, m.cookie);
    const id = await approveLatest(m);
    expect((await balances(t, m.id)).cash).toBe(1_050_000);
    expect((await bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id } })).body.status).toBe(
      'already',
    );
    expect((await balances(t, m.id)).cash).toBe(1_050_000);
  });

  it('gives no bonus option while one is in play', async () => {
    const m = await createMember(t);
    await call(t, 'apply-user-deposit', { amount: 10_000, bonusId: 'first-10-50000-3' }, m.cookie);
    await approveLatest(m);
    expect((await optionsOf(m)).options).toEqual([]);
    expect(
      (await call(t, 'apply-user-deposit', { amount: 10_000, bonusId: 'every-5-20000-2' }, m.cookie)).body,
    ).toEqual({ status: 'fail' });
  });

  it('keeps what was promised when the switch goes off before the approval', async () => {
    const m = await createMember(t);
    await call(t, 'apply-user-deposit', { amount: 20_000, bonusId: 'every-5-20000-2' }, m.cookie);
    await bo(t, 'depositBonus.set', { cookie: owner.cookie, body: { enabled: false } });
    await approveLatest(m);
    expect((await balances(t, m.id)).cash).toBe(21_000);
  });

  it('pays no bonus to a member on a break at the approval; the deposit itself is paid', async () => {
    const m = await createMember(t);
    await call(t, 'apply-user-deposit', { amount: 50_000, bonusId: 'first-10-50000-3' }, m.cookie);
    expect(
      (await call(t, 'take-break', { kind: 'time_out', period: '24h', password: m.password }, m.cookie)).body,
    ).toMatchObject({ status: 'success' });
    await approveLatest(m);
    expect((await balances(t, m.id)).cash).toBe(50_000);
    expect((await t.services.depositBonus.bonusesOf(m.id)).map((r) => r.state)).toEqual(['refused']);
  });

  it('drops the bonus of a rejected or cancelled request', async () => {
    const m = await createMember(t);
    await call(t, 'apply-user-deposit', { amount: 10_000, bonusId: 'first-10-50000-3' }, m.cookie);
    const first = await latestRequestId(t, 'deposit', m.id);
    expect((await call(t, 'del-deposit', { id: first }, m.cookie)).body.status).toBe('success');
    await call(t, 'apply-user-deposit', { amount: 10_000, bonusId: 'first-10-50000-3' }, m.cookie);
    const second = await latestRequestId(t, 'deposit', m.id);
    await bo(t, 'deposits.reject', { cookie: owner.cookie, params: { id: second }, body: { reason: 'no' } });
    expect((await t.services.depositBonus.bonusesOf(m.id)).map((r) => r.state)).toEqual(['void', 'void']);
    expect((await balances(t, m.id)).cash).toBe(0);
  });
});

describe('cancel-bonus', () => {
  it('gives the bonus back, at most the cash balance, and ends the requirement', async () => {
    const m = await createMember(t);
    const token = await slot.launch(m);
    expect((await call(t, 'cancel-bonus', {}, m.cookie)).body).toEqual({ status: 'not_found' });
    await call(t, 'apply-user-deposit', { amount: 100_000, bonusId: 'first-10-50000-3' }, m.cookie);
    await approveLatest(m);
    await bet(m, token, 104_000);
    // 6,000 cash left: the bonus of 10,000 goes back as far as the cash allows.
    expect((await call(t, 'get-rollover', {}, m.cookie)).body.cancelAmount).toBe(6_000);
    expect((await call(t, 'cancel-bonus', {}, m.cookie)).body).toEqual({
      status: 'success',
      returned: 6_000,
    });
    expect((await balances(t, m.id)).cash).toBe(0);
    expect((await call(t, 'cancel-bonus', {}, m.cookie)).body).toEqual({ status: 'not_found' });
    expect((await call(t, 'get-rollover', {}, m.cookie)).body).toMatchObject({ required: 0 });
    const [row] = await t.services.depositBonus.bonusesOf(m.id);
    expect(row).toMatchObject({ state: 'cancelled', bonus: 10_000, returned: 6_000 });
  });

  it("never touches another member's bonus", async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    await call(t, 'apply-user-deposit', { amount: 100_000, bonusId: 'first-10-50000-3' }, a.cookie);
    await approveLatest(a);
    expect((await call(t, 'cancel-bonus', {}, b.cookie)).body).toEqual({ status: 'not_found' });
    expect((await call(t, 'get-rollover', {}, a.cookie)).body.required).toBe(330_000);
  });
});

describe('deposit events', () => {
  const window = () => ({
    from: new Date(t.clock.now().getTime() - 60_000).toISOString(),
    to: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
  });

  it('are listed as kind event for their levels during their window, then ended', async () => {
    const created = await bo(t, 'depositEvents.create', {
      cookie: owner.cookie,
      body: { name: '주말 이벤트', ...window(), levels: [2, 3], percent: 20, cap: 100_000, rollover: 4 },
    });
    expect(created.body).toMatchObject({ status: 'success' });
    const id = created.body.id as number;
    const m = await createMember(t);
    await t.db.updateTable('members').set({ level: 2 }).where('id', '=', m.id).execute();
    const other = await createMember(t);
    const mine = (await optionsOf(m)).options;
    expect(mine).toContainEqual(
      expect.objectContaining({ id: `event-${id}`, kind: 'event', percent: 20, cap: 100_000, rollover: 4 }),
    );
    expect((await optionsOf(other)).options.map((o: { kind: string }) => o.kind)).not.toContain('event');

    await call(t, 'apply-user-deposit', { amount: 100_000, bonusId: `event-${id}` }, m.cookie);
    // Switched off after the choice: the bonus is still paid.
    expect(
      (
        await bo(t, 'depositEvents.update', {
          cookie: owner.cookie,
          params: { id },
          body: { enabled: false },
        })
      ).body,
    ).toEqual({ status: 'success' });
    await approveLatest(m);
    expect((await balances(t, m.id)).cash).toBe(120_000);
    const list = await bo(t, 'depositEvents.list', { cookie: owner.cookie });
    const event = (list.body.list as { id: number }[]).find((e) => e.id === id);
    expect(event).toMatchObject({
      state: 'off',
      figures: { paid: { count: 1, amount: 20_000 }, active: { count: 1, amount: 20_000 } },
    });
    expect((await bo(t, 'depositEvents.end', { cookie: owner.cookie, params: { id } })).body).toEqual({
      status: 'success',
    });
    expect((await bo(t, 'depositEvents.end', { cookie: owner.cookie, params: { id } })).body).toEqual({
      status: 'already',
    });
    expect((await bo(t, 'depositEvents.end', { cookie: owner.cookie, params: { id: 999999 } })).body).toEqual(
      {
        status: 'not_found',
      },
    );
    expect((await auditOf(t, `deposit-event:${id}`)).map((a) => a.action)).toEqual([
      'promotion.event_create',
      'promotion.event_switch',
      'promotion.event_end',
    ]);
  });

  it('refuses a bad event with 400 naming the field, and a role without the permission', async () => {
    const base = { name: 'x', ...window(), levels: [1], percent: 10, cap: 1_000, rollover: 2 };
    const bad: [TBackofficeBody<'depositEvents.create'>, string][] = [
      [{ ...base, percent: 0 }, 'percent'],
      [{ ...base, percent: 101 }, 'percent'],
      [{ ...base, rollover: 51 }, 'rollover'],
      [{ ...base, levels: [11] }, 'levels'],
      [{ ...base, levels: [] }, 'levels'],
      [{ ...base, to: base.from }, 'to'],
      [{ ...base, cap: -1 }, 'cap'],
      [{ ...base, name: '' }, 'name'],
    ];
    for (const [body, path] of bad) {
      const res = await bo(t, 'depositEvents.create', { cookie: owner.cookie, body });
      expect(res.code, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0]!.path).toBe(path);
    }
    expect((await bo(t, 'depositEvents.create', { cookie: support.cookie, body: base })).code).toBe(403);
    expect((await bo(t, 'depositBonus.get', { cookie: support.cookie })).code).toBe(403);
  });
});

describe('the deposit bonus figures', () => {
  it('count paid, rolled over and given up, in all and per level, and the switch is audited', async () => {
    const before = (await bo(t, 'depositBonus.get', { cookie: owner.cookie })).body;
    const m = await createMember(t);
    await call(t, 'apply-user-deposit', { amount: 100_000, bonusId: 'first-10-50000-3' }, m.cookie);
    await approveLatest(m);
    await call(t, 'cancel-bonus', {}, m.cookie);
    const after = (await bo(t, 'depositBonus.get', { cookie: owner.cookie })).body;
    expect(after.figures.paid.amount - before.figures.paid.amount).toBe(10_000);
    expect(after.figures.givenUp.returned - before.figures.givenUp.returned).toBe(10_000);
    expect(after.byLevel.find((l) => l.level === 1)!.paid.count).toBeGreaterThan(0);
    const res = await bo(t, 'depositBonus.set', { cookie: owner.cookie, body: { enabled: false } });
    expect(res.body.enabled).toBe(false);
    expect((await auditOf(t, 'promotion:deposit_bonus')).at(-1)).toMatchObject({
      action: 'promotion.deposit_bonus',
      after: { enabled: false },
    });
    // Not a boolean, which the entry's type refuses.
    expect(
      (await bo(t, 'PUT', '/promotions/deposit-bonus', { cookie: owner.cookie, body: { enabled: 1 } })).code,
    ).toBe(400);
  });
});

describe('the member detail', () => {
  it("shows the bonus in play's rollover to operators", async () => {
    const m = await createMember(t);
    const none = await bo(t, 'members.detail', { cookie: support.cookie, params: { userId: m.userId } });
    expect(none.body.member.rollover).toEqual({ required: 0, done: 0 });
    await call(t, 'apply-user-deposit', { amount: 100_000, bonusId: 'first-10-50000-3' }, m.cookie);
    await approveLatest(m);
    const token = await slot.launch(m);
    await bet(m, token, 30_000);
    const res = await bo(t, 'members.detail', { cookie: support.cookie, params: { userId: m.userId } });
    expect(res.body.member.rollover).toEqual({ required: 330_000, done: 30_000 });
  });
});

describe('the deposit limit (player protection first)', () => {
  const limit = async (m: TestMember, amount: number) =>
    expect(
      (await call(t, 'set-play-limit', { kind: 'deposit', period: 'day', amount }, m.cookie)).body,
    ).toEqual({
      status: 'success',
    });
  const usedToday = async (m: TestMember) =>
    (await call(t, 'get-play-limits', {}, m.cookie)).body.used.deposit.day as number;

  it('offers each option only as far as the limit allows the deposit with its bonus', async () => {
    const m = await createMember(t);
    // Without a limit the options carry nothing of it.
    for (const o of (await optionsOf(m)).options) expect(o).not.toHaveProperty('maxAmount');
    await limit(m, 100_000);
    const { options } = await optionsOf(m);
    // 10% (cap 50,000): 90,909 + 9,090 <= 100,000, in units of 1,000 -> 90,000; 5%: 95,238 -> 95,000.
    expect(options).toEqual([
      expect.objectContaining({ id: 'first-10-50000-3', maxAmount: 90_000 }),
      expect.objectContaining({ id: 'every-5-20000-2', maxAmount: 95_000 }),
    ]);
    for (const o of options) expect(o).not.toHaveProperty('blocked');
  });

  it('marks an option blocked when not even the minimum deposit fits with its bonus', async () => {
    const m = await createMember(t);
    await limit(m, 10_000);
    const { options } = await optionsOf(m);
    expect(options[0]).toMatchObject({ id: 'first-10-50000-3', maxAmount: 9_000, blocked: true });
    // The bonus refused by the limit: blocked with what is left and the largest deposit with it (none).
    expect(
      (await call(t, 'apply-user-deposit', { amount: 10_000, bonusId: 'first-10-50000-3' }, m.cookie)).body,
    ).toEqual({ status: 'blocked', remaining: 10_000, bonusMax: 0 });
    // The same deposit without the bonus fits.
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, m.cookie)).body).toEqual({
      status: 'success',
    });
  });

  it('refuses a deposit whose bonus would pass the limit, writes nothing, and counts the bonus as money in', async () => {
    const m = await createMember(t);
    await limit(m, 100_000);
    expect(
      (await call(t, 'apply-user-deposit', { amount: 100_000, bonusId: 'first-10-50000-3' }, m.cookie)).body,
    ).toEqual({ status: 'blocked', remaining: 100_000, bonusMax: 90_000 });
    expect(await requestIdsOf(t, 'deposit', m.id)).toEqual([]);
    expect(await t.services.depositBonus.bonusesOf(m.id)).toEqual([]);
    // The largest deposit it allows passes; the promised bonus counts at once, then as paid.
    expect(
      (await call(t, 'apply-user-deposit', { amount: 90_000, bonusId: 'first-10-50000-3' }, m.cookie)).body,
    ).toEqual({ status: 'success' });
    expect(await usedToday(m)).toBe(99_000);
    await approveLatest(m);
    expect((await balances(t, m.id)).cash).toBe(99_000);
    expect(await usedToday(m)).toBe(99_000);
    // 1,000 left: a further deposit of the minimum is refused with it.
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, m.cookie)).body).toEqual({
      status: 'blocked',
      remaining: 1_000,
    });
    // A bonus given up counts what the member kept of it: all of it went back here.
    expect((await call(t, 'cancel-bonus', {}, m.cookie)).body).toEqual({
      status: 'success',
      returned: 9_000,
    });
    expect(await usedToday(m)).toBe(90_000);
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, m.cookie)).body).toEqual({
      status: 'success',
    });
  });

  it('counts nothing for a bonus that was never paid (a rejected request)', async () => {
    const m = await createMember(t);
    await limit(m, 100_000);
    await call(t, 'apply-user-deposit', { amount: 50_000, bonusId: 'first-10-50000-3' }, m.cookie);
    expect(await usedToday(m)).toBe(55_000);
    const id = await latestRequestId(t, 'deposit', m.id);
    const res = await bo(t, 'deposits.reject', {
      cookie: owner.cookie,
      params: { id },
      body: { reason: 'no' },
    });
    expect(res.body.status).toBe('success');
    expect(await usedToday(m)).toBe(0);
  });
});
