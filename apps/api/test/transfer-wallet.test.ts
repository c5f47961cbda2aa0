import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  balances,
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';
import { onPostgres } from './harness.ts';
import { startTransferProvider, type TransferProviderServer } from './transfer-provider.ts';

// The transfer wallet (docs/providers.md, issue 10): a real transfer provider over HTTP with signed
// requests and answers, and the faults a provider can have. Nothing may be lost or counted twice:
// after every test the ledger's invariants hold and the members' game accounts equal what the
// platform has moved in and not taken back.

const TIMEOUT_MS = 300;
const t = await fileTestApp({ TRANSFER_TIMEOUT_MS: String(TIMEOUT_MS), TRANSFER_RECONCILE_MS: '0' });
const owner = await createOperator(t, 'owner');
let server: TransferProviderServer;
let provider: TestProvider;

beforeAll(async () => {
  server = await startTransferProvider(randomBytes(24).toString('base64url'));
  provider = await createTestProvider(t, owner, {
    kind: 'casino',
    games: ['table1'],
    transfer: { apiUrl: server.apiUrl, secret: server.secret },
  });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  server.fault = 'none';
  server.faultActions = new Set(['deposit', 'withdraw']);
});

async function expectWhole(): Promise<void> {
  const report = await t.ledger.checkInvariants();
  expect(report.violations).toEqual([]);
  // Each member's game account is what the platform moved in and has not taken back.
  const mismatches = await t.db
    .selectFrom('accounts as a')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('transfer_wallets')
          .select(['member_id', (e) => e.fn.sum<number>('principal').as('principal')])
          .groupBy('member_id')
          .as('w'),
      (j) => j.onRef('w.member_id', '=', 'a.member_id'),
    )
    .select(['a.member_id', 'a.balance', 'w.principal'])
    .where('a.kind', '=', 'game')
    .execute();
  for (const m of mismatches) expect(Number(m.balance)).toBe(Number(m.principal ?? 0));
}

const moves = (memberId: number) =>
  t.db.selectFrom('game_transfers').selectAll().where('member_id', '=', memberId).orderBy('id').execute();

async function open(m: TestMember) {
  return call(t, 'open-game', { code: 'table1', company: provider.code, timeStemp: Date.now() }, m.cookie);
}

/** Runs the reconciler as the background timer would, once the moves are due. */
async function reconcileLater() {
  t.clock.advance(TIMEOUT_MS + 6_000);
  return t.services.transfers.reconcile();
}

describe('moving money in and out', () => {
  it('open-game moves the whole cash in; coming back brings the result out, the win from the house', async () => {
    const m = await createMember(t, { cash: 50_000 });
    const opened = await open(m);
    expect(opened.body.status).toBe('success');
    expect(new URL(opened.body.gameUrl as string, 'http://x').searchParams.get('token')).toMatch(
      /^[\w-]{43}$/,
    );
    expect(await balances(t, m.id)).toMatchObject({ cash: 0, game: 50_000 });
    expect(server.balances.get(m.userId)).toBe(50_000);
    const health = await call(t, 'user-health-check', {}, m.cookie);
    expect(health.body.user).toMatchObject({ balance: 0, in_balance: 50_000 });
    expect((await call(t, 'get-in-game-balance', {}, m.cookie)).body).toEqual({
      status: 'success',
      data: { status: 'success', gameMoney: 50_000, balance: 0, rolling: 0, userId: m.userId },
    });

    // The member wins 20,000 at the provider, then comes back.
    server.balances.set(m.userId, 70_000);
    expect((await call(t, 'game-transfer-out', {}, m.cookie)).body).toEqual({ status: 'success' });
    expect(await balances(t, m.id)).toMatchObject({ cash: 70_000, game: 0 });
    expect(server.balances.get(m.userId)).toBe(0);
    expect(await t.ledger.accountBalance({ system: `house:${provider.code}` })).toBeLessThanOrEqual(-20_000);
    // Nothing held: coming back again asks nothing.
    const asked = server.received.length;
    expect((await call(t, 'game-transfer-out', {}, m.cookie)).body).toEqual({ status: 'success' });
    expect(server.received.length).toBe(asked);
    await expectWhole();
  });

  it('a loss stays with the house; game-transfer-in moves an amount, and refuses what cannot be', async () => {
    const m = await createMember(t, { cash: 30_000 });
    expect(
      (await call(t, 'game-transfer-in', { company: provider.code, amount: 40_000 }, m.cookie)).body,
    ).toEqual({
      status: 'balance',
    });
    expect(
      (await call(t, 'game-transfer-in', { company: provider.code, amount: 20_000 }, m.cookie)).body,
    ).toEqual({
      status: 'success',
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 10_000, game: 20_000 });
    server.balances.set(m.userId, 5_000);
    expect((await call(t, 'game-transfer-out', { company: provider.code }, m.cookie)).body).toEqual({
      status: 'success',
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 15_000, game: 0 });
    // Not a transfer provider, an unknown one, a bad amount.
    const seamless = await createTestProvider(t, owner, { games: ['s'] });
    for (const company of [seamless.code, 'nobody'])
      expect((await call(t, 'game-transfer-in', { company, amount: 10_000 }, m.cookie)).body).toEqual({
        status: 'fail',
      });
    expect((await call(t, 'game-transfer-in', { company: provider.code, amount: -1 }, m.cookie)).code).toBe(
      400,
    );
    expect((await call(t, 'game-transfer-in', { company: provider.code, amount: 1 })).code).toBe(401);
    await expectWhole();
  });

  it('a refusal returns the held money at once', async () => {
    const m = await createMember(t, { cash: 20_000 });
    server.fault = 'refuse';
    expect((await open(m)).body).toEqual({ status: 'fail' });
    expect(await balances(t, m.id)).toMatchObject({ cash: 20_000, game: 0 });
    expect((await moves(m.id)).map((x) => [x.state, x.last_error])).toEqual([
      ['failed', 'RS_ERROR_USER_DISABLED'],
    ]);
    await expectWhole();
  });
});

describe('a provider that does not answer', () => {
  it('times out before taking the money: held until the reconciler learns it never arrived, then returned', async () => {
    const m = await createMember(t, { cash: 25_000 });
    server.fault = 'hang';
    expect((await open(m)).body).toEqual({ status: 'fail' });
    // Held, neither spent nor lost: cash shows it gone, the move is pending.
    expect(await balances(t, m.id)).toMatchObject({ cash: 0, game: 0 });
    expect((await moves(m.id)).map((x) => x.state)).toEqual(['pending']);
    // Another move of this wallet waits for the first to be settled.
    server.fault = 'none';
    expect((await call(t, 'game-transfer-out', {}, m.cookie)).body).toEqual({ status: 'fail' });
    // Before it is due, the reconciler leaves it alone.
    expect(await t.services.transfers.reconcile()).toEqual({ settled: 0, returned: 0, unknown: 0 });
    expect(await reconcileLater()).toEqual({ settled: 0, returned: 1, unknown: 0 });
    expect(await balances(t, m.id)).toMatchObject({ cash: 25_000, game: 0 });
    expect(server.voided.has(String((await moves(m.id))[0]!.id))).toBe(true);
    await expectWhole();
  });

  it('takes the money and the answer is lost, or it fails after taking it: the reconciler posts it', async () => {
    for (const fault of ['hang-after', 'error-after', 'unsigned'] as const) {
      const m = await createMember(t, { cash: 12_000 });
      server.fault = fault;
      expect((await open(m)).body).toEqual({ status: 'fail' });
      expect(server.balances.get(m.userId)).toBe(12_000);
      expect(await balances(t, m.id)).toMatchObject({ cash: 0, game: 0 });
      server.fault = 'none';
      expect(await reconcileLater()).toMatchObject({ settled: 1 });
      expect(await balances(t, m.id)).toMatchObject({ cash: 0, game: 12_000 });
      expect((await moves(m.id)).map((x) => x.state)).toEqual(['done']);
      // And it comes back out like any other.
      expect((await call(t, 'game-transfer-out', {}, m.cookie)).body).toEqual({ status: 'success' });
      expect(await balances(t, m.id)).toMatchObject({ cash: 12_000, game: 0 });
    }
    await expectWhole();
  });

  it('pays out and the answer is lost: the reconciler credits what the provider paid', async () => {
    const m = await createMember(t, { cash: 8_000 });
    expect((await open(m)).body.status).toBe('success');
    server.balances.set(m.userId, 9_500);
    server.fault = 'hang-after';
    expect((await call(t, 'game-transfer-out', {}, m.cookie)).body).toEqual({ status: 'fail' });
    expect(server.balances.get(m.userId)).toBe(0);
    expect(await balances(t, m.id)).toMatchObject({ cash: 0, game: 8_000 });
    server.fault = 'none';
    expect(await reconcileLater()).toMatchObject({ settled: 1 });
    expect(await balances(t, m.id)).toMatchObject({ cash: 9_500, game: 0 });
    await expectWhole();
  });

  it('is down: the move stays pending, checked again later and later, and settles once it is back', async () => {
    const m = await createMember(t, { cash: 6_000 });
    server.fault = 'hang-after';
    expect((await open(m)).body).toEqual({ status: 'fail' });
    server.fault = 'down';
    expect(await reconcileLater()).toEqual({ settled: 0, returned: 0, unknown: 1 });
    const [first] = await moves(m.id);
    expect(first).toMatchObject({ state: 'pending', attempts: 1 });
    expect(first!.last_error).toMatch(/signature|503/);
    // Not due again at once: the next check waits.
    expect(await t.services.transfers.reconcile()).toEqual({ settled: 0, returned: 0, unknown: 0 });
    // get-in-game-balance says it could not ask, with the last figure known.
    expect((await call(t, 'get-in-game-balance', {}, m.cookie)).body.data).toMatchObject({ status: 'fail' });
    server.fault = 'none';
    t.clock.advance(60_000);
    expect(await t.services.transfers.reconcile()).toMatchObject({ settled: 1 });
    expect(await balances(t, m.id)).toMatchObject({ cash: 0, game: 6_000 });
    const listed = await bo(t, 'gameTransfers.list', { cookie: owner.cookie, query: { state: 'done' } });
    expect(listed.body.list).toContainEqual(
      expect.objectContaining({
        userId: m.userId,
        provider: provider.code,
        direction: 'in',
        amount: 6_000,
        attempts: 2,
      }),
    );
    await call(t, 'game-transfer-out', {}, m.cookie);
    await expectWhole();
  });
});

describe('concurrency and the catalog', () => {
  it(`parallel moves of one wallet: one at a time, nothing lost (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const m = await createMember(t, { cash: 40_000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t, 'game-transfer-in', { company: provider.code, amount: 10_000 }, m.cookie),
      ),
    );
    const ok = answers.filter((a) => a.body.status === 'success').length;
    expect(ok).toBeGreaterThanOrEqual(1);
    expect(ok).toBeLessThanOrEqual(4);
    expect(answers.every((a) => ['success', 'fail', 'balance'].includes(a.body.status as string))).toBe(true);
    expect(await balances(t, m.id)).toMatchObject({ cash: 40_000 - ok * 10_000, game: ok * 10_000 });
    expect(server.balances.get(m.userId)).toBe(ok * 10_000);
    const outs = await Promise.all(
      Array.from({ length: 10 }, () => call(t, 'game-transfer-out', {}, m.cookie)),
    );
    expect(outs.some((a) => a.body.status === 'success')).toBe(true);
    expect(await balances(t, m.id)).toMatchObject({ cash: 40_000, game: 0 });
    await expectWhole();
  });

  it('a transfer provider needs its API; it cannot leave the transfer mode while members hold money there', async () => {
    const base = {
      kind: 'slot' as const,
      name: 'T',
      launchUrl: '/t',
      secret: 's'.repeat(32),
      wallet: 'transfer' as const,
    };
    const missing = await bo(t, 'providers.create', {
      cookie: owner.cookie,
      body: { ...base, code: 'tr-noapi' },
    });
    expect(missing.body).toEqual({ status: 'invalid', errors: [{ path: 'apiUrl', code: 'required' }] });
    const badUrl = await bo(t, 'providers.create', {
      cookie: owner.cookie,
      body: { ...base, code: 'tr-bad', apiUrl: 'file:///etc/passwd' },
    });
    expect(badUrl.code).toBe(400);

    const m = await createMember(t, { cash: 5_000 });
    expect((await open(m)).body.status).toBe('success');
    const refused = await bo(t, 'providers.update', {
      cookie: owner.cookie,
      params: { code: provider.code },
      body: { wallet: 'seamless' },
    });
    expect(refused.body).toEqual({ status: 'invalid', errors: [{ path: 'wallet', code: 'pattern' }] });
    await call(t, 'game-transfer-out', {}, m.cookie);
    const catalog = await bo(t, 'providers.list', { cookie: owner.cookie });
    const listed = (catalog.body.providers as { code: string; wallet: string; apiUrl: string }[]).find(
      (p) => p.code === provider.code,
    );
    expect(listed).toMatchObject({ wallet: 'transfer', apiUrl: server.apiUrl });
    await expectWhole();
  });
});
