import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerMember } from './factories.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';
import { LedgerError } from '../src/modules/ledger/ledger.errors.ts';
import {
  createLedgerService,
  type LedgerService,
  type TransferInput,
} from '../src/modules/ledger/ledger.service.ts';

let database: TestDatabase;
let ledger: LedgerService;

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedgerService({ db: database.db });
});
afterAll(async () => {
  await database?.close();
});

async function rejection(promise: Promise<unknown>): Promise<LedgerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LedgerError) return error;
    throw error;
  }
  throw new Error('expected a LedgerError');
}

async function transferCount(): Promise<number> {
  const row = await database.db
    .selectFrom('transfers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let keySeq = 0;
const nextKey = (prefix = 'k') => `${prefix}-${++keySeq}`;

/** A deposit of `amount` from bank clearing to the member's cash under `idempotencyKey`. */
const cashDeposit = (memberId: number, amount: number, idempotencyKey: string): TransferInput => ({
  debit: { system: 'bank_clearing' },
  credit: { memberId, kind: 'cash' },
  amount,
  code: 'deposit',
  idempotencyKey,
});

/** A withdrawal hold of `amount` on the member's cash, under a fresh key. */
const withdrawalHold = (memberId: number, amount: number) =>
  ledger.createHold({ memberId, amount, code: 'withdrawal_hold', idempotencyKey: nextKey('w') });

describe('accounts', () => {
  it('opens a member at zero with cash, comp and game accounts', async () => {
    const member = await createLedgerMember(database.db, ledger);
    expect(await ledger.memberBalances(member)).toEqual({ cash: 0, comp: 0, game: 0 });
    await ledger.openMemberAccounts(member); // a second open changes nothing
    expect(await ledger.memberBalances(member)).toEqual({ cash: 0, comp: 0, game: 0 });
  });

  it('has the fixed system accounts from the migration', async () => {
    const codes = (await ledger.systemBalances()).map((s) => s.code);
    expect(codes).toEqual(
      expect.arrayContaining(['adjustment', 'bank_clearing', 'comp_expense', 'withdraw_hold']),
    );
  });
});

describe('transfer', () => {
  it('credits a deposit and debits bank clearing, both sides in one transfer', async () => {
    const member = await createLedgerMember(database.db, ledger);
    const before = await ledger.accountBalance({ system: 'bank_clearing' });
    const result = await ledger.transfer({
      ...cashDeposit(member, 50_000, 'deposit-1'),
      source: 'cashier',
      meta: { requestId: 7 },
    });
    expect(result.replayed).toBe(false);
    expect(result.transferId).toBeGreaterThan(0);
    expect(await ledger.memberBalances(member)).toEqual({ cash: 50_000, comp: 0, game: 0 });
    expect(await ledger.accountBalance({ system: 'bank_clearing' })).toBe(before - 50_000);
    const row = await database.db
      .selectFrom('transfers')
      .selectAll()
      .where('id', '=', result.transferId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      amount: 50_000,
      code: 'deposit',
      source: 'cashier',
      idempotency_key: 'deposit-1',
      credit_balance_after: 50_000,
      debit_balance_after: null,
      meta: { requestId: 7 },
    });
  });

  it('opens house and jackpot accounts on first use and derives their balances', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 10_000 });
    await ledger.transfer({
      debit: { memberId: member, kind: 'cash' },
      credit: { system: 'house:evo' },
      amount: 3_000,
      code: 'bet',
      idempotencyKey: nextKey(),
      source: 'evo',
    });
    await ledger.transfer({
      debit: { system: 'house:evo' },
      credit: { memberId: member, kind: 'cash' },
      amount: 5_000,
      code: 'win',
      idempotencyKey: nextKey(),
      source: 'evo',
    });
    await ledger.transfer({
      debit: { system: 'house:evo' },
      credit: { system: 'jackpot:MEGA' },
      amount: 100,
      code: 'jackpot',
      idempotencyKey: nextKey(),
    });
    expect(await ledger.accountBalance({ system: 'house:evo' })).toBe(-2_100);
    expect(await ledger.accountBalance({ system: 'jackpot:MEGA' })).toBe(100);
    expect(await ledger.accountBalance({ system: 'jackpot:MINOR' })).toBe(0);
    expect((await ledger.memberBalances(member)).cash).toBe(12_000);
    const house = await database.db
      .selectFrom('accounts')
      .select(['kind', 'balance'])
      .where('code', '=', 'house:evo')
      .executeTakeFirstOrThrow();
    expect(house).toEqual({ kind: 'house', balance: 0 }); // never written: derived
  });

  it("moves money between members and between one member's own accounts", async () => {
    const a = await createLedgerMember(database.db, ledger, { cash: 10_000, comp: 20_000 });
    const b = await createLedgerMember(database.db, ledger);
    await ledger.transfer({
      debit: { memberId: a, kind: 'cash' },
      credit: { memberId: b, kind: 'cash' },
      amount: 4_000,
      code: 'adjustment',
      idempotencyKey: nextKey(),
    });
    await ledger.transfer({
      debit: { memberId: a, kind: 'comp' },
      credit: { memberId: a, kind: 'cash' },
      amount: 15_000,
      code: 'comp_conversion',
      idempotencyKey: nextKey(),
    });
    expect(await ledger.memberBalances(a)).toEqual({ cash: 21_000, comp: 5_000, game: 0 });
    expect(await ledger.memberBalances(b)).toEqual({ cash: 4_000, comp: 0, game: 0 });
  });

  it('refuses malformed requests with invalid, moving nothing', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 1_000 });
    const base: TransferInput = {
      debit: { memberId: member, kind: 'cash' },
      credit: { system: 'house:evo' },
      amount: 100,
      code: 'bet',
      idempotencyKey: 'x',
    };
    const count = await transferCount();
    const bad: Partial<TransferInput>[] = [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.5 },
      { amount: Number.NaN },
      { amount: Number.MAX_SAFE_INTEGER + 1 },
      { amount: '100' as unknown as number },
      { credit: { memberId: member, kind: 'cash' } },
      { credit: { system: 'nowhere' } },
      { credit: { system: 'house:' } },
      { credit: { system: 'withdraw_hold' } },
      { debit: { memberId: 0, kind: 'cash' } },
      { debit: { memberId: member, kind: 'gold' as 'cash' } },
      { code: 'Bet' },
      { code: '' },
      { idempotencyKey: '' },
      { idempotencyKey: 'k'.repeat(201) },
      { source: '' },
      { meta: [] as unknown as Record<string, unknown> },
    ];
    for (const override of bad) {
      const error = await rejection(ledger.transfer({ ...base, ...override }));
      expect(error.code, JSON.stringify(override)).toBe('invalid');
    }
    expect(await transferCount()).toBe(count);
    expect((await ledger.memberBalances(member)).cash).toBe(1_000);
  });

  it('answers not_found for a member without accounts', async () => {
    const error = await rejection(ledger.transfer(cashDeposit(999_999, 1, nextKey())));
    expect(error.code).toBe('not_found');
  });
});

describe('idempotency', () => {
  it('replays the same request: the first transfer, nothing moved again', async () => {
    const member = await createLedgerMember(database.db, ledger);
    const input: TransferInput = {
      ...cashDeposit(member, 7_000, 'dup'),
      source: 'cashier',
    };
    const first = await ledger.transfer(input);
    const count = await transferCount();
    const again = await ledger.transfer({ ...input, meta: { retried: true } });
    expect(again).toEqual({ transferId: first.transferId, replayed: true });
    expect(await transferCount()).toBe(count);
    expect((await ledger.memberBalances(member)).cash).toBe(7_000);
  });

  it('refuses the same key with a different request', async () => {
    const member = await createLedgerMember(database.db, ledger);
    const input: TransferInput = {
      ...cashDeposit(member, 7_000, 'dup2'),
      source: 'cashier',
    };
    await ledger.transfer(input);
    for (const change of [
      { amount: 7_001 },
      { code: 'adjustment' },
      { credit: { memberId: member, kind: 'comp' as const } },
      { debit: { system: 'adjustment' } },
    ]) {
      expect((await rejection(ledger.transfer({ ...input, ...change }))).code).toBe('idempotency_conflict');
    }
    expect((await ledger.memberBalances(member)).cash).toBe(7_000);
  });

  it('scopes keys by source', async () => {
    const member = await createLedgerMember(database.db, ledger);
    const input: TransferInput = cashDeposit(member, 1_000, 'shared');
    const a = await ledger.transfer({ ...input, source: 'provider-a' });
    const b = await ledger.transfer({ ...input, source: 'provider-b' });
    const c = await ledger.transfer(input); // default source 'system'
    expect(new Set([a.transferId, b.transferId, c.transferId]).size).toBe(3);
    expect((await ledger.memberBalances(member)).cash).toBe(3_000);
  });

  it('replays an applied debit even after the money is gone', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 1_000 });
    const bet: TransferInput = {
      debit: { memberId: member, kind: 'cash' },
      credit: { system: 'house:evo' },
      amount: 1_000,
      code: 'bet',
      idempotencyKey: nextKey(),
      source: 'evo',
    };
    const first = await ledger.transfer(bet);
    expect(await ledger.transfer(bet)).toEqual({ transferId: first.transferId, replayed: true });
    expect((await ledger.memberBalances(member)).cash).toBe(0);
  });
});

describe('balance', () => {
  it('refuses a debit beyond the balance and changes nothing', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 5_000 });
    const count = await transferCount();
    const houseBefore = await ledger.accountBalance({ system: 'house:evo' });
    const error = await rejection(
      ledger.transfer({
        debit: { memberId: member, kind: 'cash' },
        credit: { system: 'house:evo' },
        amount: 5_001,
        code: 'bet',
        idempotencyKey: 'too-much',
      }),
    );
    expect(error.code).toBe('balance');
    expect(await transferCount()).toBe(count);
    expect((await ledger.memberBalances(member)).cash).toBe(5_000);
    expect(await ledger.accountBalance({ system: 'house:evo' })).toBe(houseBefore);
    // The refused key was not consumed: the same key works once the money is there.
    await ledger.transfer(cashDeposit(member, 1, nextKey()));
    const ok = await ledger.transfer({
      debit: { memberId: member, kind: 'cash' },
      credit: { system: 'house:evo' },
      amount: 5_001,
      code: 'bet',
      idempotencyKey: 'too-much',
    });
    expect(ok.replayed).toBe(false);
    expect((await ledger.memberBalances(member)).cash).toBe(0);
  });

  it('lets a debit take the balance exactly to zero, never below (CHECK is the last defence)', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 500 });
    await ledger.transfer({
      debit: { memberId: member, kind: 'cash' },
      credit: { system: 'house:evo' },
      amount: 500,
      code: 'bet',
      idempotencyKey: nextKey(),
    });
    expect((await ledger.memberBalances(member)).cash).toBe(0);
    await expect(
      database.db
        .updateTable('accounts')
        .set({ balance: -1 })
        .where('member_id', '=', member)
        .where('kind', '=', 'cash')
        .execute(),
    ).rejects.toThrow(/accounts_member_balance_non_negative/);
  });
});

describe("inside the caller's transaction", () => {
  it('commits and rolls back with the caller', async () => {
    const member = await createLedgerMember(database.db, ledger);
    const deposit = (key: string): TransferInput => cashDeposit(member, 2_000, key);
    await database.db.transaction().execute(async (trx) => {
      await ledger.transfer(deposit('in-trx-1'), trx);
      expect((await ledger.memberBalances(member, trx)).cash).toBe(2_000);
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await ledger.transfer(deposit('in-trx-2'), trx);
        throw new Error('caller fails later');
      }),
    ).rejects.toThrow('caller fails later');
    expect((await ledger.memberBalances(member)).cash).toBe(2_000);
    // The rolled-back key was never applied.
    expect((await ledger.transfer(deposit('in-trx-2'))).replayed).toBe(false);
  });

  it("leaves the caller's transaction usable after a balance refusal", async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 100 });
    const outcome = await database.db.transaction().execute(async (trx) => {
      const error = await rejection(
        ledger.transfer(
          {
            debit: { memberId: member, kind: 'cash' },
            credit: { system: 'house:evo' },
            amount: 101,
            code: 'bet',
            idempotencyKey: nextKey(),
          },
          trx,
        ),
      );
      await ledger.transfer(
        {
          debit: { memberId: member, kind: 'cash' },
          credit: { system: 'house:evo' },
          amount: 40,
          code: 'bet',
          idempotencyKey: nextKey(),
        },
        trx,
      );
      return error.code;
    });
    expect(outcome).toBe('balance');
    expect((await ledger.memberBalances(member)).cash).toBe(60);
  });

  it('forgets a system account opened in a transaction that rolled back', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 1_000 });
    const bet = (key: string): TransferInput => ({
      debit: { memberId: member, kind: 'cash' },
      credit: { system: 'house:rolledback' },
      amount: 10,
      code: 'bet',
      idempotencyKey: key,
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await ledger.transfer(bet('rb-1'), trx);
        await ledger.transfer(bet('rb-2'), trx); // sees the account its own transaction opened
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(
      await database.db
        .selectFrom('accounts')
        .select('id')
        .where('code', '=', 'house:rolledback')
        .executeTakeFirst(),
    ).toBeUndefined();
    await ledger.transfer(bet('rb-3'));
    expect(await ledger.accountBalance({ system: 'house:rolledback' })).toBe(10);
  });
});

describe('holds', () => {
  it('holds money at once, so it cannot be spent twice', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 30_000 });
    const hold = await withdrawalHold(member, 20_000);
    expect(hold.replayed).toBe(false);
    expect((await ledger.memberBalances(member)).cash).toBe(10_000);
    expect(await ledger.getHold(hold.holdId)).toMatchObject({
      memberId: member,
      kind: 'cash',
      amount: 20_000,
      state: 'pending',
      pendingTransferId: hold.transferId,
      resolvingTransferId: null,
    });
    const error = await rejection(withdrawalHold(member, 20_000));
    expect(error.code).toBe('balance');
    expect(
      (
        await rejection(
          ledger.transfer({
            debit: { memberId: member, kind: 'cash' },
            credit: { system: 'house:evo' },
            amount: 10_001,
            code: 'bet',
            idempotencyKey: nextKey(),
          }),
        )
      ).code,
    ).toBe('balance');
  });

  it('replays a hold request with the same key and refuses a different one', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 30_000 });
    const input = {
      memberId: member,
      amount: 10_000,
      code: 'withdrawal_hold',
      idempotencyKey: 'hold-dup',
      source: 'cashier',
    };
    const first = await ledger.createHold(input);
    expect(await ledger.createHold(input)).toEqual({ ...first, replayed: true });
    expect((await rejection(ledger.createHold({ ...input, amount: 10_001 }))).code).toBe(
      'idempotency_conflict',
    );
    expect((await ledger.memberBalances(member)).cash).toBe(20_000);
  });

  it('posts once: to bank clearing by default; a second post or a void is already', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 30_000 });
    const clearing = await ledger.accountBalance({ system: 'bank_clearing' });
    const hold = await withdrawalHold(member, 25_000);
    const post = await ledger.postHold(hold.holdId, { idempotencyKey: 'post-1', source: 'backoffice' });
    expect(post.replayed).toBe(false);
    expect(await ledger.accountBalance({ system: 'bank_clearing' })).toBe(clearing + 25_000);
    expect((await ledger.memberBalances(member)).cash).toBe(5_000);
    expect(await ledger.getHold(hold.holdId)).toMatchObject({
      state: 'posted',
      resolvingTransferId: post.transferId,
    });
    expect(await ledger.postHold(hold.holdId, { idempotencyKey: 'post-1', source: 'backoffice' })).toEqual({
      transferId: post.transferId,
      replayed: true,
    });
    expect(
      (await rejection(ledger.postHold(hold.holdId, { idempotencyKey: 'post-2', source: 'backoffice' })))
        .code,
    ).toBe('already');
    expect((await rejection(ledger.voidHold(hold.holdId, { idempotencyKey: 'void-1' }))).code).toBe(
      'already',
    );
    expect((await ledger.memberBalances(member)).cash).toBe(5_000);
  });

  it('voids once: the money returns to the member', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 30_000 });
    const hold = await withdrawalHold(member, 25_000);
    const voided = await ledger.voidHold(hold.holdId, { idempotencyKey: 'void-a' });
    expect(voided.replayed).toBe(false);
    expect((await ledger.memberBalances(member)).cash).toBe(30_000);
    expect(await ledger.voidHold(hold.holdId, { idempotencyKey: 'void-a' })).toEqual({
      transferId: voided.transferId,
      replayed: true,
    });
    expect((await rejection(ledger.voidHold(hold.holdId, { idempotencyKey: 'void-b' }))).code).toBe(
      'already',
    );
    expect((await rejection(ledger.postHold(hold.holdId, { idempotencyKey: 'post-b' }))).code).toBe(
      'already',
    );
    expect((await ledger.memberBalances(member)).cash).toBe(30_000);
  });

  it('uses a key once across holds: the same key on another hold is a conflict', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 30_000 });
    const h1 = await withdrawalHold(member, 1_000);
    const h2 = await withdrawalHold(member, 1_000);
    await ledger.postHold(h1.holdId, { idempotencyKey: 'approve' });
    expect((await rejection(ledger.postHold(h2.holdId, { idempotencyKey: 'approve' }))).code).toBe(
      'idempotency_conflict',
    );
    expect((await ledger.getHold(h2.holdId))?.state).toBe('pending');
  });

  it('can post to another account, and refuses unknown holds', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 3_000 });
    const other = await createLedgerMember(database.db, ledger);
    const hold = await withdrawalHold(member, 3_000);
    expect(
      (
        await rejection(
          ledger.postHold(hold.holdId, {
            idempotencyKey: nextKey(),
            credit: { memberId: member, kind: 'cash' },
          }),
        )
      ).code,
    ).toBe('invalid');
    expect(
      (
        await rejection(
          ledger.postHold(hold.holdId, { idempotencyKey: nextKey(), credit: { system: 'withdraw_hold' } }),
        )
      ).code,
    ).toBe('invalid');
    await ledger.postHold(hold.holdId, {
      idempotencyKey: nextKey(),
      credit: { memberId: other, kind: 'cash' },
      code: 'adjustment',
    });
    expect((await ledger.memberBalances(other)).cash).toBe(3_000);
    expect((await rejection(ledger.postHold(987_654, { idempotencyKey: nextKey() }))).code).toBe('not_found');
    expect((await rejection(ledger.voidHold(0, { idempotencyKey: nextKey() }))).code).toBe('not_found');
    expect(await ledger.getHold(987_654)).toBeUndefined();
  });

  it("resolves inside the caller's transaction and rolls back with it", async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 9_000 });
    const hold = await withdrawalHold(member, 9_000);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await ledger.voidHold(hold.holdId, { idempotencyKey: 'void-rb' }, trx);
        throw new Error('caller fails');
      }),
    ).rejects.toThrow('caller fails');
    expect((await ledger.getHold(hold.holdId))?.state).toBe('pending');
    await ledger.voidHold(hold.holdId, { idempotencyKey: 'void-rb' });
    expect((await ledger.memberBalances(member)).cash).toBe(9_000);
  });
});

describe('memberEntries', () => {
  it("lists the member's legs newest first, signed, with the balance after each", async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 10_000, comp: 12_000 });
    await ledger.transfer({
      debit: { memberId: member, kind: 'cash' },
      credit: { system: 'house:evo' },
      amount: 2_500,
      code: 'bet',
      idempotencyKey: nextKey(),
      meta: { round: 'r1' },
    });
    await ledger.transfer({
      debit: { memberId: member, kind: 'comp' },
      credit: { memberId: member, kind: 'cash' },
      amount: 12_000,
      code: 'comp_conversion',
      idempotencyKey: nextKey(),
    });
    const hold = await withdrawalHold(member, 5_000);
    await ledger.voidHold(hold.holdId, { idempotencyKey: nextKey() });

    const entries = await ledger.memberEntries(member, { limit: 10 });
    expect(entries.map((e) => [e.code, e.kind, e.amount, e.balanceAfter])).toEqual([
      ['hold_void', 'cash', 5_000, 19_500],
      ['withdrawal_hold', 'cash', -5_000, 14_500],
      ['comp_conversion', 'cash', 12_000, 19_500],
      ['comp_conversion', 'comp', -12_000, 0],
      ['bet', 'cash', -2_500, 7_500],
      ['comp', 'comp', 12_000, 12_000],
      ['deposit', 'cash', 10_000, 10_000],
    ]);
    expect(entries[0]!.holdId).toBe(hold.holdId);
    expect(entries[4]!.meta).toEqual({ round: 'r1' });
    expect(entries[0]!.createdAt).toBeInstanceOf(Date);

    const page = await ledger.memberEntries(member, { limit: 2 });
    expect(page.map((e) => e.code)).toEqual(['hold_void', 'withdrawal_hold']);
    const next = await ledger.memberEntries(member, { limit: 2, beforeId: page[1]!.transferId });
    expect(next.map((e) => e.code)).toEqual(['comp_conversion', 'comp_conversion']);
    expect(await ledger.memberEntries(123_456_789, { limit: 5 })).toEqual([]);
  });
});

describe('append-only', () => {
  it('refuses to update or delete transfers, and to delete or re-resolve holds', async () => {
    const member = await createLedgerMember(database.db, ledger, { cash: 1_000 });
    const hold = await withdrawalHold(member, 1_000);
    await ledger.postHold(hold.holdId, { idempotencyKey: nextKey() });
    await expect(
      database.db.updateTable('transfers').set({ amount: 1 }).where('id', '=', hold.transferId).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      database.db.deleteFrom('transfers').where('id', '=', hold.transferId).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(sql`truncate transfers cascade`.execute(database.db)).rejects.toThrow(/append-only/);
    await expect(database.db.deleteFrom('holds').where('id', '=', hold.holdId).execute()).rejects.toThrow(
      /never deleted/,
    );
    await expect(
      database.db.updateTable('holds').set({ state: 'voided' }).where('id', '=', hold.holdId).execute(),
    ).rejects.toThrow(/resolves once/);
  });
});

describe('checkInvariants', () => {
  it("holds after everything above, and catches a balance edited behind the ledger's back", async () => {
    expect(await ledger.checkInvariants()).toEqual({ ok: true, violations: [] });
    const member = await createLedgerMember(database.db, ledger, { cash: 1_000 });
    await database.db.transaction().execute(async (trx) => {
      expect(await ledger.checkInvariants(trx)).toEqual({ ok: true, violations: [] });
    });
    await database.db
      .updateTable('accounts')
      .set({ balance: 1_500 })
      .where('member_id', '=', member)
      .where('kind', '=', 'cash')
      .execute();
    const report = await ledger.checkInvariants();
    expect(report.ok).toBe(false);
    expect(report.violations.join('\n')).toMatch(/sum over all accounts is 500/);
    expect(report.violations.join('\n')).toMatch(/balance 1500 but its transfers sum to 1000/);
    await database.db
      .updateTable('accounts')
      .set({ balance: 1_000 })
      .where('member_id', '=', member)
      .where('kind', '=', 'cash')
      .execute();
    expect((await ledger.checkInvariants()).ok).toBe(true);
  });
});
