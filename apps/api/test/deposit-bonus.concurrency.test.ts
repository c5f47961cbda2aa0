import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balances,
  bo,
  call,
  createCashierTestApp,
  createMember,
  createOperator,
  latestRequestId,
  type CashierTestApp,
  type TestOperator,
} from './factories.ts';
import { onPostgres } from './harness.ts';

// The deposit bonus under 40 parallel requests (docs/cashier.md "Deposit bonus and rollover"): it
// is paid once and taken back once. PGlite runs one transaction at a time, so these run on the
// PostgreSQL server of DATABASE_URL.
const reason = 'skipped on PGlite: one connection serializes every transaction; set DATABASE_URL to run';

let t: CashierTestApp;
let owner: TestOperator;
let cashier: TestOperator;

const count = (statuses: unknown[], status: string) => statuses.filter((s) => s === status).length;

describe.skipIf(!onPostgres)(
  `the deposit bonus under concurrency [${onPostgres ? 'running' : reason}]`,
  () => {
    beforeAll(async () => {
      t = await createCashierTestApp();
      owner = await createOperator(t, 'owner');
      cashier = await createOperator(t, 'cashier');
      const res = await bo(t, 'settings.updateLevel', {
        cookie: owner.cookie,
        params: { level: 1 },
        body: { depositBonus: [{ kind: 'every', percent: 10, cap: 100_000, rollover: 2 }] },
      });
      expect(res.body.status).toBe('success');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('40 parallel approvals of one deposit pay the deposit and its bonus once', async () => {
      const m = await createMember(t);
      await call(t, 'apply-user-deposit', { amount: 100_000, bonusId: 'every-10-100000-2' }, m.cookie);
      const id = await latestRequestId(t, 'deposit', m.id);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          bo(t, 'deposits.approve', { params: { id }, cookie: i % 2 ? owner.cookie : cashier.cookie }),
        ),
      );
      const statuses = answers.map((a) => a.body.status);
      expect(count(statuses, 'success')).toBe(1);
      expect(count(statuses, 'already')).toBe(39);
      expect((await balances(t, m.id)).cash).toBe(110_000);
      const rows = await t.services.depositBonus.bonusesOf(m.id);
      expect(rows.map((r) => [r.state, r.bonus])).toEqual([['active', 10_000]]);
    });

    it('40 parallel applications with a bonus store one request and one bonus', async () => {
      const m = await createMember(t);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          call(t, 'apply-user-deposit', { amount: 50_000, bonusId: 'every-10-100000-2' }, m.cookie),
        ),
      );
      const statuses = answers.map((a) => a.body.status);
      expect(count(statuses, 'success')).toBe(1);
      expect(count(statuses, 'wait')).toBe(39);
      expect(await t.services.depositBonus.bonusesOf(m.id)).toHaveLength(1);
    });

    it('40 parallel applications, with and without a bonus, never pass the deposit limit together', async () => {
      const m = await createMember(t);
      const set = { kind: 'deposit', period: 'day', amount: 100_000 };
      expect((await call(t, 'set-play-limit', set, m.cookie)).body.status).toBe('success');
      // 95,000 fits alone; with its 9,500 bonus it does not.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          call(
            t,
            'apply-user-deposit',
            i % 2 ? { amount: 95_000, bonusId: 'every-10-100000-2' } : { amount: 95_000 },
            m.cookie,
          ),
        ),
      );
      const bodies = answers.map((a) => a.body);
      expect(
        count(
          bodies.map((b) => b.status),
          'success',
        ),
      ).toBe(1);
      for (const [i, b] of bodies.entries()) {
        if (i % 2)
          expect(b).toEqual({
            status: 'blocked',
            remaining: expect.any(Number),
            bonusMax: expect.any(Number),
          });
        else expect(['success', 'wait', 'blocked']).toContain(b.status);
      }
      expect(await t.services.depositBonus.bonusesOf(m.id)).toEqual([]);
      const used = (await call(t, 'get-play-limits', {}, m.cookie)).body.used.deposit.day;
      expect(used).toBe(95_000);
    });

    it('40 parallel cancels take the bonus back once, racing an approval of another deposit', async () => {
      const m = await createMember(t);
      await call(t, 'apply-user-deposit', { amount: 200_000, bonusId: 'every-10-100000-2' }, m.cookie);
      await bo(t, 'deposits.approve', {
        cookie: owner.cookie,
        params: { id: await latestRequestId(t, 'deposit', m.id) },
      });
      expect((await balances(t, m.id)).cash).toBe(220_000);
      // A second deposit, without a bonus (none is offered while one is in play), approved meanwhile.
      expect((await call(t, 'apply-user-deposit', { amount: 30_000 }, m.cookie)).body.status).toBe('success');
      const second = await latestRequestId(t, 'deposit', m.id);
      const [cancels, approval] = await Promise.all([
        Promise.all(Array.from({ length: 40 }, () => call(t, 'cancel-bonus', {}, m.cookie))),
        bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id: second } }),
      ]);
      expect(approval.body.status).toBe('success');
      const statuses = cancels.map((a) => a.body.status);
      expect(count(statuses, 'success')).toBe(1);
      expect(count(statuses, 'not_found')).toBe(39);
      expect(cancels.find((a) => a.body.status === 'success')?.body.returned).toBe(20_000);
      expect((await balances(t, m.id)).cash).toBe(220_000 + 30_000 - 20_000);
      const rows = await t.services.depositBonus.bonusesOf(m.id);
      expect(rows.map((r) => [r.state, r.returned])).toEqual([['cancelled', 20_000]]);
      const invariants = await t.services.ledger.checkInvariants();
      expect(invariants).toMatchObject({ ok: true });
    });
  },
);
