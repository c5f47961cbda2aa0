// The provider wallet refuses whole what the platform could not read back, and spends every signed
// transactionId for ever, refusals included (docs/providers.md "Rules", issue 22): the
// signed bytes of a refused bet can never become a win, and no balance, pool or total passes
// Number.MAX_SAFE_INTEGER, whatever sequence of signed calls arrives.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balances,
  bo,
  call,
  createCashierTestApp,
  createMember,
  createOperator,
  type CashierTestApp,
  type TestMember,
  type TestOperator,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

const MAX = Number.MAX_SAFE_INTEGER;
/** The highest maximum per call an owner may set. */
const CEILING = 1_000_000_000_000;

let t: CashierTestApp;
let owner: TestOperator;
let slots: TestProvider;
let seq = 0;
const id = (prefix: string) => `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  t = await createCashierTestApp();
  owner = await createOperator(t, 'owner');
  slots = await createTestProvider(t, owner, { kind: 'slot', games: ['fruit'] });
  // A new provider's maximum per call is 10,000,000,000 won; lifted here, so the storable maximum
  // is what stops these calls.
  const stored = await t.db
    .selectFrom('providers')
    .select('max_amount')
    .where('code', '=', slots.code)
    .executeTakeFirstOrThrow();
  expect(stored.max_amount).toBe(10_000_000_000);
  await raiseMaximum(slots);
}, 120_000);

/** The provider's maximum per call at its ceiling, so the storable maximum is what stops these calls. */
async function raiseMaximum(provider: TestProvider) {
  const raised = await bo(t, 'providers.update', {
    cookie: owner.cookie,
    params: { code: provider.code },
    body: { maxAmount: CEILING },
  });
  expect(raised.body).toEqual({ status: 'success' });
}

/** Money in from outside the games (an operator's adjustment), any safe amount. */
async function fund(m: TestMember, amount: number, kind: 'cash' | 'comp' = 'cash') {
  await t.ledger.transfer({
    debit: { system: kind === 'cash' ? 'adjustment' : 'comp_expense' },
    credit: { memberId: m.id, kind },
    amount,
    code: kind === 'cash' ? 'adjustment' : 'comp',
    idempotencyKey: id('fund'),
    source: 'test',
  });
}
afterAll(async () => {
  await t?.close();
});

/** Money moved under a wallet key (`bet:<id>`, `win:<id>`, `rollback:<id>`) of the provider. */
async function transfersUnder(provider: TestProvider, keys: string[]): Promise<number> {
  const row = await t.db
    .selectFrom('transfers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('source', '=', `wallet:${provider.code}`)
    .where('idempotency_key', 'in', keys)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every page that reads a member's money still answers: the member's own and the operator's. */
async function readsBack(m: TestMember) {
  expect((await call(t, 'user-health-check', {}, m.cookie)).code).toBe(200);
  const cookie = owner.cookie;
  for (const [url, read] of [
    ['/dashboard', () => bo(t, 'dashboard.get', { cookie })],
    [`/members/${m.userId}`, () => bo(t, 'members.detail', { cookie, params: { userId: m.userId } })],
    ['/members?page=1', () => bo(t, 'members.list', { cookie, query: { page: 1 } })],
  ] as const) {
    const answer = await read();
    expect(answer.code, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
  }
  const invariants = await t.ledger.checkInvariants();
  expect(invariants.ok, JSON.stringify(invariants)).toBe(true);
}

describe('amounts past the storable maximum', () => {
  it('refuses a win that would take the cash past Number.MAX_SAFE_INTEGER, whole, and everything still reads', async () => {
    const m = await createMember(t, { cash: 0 });
    const start = MAX - CEILING + 1;
    await fund(m, start);
    const round = id('round');
    const tx = id('win');
    const body = { userId: m.userId, transactionId: tx, roundId: round, gameCode: 'fruit', amount: CEILING };
    const refused = await slots.wallet('win', body);
    expect(refused.code).toBe(200);
    expect(refused.body).toEqual({ status: 'RS_ERROR_LIMIT_EXCEEDED', balance: start, currency: 'KRW' });
    expect((await balances(t, m.id)).cash).toBe(start);
    expect(await transfersUnder(slots, [`win:${tx}`])).toBe(0);
    // The round was not opened by the refused win, and the call is recorded with its answer.
    expect(await t.services.catalog.round(slots.code, round)).toEqual({ status: 'not_found' });
    const row = await t.db
      .selectFrom('wallet_calls')
      .select(['action', 'outcome', 'amount'])
      .where('provider', '=', slots.code)
      .where('transaction_id', '=', tx)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ action: 'win', outcome: 'RS_ERROR_LIMIT_EXCEEDED', amount: CEILING });
    // The same call again answers the same; nothing moves.
    expect((await slots.wallet('win', body)).body.status).toBe('RS_ERROR_LIMIT_EXCEEDED');
    // The largest win that fits is paid, exactly to the maximum, and the member can still play.
    const fits = { ...body, transactionId: id('win'), amount: MAX - start };
    expect((await slots.wallet('win', fits)).body).toEqual({
      status: 'RS_OK',
      balance: MAX,
      currency: 'KRW',
    });
    expect((await slots.wallet('win', { ...fits, transactionId: id('win'), amount: 1 })).body.status).toBe(
      'RS_ERROR_LIMIT_EXCEEDED',
    );
    const token = await slots.launch(m, 'fruit');
    const bet = await slots.wallet('bet', {
      token,
      userId: m.userId,
      transactionId: id('bet'),
      roundId: id('round'),
      gameCode: 'fruit',
      amount: 1_000,
    });
    expect(bet).toMatchObject({ code: 200, body: { status: 'RS_OK', balance: MAX - 1_000 } });
    await readsBack(m);
  });

  it('refuses a win that would take a round total past the maximum, though the cash could take it', async () => {
    const m = await createMember(t, { cash: 0 });
    const round = id('round');
    // A round whose wins total just under the maximum (stored so, as thousands of wins would leave it).
    expect(
      (
        await slots.wallet('win', {
          userId: m.userId,
          transactionId: id('win'),
          roundId: round,
          gameCode: 'fruit',
          amount: 1,
        })
      ).body.status,
    ).toBe('RS_OK');
    await t.db
      .updateTable('rounds')
      .set({ win: MAX - 10 })
      .where('provider', '=', slots.code)
      .where('round_id', '=', round)
      .execute();
    const win = (amount: number) =>
      slots.wallet('win', {
        userId: m.userId,
        transactionId: id('win'),
        roundId: round,
        gameCode: 'fruit',
        amount,
      });
    expect((await win(10)).body).toEqual({ status: 'RS_OK', balance: 11, currency: 'KRW' });
    expect((await win(1)).body).toEqual({ status: 'RS_ERROR_LIMIT_EXCEEDED', balance: 11, currency: 'KRW' });
    expect((await balances(t, m.id)).cash).toBe(11);
    const r = await t.services.catalog.round(slots.code, round);
    expect(r).toMatchObject({ status: 'success', round: { win: MAX } });
    await readsBack(m);
  });

  it('refuses a bet whose comp points would pass the maximum, whole', async () => {
    const casino = await createTestProvider(t, owner, { kind: 'casino', games: ['table'] });
    const m = await createMember(t, { cash: 1_000_000 });
    const rate = (await t.services.settings.compRates()).casino;
    expect(rate).toBeGreaterThan(0);
    await fund(m, MAX, 'comp');
    const token = await casino.launch(m, 'table');
    const tx = id('bet');
    const answer = await casino.wallet('bet', {
      token,
      userId: m.userId,
      transactionId: tx,
      roundId: id('round'),
      gameCode: 'table',
      amount: 1_000_000,
    });
    expect(answer.body).toEqual({ status: 'RS_ERROR_LIMIT_EXCEEDED', balance: 1_000_000, currency: 'KRW' });
    expect(await balances(t, m.id)).toMatchObject({ cash: 1_000_000, comp: MAX });
    expect(await transfersUnder(casino, [`bet:${tx}`, `comp:${tx}`])).toBe(0);
    await readsBack(m);
  });

  it('the database refuses a stored value past the maximum in every bigint column of the platform', async () => {
    const columns = await sql<{ table_name: string; column_name: string }>`
      select col.table_name, col.column_name from information_schema.columns col
      join information_schema.tables tb on tb.table_schema = col.table_schema and tb.table_name = col.table_name
        and tb.table_type = 'BASE TABLE'
      where col.table_schema = current_schema() and col.data_type = 'bigint'
        and col.table_name not like 'studio\\_%' and col.table_name not like 'kysely\\_%'`.execute(t.db);
    const checks = await sql<{ conname: string }>`
      select c.conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'c' and n.nspname = current_schema()`.execute(t.db);
    const names = new Set(checks.rows.map((r) => r.conname));
    expect(columns.rows.length).toBeGreaterThan(30);
    const missing = columns.rows
      .map((c) => `${c.table_name}_${c.column_name}_storable`)
      .filter((name) => !names.has(name));
    expect(missing).toEqual([]);

    const m = await createMember(t, { cash: 5 });
    await expect(
      sql`update accounts set balance = ${String(MAX + 1)}::bigint where member_id = ${m.id} and kind = 'cash'`.execute(
        t.db,
      ),
    ).rejects.toMatchObject({ code: '23514' });
    expect((await balances(t, m.id)).cash).toBe(5);
  });

  it('an owner adjustment past the maximum is refused and nothing changes', async () => {
    const m = await createMember(t, { cash: 0 });
    await fund(m, MAX);
    await expect(
      t.ledger.transfer({
        debit: { system: 'adjustment' },
        credit: { memberId: m.id, kind: 'cash' },
        amount: 1,
        code: 'adjustment',
        idempotencyKey: id('in'),
        source: 'test',
      }),
    ).rejects.toMatchObject({ code: 'limit' });
    const adjust = await bo(t, 'members.adjust', {
      cookie: owner.cookie,
      params: { userId: m.userId },
      body: { amount: 1, reason: 'test' },
    });
    expect(adjust.code).toBe(400);
    expect(adjust.body).toMatchObject({ status: 'invalid' });
    expect((await balances(t, m.id)).cash).toBe(MAX);
    await readsBack(m);
  });
});

describe('a signed transactionId is spent for ever, refusals included', () => {
  it('the signed bytes of a refused bet, posted to /win, move nothing', async () => {
    const m = await createMember(t, { cash: 1_000 });
    const token = await slots.launch(m, 'fruit');
    const raw = JSON.stringify({
      token,
      userId: m.userId,
      transactionId: id('bet'),
      roundId: id('round'),
      gameCode: 'fruit',
      amount: 50_000,
    });
    const refused = await slots.wallet('bet', undefined, { raw });
    expect(refused.body).toEqual({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 1_000, currency: 'KRW' });
    // The same bytes, the same signature, to every other action.
    expect((await slots.wallet('win', undefined, { raw })).body.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    // The same bet again answers its first answer (still refused after money arrives: the id is spent).
    await t.ledger.transfer({
      debit: { system: 'bank_clearing' },
      credit: { memberId: m.id, kind: 'cash' },
      amount: 100_000,
      code: 'deposit',
      idempotencyKey: id('dep'),
      source: 'test',
    });
    expect((await slots.wallet('bet', undefined, { raw })).body).toEqual({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 101_000,
      currency: 'KRW',
    });
    expect((await balances(t, m.id)).cash).toBe(101_000);
  });

  it('a rollback of a refused bet returns nothing', async () => {
    const m = await createMember(t, { cash: 1_000 });
    const token = await slots.launch(m, 'fruit');
    const bet = {
      token,
      userId: m.userId,
      transactionId: id('bet'),
      roundId: id('round'),
      gameCode: 'fruit',
      amount: 5_000,
    };
    expect((await slots.wallet('bet', bet)).body.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    const rollback = await slots.wallet('rollback', {
      userId: m.userId,
      transactionId: id('rb'),
      referenceTransactionId: bet.transactionId,
      roundId: bet.roundId,
    });
    expect(rollback.body).toEqual({ status: 'RS_OK', balance: 1_000, currency: 'KRW' });
    expect((await balances(t, m.id)).cash).toBe(1_000);
    expect(await transfersUnder(slots, [`rollback:${bet.transactionId}`])).toBe(0);
  });

  it('a bet with a dead token is recorded: its bytes cannot become a win', async () => {
    const m = await createMember(t, { cash: 10_000 });
    const raw = JSON.stringify({
      token: 'not-a-live-token',
      userId: m.userId,
      transactionId: id('bet'),
      roundId: id('round'),
      gameCode: 'fruit',
      amount: 7_000,
    });
    expect((await slots.wallet('bet', undefined, { raw })).body).toEqual({
      status: 'RS_ERROR_INVALID_TOKEN',
    });
    expect((await slots.wallet('win', undefined, { raw })).body.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect((await balances(t, m.id)).cash).toBe(10_000);
  });

  it("an amount over the operator's maximum per call is refused 400 and recorded", async () => {
    const capped = await createTestProvider(t, owner, { kind: 'slot', games: ['g1'] });
    const set = await bo(t, 'providers.update', {
      cookie: owner.cookie,
      params: { code: capped.code },
      body: { maxAmount: 1_000_000 },
    });
    expect(set.body).toEqual({ status: 'success' });
    const m = await createMember(t, { cash: 0 });
    // A win that carries a token, so the same bytes also make a well-formed bet.
    const raw = JSON.stringify({
      token: await capped.launch(m, 'g1'),
      userId: m.userId,
      transactionId: id('win'),
      roundId: id('round'),
      gameCode: 'g1',
      amount: 1_000_001,
    });
    const answer = await capped.wallet('win', undefined, { raw });
    expect(answer).toMatchObject({ code: 400, body: { status: 'RS_ERROR_WRONG_TYPES' } });
    expect((await capped.wallet('win', undefined, { raw })).code).toBe(400);
    expect((await capped.wallet('bet', undefined, { raw })).body.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect((await balances(t, m.id)).cash).toBe(0);
    const win = await capped.wallet('win', {
      ...JSON.parse(raw),
      transactionId: id('win'),
      amount: 1_000_000,
    });
    expect(win.body).toMatchObject({ status: 'RS_OK', balance: 1_000_000 });
    // Past the ceiling, or not a positive whole number: 400 naming the field, nothing changes.
    for (const maxAmount of [CEILING + 1, 0, -5, 1.5, null, '1000']) {
      // null and a string among them, which the entry's type refuses.
      const refusedChange = await bo(t, 'PATCH', `/providers/${capped.code}`, {
        cookie: owner.cookie,
        body: { maxAmount },
      });
      expect(refusedChange.code, String(maxAmount)).toBe(400);
      expect(refusedChange.body).toMatchObject({ status: 'invalid', errors: [{ path: 'maxAmount' }] });
    }
    const catalog = await bo(t, 'providers.list', { cookie: owner.cookie });
    expect(catalog.body.providers.find((p) => p.code === capped.code)!.maxAmount).toBe(1_000_000);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target', '=', `provider:${capped.code}`)
      .orderBy('id', 'desc')
      .execute();
    expect(JSON.stringify(audit)).toContain('maxAmount');
  });
});

describe('property: no sequence of signed wallet calls, replayed to any action, moves money twice', () => {
  it('holds for random sequences with huge amounts and reused bytes', async () => {
    // One member far from the maximum, one a single large win from it.
    const members = [await createMember(t, { cash: 50_000 }), await createMember(t, { cash: 0 })];
    await fund(members[1]!, MAX - 2 * CEILING);
    const tokens = await Promise.all(members.map((m) => slots.launch(m, 'fruit')));
    const amount = fc.oneof(
      fc.constantFrom(0, 1, 1_000, 30_000, 60_000, CEILING, CEILING + 1, MAX, MAX - 1),
      fc.integer({ min: 0, max: CEILING }),
      fc.integer({ min: 0, max: MAX }),
    );
    const step = fc.record({
      action: fc.constantFrom('bet', 'win', 'rollback'),
      member: fc.integer({ min: 0, max: 1 }),
      round: fc.integer({ min: 0, max: 2 }),
      amount,
      // Reuse the bytes of an earlier call, sent to this step's action.
      replay: fc.option(fc.nat(), { freq: 3 }),
      reference: fc.nat(),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        run += 1;
        const sent: string[] = [];
        const ids: string[] = [];
        for (const [i, s] of steps.entries()) {
          const m = members[s.member]!;
          const tx = `p${run}-${i}`;
          let raw: string;
          if (s.replay !== null && sent.length > 0) raw = sent[s.replay % sent.length]!;
          else if (s.action === 'rollback' && ids.length > 0) {
            const ref = ids[s.reference % ids.length]!;
            raw = JSON.stringify({
              userId: m.userId,
              transactionId: tx,
              referenceTransactionId: ref,
              roundId: `p${run}-r${s.round}-${s.member}`,
            });
          } else
            raw = JSON.stringify({
              token: tokens[s.member],
              userId: m.userId,
              transactionId: tx,
              roundId: `p${run}-r${s.round}-${s.member}`,
              gameCode: 'fruit',
              amount: s.amount,
            });
          const answer = await slots.wallet(s.action, undefined, { raw });
          // Never a 500: a business answer, or 400 for a body that breaks its shape.
          expect([200, 400], JSON.stringify(answer.body)).toContain(answer.code);
          sent.push(raw);
          ids.push(tx);
        }
        // Each transactionId moved money under at most one action, at most its recorded amount.
        const keys = ids.flatMap((tx) => [`bet:${tx}`, `win:${tx}`]);
        const moved = await t.db
          .selectFrom('transfers')
          .select(['idempotency_key', 'amount'])
          .where('source', '=', `wallet:${slots.code}`)
          .where('idempotency_key', 'in', keys)
          .execute();
        const byTx = new Map<string, number>();
        for (const row of moved) {
          const tx = row.idempotency_key.slice(row.idempotency_key.indexOf(':') + 1);
          byTx.set(tx, (byTx.get(tx) ?? 0) + 1);
        }
        for (const [tx, n] of byTx) expect(n, tx).toBe(1);
        const calls = await t.db
          .selectFrom('wallet_calls')
          .select(['transaction_id', 'action', 'outcome', 'amount'])
          .where('provider', '=', slots.code)
          .where('transaction_id', 'in', ids)
          .execute();
        for (const row of moved) {
          const tx = row.idempotency_key.slice(row.idempotency_key.indexOf(':') + 1);
          const action = row.idempotency_key.slice(0, row.idempotency_key.indexOf(':'));
          const recorded = calls.find((c) => c.transaction_id === tx);
          expect(recorded, tx).toMatchObject({ action, outcome: 'RS_OK', amount: row.amount });
        }
        // What was committed reads back, and the books balance.
        for (const m of members) {
          const b = await balances(t, m.id);
          expect(b.cash).toBeLessThanOrEqual(MAX);
          expect(b.comp).toBeLessThanOrEqual(MAX);
        }
        const invariants = await t.ledger.checkInvariants();
        expect(invariants.ok, JSON.stringify(invariants)).toBe(true);
      }),
      {
        numRuns: Number(process.env.WALLET_PROPERTY_RUNS ?? 40),
        seed: Number(process.env.WALLET_PROPERTY_SEED ?? 22),
      },
    );
    for (const m of members) await readsBack(m);
  }, 300_000);
});
