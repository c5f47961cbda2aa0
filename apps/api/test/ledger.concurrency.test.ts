import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerMember } from './factories.ts';
import { createTestDatabase, onPostgres, type TestDatabase } from './harness.ts';
import { LedgerError } from '../src/modules/ledger/ledger.errors.ts';
import { createLedgerService, type LedgerService } from '../src/modules/ledger/ledger.service.ts';

// PGlite is one connection whose driver runs transactions one after another (docs/decisions/0002),
// so "parallel" calls there never overlap and these tests would prove nothing. They run when
// DATABASE_URL points at a PostgreSQL server, where the calls really race on a pool of connections.
const reason =
  'skipped on PGlite: one connection serializes every transaction, so races cannot happen; set DATABASE_URL';

let database: TestDatabase;
let ledger: LedgerService;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase({ poolSize: 40 });
  ledger = createLedgerService({ db: database.db });
});
afterAll(async () => {
  if (!onPostgres) return;
  const report = await ledger.checkInvariants();
  await database.close();
  expect(report).toEqual({ ok: true, violations: [] });
});

/** Settles every call; failures are kept as their LedgerError code (anything else is rethrown). */
async function settle<T>(calls: (() => Promise<T>)[]): Promise<{ ok: T[]; errors: string[] }> {
  const results = await Promise.allSettled(calls.map((call) => call()));
  const ok: T[] = [];
  const errors: string[] = [];
  for (const r of results) {
    if (r.status === 'fulfilled') ok.push(r.value);
    else if (r.reason instanceof LedgerError) errors.push(r.reason.code);
    else throw r.reason;
  }
  return { ok, errors };
}

const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

describe.skipIf(!onPostgres)(
  `ledger under concurrency (PostgreSQL) [${onPostgres ? 'running' : reason}]`,
  () => {
    it('50 parallel debits by one member never overdraw', async () => {
      const member = await createLedgerMember(database.db, ledger, { cash: 10_000 });
      const { ok, errors } = await settle(
        times(
          50,
          (i) => () =>
            ledger.transfer({
              debit: { memberId: member, kind: 'cash' },
              credit: { system: 'house:race' },
              amount: 300,
              code: 'bet',
              idempotencyKey: `race-${i}`,
              source: 'race',
            }),
        ),
      );
      expect(ok).toHaveLength(33);
      expect(errors).toEqual(times(17, () => 'balance'));
      expect((await ledger.memberBalances(member)).cash).toBe(100);
    });

    it('50 parallel holds and bets on one member never overdraw', async () => {
      const member = await createLedgerMember(database.db, ledger, { cash: 10_000 });
      const { ok, errors } = await settle(
        times(
          50,
          (i) => () =>
            i % 2 === 0
              ? ledger.createHold({
                  memberId: member,
                  amount: 700,
                  code: 'withdrawal_hold',
                  idempotencyKey: `mix-h-${i}`,
                })
              : ledger.transfer({
                  debit: { memberId: member, kind: 'cash' },
                  credit: { system: 'house:race' },
                  amount: 700,
                  code: 'bet',
                  idempotencyKey: `mix-b-${i}`,
                }),
        ),
      );
      expect(ok).toHaveLength(14);
      expect(errors.every((e) => e === 'balance')).toBe(true);
      expect((await ledger.memberBalances(member)).cash).toBe(200);
    });

    it('the same idempotency key replayed 100 times in parallel applies once', async () => {
      const member = await createLedgerMember(database.db, ledger, { cash: 1_000_000 });
      const { ok, errors } = await settle(
        times(
          100,
          () => () =>
            ledger.transfer({
              debit: { memberId: member, kind: 'cash' },
              credit: { system: 'house:race' },
              amount: 1_234,
              code: 'bet',
              idempotencyKey: 'one-key',
              source: 'race',
            }),
        ),
      );
      expect(errors).toEqual([]);
      expect(new Set(ok.map((r) => r.transferId)).size).toBe(1);
      expect(ok.filter((r) => !r.replayed)).toHaveLength(1);
      expect((await ledger.memberBalances(member)).cash).toBe(1_000_000 - 1_234);
    });

    it('one key raced with different requests applies one of them; the rest replay or conflict', async () => {
      const member = await createLedgerMember(database.db, ledger, { cash: 1_000_000 });
      const { ok, errors } = await settle(
        times(
          40,
          (i) => () =>
            ledger.transfer({
              debit: { memberId: member, kind: 'cash' },
              credit: { system: 'house:race' },
              amount: 100 + (i % 2),
              code: 'bet',
              idempotencyKey: 'contested',
              source: 'race',
            }),
        ),
      );
      expect(ok.filter((r) => !r.replayed)).toHaveLength(1);
      expect(ok.length + errors.length).toBe(40);
      expect(errors.every((e) => e === 'idempotency_conflict')).toBe(true);
      const cash = (await ledger.memberBalances(member)).cash;
      expect([1_000_000 - 100, 1_000_000 - 101]).toContain(cash);
    });

    it('100 parallel holds with one key hold the money once', async () => {
      const member = await createLedgerMember(database.db, ledger, { cash: 50_000 });
      const { ok, errors } = await settle(
        times(
          100,
          () => () =>
            ledger.createHold({
              memberId: member,
              amount: 30_000,
              code: 'withdrawal_hold',
              idempotencyKey: 'hold-once',
            }),
        ),
      );
      expect(errors).toEqual([]);
      expect(new Set(ok.map((r) => r.holdId)).size).toBe(1);
      expect((await ledger.memberBalances(member)).cash).toBe(20_000);
    });

    it('20 parallel postHold of one hold resolve it once', async () => {
      const member = await createLedgerMember(database.db, ledger, { cash: 50_000 });
      const hold = await ledger.createHold({
        memberId: member,
        amount: 40_000,
        code: 'withdrawal_hold',
        idempotencyKey: 'post-race-hold',
      });
      const { ok, errors } = await settle(
        times(20, (i) => () => ledger.postHold(hold.holdId, { idempotencyKey: `approve-${i}` })),
      );
      expect(ok).toHaveLength(1);
      expect(errors).toEqual(times(19, () => 'already'));
      expect((await ledger.getHold(hold.holdId))?.state).toBe('posted');
      expect((await ledger.memberBalances(member)).cash).toBe(10_000);
    });

    it('20 parallel postHold with one key resolve it once and replay the rest', async () => {
      const member = await createLedgerMember(database.db, ledger, { cash: 50_000 });
      const hold = await ledger.createHold({
        memberId: member,
        amount: 40_000,
        code: 'withdrawal_hold',
        idempotencyKey: 'post-race-hold-2',
      });
      const { ok, errors } = await settle(
        times(20, () => () => ledger.postHold(hold.holdId, { idempotencyKey: 'approve-once' })),
      );
      expect(errors).toEqual([]);
      expect(ok.filter((r) => !r.replayed)).toHaveLength(1);
      expect(new Set(ok.map((r) => r.transferId)).size).toBe(1);
    });

    it('posts and voids raced on one hold: exactly one wins', async () => {
      const member = await createLedgerMember(database.db, ledger, { cash: 50_000 });
      const hold = await ledger.createHold({
        memberId: member,
        amount: 50_000,
        code: 'withdrawal_hold',
        idempotencyKey: 'pv-race',
      });
      const { ok, errors } = await settle(
        times(
          20,
          (i) => () =>
            i % 2 === 0
              ? ledger.postHold(hold.holdId, { idempotencyKey: `pv-post-${i}` })
              : ledger.voidHold(hold.holdId, { idempotencyKey: `pv-void-${i}` }),
        ),
      );
      expect(ok).toHaveLength(1);
      expect(errors).toEqual(times(19, () => 'already'));
      const state = (await ledger.getHold(hold.holdId))?.state;
      expect((await ledger.memberBalances(member)).cash).toBe(state === 'voided' ? 50_000 : 0);
    });

    it('parallel transfers A->B and B->A complete without deadlocks', async () => {
      const a = await createLedgerMember(database.db, ledger, { cash: 100_000, comp: 50_000 });
      const b = await createLedgerMember(database.db, ledger, { cash: 100_000, comp: 50_000 });
      const { ok, errors } = await settle(
        times(200, (i) => () => {
          const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
          // Mixed kinds so the two transactions also lock accounts of one member in different pairs.
          const kind = i % 4 < 2 ? 'cash' : 'comp';
          return ledger.transfer({
            debit: { memberId: from, kind },
            credit: { memberId: to, kind: 'cash' },
            amount: 100,
            code: 'adjustment',
            idempotencyKey: `ab-${i}`,
          });
        }),
      );
      expect(errors).toEqual([]);
      expect(ok).toHaveLength(200);
      const ba = await ledger.memberBalances(a);
      const bb = await ledger.memberBalances(b);
      expect(ba.cash + ba.comp + bb.cash + bb.comp).toBe(300_000);
    });

    it('holds, voids and transfers between two members in parallel complete without deadlocks', async () => {
      const a = await createLedgerMember(database.db, ledger, { cash: 100_000 });
      const b = await createLedgerMember(database.db, ledger, { cash: 100_000 });
      const holds = await Promise.all(
        times(20, (i) =>
          ledger.createHold({
            memberId: i % 2 ? a : b,
            amount: 1_000,
            code: 'withdrawal_hold',
            idempotencyKey: `dl-h-${i}`,
          }),
        ),
      );
      const { errors } = await settle([
        ...holds.map((h, i) => () => ledger.voidHold(h.holdId, { idempotencyKey: `dl-v-${i}` })),
        ...times(
          60,
          (i) => () =>
            ledger.transfer({
              debit: { memberId: i % 2 ? a : b, kind: 'cash' },
              credit: { memberId: i % 2 ? b : a, kind: 'cash' },
              amount: 10,
              code: 'adjustment',
              idempotencyKey: `dl-t-${i}`,
            }),
        ),
      ]);
      expect(errors).toEqual([]);
      const total = (await ledger.memberBalances(a)).cash + (await ledger.memberBalances(b)).cash;
      expect(total).toBe(200_000);
    });

    it('opens a new house account once when its first bets race', async () => {
      const member = await createLedgerMember(database.db, ledger, { cash: 100_000 });
      const fresh = createLedgerService({ db: database.db }); // an empty account cache, like a new instance
      const { ok, errors } = await settle(
        times(
          30,
          (i) => () =>
            fresh.transfer({
              debit: { memberId: member, kind: 'cash' },
              credit: { system: 'house:brand-new' },
              amount: 10,
              code: 'bet',
              idempotencyKey: `new-${i}`,
            }),
        ),
      );
      expect(errors).toEqual([]);
      expect(ok).toHaveLength(30);
      const rows = await database.db
        .selectFrom('accounts')
        .select('id')
        .where('code', '=', 'house:brand-new')
        .execute();
      expect(rows).toHaveLength(1);
      expect(await ledger.accountBalance({ system: 'house:brand-new' })).toBe(300);
    });
  },
);
