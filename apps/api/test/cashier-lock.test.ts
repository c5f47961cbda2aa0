import { beforeAll, describe, expect, it } from 'vitest';
import { siteMinuteOfDay } from '@casino/contracts/site-time';
import { minutesOf } from '../src/modules/settings/lock-window.ts';
import {
  applyWithdraw,
  balances,
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  type TestMember,
} from './factories.ts';

// The clock moves by hours here: sessions live a week so that they outlast the moves.
const t = await fileTestApp({
  SESSION_IDLE_MS: String(7 * 86_400_000),
  SESSION_ABSOLUTE_MS: String(7 * 86_400_000),
});
const owner = await createOperator(t, 'owner');
let member: TestMember;

beforeAll(async () => {
  member = await createMember(t, { cash: 1_000_000 });
});

/** Moves the test clock forward to `hhmm` (and a few seconds) on the Asia/Seoul wall clock. */
function moveToSeoul(hhmm: string): void {
  const now = t.clock.now();
  const minutes = (minutesOf(hhmm) - siteMinuteOfDay(now, 'Asia/Seoul') + 1440) % 1440;
  t.clock.advance(minutes * 60_000 - (now.getTime() % 60_000) + 5_000);
  expect(siteMinuteOfDay(t.clock.now(), 'Asia/Seoul')).toBe(minutesOf(hhmm));
}

async function setLocks(body: Record<string, unknown>) {
  const res = await bo(t, 'settings.updateCashier', { cookie: owner.cookie, body });
  expect(res.body.status).toBe('success');
}

describe('cashier lock windows', () => {
  it('close deposits inside a window that crosses midnight, on both sides of midnight', async () => {
    await setLocks({ depositLock: { from: '23:30', to: '00:30' }, withdrawLock: null });
    moveToSeoul('23:00');
    expect((await call(t, 'get-cashier-status')).body.deposit).toEqual({
      locked: false,
      from: '23:30',
      to: '00:30',
    });
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, member.cookie)).body).toEqual({
      status: 'success',
    });
    expect((await call(t, 'del-deposit', { id: await lastId('deposit') }, member.cookie)).body).toEqual({
      status: 'success',
    });

    moveToSeoul('23:45');
    expect((await call(t, 'get-cashier-status')).body.deposit).toEqual({
      locked: true,
      from: '23:30',
      to: '00:30',
    });
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, member.cookie)).body).toEqual({
      status: 'time',
    });
    // Withdrawals have no window: still open.
    expect((await applyWithdraw(t, member, 10_000)).body).toEqual({
      status: 'success',
    });
    expect((await call(t, 'del-withdraw', { id: await lastId('withdraw') }, member.cookie)).body).toEqual({
      status: 'success',
    });

    moveToSeoul('00:15');
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, member.cookie)).body).toEqual({
      status: 'time',
    });

    moveToSeoul('00:30');
    expect((await call(t, 'get-cashier-status')).body.deposit.locked).toBe(false);
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, member.cookie)).body).toEqual({
      status: 'success',
    });
    expect((await call(t, 'del-deposit', { id: await lastId('deposit') }, member.cookie)).body).toEqual({
      status: 'success',
    });
  });

  it('close withdrawals inside their window and hold nothing', async () => {
    await setLocks({ depositLock: null, withdrawLock: { from: '03:00', to: '04:00' } });
    moveToSeoul('03:10');
    const before = await balances(t, member.id);
    expect((await call(t, 'get-cashier-status')).body.withdraw).toEqual({
      locked: true,
      from: '03:00',
      to: '04:00',
    });
    expect((await applyWithdraw(t, member, 10_000)).body).toEqual({
      status: 'time',
    });
    expect(await balances(t, member.id)).toEqual(before);
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, member.cookie)).body).toEqual({
      status: 'success',
    });
    moveToSeoul('04:00');
    expect((await applyWithdraw(t, member, 10_000)).body).toEqual({
      status: 'success',
    });
  });

  it('refuse an empty or malformed window (400) and keep the settings', async () => {
    const empty = await bo(t, 'settings.updateCashier', {
      cookie: owner.cookie,
      body: { depositLock: { from: '05:00', to: '05:00' } },
    });
    expect(empty.code).toBe(400);
    expect(empty.body).toEqual({ status: 'invalid', errors: [{ path: 'depositLock', code: 'pattern' }] });
    const malformed = await bo(t, 'settings.updateCashier', {
      cookie: owner.cookie,
      body: { withdrawLock: { from: '24:00', to: '01:00' } },
    });
    expect(malformed.code).toBe(400);
    expect((await bo(t, 'settings.cashier', { cookie: owner.cookie })).body.settings).toMatchObject({
      depositLock: null,
      withdrawLock: { from: '03:00', to: '04:00' },
    });
  });
});

async function lastId(kind: 'deposit' | 'withdraw'): Promise<number> {
  const list = await call(
    t,
    kind === 'deposit' ? 'get-deposit-list' : 'get-withdraw-list',
    {},
    member.cookie,
  );
  return list.body.list[0]!.id;
}
