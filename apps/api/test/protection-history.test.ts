import { beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths } from '../src/modules/protection/breaks.service.ts';
import {
  call,
  createMember,
  createOperator,
  fileTestApp,
  memberAccountId,
  signIn,
  systemAccountId,
  type JsonBody,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

// Issue 14, history (docs/protection.md "History"): the member's ledger legs by Seoul day, kind
// and page, at most 12 months back, as JSON and as a CSV file; and the reality check's session result.

const t = await fileTestApp();
let slot: TestProvider;

const DAY = 24 * 3_600_000;
const SEOUL = 9 * 3_600_000;

beforeAll(async () => {
  const owner = await createOperator(t, 'owner');
  slot = await createTestProvider(t, owner, { kind: 'slot', games: ['fruit'] });
});

/** The Seoul calendar day `days` after today's (negative: before), `YYYY-MM-DD`. */
function seoulDay(days = 0): string {
  return new Date(t.clock.now().getTime() + SEOUL + days * DAY).toISOString().slice(0, 10);
}

/** The UTC instant of a Seoul wall time `YYYY-MM-DDTHH:mm:ss.sss`. */
const seoulAt = (wall: string) => new Date(new Date(`${wall}Z`).getTime() - SEOUL);

async function history(m: TestMember, body: JsonBody) {
  const r = await call(t, 'get-account-history', body, { cookie: m.cookie });
  return { code: r.code, body: r.body as JsonBody };
}

let seq = 0;
const nextId = (p: string) => `${p}-${++seq}`;

/**
 * A deposit transfer written at a chosen instant (the ledger stamps its own with the database
 * clock); the caller moves the account's stored balance to match.
 */
async function depositAt(
  at: Date,
  d: { from: number; to: number; amount: number; key: string; balanceAfter: number; meta: object },
): Promise<void> {
  await t.db
    .insertInto('transfers')
    .values({
      debit_account_id: d.from,
      credit_account_id: d.to,
      amount: d.amount,
      code: 'deposit',
      source: 'history-test',
      idempotency_key: d.key,
      request_hash: 'x'.repeat(64),
      credit_balance_after: d.balanceAfter,
      meta: JSON.stringify(d.meta),
      created_at: at,
    })
    .execute();
}

async function play(m: TestMember & { token: string }, bet: number, win: number, rollback = false) {
  const roundId = nextId('round');
  const betId = nextId('bet');
  const b = await slot.wallet('bet', {
    token: m.token,
    userId: m.userId,
    transactionId: betId,
    roundId,
    gameCode: 'fruit',
    amount: bet,
  });
  expect(b.body.status).toBe('RS_OK');
  if (rollback) {
    const rb = await slot.wallet('rollback', {
      userId: m.userId,
      transactionId: nextId('rb'),
      referenceTransactionId: betId,
      roundId,
    });
    expect(rb.body.status).toBe('RS_OK');
  }
  if (win > 0) {
    const w = await slot.wallet('win', {
      userId: m.userId,
      transactionId: nextId('win'),
      roundId,
      gameCode: 'fruit',
      amount: win,
      roundClosed: true,
    });
    expect(w.body.status).toBe('RS_OK');
  }
  return roundId;
}

describe('get-account-history', () => {
  it('lists the legs of today by kind, newest first, with the balance after each', async () => {
    const m = await createMember(t, { cash: 100_000, comp: 20_000 });
    const player = Object.assign(m, { token: await slot.launch(m) });
    const roundId = await play(player, 10_000, 4_000);
    expect((await call(t, 'roll-to-balance', { amount: 10_000 }, { cookie: m.cookie })).body).toMatchObject({
      status: 'success',
    });

    const today = seoulDay();
    const all = await history(m, { from: today, to: today });
    expect(all.code).toBe(200);
    const entries = all.body.entries as JsonBody[];
    expect(all.body.maxCount).toBe(entries.length);
    const ats = entries.map((e) => e.at as string);
    expect([...ats].sort().reverse()).toEqual(ats);

    const cash = (await history(m, { from: today, to: today, kind: 'cash' })).body;
    expect(cash.entries.map((e: JsonBody) => [e.code, e.amount, e.balanceAfter])).toEqual([
      ['comp_conversion', 10_000, 104_000],
      ['deposit', 100_000, 100_000],
    ]);
    const game = (await history(m, { from: today, to: today, kind: 'game' })).body;
    expect(game.entries.map((e: JsonBody) => [e.kind, e.code, e.amount, e.balanceAfter, e.ref])).toEqual([
      ['game', 'win', 4_000, 94_000, roundId],
      ['game', 'bet', -10_000, 90_000, roundId],
    ]);
    const comp = (await history(m, { from: today, to: today, kind: 'comp' })).body;
    expect(comp.entries.map((e: JsonBody) => e.code)).toEqual(['comp_conversion', 'comp', 'comp']);
    expect(comp.entries[0]).toMatchObject({ amount: -10_000, kind: 'comp' });
    expect(cash.maxCount + game.maxCount + comp.maxCount).toBe(all.body.maxCount);

    // Pages of 2: a page past the last is empty, with the same count.
    const p1 = (await history(m, { from: today, to: today, page: 1, pageSize: 2 })).body;
    const p2 = (await history(m, { from: today, to: today, page: 2, pageSize: 2 })).body;
    const past = (await history(m, { from: today, to: today, page: 99, pageSize: 2 })).body;
    expect([...p1.entries, ...p2.entries]).toEqual(entries.slice(0, 4));
    expect(past).toEqual({ status: 'success', entries: [], maxCount: all.body.maxCount });
    // Another member sees none of it.
    const other = await createMember(t);
    expect((await history(other, { from: today, to: today })).body).toEqual({
      status: 'success',
      entries: [],
      maxCount: 0,
    });
  });

  it('takes Seoul days inclusive, at most 12 months back', async () => {
    const m = await createMember(t);
    const cashAccount = await memberAccountId(t, m.id, 'cash');
    const bank = await systemAccountId(t, 'bank_clearing');
    // The ledger stamps transfers with the database clock; these deposits are written at chosen
    // instants around one Seoul day, in time order, with their balances, and the member's stored
    // balance moved to match: the ledger's invariants hold (checked at the end).
    const day = seoulDay(-40);
    const instants = [
      seoulAt(`${day}T00:00:00.000`).getTime() - 1, // the day before, last millisecond
      seoulAt(`${day}T00:00:00.000`).getTime(),
      seoulAt(`${day}T23:59:59.999`).getTime(),
      seoulAt(`${day}T23:59:59.999`).getTime() + 1, // the next day
    ];
    let balance = 0;
    for (const [i, at] of instants.entries()) {
      balance += (i + 1) * 100;
      await depositAt(new Date(at), {
        from: bank,
        to: cashAccount,
        amount: (i + 1) * 100,
        key: `edge-${m.id}-${i}`,
        balanceAfter: balance,
        meta: i === 1 ? { requestId: 77 } : { roundId: '=HYPERLINK("x")' },
      });
    }
    await t.db.updateTable('accounts').set({ balance }).where('id', '=', cashAccount).execute();

    const one = (await history(m, { from: day, to: day })).body;
    expect(one.entries.map((e: JsonBody) => [e.amount, e.balanceAfter, e.ref])).toEqual([
      [300, 600, '=HYPERLINK("x")'],
      [200, 300, '77'],
    ]);
    expect(one.entries[1].at).toBe(new Date(instants[1]!).toISOString());
    expect((await history(m, { from: seoulDay(-41), to: seoulDay(-39) })).body.maxCount).toBe(4);
    expect((await history(m, { from: seoulDay(-41), to: seoulDay(-41) })).body.entries).toMatchObject([
      { amount: 100, at: new Date(instants[0]!).toISOString() },
    ]);

    // 12 calendar months back from today in Seoul is the earliest `from`.
    const earliest = addCalendarMonths(new Date(`${seoulDay()}T00:00:00.000Z`), -12)
      .toISOString()
      .slice(0, 10);
    const dayBefore = new Date(new Date(`${earliest}T00:00:00.000Z`).getTime() - DAY)
      .toISOString()
      .slice(0, 10);
    expect((await history(m, { from: earliest, to: seoulDay() })).code).toBe(200);
    expect(await history(m, { from: dayBefore, to: seoulDay() })).toEqual({
      code: 400,
      body: { status: 'invalid', errors: [{ path: 'from', code: 'min' }] },
    });
    expect(await history(m, { from: seoulDay(), to: seoulDay(-1) })).toEqual({
      code: 400,
      body: { status: 'invalid', errors: [{ path: 'to', code: 'min' }] },
    });
    expect((await history(m, { from: '2025-02-30', to: seoulDay() })).body.errors).toEqual([
      { path: 'from', code: 'pattern' },
    ]);
    expect((await history(m, { from: '2025/01/01', to: seoulDay() })).code).toBe(400);
    expect((await history(m, { from: day, to: day, kind: 'bets' })).code).toBe(400);
    expect((await history(m, { from: day, to: day, pageSize: 101 })).code).toBe(400);
    expect((await call(t, 'get-account-history', { from: day, to: day })).code).toBe(401);

    // The CSV of the same window: a file for spreadsheets, formulas made inert.
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/account/history.csv?from=${seoulDay(-41)}&to=${seoulDay(-39)}&kind=cash`,
      headers: { cookie: m.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="account-history-${seoulDay(-41)}_${seoulDay(-39)}-cash.csv"`,
    );
    expect(csv.headers['x-total-count']).toBe('4');
    expect(csv.headers['x-truncated']).toBe('false');
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('at (Asia/Seoul),kind,code,amount,balanceAfter,ref');
    expect(lines[1]).toBe(`${seoulDay(-39)} 00:00:00,cash,deposit,400,1000,"'=HYPERLINK(""x"")"`);
    expect(lines[3]).toBe(`${day} 00:00:00,cash,deposit,200,300,77`);
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe('');

    // Capped: the newest rows, and the total says how many there were.
    const capped = await t.services.history.csv(m.id, { from: seoulDay(-41), to: seoulDay(-39) }, 2);
    expect({ rows: capped.rows, total: capped.total }).toEqual({ rows: 2, total: 4 });

    const noCookie = await t.app.inject({
      method: 'GET',
      url: `/api/account/history.csv?from=${day}&to=${day}`,
    });
    expect(noCookie.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/account/history.csv?from=${day}&to=${day}&x=1`,
      headers: { cookie: m.cookie },
    });
    expect(bad.json()).toEqual({ status: 'invalid', errors: [{ path: 'x', code: 'unknown' }] });
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/account/history.csv?from=${dayBefore}&to=${day}`,
      headers: { cookie: m.cookie },
    });
    expect(old.json()).toEqual({ status: 'invalid', errors: [{ path: 'from', code: 'min' }] });

    expect((await t.ledger.checkInvariants()).violations).toEqual([]);
  });
});

describe('get-account-history with instants', () => {
  it('takes an ISO-8601 instant as its day in Seoul, for from and to, in the call and the CSV', async () => {
    const m = await createMember(t);
    const [cashAccount, bank] = await Promise.all([
      memberAccountId(t, m.id, 'cash'),
      systemAccountId(t, 'bank_clearing'),
    ]);
    // Two deposits an hour apart around a Seoul midnight: 23:30 on `before` and 00:30 on `day` in
    // Seoul, both on the UTC date `before` (14:30Z and 15:30Z).
    const day = seoulDay(-20);
    const before = seoulDay(-21);
    const lateEvening = seoulAt(`${before}T23:30:00.000`);
    const pastMidnight = seoulAt(`${day}T00:30:00.000`);
    expect(pastMidnight.toISOString().slice(0, 10)).toBe(before);
    for (const [i, at] of [lateEvening, pastMidnight].entries())
      await depositAt(at, {
        from: bank,
        to: cashAccount,
        amount: (i + 1) * 100,
        key: `instant-${m.id}-${i}`,
        balanceAfter: i === 0 ? 100 : 300,
        meta: { requestId: 500 + i },
      });
    await t.db.updateTable('accounts').set({ balance: 300 }).where('id', '=', cashAccount).execute();
    // The amounts listed, or the whole answer when it is not a list (a refusal shows what it said).
    const amounts = (body: JsonBody) =>
      Array.isArray(body.entries) ? (body.entries as JsonBody[]).map((e) => e.amount) : body;

    // 00:30 in Seoul is still the day before in UTC: the instant names the Seoul day, not the UTC one.
    const utcInstant = pastMidnight.toISOString();
    const seoulInstant = `${day}T00:30:00.000+09:00`;
    for (const bound of [utcInstant, seoulInstant, `${before}T15:00:00Z`, `${day}T23:59:59.999+09:00`]) {
      const r = await history(m, { from: bound, to: bound });
      expect({ bound, code: r.code, amounts: amounts(r.body) }).toEqual({ bound, code: 200, amounts: [200] });
    }
    // The same window given as days, and the two forms mixed.
    expect(amounts((await history(m, { from: day, to: day })).body)).toEqual([200]);
    expect(amounts((await history(m, { from: before, to: before })).body)).toEqual([100]);
    expect(amounts((await history(m, { from: `${before}T14:59:59Z`, to: day })).body)).toEqual([200, 100]);
    expect(amounts((await history(m, { from: before, to: `${before}T14:59:59.999Z` })).body)).toEqual([100]);
    // The bounds' rules apply to the days the instants name.
    expect(await history(m, { from: utcInstant, to: `${before}T14:00:00Z` })).toEqual({
      code: 400,
      body: { status: 'invalid', errors: [{ path: 'to', code: 'min' }] },
    });

    // Anything else is refused in the contract's shape, naming the field.
    for (const garbage of [
      'yesterday',
      `${day}T00:30:00`, // a wall time without an offset is no instant
      `${day} 00:30:00Z`,
      '2024-02-30T00:00:00Z',
      `${day}T24:00:00Z`,
      `${day}T00:30:00Z${'0'.repeat(60)}`,
      '',
    ]) {
      expect({ garbage, ...(await history(m, { from: garbage, to: day })) }).toEqual({
        garbage,
        code: 400,
        body: { status: 'invalid', errors: [{ path: 'from', code: 'pattern' }] },
      });
      expect({ garbage, ...(await history(m, { from: day, to: garbage })) }).toEqual({
        garbage,
        code: 400,
        body: { status: 'invalid', errors: [{ path: 'to', code: 'pattern' }] },
      });
    }

    // The CSV takes the same bounds (a + in a query string is encoded) and is named by the Seoul days.
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/account/history.csv?from=${encodeURIComponent(seoulInstant)}&to=${encodeURIComponent(utcInstant)}`,
      headers: { cookie: m.cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="account-history-${day}_${day}.csv"`,
    );
    expect(csv.body.slice(1).split('\r\n').slice(1, -1)).toEqual([
      `${day} 00:30:00,cash,deposit,200,300,501`,
    ]);
    const badCsv = await t.app.inject({
      method: 'GET',
      url: `/api/account/history.csv?from=${day}T00:30:00&to=${day}`,
      headers: { cookie: m.cookie },
    });
    expect({ code: badCsv.statusCode, body: badCsv.json() }).toEqual({
      code: 400,
      body: { status: 'invalid', errors: [{ path: 'from', code: 'pattern' }] },
    });
    expect((await t.ledger.checkInvariants()).violations).toEqual([]);
  });
});

describe('get-session-summary', () => {
  it("sums the current session's bets and wins, with the reality-check interval", async () => {
    const m = await createMember(t, { cash: 100_000 });
    const player = Object.assign(m, { token: await slot.launch(m) });
    await play(player, 5_000, 0);
    const summary0 = (await call(t, 'get-session-summary', {}, { cookie: m.cookie })).body;
    expect(summary0).toMatchObject({
      status: 'success',
      bets: 5_000,
      wins: 0,
      net: -5_000,
      realityCheckMinutes: 0,
    });

    // A new session: play before it does not count.
    m.cookie = await signIn(t, m);
    const summary1 = (await call(t, 'get-session-summary', {}, { cookie: m.cookie })).body;
    expect(summary1).toMatchObject({ status: 'success', bets: 0, wins: 0, net: 0 });
    const sessions = (await call(t, 'get-sessions', {}, { cookie: m.cookie })).body;
    expect(summary1.startedAt).toBe(sessions.sessions.find((s) => s.current)!.createdAt);

    await play(player, 3_000, 1_000);
    await play(player, 2_000, 0, true);
    expect((await call(t, 'set-reality-check', { minutes: 30 }, { cookie: m.cookie })).code).toBe(200);
    expect((await call(t, 'get-session-summary', {}, { cookie: m.cookie })).body).toMatchObject({
      status: 'success',
      bets: 3_000,
      wins: 1_000,
      net: -2_000,
      realityCheckMinutes: 30,
    });
    expect((await call(t, 'get-session-summary', {})).code).toBe(401);
  });
});
