import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyWithdraw,
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

// PGlite runs one transaction at a time (docs/decisions/0002), so races cannot happen there and
// these tests would prove nothing: they run on the PostgreSQL server of DATABASE_URL.
const reason = 'skipped on PGlite: one connection serializes every transaction; set DATABASE_URL to run';

let t: CashierTestApp;
let owner: TestOperator;
let cashier: TestOperator;

function counts(statuses: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

describe.skipIf(!onPostgres)(
  `cashier under concurrency (PostgreSQL) [${onPostgres ? 'running' : reason}]`,
  () => {
    beforeAll(async () => {
      t = await createCashierTestApp();
      owner = await createOperator(t, 'owner');
      cashier = await createOperator(t, 'cashier');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('50 parallel withdrawals by one member hold the money once and never overdraw', async () => {
      const m = await createMember(t, { cash: 100_000 });
      const answers = await Promise.all(Array.from({ length: 50 }, () => applyWithdraw(t, m, 30_000)));
      // The exchange-password limit reserves each attempt before the check (issue 8), so at most five
      // run at once; the others answer 429 too_many, a contract answer that moves nothing.
      expect(answers.every((a) => a.code === 200 || a.code === 429)).toBe(true);
      const byStatus = counts(answers.map((a) => a.body.status));
      expect(byStatus.success).toBe(1);
      expect((byStatus.wait ?? 0) + (byStatus.too_many ?? 0)).toBe(49);
      expect(await balances(t, m.id)).toMatchObject({ cash: 70_000 });
      const rows = await t.db
        .selectFrom('withdraw_requests')
        .select(['state', 'hold_id'])
        .where('member_id', '=', m.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.hold_id).not.toBeNull();
    });

    it('50 parallel withdrawals while earlier ones are approved never overdraw', async () => {
      const m = await createMember(t, { cash: 100_000 });
      let settled = 0;
      // Rounds of parallel requests, each followed by an approval: the member asks for more than they have.
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all(Array.from({ length: 10 }, () => applyWithdraw(t, m, 30_000)));
        const ok = answers.filter((a) => a.body.status === 'success').length;
        expect(ok).toBeLessThanOrEqual(1);
        expect(answers.every((a) => ['success', 'wait', 'balance', 'too_many'].includes(a.body.status))).toBe(
          true,
        );
        if (ok === 1) {
          const id = await latestRequestId(t, 'withdraw', m.id);
          expect((await bo(t, 'withdraws.approve', { cookie: cashier.cookie, params: { id } })).body).toEqual(
            {
              status: 'success',
            },
          );
          settled += 1;
        }
      }
      expect(settled).toBe(3);
      expect(await balances(t, m.id)).toMatchObject({ cash: 10_000 });
    });

    it('50 parallel conversions by one member convert exactly the points held', async () => {
      const m = await createMember(t, { comp: 100_000 });
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => call(t, 'roll-to-balance', { amount: 10_000 }, m.cookie)),
      );
      expect(counts(answers.map((a) => a.body.status))).toEqual({ success: 10, low_point: 40 });
      expect(await balances(t, m.id)).toEqual({ cash: 100_000, comp: 0, game: 0 });
    });

    it('50 parallel debit adjustments never take a balance below zero', async () => {
      const m = await createMember(t, { cash: 100_000 });
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          bo(t, 'members.adjust', {
            cookie: cashier.cookie,
            params: { userId: m.userId },
            body: { amount: -7_000, reason: 'race' },
          }),
        ),
      );
      expect(counts(answers.map((a) => a.body.status))).toEqual({ success: 14, balance: 36 });
      expect(await balances(t, m.id)).toMatchObject({ cash: 2_000 });
    });

    it('20 parallel approvals of one deposit settle it once', async () => {
      const m = await createMember(t);
      await call(t, 'apply-user-deposit', { amount: 50_000 }, m.cookie);
      const id = await latestRequestId(t, 'deposit', m.id);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          bo(t, 'deposits.approve', { params: { id }, cookie: i % 2 ? owner.cookie : cashier.cookie }),
        ),
      );
      expect(counts(answers.map((a) => a.body.status))).toEqual({ success: 1, already: 19 });
      expect(await balances(t, m.id)).toMatchObject({ cash: 50_000 });
      const notes = await t.db.selectFrom('notes').select('id').where('member_id', '=', m.id).execute();
      expect(notes).toHaveLength(1);
      expect(
        await t.db.selectFrom('audit_log').select('id').where('target', '=', `deposit:${id}`).execute(),
      ).toHaveLength(1);
    });

    it('20 parallel approvals and rejections of one withdrawal resolve its hold once', async () => {
      const m = await createMember(t, { cash: 80_000 });
      await applyWithdraw(t, m, 50_000);
      const id = await latestRequestId(t, 'withdraw', m.id);
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () =>
          bo(t, 'withdraws.approve', { cookie: cashier.cookie, params: { id } }),
        ),
        ...Array.from({ length: 10 }, () =>
          bo(t, 'withdraws.reject', { cookie: cashier.cookie, params: { id }, body: { reason: 'race' } }),
        ),
        call(t, 'del-withdraw', { id }, m.cookie),
      ]);
      const operatorStatuses = answers.slice(0, 20).map((a) => a.body.status);
      expect(operatorStatuses.every((s) => s === 'success' || s === 'already')).toBe(true);
      // The member's delete either cancelled the request (then no operator won) or, coming after an
      // operator's decision, hid the finished request (also success).
      expect(answers[20]!.body.status).toBe('success');
      const row = await t.db
        .selectFrom('withdraw_requests')
        .select(['state', 'hold_id', 'reason', 'handled_by'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const memberCancelled = row.state === 'cansel' && row.handled_by === null;
      expect(operatorStatuses.filter((s) => s === 'success').length + (memberCancelled ? 1 : 0)).toBe(1);
      const hold = await t.ledger.getHold(row.hold_id!);
      if (row.state === 'already') {
        expect(hold?.state).toBe('posted');
        expect(await balances(t, m.id)).toMatchObject({ cash: 30_000 });
      } else {
        expect(row.state).toBe('cansel');
        expect(hold?.state).toBe('voided');
        expect(await balances(t, m.id)).toMatchObject({ cash: 80_000 });
      }
    });

    it('the same Idempotency-Key sent 100 times at once applies once and answers alike', async () => {
      const m = await createMember(t);
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          bo(t, 'members.adjust', {
            cookie: owner.cookie,
            params: { userId: m.userId },
            key: 'burst-1',
            body: { amount: 3_000, reason: 'burst' },
          }),
        ),
      );
      expect(answers.every((a) => a.code === 200 && a.body.status === 'success')).toBe(true);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(99);
      expect(await balances(t, m.id)).toMatchObject({ cash: 3_000 });
      expect(
        await t.db.selectFrom('audit_log').select('id').where('target', '=', `member:${m.userId}`).execute(),
      ).toHaveLength(1);

      await call(t, 'apply-user-deposit', { amount: 20_000 }, m.cookie);
      const id = await latestRequestId(t, 'deposit', m.id);
      const approvals = await Promise.all(
        Array.from({ length: 100 }, () =>
          bo(t, 'deposits.approve', { cookie: cashier.cookie, params: { id }, key: `approve-${id}` }),
        ),
      );
      expect(approvals.every((a) => a.body.status === 'success')).toBe(true);
      expect(await balances(t, m.id)).toMatchObject({ cash: 23_000 });
    });

    it('leaves the ledger consistent', async () => {
      expect(await t.ledger.checkInvariants()).toEqual({ ok: true, violations: [] });
    });
  },
);
