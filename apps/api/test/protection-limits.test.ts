import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_LIMIT_INCREASE_DELAY_MS, PLAY_LIMIT_WINDOW_MS } from '@casino/contracts/protection';
import { windowStarts } from '../src/modules/protection/limits.service.ts';
import {
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  latestRequestId,
  signIn,
  type JsonBody,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';
import { startTransferProvider, type TransferProviderServer } from './transfer-provider.ts';

// Player protection's limits (docs/protection.md) on PGlite, and on PostgreSQL
// when DATABASE_URL is set (there the parallel deposits and bets really race): the 24-hour delay of
// an increase, the rolling windows at their edges, the deposit and loss limits where the money
// moves (the cashier, the provider wallet, the transfer wallet), and the refusals under a break.
// The clock is the test app's: `t.clock.advance(ms)`.

const HOUR = 3_600_000;
const DAY = PLAY_LIMIT_WINDOW_MS.day;

const t = await fileTestApp({ TRANSFER_TIMEOUT_MS: '1000', TRANSFER_RECONCILE_MS: '0' });
let slots: TestProvider;
let transferServer: TransferProviderServer;
let tables: TestProvider;

type Player = TestMember;

beforeAll(async () => {
  const owner = await createOperator(t, 'owner');
  slots = await createTestProvider(t, owner, { kind: 'slot', games: ['fruit'] });
  transferServer = await startTransferProvider(randomBytes(24).toString('base64url'));
  tables = await createTestProvider(t, owner, {
    kind: 'casino',
    games: ['table1'],
    transfer: { apiUrl: transferServer.apiUrl, secret: transferServer.secret },
  });
});
afterAll(async () => {
  await transferServer?.close();
});

/** A signed-in member with `cash` won. */
async function player(cash = 0): Promise<Player> {
  return createMember(t, { cash });
}

/** Moves the clock and signs the member in again (a session idles out after 30 minutes). */
async function later(p: Player, ms: number): Promise<void> {
  t.clock.advance(ms);
  p.cookie = await signIn(t, p);
}

const limitsOf = async (p: Player) => {
  const answer = await call(t, 'get-play-limits', {}, p.cookie);
  expect(answer.code).toBe(200);
  return answer.body;
};
const setLimit = async (p: Player, kind: string, period: string, amount: number | null) =>
  (await call(t, 'set-play-limit', { kind, period, amount }, p.cookie)).body;
const deposit = async (p: Player, amount: number) =>
  (await call(t, 'apply-user-deposit', { amount }, p.cookie)).body;

/** Approves the member's latest deposit request as a (fresh: sessions idle out) owner. */
async function approveLatest(p: Player): Promise<void> {
  const owner = await createOperator(t, 'owner');
  const id = await latestRequestId(t, 'deposit', p.id);
  expect((await bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id } })).body).toEqual({
    status: 'success',
  });
}

let txSeq = 0;
const txId = (tag: string) => `${tag}-${++txSeq}-${randomBytes(3).toString('hex')}`;

async function bet(p: Player, token: string, amount: number, ids: { tx?: string; round?: string } = {}) {
  return slots.wallet('bet', {
    token,
    userId: p.userId,
    transactionId: ids.tx ?? txId('bet'),
    roundId: ids.round ?? txId('round'),
    gameCode: 'fruit',
    amount,
  });
}

async function win(p: Player, round: string, amount: number) {
  return slots.wallet('win', {
    userId: p.userId,
    transactionId: txId('win'),
    roundId: round,
    gameCode: 'fruit',
    amount,
    roundClosed: true,
  });
}

const cashOf = (p: Player) => t.ledger.accountBalance({ memberId: p.id, kind: 'cash' });

describe('set-play-limit and get-play-limits', () => {
  it('starts with no limits, nothing used, the reality check off and no break', async () => {
    const p = await player();
    expect(await limitsOf(p)).toEqual({
      status: 'success',
      limits: {
        deposit: { day: null, week: null, month: null },
        loss: { day: null, week: null, month: null },
      },
      pending: [],
      used: { deposit: { day: 0, week: 0, month: 0 }, loss: { day: 0, week: 0, month: 0 } },
      realityCheckMinutes: 0,
      exclusion: null,
      lifetime: { deposits: 0, withdrawals: 0, net: 0 },
    });
  });

  it('applies a first limit and a decrease at once, an increase after exactly 24 hours', async () => {
    const p = await player();
    expect(await setLimit(p, 'deposit', 'day', 100_000)).toEqual({ status: 'success' });
    expect(await setLimit(p, 'deposit', 'day', 50_000)).toEqual({ status: 'success' });
    expect(await setLimit(p, 'deposit', 'day', 50_000)).toEqual({ status: 'success' });
    expect((await limitsOf(p)).limits.deposit).toEqual({ day: 50_000, week: null, month: null });

    expect(await setLimit(p, 'deposit', 'day', 80_000)).toEqual({ status: 'wait' });
    const pending = (await limitsOf(p)).pending;
    expect(pending).toEqual([
      { kind: 'deposit', period: 'day', amount: 80_000, effectiveAt: expect.any(String) },
    ]);
    const rows = await t.db
      .selectFrom('play_limits')
      .selectAll()
      .where('member_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.amount)).toEqual([100_000, 50_000, 50_000, 80_000]);
    const increase = rows.at(-1)!;
    expect(increase.effective_at.getTime() - increase.requested_at.getTime()).toBe(
      PLAY_LIMIT_INCREASE_DELAY_MS,
    );
    expect(pending[0]!.effectiveAt).toBe(increase.effective_at.toISOString());

    // 23:59:59 later: still the old limit, still pending.
    await later(p, increase.effective_at.getTime() - t.clock.now().getTime() - 1_000);
    const before = await limitsOf(p);
    expect(before.limits.deposit.day).toBe(50_000);
    expect(before.pending).toHaveLength(1);
    // At 24:00:00 the increase is in force.
    await later(p, increase.effective_at.getTime() - t.clock.now().getTime());
    const after = await limitsOf(p);
    expect(after.limits.deposit.day).toBe(80_000);
    expect(after.pending).toEqual([]);
  });

  it('keeps a removal pending for 24 hours, then the limit is gone', async () => {
    const p = await player();
    await setLimit(p, 'loss', 'week', 200_000);
    expect(await setLimit(p, 'loss', 'week', null)).toEqual({ status: 'wait' });
    const body = await limitsOf(p);
    expect(body.limits.loss.week).toBe(200_000);
    expect(body.pending).toEqual([
      { kind: 'loss', period: 'week', amount: null, effectiveAt: expect.any(String) },
    ]);
    await later(p, DAY - 1_000);
    expect((await limitsOf(p)).limits.loss.week).toBe(200_000);
    await later(p, 1_000);
    expect((await limitsOf(p)).limits.loss.week).toBeNull();
    expect((await limitsOf(p)).pending).toEqual([]);
    // Removing a limit that is not there changes nothing.
    expect(await setLimit(p, 'loss', 'week', null)).toEqual({ status: 'success' });
    expect((await limitsOf(p)).pending).toEqual([]);
  });

  it('cancels a pending increase when the member lowers the limit again', async () => {
    const p = await player();
    await setLimit(p, 'deposit', 'month', 300_000);
    expect(await setLimit(p, 'deposit', 'month', 900_000)).toEqual({ status: 'wait' });
    expect(await setLimit(p, 'deposit', 'month', 200_000)).toEqual({ status: 'success' });
    expect((await limitsOf(p)).pending).toEqual([]);
    await later(p, DAY + 1);
    expect((await limitsOf(p)).limits.deposit.month).toBe(200_000);
    const cancelled = await t.db
      .selectFrom('play_limits')
      .select(['amount', 'cancelled_at'])
      .where('member_id', '=', p.id)
      .where('cancelled_at', 'is not', null)
      .execute();
    expect(cancelled.map((r) => r.amount)).toEqual([900_000]);
  });

  it('replaces a pending increase by a newer one, which waits its own 24 hours', async () => {
    const p = await player();
    await setLimit(p, 'loss', 'day', 10_000);
    expect(await setLimit(p, 'loss', 'day', 20_000)).toEqual({ status: 'wait' });
    await later(p, 12 * HOUR);
    expect(await setLimit(p, 'loss', 'day', 30_000)).toEqual({ status: 'wait' });
    expect((await limitsOf(p)).pending.map((x: JsonBody) => x.amount)).toEqual([30_000]);
    await later(p, 12 * HOUR + 1);
    expect((await limitsOf(p)).limits.loss.day).toBe(10_000);
    await later(p, 12 * HOUR);
    expect((await limitsOf(p)).limits.loss.day).toBe(30_000);
  });

  it('validates the request by the contract', async () => {
    const p = await player();
    for (const body of [
      { kind: 'deposit', period: 'day', amount: 0 },
      { kind: 'deposit', period: 'day', amount: 1_000_000_000_001 },
      { kind: 'deposit', period: 'day', amount: 1.5 },
      { kind: 'deposit', period: 'year', amount: 1 },
      { kind: 'bet', period: 'day', amount: 1 },
      { kind: 'deposit', period: 'day' },
    ]) {
      const answer = await call(t, 'set-play-limit', body, p.cookie);
      expect(answer.code).toBe(400);
      expect(answer.body.status).toBe('invalid');
    }
    expect((await call(t, 'set-play-limit', { kind: 'loss', period: 'day', amount: 1 }, '')).code).toBe(401);
    expect(await t.db.selectFrom('play_limits').where('member_id', '=', p.id).select('id').execute()).toEqual(
      [],
    );
  });

  it('sets the reality check to 0, 15, 30 or 60 minutes', async () => {
    const p = await player();
    for (const minutes of [15, 60, 30, 0]) {
      expect((await call(t, 'set-reality-check', { minutes }, p.cookie)).body).toEqual({ status: 'success' });
      expect((await limitsOf(p)).realityCheckMinutes).toBe(minutes);
    }
    expect((await call(t, 'set-reality-check', { minutes: 45 }, p.cookie)).code).toBe(400);
  });
});

describe('deposit limits', () => {
  it('answers blocked with what the limits still allow, counting pending and approved requests', async () => {
    const p = await player();
    await setLimit(p, 'deposit', 'day', 50_000);
    await setLimit(p, 'deposit', 'week', 120_000);
    expect(await deposit(p, 30_000)).toEqual({ status: 'success' });
    await approveLatest(p);
    expect(await deposit(p, 30_000)).toEqual({ status: 'blocked', remaining: 20_000 });
    expect(await deposit(p, 20_000)).toEqual({ status: 'success' });
    // The pending request counts too.
    const body = await limitsOf(p);
    expect(body.used.deposit).toEqual({ day: 50_000, week: 50_000, month: 50_000 });
    expect(await deposit(p, 10_000)).toEqual({ status: 'blocked', remaining: 0 });
    await approveLatest(p);
    expect((await limitsOf(p)).lifetime).toEqual({ deposits: 50_000, withdrawals: 0, net: 50_000 });

    // A day later the day window is empty; the week still holds 50,000 of its 120,000.
    await later(p, DAY + 1);
    expect((await limitsOf(p)).used.deposit).toEqual({ day: 0, week: 50_000, month: 50_000 });
    expect(await deposit(p, 60_000)).toEqual({ status: 'blocked', remaining: 50_000 });
    expect(await deposit(p, 50_000)).toEqual({ status: 'success' });
    // Nothing was written for the refused requests.
    const requests = await t.db
      .selectFrom('deposit_requests')
      .select('amount')
      .where('member_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(requests.map((r) => r.amount)).toEqual([30_000, 20_000, 50_000]);
  });

  it('no longer counts a rejected request, nor one made 24 hours and 1 ms ago', async () => {
    const p = await player();
    await setLimit(p, 'deposit', 'day', 40_000);
    expect(await deposit(p, 40_000)).toEqual({ status: 'success' });
    const owner = await createOperator(t, 'owner');
    const id = await latestRequestId(t, 'deposit', p.id);
    await bo(t, 'deposits.reject', {
      cookie: owner.cookie,
      params: { id },
      body: { reason: '입금 확인 불가' },
    });
    expect((await limitsOf(p)).used.deposit.day).toBe(0);

    expect(await deposit(p, 40_000)).toEqual({ status: 'success' });
    await approveLatest(p);
    const row = await t.db
      .selectFrom('deposit_requests')
      .select(['id', 'created_at'])
      .where('member_id', '=', p.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // The window includes its start: a request exactly 24 hours old counts, 1 ms more and it does not.
    const exact = { day: row.created_at, week: row.created_at, month: row.created_at };
    expect(await t.services.cashier.depositsSince(p.id, exact)).toEqual({
      day: 40_000,
      week: 40_000,
      month: 40_000,
    });
    const past = new Date(row.created_at.getTime() + 1);
    expect(
      await t.services.cashier.depositsSince(p.id, { day: past, week: exact.week, month: exact.month }),
    ).toEqual({
      day: 0,
      week: 40_000,
      month: 40_000,
    });
    expect(windowStarts(new Date(row.created_at.getTime() + DAY + 1)).day).toEqual(past);

    await later(p, row.created_at.getTime() + DAY - 1_000 - t.clock.now().getTime());
    expect((await limitsOf(p)).used.deposit.day).toBe(40_000);
    expect(await deposit(p, 10_000)).toEqual({ status: 'blocked', remaining: 0 });
    await later(p, row.created_at.getTime() + DAY + 1 - t.clock.now().getTime());
    expect((await limitsOf(p)).used.deposit).toEqual({ day: 0, week: 40_000, month: 40_000 });
    expect(await deposit(p, 40_000)).toEqual({ status: 'success' });
  });

  it('never lets 20 parallel deposits pass the limit (one pending at a time, approved in between)', async () => {
    const p = await player();
    await setLimit(p, 'deposit', 'day', 100_000);
    const statuses: string[][] = [];
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => deposit(p, 30_000)));
      const got = answers.map((a) => a.status as string);
      statuses.push(got);
      const successes = got.filter((s) => s === 'success').length;
      // The cashier's own rule: one pending request per member, so at most one of the 20 passes.
      expect(successes).toBeLessThanOrEqual(1);
      if (successes === 1) await approveLatest(p);
      else {
        expect(answers.every((a) => a.status === 'blocked' && a.remaining === 10_000)).toBe(true);
        break;
      }
    }
    expect(statuses.map((round) => round.filter((s) => s === 'success').length)).toEqual([1, 1, 1, 0]);
    const total = await t.db
      .selectFrom('deposit_requests')
      .select((eb) => eb.fn.sum<number>('amount').as('sum'))
      .where('member_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(Number(total.sum)).toBe(90_000);
  });

  it('never lets 20 parallel deposits of two members pass their limits while others run too', async () => {
    const [a, b] = [await player(), await player()];
    await setLimit(a, 'deposit', 'day', 30_000);
    await setLimit(b, 'deposit', 'day', 10_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? deposit(a, 20_000) : deposit(b, 20_000))),
    );
    expect(answers.filter((x, i) => i % 2 === 0 && x.status === 'success')).toHaveLength(1);
    expect(answers.filter((x, i) => i % 2 === 1 && x.status === 'success')).toHaveLength(0);
    expect(
      answers.filter((x, i) => i % 2 === 1).every((x) => x.status === 'blocked' && x.remaining === 10_000),
    ).toBe(true);
  });
});

describe('loss limits in the provider wallet', () => {
  it('refuses a bet that would take the loss over a limit: it moves nothing and is recorded with its answer', async () => {
    const p = await player(1_000_000);
    await setLimit(p, 'loss', 'day', 50_000);
    const token = await slots.launch(p, 'fruit');
    const round = txId('round');
    expect((await bet(p, token, 30_000, { round })).body).toMatchObject({
      status: 'RS_OK',
      balance: 970_000,
    });
    const refusedTx = txId('bet');
    expect((await bet(p, token, 20_001, { tx: refusedTx })).body).toEqual({
      status: 'RS_ERROR_LIMIT_EXCEEDED',
      balance: 970_000,
      currency: 'KRW',
    });
    // Recorded with its refusal (docs/providers.md): the id is spent, and counts for no loss.
    expect(
      await t.db
        .selectFrom('wallet_calls')
        .select(['transaction_id', 'outcome'])
        .where('transaction_id', '=', refusedTx)
        .execute(),
    ).toEqual([{ transaction_id: refusedTx, outcome: 'RS_ERROR_LIMIT_EXCEEDED' }]);
    expect(await cashOf(p)).toBe(970_000);
    expect((await limitsOf(p)).used.loss).toEqual({ day: 30_000, week: 30_000, month: 30_000 });

    // A win brings the loss down: 30,000 - 10,000 = 20,000, so 30,000 more fits exactly.
    expect((await win(p, round, 10_000)).body.status).toBe('RS_OK');
    expect((await limitsOf(p)).used.loss).toEqual({ day: 20_000, week: 20_000, month: 20_000 });
    expect((await bet(p, token, 30_001)).body.status).toBe('RS_ERROR_LIMIT_EXCEEDED');
    expect((await bet(p, token, 30_000)).body).toMatchObject({ status: 'RS_OK', balance: 950_000 });
    expect((await bet(p, token, 1)).body.status).toBe('RS_ERROR_LIMIT_EXCEEDED');
    // A bet of 0 (a free round) moves nothing and is not refused.
    expect((await bet(p, token, 0)).body.status).toBe('RS_OK');
    expect((await limitsOf(p)).used.loss.day).toBe(50_000);

    // A rolled-back bet no longer counts, so the bet refused before fits now, under a new
    // transactionId: the refused one is spent (docs/providers.md).
    const last = await t.db
      .selectFrom('wallet_calls')
      .select(['transaction_id', 'round_id'])
      .where('member_id', '=', p.id)
      .where('action', '=', 'bet')
      .where('amount', '=', 30_000)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const rolled = await slots.wallet('rollback', {
      userId: p.userId,
      transactionId: txId('rb'),
      referenceTransactionId: last.transaction_id,
      roundId: last.round_id,
    });
    expect(rolled.body.status).toBe('RS_OK');
    expect((await limitsOf(p)).used.loss.day).toBe(20_000);
    expect((await bet(p, token, 20_001, { tx: refusedTx })).body.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect((await bet(p, token, 20_001)).body).toMatchObject({ status: 'RS_OK' });
  });

  it('never lets 20 parallel bets pass the loss limit', async () => {
    const p = await player(1_000_000);
    await setLimit(p, 'loss', 'day', 50_000);
    const token = await slots.launch(p, 'fruit');
    const answers = await Promise.all(Array.from({ length: 20 }, () => bet(p, token, 5_000)));
    const statuses = answers.map((a) => a.body.status);
    expect(statuses.filter((s) => s === 'RS_OK')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'RS_ERROR_LIMIT_EXCEEDED')).toHaveLength(10);
    expect(await cashOf(p)).toBe(950_000);

    // Mixed amounts: whatever order they run in, what stands never passes the limit.
    const q = await player(1_000_000);
    await setLimit(q, 'loss', 'week', 40_000);
    const qToken = await slots.launch(q, 'fruit');
    const amounts = Array.from({ length: 20 }, (_, i) => 1_000 + ((i * 7_919) % 9) * 1_000);
    const mixed = await Promise.all(amounts.map((amount) => bet(q, qToken, amount)));
    const accepted = amounts.filter((_, i) => mixed[i]!.body.status === 'RS_OK');
    const sum = accepted.reduce((s, a) => s + a, 0);
    expect(sum).toBeLessThanOrEqual(40_000);
    // Every refusal was a bet that did not fit beside the ones that stand.
    for (const answer of mixed)
      if (answer.body.status !== 'RS_OK') expect(answer.body.status).toBe('RS_ERROR_LIMIT_EXCEEDED');
    expect(Math.min(...amounts.filter((_, i) => mixed[i]!.body.status !== 'RS_OK'))).toBeGreaterThan(
      40_000 - sum,
    );
    expect(await cashOf(q)).toBe(1_000_000 - sum);
    const report = await t.ledger.checkInvariants();
    expect(report.violations).toEqual([]);
  });

  it('counts a bet in the day window for 24 hours, and the week window after', async () => {
    const p = await player(1_000_000);
    await setLimit(p, 'loss', 'day', 20_000);
    await setLimit(p, 'loss', 'week', 30_000);
    let token = await slots.launch(p, 'fruit');
    expect((await bet(p, token, 20_000)).body.status).toBe('RS_OK');
    const placed = await t.db
      .selectFrom('wallet_calls')
      .select('created_at')
      .where('member_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect((await bet(p, token, 1_000)).body.status).toBe('RS_ERROR_LIMIT_EXCEEDED');

    await later(p, placed.created_at.getTime() + DAY - 1_000 - t.clock.now().getTime());
    token = await slots.launch(p, 'fruit');
    expect((await bet(p, token, 1_000)).body.status).toBe('RS_ERROR_LIMIT_EXCEEDED');
    await later(p, placed.created_at.getTime() + DAY + 1 - t.clock.now().getTime());
    token = await slots.launch(p, 'fruit');
    expect((await limitsOf(p)).used.loss).toEqual({ day: 0, week: 20_000, month: 20_000 });
    // The day allows 20,000 again, the week only 10,000 more.
    expect((await bet(p, token, 10_001)).body.status).toBe('RS_ERROR_LIMIT_EXCEEDED');
    expect((await bet(p, token, 10_000)).body.status).toBe('RS_OK');
  });

  it('refuses moving money into a transfer provider once a loss limit is reached', async () => {
    const p = await player(200_000);
    await setLimit(p, 'loss', 'day', 10_000);
    const token = await slots.launch(p, 'fruit');
    expect((await bet(p, token, 10_000)).body.status).toBe('RS_OK');
    expect(
      (await call(t, 'game-transfer-in', { company: tables.code, amount: 50_000 }, p.cookie)).body,
    ).toEqual({
      status: 'blocked',
    });
    expect(
      (await call(t, 'open-game', { code: 'table1', company: tables.code, timeStemp: Date.now() }, p.cookie))
        .body,
    ).toEqual({ status: 'blocked' });
    expect(await cashOf(p)).toBe(190_000);
    // Below the limit the move goes through.
    const q = await player(200_000);
    await setLimit(q, 'loss', 'day', 10_000);
    expect(
      (await call(t, 'game-transfer-in', { company: tables.code, amount: 50_000 }, q.cookie)).body,
    ).toEqual({
      status: 'success',
    });
  });
});

describe('breaks', () => {
  /** A break as take-break records it (the call itself is tested with the breaks). */
  async function takeBreak(p: Player, kind: 'time_out' | 'self_exclusion', until: Date | null) {
    await t.db
      .insertInto('member_breaks')
      .values({
        member_id: p.id,
        kind,
        period: until ? '24h' : 'permanent',
        started_at: t.clock.now(),
        until,
      })
      .execute();
  }

  it('refuses deposits with blocked (no remaining), bets with RS_ERROR_USER_DISABLED, and moves in', async () => {
    const p = await player(100_000);
    const token = await slots.launch(p, 'fruit');
    const round = txId('round');
    expect((await bet(p, token, 10_000, { round })).body.status).toBe('RS_OK');
    await takeBreak(p, 'time_out', new Date(t.clock.now().getTime() + DAY));

    // The cashier's own check, for a request already past the session layer when the break began.
    expect(await t.services.cashier.applyDeposit(p.id, { amount: 10_000 })).toEqual({ status: 'blocked' });
    expect((await bet(p, token, 1_000)).body).toMatchObject({ status: 'RS_ERROR_USER_DISABLED' });
    // The round already in play still settles.
    expect((await win(p, round, 25_000)).body).toMatchObject({ status: 'RS_OK', balance: 115_000 });
    expect(
      await t.services.transfers.transferIn({ memberId: p.id, userId: p.userId }, tables.code, 10_000),
    ).toBe('blocked');
    expect(
      await t.db.selectFrom('deposit_requests').where('member_id', '=', p.id).select('id').execute(),
    ).toEqual([]);
    const limits = await t.services.protection.getPlayLimits(p.id);
    expect(limits.exclusion).toEqual({ kind: 'time_out', until: expect.any(String) });

    // After its end the member may deposit again.
    t.clock.advance(DAY + 1);
    expect(await t.services.cashier.applyDeposit(p.id, { amount: 10_000 })).toEqual({ status: 'success' });
    expect((await t.services.protection.getPlayLimits(p.id)).exclusion).toBeNull();
  });

  it('reports a permanent self-exclusion without an end', async () => {
    const p = await player();
    await takeBreak(p, 'time_out', new Date(t.clock.now().getTime() + DAY));
    await takeBreak(p, 'self_exclusion', null);
    expect((await t.services.protection.getPlayLimits(p.id)).exclusion).toEqual({
      kind: 'self_exclusion',
      until: null,
    });
    expect(await t.services.cashier.applyDeposit(p.id, { amount: 10_000 })).toEqual({ status: 'blocked' });
  });
});
