import type { TBackofficeBody } from '@casino/contracts/backoffice-routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAME_TOKEN_TTL_MS, hashToken } from '../src/modules/auth/session.service.ts';
import {
  balances,
  bo,
  call,
  createMember,
  createOperator,
  fetchCsrf,
  fileTestApp,
  type TestMember,
} from './factories.ts';
import { createTestProvider, sign, type TestProvider } from './game-provider.ts';
import { SAME_ORIGIN } from './harness.ts';

const t = await fileTestApp();
const owner = await createOperator(t, 'owner');
const cashierOp = await createOperator(t, 'cashier');
let slot: TestProvider;

beforeAll(async () => {
  slot = await createTestProvider(t, owner, { kind: 'slot', games: ['fruit', 'gems'] });
});

let tx = 0;
const nextId = (prefix: string) => `${prefix}-${++tx}`;

async function player(cash = 100_000): Promise<TestMember & { token: string }> {
  const m = await createMember(t, { cash });
  return Object.assign(m, { token: await slot.launch(m) });
}

function bet(
  p: TestProvider,
  m: { userId: string; token: string },
  amount: number,
  extra: Record<string, unknown> = {},
) {
  return p.wallet('bet', {
    token: m.token,
    userId: m.userId,
    transactionId: nextId('bet'),
    roundId: nextId('round'),
    gameCode: 'fruit',
    amount,
    ...extra,
  });
}

describe('catalog (back office, owner only)', () => {
  it('refuses other roles, repeats and bad input; never shows the secret', async () => {
    const body: TBackofficeBody<'providers.create'> = {
      code: 'x-denied',
      kind: 'slot',
      name: 'X',
      wallet: 'seamless',
      launchUrl: '/x',
      secret: 'k'.repeat(32),
    };
    expect((await bo(t, 'providers.create', { cookie: cashierOp.cookie, body })).code).toBe(403);
    expect((await bo(t, 'providers.create', { body })).code).toBe(401);
    const dup = await bo(t, 'providers.create', {
      cookie: owner.cookie,
      body: { ...body, code: slot.code },
    });
    expect(dup.body).toEqual({ status: 'already' });
    for (const bad of [
      { ...body, code: 'A B' },
      { ...body, kind: 'poker' },
      { ...body, secret: 'short' },
      { ...body, launchUrl: 'javascript:alert(1)' },
      { ...body, launchUrl: '//evil.example/x' },
    ]) {
      // An unknown kind among them, which the entry's type refuses.
      const res = await bo(t, 'POST', '/providers', { cookie: owner.cookie, body: bad });
      expect(res.code).toBe(400);
      expect(res.body.status).toBe('invalid');
    }
    const catalog = await bo(t, 'providers.list', { cookie: owner.cookie });
    const text = JSON.stringify(catalog.body);
    expect(text).toContain(slot.code);
    expect(text).not.toContain(slot.secret);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target', '=', `provider:${slot.code}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['provider.create']);
    expect(JSON.stringify(audit)).not.toContain(slot.secret);
    const stored = await t.db
      .selectFrom('providers')
      .select('secret_enc')
      .where('code', '=', slot.code)
      .executeTakeFirstOrThrow();
    expect(stored.secret_enc).not.toContain(slot.secret);
  });

  it("lists casino games, slot and sport providers, and a slot provider's enabled games", async () => {
    const casino = await createTestProvider(t, owner, { kind: 'casino', games: ['baccarat1'] });
    const sport = await createTestProvider(t, owner, { kind: 'sport', games: ['sb'] });
    await bo(t, 'games.update', {
      cookie: owner.cookie,
      params: { provider: slot.code, code: 'gems' },
      body: { enabled: false },
    });

    const casinos = (await call(t, 'get-casino-setting')).body.casiono as {
      code: string;
      gameCompany: string;
      used: string;
    }[];
    expect(casinos).toContainEqual(
      expect.objectContaining({
        code: 'baccarat1',
        gameCompany: casino.code,
        used: 'y',
        nameKo: '게임 baccarat1',
        nameEn: 'Game baccarat1',
      }),
    );
    // get-mini-setting: the games of mini providers only (the portal's MINI GAME tab).
    const mini = await createTestProvider(t, owner, { kind: 'mini', games: ['powerball'] });
    const minis = (await call(t, 'get-mini-setting')).body.mini as { code: string; gameCompany: string }[];
    expect(minis).toEqual([
      expect.objectContaining({ code: 'powerball', gameCompany: mini.code, used: 'y' }),
    ]);
    const casinosAfter = (await call(t, 'get-casino-setting')).body.casiono as { gameCompany: string }[];
    expect(casinosAfter.some((g) => g.gameCompany === mini.code)).toBe(false);
    const slots = (await call(t, 'get-slot-setting')).body.slot as {
      code: string;
      used: string;
      name: string;
    }[];
    expect(slots).toContainEqual(
      expect.objectContaining({ code: slot.code, used: 'y', name: `공급사 ${slot.code}` }),
    );
    // Named in English on every other locale.
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/routes/get-slot-setting',
      headers: { 'content-type': 'application/json', 'x-portal-locale': 'en' },
      payload: '{}',
    });
    expect(
      (english.json().slot as { code: string; name: string }[]).find((p) => p.code === slot.code)?.name,
    ).toBe(`Provider ${slot.code}`);
    const sports = (await call(t, 'get-sport-setting')).body.sport as { code: string }[];
    expect(sports.map((s) => s.code)).toContain(sport.code);

    const games = await call(t, 'get-slot-by-company', { company: slot.code });
    expect(games.body).toEqual({
      status: 'success',
      games: [
        { code: 'fruit', gameCompany: slot.code, imgUrl: '', nameKo: '게임 fruit', nameEn: 'Game fruit' },
      ],
    });
    expect((await call(t, 'get-slot-by-company', { company: casino.code })).body).toEqual({ status: 'fail' });
    expect((await call(t, 'get-slot-by-company', { company: 'nobody' })).body).toEqual({ status: 'fail' });
    await bo(t, 'games.update', {
      cookie: owner.cookie,
      params: { provider: slot.code, code: 'gems' },
      body: { enabled: true },
    });
  });
});

describe('open-game', () => {
  it('launches with a token, the game, the locale and KRW; refuses guests, unknown, disabled, maintenance and blocked', async () => {
    const m = await createMember(t, { cash: 10_000 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/routes/open-game',
      headers: {
        origin: 'http://localhost:80',
        'content-type': 'application/json',
        cookie: m.cookie,
        'x-portal-locale': 'jp',
      },
      payload: JSON.stringify({ code: 'fruit', company: slot.code, timeStemp: Date.now() }),
    });
    const url = new URL(res.json().gameUrl as string, 'http://x');
    expect(url.pathname).toBe(`/test-games/${slot.code}`);
    expect(url.searchParams.get('game')).toBe('fruit');
    expect(url.searchParams.get('lang')).toBe('jp');
    expect(url.searchParams.get('currency')).toBe('KRW');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await call(t, 'open-game', { code: 'fruit', company: slot.code, timeStemp: 1 })).code).toBe(401);
    expect(
      (await call(t, 'open-game', { code: 'nope', company: slot.code, timeStemp: 1 }, m.cookie)).body,
    ).toEqual({ status: 'fail' });

    const p = await createTestProvider(t, owner, { games: ['a'] });
    // A window around "now" in Asia/Seoul: the provider is in maintenance.
    const seoul = new Date(t.clock.now().getTime() + 9 * 3_600_000);
    const hhmm = (d: Date) =>
      `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    const from = hhmm(new Date(seoul.getTime() - 3_600_000));
    const to = hhmm(new Date(seoul.getTime() + 3_600_000));
    expect(
      (
        await bo(t, 'providers.update', {
          cookie: owner.cookie,
          params: { code: p.code },
          body: { maintenance: { from, to } },
        })
      ).body,
    ).toEqual({ status: 'success' });
    expect((await call(t, 'open-game', { code: 'a', company: p.code, timeStemp: 1 }, m.cookie)).body).toEqual(
      { status: 'time' },
    );
    const slots = (await call(t, 'get-slot-setting')).body.slot as { code: string; used: string }[];
    expect(slots.find((s) => s.code === p.code)?.used).toBe('n');
    await bo(t, 'providers.update', {
      cookie: owner.cookie,
      params: { code: p.code },
      body: { maintenance: null, enabled: false },
    });
    expect((await call(t, 'open-game', { code: 'a', company: p.code, timeStemp: 1 }, m.cookie)).body).toEqual(
      { status: 'fail' },
    );

    const blocked = await createMember(t, { cash: 10_000 });
    await t.db.updateTable('members').set({ state: 'pending' }).where('id', '=', blocked.id).execute();
    // A member who is not active has no session either: the call is refused before it runs.
    expect(
      (await call(t, 'open-game', { code: 'fruit', company: slot.code, timeStemp: 1 }, blocked.cookie)).code,
    ).toBe(401);
  });
});

describe('the provider wallet', () => {
  it('refuses unsigned, wrongly signed, unknown-provider and malformed calls in its own shapes', async () => {
    const m = await player();
    const body = { token: m.token, userId: m.userId };
    expect(await slot.wallet('balance', body, { signature: null })).toMatchObject({
      code: 401,
      body: { status: 'RS_ERROR_INVALID_SIGNATURE' },
    });
    expect(await slot.wallet('balance', body, { signature: 'ab'.repeat(32) })).toMatchObject({
      code: 401,
      body: { status: 'RS_ERROR_INVALID_SIGNATURE' },
    });
    expect(
      await slot.wallet('balance', body, {
        signature: sign('another secret of 32 characters!!', JSON.stringify(body)),
      }),
    ).toMatchObject({ code: 401 });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/nobody/balance',
      headers: { 'content-type': 'application/json', 'x-signature': sign(slot.secret, '{}') },
      payload: '{}',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE' });
    const noBody = await t.app.inject({ method: 'POST', url: `/api/wallet/${slot.code}/balance` });
    expect(noBody.statusCode).toBe(401);
    expect(await slot.wallet('balance', null, { raw: '{"token":' })).toMatchObject({
      code: 400,
      body: { status: 'RS_ERROR_WRONG_TYPES' },
    });
    expect(
      await slot.wallet('bet', { ...body, transactionId: 'x', roundId: 'r', gameCode: 'fruit', amount: -1 }),
    ).toMatchObject({ code: 400, body: { status: 'RS_ERROR_WRONG_TYPES' } });
    expect(
      await slot.wallet('bet', { ...body, transactionId: 'x', roundId: 'r', gameCode: 'fruit', amount: 1.5 }),
    ).toMatchObject({ code: 400 });
    expect(
      await slot.wallet('bet', {
        ...body,
        transactionId: 'x'.repeat(101),
        roundId: 'r',
        gameCode: 'fruit',
        amount: 1,
      }),
    ).toMatchObject({ code: 400 });
    expect(
      await slot.wallet('bet', {
        ...body,
        transactionId: 'a\u0000b',
        roundId: 'r',
        gameCode: 'fruit',
        amount: 1,
      }),
    ).toMatchObject({ code: 400, body: { status: 'RS_ERROR_WRONG_TYPES' } });
    expect(await slot.wallet('jackpot', body)).toMatchObject({
      code: 400,
      body: { status: 'RS_ERROR_WRONG_TYPES' },
    });
    // A cookie-less cross-site POST is not refused by the CSRF check: the signature is the guard.
    expect(await slot.wallet('balance', body)).toMatchObject({
      code: 200,
      body: { status: 'RS_OK', balance: 100_000, currency: 'KRW' },
    });
    expect((await balances(t, m.id)).cash).toBe(100_000);
  });

  it('takes a bet, accrues comp points at the slot rate, pays a win; a replay moves nothing', async () => {
    const m = await player();
    const roundId = nextId('round');
    const betBody = {
      token: m.token,
      userId: m.userId,
      transactionId: nextId('bet'),
      roundId,
      gameCode: 'fruit',
      amount: 10_000,
    };
    expect((await slot.wallet('bet', betBody)).body).toEqual({
      status: 'RS_OK',
      balance: 90_000,
      currency: 'KRW',
    });
    expect((await slot.wallet('bet', betBody)).body).toEqual({
      status: 'RS_OK',
      balance: 90_000,
      currency: 'KRW',
    });
    expect((await slot.wallet('bet', { ...betBody, amount: 9_000 })).body.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    // The same transactionId as another action is a duplicate too.
    expect((await slot.wallet('win', { ...betBody, token: undefined })).body.status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect(await balances(t, m.id)).toMatchObject({ cash: 90_000, comp: 100 });

    const winBody = {
      userId: m.userId,
      transactionId: nextId('win'),
      roundId,
      gameCode: 'fruit',
      amount: 25_000,
      roundClosed: true,
    };
    expect((await slot.wallet('win', winBody)).body).toEqual({
      status: 'RS_OK',
      balance: 115_000,
      currency: 'KRW',
    });
    expect((await slot.wallet('win', winBody)).body).toEqual({
      status: 'RS_OK',
      balance: 115_000,
      currency: 'KRW',
    });
    expect((await balances(t, m.id)).cash).toBe(115_000);

    const list = await call(t, 'get-slot-bets-list', {}, m.cookie);
    expect(list.body.maxCount).toBe(1);
    expect(list.body.bets[0]).toMatchObject({
      company: slot.code,
      gameCode: 'fruit',
      round: roundId,
      bet: 10_000,
      win: 25_000,
      gameName: '게임 fruit',
    });
    const other = await createMember(t);
    expect((await call(t, 'get-slot-bets-list', {}, other.cookie)).body).toEqual({
      status: 'success',
      bets: [],
      maxCount: 0,
    });

    const round = await bo(t, 'rounds.get', {
      cookie: cashierOp.cookie,
      params: { provider: slot.code, roundId },
    });
    expect(round.body.round).toMatchObject({ userId: m.userId, bet: 10_000, win: 25_000, closed: true });
    expect(round.body.calls.map((c: { action: string }) => c.action)).toEqual(['bet', 'win']);
    // Each call names the ledger transfer that moved its money.
    const ids = (round.body.calls as { transferId: number | null }[]).map((c) => c.transferId);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    const moved = await t.db
      .selectFrom('transfers')
      .select(['id', 'code', 'amount'])
      .where('id', 'in', ids as number[])
      .orderBy('id')
      .execute();
    expect(moved.map((x) => [x.code, x.amount])).toEqual([
      ['bet', 10_000],
      ['win', 25_000],
    ]);
  });

  it('refuses a bet without money, with a bad token, or for a disabled member: no money moves, each call recorded with its answer', async () => {
    const m = await player(5_000);
    const poor = await bet(slot, m, 6_000);
    expect(poor.body).toEqual({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 5_000, currency: 'KRW' });
    const someoneElse = await player();
    expect((await bet(slot, { userId: m.userId, token: someoneElse.token }, 100)).body.status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    expect((await bet(slot, { userId: m.userId, token: 'x'.repeat(43) }, 100)).body.status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    // Another provider's token is no token here.
    const other = await createTestProvider(t, owner, { games: ['fruit'] });
    const otherToken = await other.launch(m, 'fruit');
    expect((await bet(slot, { userId: m.userId, token: otherToken }, 100)).body.status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    await t.db.updateTable('members').set({ state: 'blocked' }).where('id', '=', m.id).execute();
    expect((await bet(slot, m, 100)).body.status).toBe('RS_ERROR_USER_DISABLED');
    expect(await balances(t, m.id)).toMatchObject({ cash: 5_000, comp: 0 });
    const calls = await t.db
      .selectFrom('wallet_calls')
      .select(['outcome', 'comp_points'])
      .where('member_id', '=', m.id)
      .orderBy('created_at')
      .execute();
    expect(calls.map((c) => c.outcome).sort()).toEqual(
      [
        'RS_ERROR_NOT_ENOUGH_MONEY',
        'RS_ERROR_INVALID_TOKEN',
        'RS_ERROR_INVALID_TOKEN',
        'RS_ERROR_INVALID_TOKEN',
        'RS_ERROR_USER_DISABLED',
      ].sort(),
    );
    expect(calls.every((c) => c.comp_points === 0)).toBe(true);
    // No round was opened by a refused bet.
    expect(await t.db.selectFrom('rounds').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
  });

  it('a refused bet stays refused under its transactionId, even once the money is there', async () => {
    const m = await player(1_000);
    const body = {
      token: m.token,
      userId: m.userId,
      transactionId: nextId('bet'),
      roundId: nextId('round'),
      gameCode: 'fruit',
      amount: 5_000,
    };
    expect((await slot.wallet('bet', body)).body.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    await t.ledger.transfer({
      debit: { system: 'bank_clearing' },
      credit: { memberId: m.id, kind: 'cash' },
      amount: 10_000,
      code: 'deposit',
      idempotencyKey: `top-${m.id}`,
    });
    // docs/providers.md: the id is spent with its first answer; the provider bets again under a new id.
    expect((await slot.wallet('bet', body)).body).toEqual({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 11_000,
      currency: 'KRW',
    });
    expect((await slot.wallet('bet', { ...body, transactionId: nextId('bet') })).body).toEqual({
      status: 'RS_OK',
      balance: 6_000,
      currency: 'KRW',
    });
  });

  it('rolls a bet back once, with its comp points; a win for the void round pays nothing', async () => {
    const m = await player();
    const roundId = nextId('round');
    const betId = nextId('bet');
    await slot.wallet('bet', {
      token: m.token,
      userId: m.userId,
      transactionId: betId,
      roundId,
      gameCode: 'fruit',
      amount: 20_000,
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 80_000, comp: 200 });
    const rb = { userId: m.userId, transactionId: nextId('rb'), referenceTransactionId: betId, roundId };
    expect((await slot.wallet('rollback', rb)).body).toEqual({
      status: 'RS_OK',
      balance: 100_000,
      currency: 'KRW',
    });
    expect((await slot.wallet('rollback', rb)).body).toEqual({
      status: 'RS_OK',
      balance: 100_000,
      currency: 'KRW',
    });
    // Another rollback of the same bet: answered, nothing moves.
    expect((await slot.wallet('rollback', { ...rb, transactionId: nextId('rb') })).body.status).toBe('RS_OK');
    expect(await balances(t, m.id)).toMatchObject({ cash: 100_000, comp: 0 });
    const win = {
      userId: m.userId,
      transactionId: nextId('win'),
      roundId,
      gameCode: 'fruit',
      amount: 50_000,
    };
    expect((await slot.wallet('win', win)).body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect((await slot.wallet('win', win)).body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect((await balances(t, m.id)).cash).toBe(100_000);
    // Only bets are rolled back, and only by their own member.
    const winId = nextId('win');
    const round2 = nextId('round');
    await slot.wallet('win', {
      userId: m.userId,
      transactionId: winId,
      roundId: round2,
      gameCode: 'fruit',
      amount: 1_000,
    });
    expect(
      (
        await slot.wallet('rollback', {
          userId: m.userId,
          transactionId: nextId('rb'),
          referenceTransactionId: winId,
          roundId: round2,
        })
      ).code,
    ).toBe(400);
    const other = await player();
    const betId2 = nextId('bet');
    const round3 = nextId('round');
    await slot.wallet('bet', {
      token: m.token,
      userId: m.userId,
      transactionId: betId2,
      roundId: round3,
      gameCode: 'fruit',
      amount: 1_000,
    });
    expect(
      (
        await slot.wallet('rollback', {
          userId: other.userId,
          transactionId: nextId('rb'),
          referenceTransactionId: betId2,
          roundId: round3,
        })
      ).code,
    ).toBe(400);
    expect((await balances(t, m.id)).cash).toBe(100_000);
  });

  it('a rollback before its bet leaves a mark: the bet arriving later is refused and moves nothing', async () => {
    const m = await player();
    const betId = nextId('bet');
    const roundId = nextId('round');
    expect(
      (
        await slot.wallet('rollback', {
          userId: m.userId,
          transactionId: nextId('rb'),
          referenceTransactionId: betId,
          roundId,
        })
      ).body,
    ).toEqual({ status: 'RS_OK', balance: 100_000, currency: 'KRW' });
    const late = await slot.wallet('bet', {
      token: m.token,
      userId: m.userId,
      transactionId: betId,
      roundId,
      gameCode: 'fruit',
      amount: 30_000,
    });
    expect(late.body).toEqual({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
      balance: 100_000,
      currency: 'KRW',
    });
    expect(await balances(t, m.id)).toMatchObject({ cash: 100_000, comp: 0 });
  });

  it('a launch token dies with a password change and 12 hours after its last use; wins need none', async () => {
    const m = await player();
    expect((await bet(slot, m, 1_000)).body.status).toBe('RS_OK');
    t.clock.advance(GAME_TOKEN_TTL_MS - 120_000);
    expect((await bet(slot, m, 1_000)).body.status).toBe('RS_OK'); // used: good for 12 more hours
    t.clock.advance(GAME_TOKEN_TTL_MS - 120_000);
    expect((await bet(slot, m, 1_000)).body.status).toBe('RS_OK');
    t.clock.advance(GAME_TOKEN_TTL_MS + 1_000);
    expect((await bet(slot, m, 1_000)).body.status).toBe('RS_ERROR_INVALID_TOKEN');
    const fresh = await createMember(t, { cash: 10_000 });
    const token = await slot.launch(fresh);
    await t.services.sessions.revokeAllFor('member', fresh.id);
    expect((await bet(slot, { userId: fresh.userId, token }, 100)).body.status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    const win = await slot.wallet('win', {
      userId: fresh.userId,
      transactionId: nextId('win'),
      roundId: nextId('round'),
      gameCode: 'fruit',
      amount: 500,
    });
    expect(win.body).toEqual({ status: 'RS_OK', balance: 10_500, currency: 'KRW' });
  });

  it("a launch token dies with the sign-out of the session that opened it; another session's tokens live on", async () => {
    const m = await player();
    // A second device of the same member, with a game of its own.
    const other = { ...m, cookie: `sid=${(await t.services.sessions.create('member', m.id)).token}` };
    const otherToken = await slot.launch(other);
    expect((await bet(slot, m, 1_000)).body.status).toBe('RS_OK');

    const csrf = await fetchCsrf(t);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: {
        ...SAME_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${m.cookie}; ${csrf.cookie}`,
      },
      payload: new URLSearchParams({ csrfToken: csrf.token, json: 'true' }).toString(),
    });
    expect(signedOut.statusCode).toBe(200);
    const before = await balances(t, m.id);
    expect(before).toMatchObject({ cash: 99_000 });
    expect((await bet(slot, m, 1_000)).body).toEqual({ status: 'RS_ERROR_INVALID_TOKEN' });
    expect(await balances(t, m.id)).toEqual(before);

    // The other device's game plays on; ending that device from a third one ends its game too.
    expect((await bet(slot, { userId: m.userId, token: otherToken }, 1_000)).body.status).toBe('RS_OK');
    const third = { ...m, cookie: `sid=${(await t.services.sessions.create('member', m.id)).token}` };
    const thirdToken = await slot.launch(third);
    const listed = await call(t, 'get-sessions', {}, third.cookie);
    const otherSession = (listed.body.sessions as { id: number; current: boolean }[]).find((s) => !s.current);
    expect((await call(t, 'end-session', { id: otherSession!.id }, third.cookie)).body.status).toBe(
      'success',
    );
    expect((await bet(slot, { userId: m.userId, token: otherToken }, 1_000)).body.status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    expect((await bet(slot, { userId: m.userId, token: thirdToken }, 1_000)).body.status).toBe('RS_OK');
    expect(await balances(t, m.id)).toMatchObject({ cash: 97_000 });
  });

  it('a launch token outlives the idle or absolute end of the session that opened it', async () => {
    const { idleMs, absoluteMs } = t.services.sessions;
    const idle = await player();
    t.clock.advance(idleMs + 1_000);
    // The idle session is refused and deleted; its game keeps its own 12 hours.
    expect((await call(t, 'get-member-account', {}, idle.cookie)).code).toBe(401);
    expect((await bet(slot, idle, 1_000)).body.status).toBe('RS_OK');

    const played = await player();
    t.clock.advance(absoluteMs - 60_000);
    expect((await bet(slot, played, 1_000)).body.status).toBe('RS_OK');
    t.clock.advance(120_000);
    // Past the session's absolute end, deleted by the sweep of expired sessions at a sign-in.
    await t.services.sessions.create('member', played.id);
    expect(
      await t.db
        .selectFrom('sessions')
        .select('id')
        .where('token_hash', '=', hashToken(played.cookie.slice(4)))
        .execute(),
    ).toEqual([]);
    expect((await bet(slot, played, 1_000)).body.status).toBe('RS_OK');
  });

  it('parallel bets of one member on two providers never overdraw; a racing duplicate moves once', async () => {
    // The clock has moved on by days in the test above: a fresh operator session.
    const other = await createTestProvider(t, await createOperator(t, 'owner'), { games: ['fruit'] });
    const m = await player(50_000);
    const otherToken = await other.launch(m, 'fruit');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? bet(slot, m, 5_000) : bet(other, { userId: m.userId, token: otherToken }, 5_000),
      ),
    );
    const ok = answers.filter((a) => a.body.status === 'RS_OK').length;
    expect(ok).toBe(10);
    expect(answers.filter((a) => a.body.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(30);
    expect((await balances(t, m.id)).cash).toBe(0);

    const rich = await player(100_000);
    const body = {
      token: rich.token,
      userId: rich.userId,
      transactionId: nextId('bet'),
      roundId: nextId('round'),
      gameCode: 'fruit',
      amount: 7_000,
    };
    const dups = await Promise.all(Array.from({ length: 40 }, () => slot.wallet('bet', body)));
    expect(new Set(dups.map((d) => JSON.stringify(d.body)))).toEqual(
      new Set([JSON.stringify({ status: 'RS_OK', balance: 93_000, currency: 'KRW' })]),
    );
    expect((await balances(t, rich.id)).cash).toBe(93_000);
    // A bet and its rollback racing: either order ends with the money back and the bet void.
    const racer = await player(100_000);
    const pairs = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const betId = nextId('bet');
        const roundId = nextId('round');
        await Promise.all([
          slot.wallet('bet', {
            token: racer.token,
            userId: racer.userId,
            transactionId: betId,
            roundId,
            gameCode: 'fruit',
            amount: 1_000,
          }),
          slot.wallet('rollback', {
            userId: racer.userId,
            transactionId: nextId('rb'),
            referenceTransactionId: betId,
            roundId,
          }),
        ]);
      }),
    );
    expect(pairs).toHaveLength(10);
    expect(await balances(t, racer.id)).toMatchObject({ cash: 100_000, comp: 0 });
    const invariants = await t.ledger.checkInvariants();
    expect(invariants.ok).toBe(true);
  });
});

describe('docs/providers.md', () => {
  it('its example signatures are the HMAC-SHA256 of its example bodies', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../../docs/providers.md', import.meta.url), 'utf8');
    const secret = /With the secret `([^`]+)`/.exec(doc)![1]!;
    const examples = [...doc.matchAll(/X-Signature: ([0-9a-f]{64})\n\n(\{.*\})\n/g)];
    // The four wallet calls of docs/providers.md section 4, and a transfer-API request and its signed
    // answer (section 5).
    expect(examples).toHaveLength(6);
    for (const [, signature, body] of examples) expect(sign(secret, body!)).toBe(signature);
  });
});
