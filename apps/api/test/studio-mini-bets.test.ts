import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDay } from '@casino/contracts/site-time';
import { registerStudio, studioSecret, type StudioHandle } from '@casino/studio';
import {
  ZMiniBetAnswer,
  ZMiniBetsAnswer,
  ZMiniRefused,
  ZMiniSessionAnswer,
  type TMiniBet,
} from '@casino/studio-engine/mini/contract';
import { drawMini, type MiniGame, type MiniResult } from '@casino/studio-engine/mini/draw';
import { marketWins, miniMarkets, payout } from '@casino/studio-engine/mini/markets';
import { ZError } from '@casino/studio-engine/contract';
import { DEVICE_COOKIE } from '../src/modules/auth/device.ts';
import {
  auditOf,
  balances,
  bo,
  call,
  cookiesOf,
  createMember,
  createOperator,
  createPartner,
  type CashierTestApp,
  type JsonBody,
  partnerRates,
  postCredentials,
  setFraudSettings,
  type TestMember,
} from './factories.ts';
import { createStudioTestApp } from './harness.ts';

// Issue 27: betting on the mini-games through the provider wallet of `house-mini` (kind `mini`),
// settlement at the draw, voids, limits and exposure (docs/games/mini-games.md,
// docs/api/studio-mini.md). The studio is mounted in the real platform on a real port, as in
// studio.test.ts; PostgreSQL when DATABASE_URL is set.

const MINI = 'house-mini';
const SYSTEM = { operatorId: null, actor: 'system', ip: null };

let t: CashierTestApp;
let base: string;
let studioKey: Buffer;
let studio: StudioHandle;
/** Win answers of the platform to replace with a 503 after the platform applied them (a crash's view). */
let dropWinAnswers = 0;

beforeAll(async () => {
  const app = await createStudioTestApp(
    {
      recoveryIntervalMs: 0,
      miniTickMs: 0,
      instanceId: 'first',
      miniChainLength: 200,
      walletTimeoutMs: 15_000,
      walletTries: 2,
    },
    (platform) => {
      platform.addHook('onSend', async (request, reply, payload) => {
        if (dropWinAnswers > 0 && request.url === `/api/wallet/${MINI}/win`) {
          dropWinAnswers -= 1;
          reply.code(503);
          return '{"status":"lost"}';
        }
        return payload;
      });
    },
  );
  ({ base, studioKey, studio } = app);
  t = Object.assign(app, { ledger: app.services.ledger });
});

afterAll(async () => {
  await t?.close();
});

// -- helpers -------------------------------------------------------------------------------------

const ANSWERS: Record<string, { safeParse: (v: unknown) => { success: boolean } }> = {
  'mini-session': ZMiniSessionAnswer,
  'mini-bet': ZMiniBetAnswer,
  'mini-bets': ZMiniBetsAnswer,
};

async function studioCall(action: string, body: unknown): Promise<{ code: number; body: JsonBody }> {
  const res = await fetch(`${base}/studio/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = JSON.parse(await res.text()) as JsonBody;
  const schema =
    answer.status === 'error' ? ZError : answer.status === 'refused' ? ZMiniRefused : ANSWERS[action];
  expect(schema!.safeParse(answer).success, `${action} answered ${JSON.stringify(answer)}`).toBe(true);
  return { code: res.status, body: answer };
}

async function operatorCall(action: string, body: Record<string, unknown>, at = t.clock.now()) {
  const raw = JSON.stringify({ at: at.toISOString(), ...body });
  const res = await fetch(`${base}/studio/operator/mini/${action}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-signature': createHmac('sha256', studioSecret(studioKey, MINI)).update(raw).digest('hex'),
    },
    body: raw,
  });
  return { code: res.status, body: (await res.json()) as JsonBody };
}

async function launch(m: TestMember, game: MiniGame): Promise<string> {
  const opened = await call(t, 'open-game', { code: game, company: MINI, timeStemp: Date.now() }, m.cookie);
  expect(opened.body.status).toBe('success');
  const url = new URL(opened.body.gameUrl as string, base);
  expect(url.searchParams.get('game')).toBe(game);
  return url.searchParams.get('token')!;
}

const cashOf = async (m: TestMember) => (await balances(t, m.id)).cash;

type Current = { round: number; closesAt: string; drawsAt: string };
async function current(game: MiniGame): Promise<Current> {
  const res = await fetch(`${base}/studio/api/mini/${game}/current`);
  return (await res.json()) as Current;
}

/**
 * The event stream of a mini-game, read as it comes: `until(needle)` reads until the text holds it,
 * `text()` is what came so far, `close()` ends it.
 */
async function openEvents(game: MiniGame) {
  const controller = new AbortController();
  const res = await fetch(`${base}/studio/api/mini/${game}/events`, { signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    res,
    text: () => text,
    async until(needle: string) {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}

/** Draws the round being played (moving the clock past its draw) and opens the next one, fully open. */
async function freshRound(game: MiniGame): Promise<Current> {
  let c = await current(game);
  if (c.round === null) {
    await studio.miniRun();
    c = await current(game);
  }
  t.clock.advance(Date.parse(c.drawsAt) - t.clock.now().getTime() + 1_000);
  await studio.miniRun();
  c = await current(game);
  expect(Date.parse(c.closesAt) - t.clock.now().getTime()).toBeGreaterThan(60_000);
  return c;
}

/** Moves past the round's draw and runs the clock and the settlement. */
async function drawAndSettle(game: MiniGame, c: Current): Promise<MiniResult> {
  t.clock.advance(Date.parse(c.drawsAt) - t.clock.now().getTime() + 1_000);
  await studio.miniRun();
  const rounds = await fetch(`${base}/studio/api/mini/${game}/rounds?limit=100`);
  const body = (await rounds.json()) as { rounds: { round: number; result: MiniResult | null }[] };
  const row = body.rounds.find((r) => r.round === c.round)!;
  expect(row.result).not.toBeNull();
  return row.result!;
}

const oddsOf = async (game: MiniGame, market: string) => {
  const s = await operatorCall('settings', { game });
  return (s.body.markets as { code: string; odds: number }[]).find((m) => m.code === market)!.odds;
};

// -- the catalog ---------------------------------------------------------------------------------

describe('the catalog', () => {
  it('registers house-mini as a seamless provider of kind mini with Powerball and Ladder, out of the jackpots', async () => {
    const provider = await t.db
      .selectFrom('providers')
      .selectAll()
      .where('code', '=', MINI)
      .executeTakeFirstOrThrow();
    expect(provider).toMatchObject({ kind: 'mini', wallet: 'seamless', enabled: true });
    const games = await t.db
      .selectFrom('games')
      .select('code')
      .where('provider', '=', MINI)
      .orderBy('code')
      .execute();
    expect(games.map((g) => g.code)).toEqual(['ladder', 'powerball']);
  });
});

// -- betting ---------------------------------------------------------------------------------------

describe('betting and settlement', () => {
  it('a member bets on Powerball: the slip is one wallet bet, each winning bet one wallet win at the draw, exact', async () => {
    const m = await createMember(t, { cash: 1_000_000 });
    const token = await launch(m, 'powerball');
    const c = await freshRound('powerball');
    const session = await studioCall('mini-session', { token, game: 'powerball' });
    expect(session.body).toMatchObject({
      status: 'success',
      userId: m.userId,
      balance: 1_000_000,
      game: 'powerball',
      current: { round: c.round, closesAt: c.closesAt },
      events: '/studio/api/mini/powerball/events',
    });
    expect((session.body.settings as { markets: unknown[] }).markets).toHaveLength(
      miniMarkets('powerball').length,
    );

    const stakes = [
      { market: 'pb-odd', amount: 10_000 },
      { market: 'pb-even', amount: 20_000 },
      { market: 'sum-small', amount: 5_000 },
      { market: 'pb-odd-over', amount: 7_000 },
    ];
    const bet = await studioCall('mini-bet', { token, game: 'powerball', round: c.round, bets: stakes });
    expect(bet.body.status).toBe('success');
    expect(bet.body.balance).toBe(1_000_000 - 42_000);
    expect(await cashOf(m)).toBe(958_000);
    const second = await studioCall('mini-bet', {
      token,
      game: 'powerball',
      round: c.round,
      bets: [{ market: 'pb-odd', amount: 3_000 }],
    });
    expect(second.body.balance).toBe(955_000);
    const mine = await studioCall('mini-bets', { token, game: 'powerball', round: c.round });
    expect((mine.body.bets as TMiniBet[]).map((b) => b.state)).toEqual([
      'open',
      'open',
      'open',
      'open',
      'open',
    ]);

    const result = await drawAndSettle('powerball', c);
    let expected = 955_000;
    for (const s of [...stakes, { market: 'pb-odd', amount: 3_000 }])
      if (marketWins('powerball', s.market, result))
        expected += payout(s.amount, await oddsOf('powerball', s.market));
    expect(await cashOf(m)).toBe(expected);
    const after = await studioCall('mini-bets', { token, game: 'powerball', round: c.round });
    for (const b of after.body.bets as TMiniBet[]) {
      const won = marketWins('powerball', b.market, result);
      expect(b.state).toBe(won ? 'won' : 'lost');
      expect(b.win).toBe(won ? payout(b.amount, b.odds) : 0);
    }
    expect(after.body.balance).toBe(expected);
    // The day's list holds them too; a second settlement run pays nothing again.
    const day = await studioCall('mini-bets', { token, game: 'powerball' });
    expect((day.body.bets as TMiniBet[]).length).toBeGreaterThanOrEqual(5);
    await studio.miniSettle();
    expect(await cashOf(m)).toBe(expected);
    // The platform counts the stakes and wins under kind `mini` (comp and partner commission read these).
    const rows = await t.db
      .selectFrom('member_day_stakes')
      .select(['kind', sql<string>`sum(stakes)`.as('stakes'), sql<string>`sum(wins)`.as('wins')])
      .where('member_id', '=', m.id)
      .groupBy('kind')
      .execute();
    expect(rows.map((r) => ({ kind: r.kind, stakes: Number(r.stakes), wins: Number(r.wins) }))).toEqual([
      { kind: 'mini', stakes: 45_000, wins: expected - 955_000 },
    ]);
    // The verify page's data: the seed is public now and re-draws the same result.
    const rounds = (await (await fetch(`${base}/studio/api/mini/powerball/rounds?limit=5`)).json()) as {
      rounds: { round: number; seed: string }[];
    };
    const seed = rounds.rounds.find((r) => r.round === c.round)!.seed;
    expect(drawMini('powerball', c.round, seed)).toEqual(result);
  });

  it('refuses a closed round, unknown markets, stakes out of range, the round limit and money the member lacks', async () => {
    const m = await createMember(t, { cash: 50_000 });
    const token = await launch(m, 'ladder');
    const c = await freshRound('ladder');
    const bet = (round: number, bets: { market: string; amount: number }[]) =>
      studioCall('mini-bet', { token, game: 'ladder', round, bets });
    expect((await bet(c.round + 1, [{ market: 'odd', amount: 1_000 }])).body).toMatchObject({
      code: 'closed',
    });
    expect((await bet(c.round, [{ market: 'pb-odd', amount: 1_000 }])).body).toMatchObject({
      code: 'unknown_market',
      market: 'pb-odd',
    });
    expect((await bet(c.round, [{ market: 'odd', amount: 999 }])).body).toMatchObject({
      code: 'bet_out_of_range',
    });
    expect((await bet(c.round, [{ market: 'odd', amount: 60_000 }])).body).toMatchObject({
      code: 'not_enough_money',
      balance: 50_000,
    });
    expect(await cashOf(m)).toBe(50_000);
    // Malformed slips are 400s in the contract's error shape.
    for (const bad of [
      { token, game: 'ladder', round: c.round, bets: [] },
      { token, game: 'ladder', round: c.round, bets: [{ market: 'odd', amount: 1.5 }] },
      {
        token,
        game: 'ladder',
        round: c.round,
        bets: [
          { market: 'odd', amount: 1_000 },
          { market: 'odd', amount: 1_000 },
        ],
      },
      { token, game: 'roulette', round: c.round, bets: [{ market: 'odd', amount: 1_000 }] },
      { token, game: 'ladder', round: '1', bets: [{ market: 'odd', amount: 1_000 }] },
      { token, game: 'ladder', round: c.round, bets: [{ market: 'odd\u0000', amount: 1_000 }] },
    ]) {
      const res = await studioCall('mini-bet', bad);
      expect(res.code).toBe(400);
    }
    // Limits set by the operator: 5,000 a market, 8,000 a round.
    expect(
      (
        await operatorCall('update-settings', {
          game: 'ladder',
          by: 'test',
          maxRoundTotal: 8_000,
          markets: [{ code: 'odd', maxBet: 5_000 }],
        })
      ).body,
    ).toEqual({ status: 'success' });
    expect((await bet(c.round, [{ market: 'odd', amount: 4_000 }])).body.status).toBe('success');
    expect((await bet(c.round, [{ market: 'odd', amount: 2_000 }])).body).toMatchObject({
      code: 'bet_out_of_range',
      market: 'odd',
    });
    expect((await bet(c.round, [{ market: 'even', amount: 5_000 }])).body).toMatchObject({
      code: 'round_limit',
    });
    expect((await bet(c.round, [{ market: 'even', amount: 4_000 }])).body.status).toBe('success');
    expect(await cashOf(m)).toBe(42_000);
    // After the cut-off: closed, by the server's clock.
    t.clock.advance(Date.parse(c.closesAt) - t.clock.now().getTime());
    expect((await bet(c.round, [{ market: 'left', amount: 1_000 }])).body).toMatchObject({ code: 'closed' });
    await operatorCall('update-settings', {
      game: 'ladder',
      by: 'test',
      maxRoundTotal: 5_000_000,
      markets: [{ code: 'odd', maxBet: 1_000_000 }],
    });
  });

  it('40 parallel late bets are all refused and move nothing', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => createMember(t, { cash: 100_000 })));
    const tokens = await Promise.all(members.map((m) => launch(m, 'ladder')));
    const c = await freshRound('ladder');
    t.clock.advance(Date.parse(c.closesAt) - t.clock.now().getTime());
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        studioCall('mini-bet', {
          token: tokens[i % 8],
          game: 'ladder',
          round: c.round,
          bets: [{ market: 'left', amount: 1_000 }],
        }),
      ),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array.from({ length: 40 }, () => 'closed'));
    for (const m of members) expect(await cashOf(m)).toBe(100_000);
  });

  it('40 parallel bets against the exposure never take it past the cap', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => createMember(t, { cash: 100_000 })));
    const tokens = await Promise.all(members.map((m) => launch(m, 'ladder')));
    const c = await freshRound('ladder');
    const odds = await oddsOf('ladder', 'right');
    const cap = payout(10_000, odds) * 10 + 5; // room for exactly ten 10,000 bets
    await operatorCall('update-settings', {
      game: 'ladder',
      by: 'test',
      markets: [{ code: 'right', maxExposure: cap }],
    });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        studioCall('mini-bet', {
          token: tokens[i % 8],
          game: 'ladder',
          round: c.round,
          bets: [{ market: 'right', amount: 10_000 }],
        }),
      ),
    );
    const taken = answers.filter((a) => a.body.status === 'success').length;
    expect(taken, JSON.stringify(answers.map((a) => a.body.code ?? a.body.status))).toBe(10);
    expect(answers.filter((a) => a.body.code === 'exposure').length).toBe(30);
    for (const a of answers.filter((x) => x.body.status === 'refused')) expect(a.body.market).toBe('right');
    const round = await operatorCall('round', { game: 'ladder', round: c.round });
    const right = (round.body.exposure as { market: string; payout: number; stakes: number }[]).find(
      (e) => e.market === 'right',
    )!;
    expect(right).toMatchObject({ stakes: 100_000, payout: payout(10_000, odds) * 10 });
    expect(right.payout).toBeLessThanOrEqual(cap);
    let cash = 0;
    for (const m of members) cash += await cashOf(m);
    expect(cash).toBe(800_000 - 100_000);
    await operatorCall('update-settings', {
      game: 'ladder',
      by: 'test',
      markets: [{ code: 'right', maxExposure: 200_000_000 }],
    });
  });

  it('a voided round refunds every bet by wallet rollback; it is still drawn from its chain seed, never paid', async () => {
    const m = await createMember(t, { cash: 100_000 });
    const token = await launch(m, 'ladder');
    const c = await freshRound('ladder');
    await studioCall('mini-bet', {
      token,
      game: 'ladder',
      round: c.round,
      bets: [
        { market: 'left', amount: 10_000 },
        { market: 'right', amount: 10_000 },
      ],
    });
    expect(await cashOf(m)).toBe(80_000);
    expect(
      (await operatorCall('void', { game: 'ladder', round: c.round, by: 'owner1', reason: 'feed' })).body,
    ).toEqual({
      status: 'success',
    });
    expect(
      (await operatorCall('void', { game: 'ladder', round: c.round, by: 'owner1', reason: 'again' })).body,
    ).toEqual({
      status: 'already',
    });
    expect(
      (await operatorCall('void', { game: 'ladder', round: 999_999, by: 'owner1', reason: 'x' })).body,
    ).toEqual({
      status: 'not_found',
    });
    // No bet on a voided round.
    const late = await studioCall('mini-bet', {
      token,
      game: 'ladder',
      round: c.round,
      bets: [{ market: 'odd', amount: 1_000 }],
    });
    expect(late.body).toMatchObject({ code: 'closed' });
    await studio.miniSettle();
    expect(await cashOf(m)).toBe(100_000);
    await drawAndSettle('ladder', c);
    expect(await cashOf(m)).toBe(100_000);
    const bets = (await studioCall('mini-bets', { token, game: 'ladder', round: c.round })).body
      .bets as TMiniBet[];
    expect(bets.map((b) => b.state)).toEqual(['refunded', 'refunded']);
    const detail = await operatorCall('round', { game: 'ladder', round: c.round });
    expect(detail.body.round).toMatchObject({
      state: 'voided',
      voidedBy: 'owner1',
      voidReason: 'feed',
      stakes: 0,
    });
  });

  it('40 parallel voids of one round: one voids it, the others answer already; the stake comes back once', async () => {
    const m = await createMember(t, { cash: 100_000 });
    const token = await launch(m, 'ladder');
    const c = await freshRound('ladder');
    await studioCall('mini-bet', {
      token,
      game: 'ladder',
      round: c.round,
      bets: [{ market: 'four', amount: 30_000 }],
    });
    expect(await cashOf(m)).toBe(70_000);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        operatorCall('void', { game: 'ladder', round: c.round, by: `op${i}`, reason: 'parallel' }),
      ),
    );
    expect(answers.filter((a) => a.body.status === 'success')).toHaveLength(1);
    expect(answers.filter((a) => a.body.status === 'already')).toHaveLength(39);
    await Promise.all([studio.miniSettle(), studio.miniSettle(), studio.miniSettle()]);
    expect(await cashOf(m)).toBe(100_000);
    await drawAndSettle('ladder', c);
    expect(await cashOf(m)).toBe(100_000);
  });

  it('a settlement cut short (answers lost after the platform paid) is finished by the next lease holder: nothing paid twice, nothing lost', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => createMember(t, { cash: 100_000 })));
    const tokens = await Promise.all(members.map((m) => launch(m, 'ladder')));
    const c = await freshRound('ladder');
    const markets = ['left', 'right', 'three', 'four', 'odd', 'even'];
    for (const [i, token] of tokens.entries())
      expect(
        (
          await studioCall('mini-bet', {
            token,
            game: 'ladder',
            round: c.round,
            bets: markets.map((market, k) => ({ market, amount: 1_000 * (i + 1) + k * 100 })),
          })
        ).body.status,
      ).toBe('success');
    // The draw: every win answer is lost on the way back (the platform applied them).
    dropWinAnswers = 1_000;
    t.clock.advance(Date.parse(c.drawsAt) - t.clock.now().getTime() + 1_000);
    await studio.miniRun();
    dropWinAnswers = 0;
    const unsettled = await operatorCall('round', { game: 'ladder', round: c.round });
    expect(unsettled.body.round).toMatchObject({ state: 'drawn' });
    // This instance dies; another takes the lease after it runs out and settles from the records.
    const other = Fastify();
    const second = await registerStudio(other, {
      db: t.db,
      studioKey,
      platformUrl: base,
      now: t.clock.now,
      recoveryIntervalMs: 0,
      miniTickMs: 0,
      instanceId: 'second',
      walletTimeoutMs: 2_000,
      walletTries: 2,
    });
    await other.ready();
    try {
      t.clock.advance(11_000);
      await second.miniRun();
      const result = (await operatorCall('round', { game: 'ladder', round: c.round })).body.round as {
        state: string;
        result: MiniResult;
      };
      expect(result.state).toBe('settled');
      for (const [i, m] of members.entries()) {
        let expected = 100_000;
        for (const [k, market] of markets.entries()) {
          const amount = 1_000 * (i + 1) + k * 100;
          expected -= amount;
          if (marketWins('ladder', market, result.result))
            expected += payout(amount, await oddsOf('ladder', market));
        }
        expect(await cashOf(m)).toBe(expected);
      }
      // One recorded win per winning bet.
      const wins = await t.db
        .selectFrom('wallet_calls')
        .select(sql<string>`count(*)`.as('n'))
        .where('provider', '=', MINI)
        .where('action', '=', 'win')
        .where('transaction_id', 'like', `ladder-${c.round}-%`)
        .executeTakeFirstOrThrow();
      const winners = markets.filter((market) => marketWins('ladder', market, result.result)).length;
      expect(Number(wins.n)).toBe(winners * members.length);
    } finally {
      await other.close();
    }
  });

  it('a jackpot is drawn on mini bets only once an operator opts house-mini in', async () => {
    const m = await createMember(t, { cash: 100_000 });
    const token = await launch(m, 'powerball');
    const c = await freshRound('powerball');
    const { MINOR } = await t.services.jackpots.settings();
    // A draw of one in 1 won: a bet of an opted-in provider surely wins MINOR.
    await t.services.jackpots.updateSettings({ MINOR: { oneInWon: 1 } }, SYSTEM);
    try {
      const out = await studioCall('mini-bet', {
        token,
        game: 'powerball',
        round: c.round,
        bets: [{ market: 'pb-odd', amount: 1_000 }],
      });
      expect(out.body).toMatchObject({ status: 'success', balance: 99_000, jackpots: [] });
      expect(await cashOf(m)).toBe(99_000);
      expect(await t.services.catalog.updateProvider(MINI, { jackpot: true }, SYSTEM)).toBe('success');
      t.clock.advance(5_000);
      const opted = await studioCall('mini-bet', {
        token,
        game: 'powerball',
        round: c.round,
        bets: [{ market: 'pb-even', amount: 1_000 }],
      });
      expect(opted.body.status).toBe('success');
      const cash = await cashOf(m);
      expect(cash - 98_000).toBeGreaterThanOrEqual(MINOR.seed);
      expect(opted.body.balance).toBe(cash);
      // The slip's answer says what the bet won, and so do the member's bets, round and day, and
      // after the settlement (the jackpot is the platform's, paid with the bet, kept on the slip).
      const hit = { tier: 'MINOR', amount: cash - 98_000 };
      expect(opted.body.jackpots).toEqual([hit]);
      const [platformHit] = await t.services.jackpots.recentHits(1);
      expect(platformHit).toMatchObject({ ...hit, provider: MINI, userId: m.userId });
      const listed = { ...hit, slipId: opted.body.slipId, round: c.round, dayRound: expect.any(Number) };
      for (const which of [{ round: c.round }, {}]) {
        const mine = await studioCall('mini-bets', { token, game: 'powerball', ...which });
        expect(mine.body.jackpots).toEqual([listed]);
        expect((mine.body.bets as TMiniBet[]).map((b) => b.slipId)).toEqual([
          opted.body.slipId,
          out.body.slipId,
        ]);
      }
      await drawAndSettle('powerball', c);
      const settled = await studioCall('mini-bets', { token, game: 'powerball', round: c.round });
      expect(settled.body.jackpots).toEqual([listed]);
      expect(settled.body.balance).toBe(await cashOf(m));
    } finally {
      await t.services.jackpots.updateSettings({ MINOR: { oneInWon: MINOR.oneInWon } }, SYSTEM);
      await t.services.catalog.updateProvider(MINI, { jackpot: false }, SYSTEM);
    }
  });

  it("a partner's figures count mini bets and wins under mini, with its mini commission rate", async () => {
    const owner = await createOperator(t, 'owner');
    const created = await createPartner(t, owner.cookie, {
      partnerId: 'minipartner',
      name: '총판 미니',
      parentId: null,
      rates: partnerRates(0, 0, 150, 0),
      code: 'MINIPC',
    });
    expect(created.body).toEqual({ status: 'success' });
    const m = await createMember(t, { code: 'MINIPC', cash: 100_000 });
    const token = await launch(m, 'ladder');
    const c = await freshRound('ladder');
    const from = siteDay(t.clock.now(), t.config.siteTimeZone);
    await studioCall('mini-bet', {
      token,
      game: 'ladder',
      round: c.round,
      bets: [
        { market: 'left', amount: 10_000 },
        { market: 'right', amount: 10_000 },
      ],
    });
    const result = await drawAndSettle('ladder', c);
    const winner = marketWins('ladder', 'left', result) ? 'left' : 'right';
    const won = payout(10_000, await oddsOf('ladder', winner));
    expect(await cashOf(m)).toBe(100_000 - 20_000 + won);
    const to = siteDay(t.clock.now(), t.config.siteTimeZone);
    const figures = await bo(t, 'partners.settlement', {
      cookie: owner.cookie,
      params: { partnerId: 'minipartner' },
      query: { from, to },
    });
    expect(figures.body).toMatchObject({
      status: 'success',
      stakes: { casino: 0, slot: 0, mini: 20_000 },
      wins: { casino: 0, slot: 0, mini: won },
      rolling: { casino: 0, slot: 0, mini: Math.floor((20_000 * 150) / 10_000) },
    });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a settling instance killed (SIGKILL) in the middle: the next one pays the rest, nothing twice, nothing lost',
    async () => {
      const members = await Promise.all(
        Array.from({ length: 8 }, () => createMember(t, { cash: 10_000_000 })),
      );
      const tokens = await Promise.all(members.map((m) => launch(m, 'ladder')));
      const c = await freshRound('ladder');
      const markets = [
        'left',
        'right',
        'three',
        'four',
        'odd',
        'even',
        'left-three',
        'left-four',
        'right-three',
        'right-four',
      ];
      const staked = new Map<string, number>();
      for (let slip = 0; slip < 25; slip += 1)
        await Promise.all(
          tokens.map(async (token, i) => {
            const bets = markets.map((market, k) => ({ market, amount: 1_000 + slip * 10 + k }));
            const res = await studioCall('mini-bet', { token, game: 'ladder', round: c.round, bets });
            expect(res.body.status).toBe('success');
            for (const b of bets)
              staked.set(`${i}:${b.market}`, (staked.get(`${i}:${b.market}`) ?? 0) + b.amount);
          }),
        );
      t.clock.advance(Date.parse(c.drawsAt) - t.clock.now().getTime() + 1_000);
      await studio.miniTick();
      const result = (await operatorCall('round', { game: 'ladder', round: c.round })).body.round as {
        result: MiniResult;
      };
      const winners = markets.filter((m) => marketWins('ladder', m, result.result));
      const totalWins = winners.length * 25 * members.length;
      const winCalls = async () =>
        Number(
          (
            await t.db
              .selectFrom('wallet_calls')
              .select(sql<string>`count(*)`.as('n'))
              .where('provider', '=', MINI)
              .where('action', '=', 'win')
              .where('transaction_id', 'like', `ladder-${c.round}-%`)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(t.db);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${rows[0]!.db}`;
      const child = spawn(
        process.execPath,
        [
          fileURLToPath(new URL('./mini-settle-child.ts', import.meta.url)),
          url.toString(),
          base,
          studioKey.toString('hex'),
          String(t.clock.now().getTime() - Date.now()),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      // Killed once it has paid some of the wins and not all.
      for (let waited = 0; waited < 60_000; waited += 10) {
        if ((await winCalls()) >= 20) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      child.kill('SIGKILL');
      await exited;
      const paidAtKill = await winCalls();
      expect(paidAtKill).toBeGreaterThan(0);
      expect(paidAtKill).toBeLessThan(totalWins);
      const half = await operatorCall('round', { game: 'ladder', round: c.round });
      expect(half.body.round).toMatchObject({ state: 'drawn' });

      await studio.miniSettle();
      expect(await winCalls()).toBe(totalWins);
      expect((await operatorCall('round', { game: 'ladder', round: c.round })).body.round).toMatchObject({
        state: 'settled',
      });
      for (const [i, m] of members.entries()) {
        let expected = 10_000_000;
        for (const market of markets) {
          const amount = staked.get(`${i}:${market}`)!;
          expected -= amount;
        }
        const bets = (await studioCall('mini-bets', { token: tokens[i], game: 'ladder', round: c.round }))
          .body.bets as TMiniBet[];
        for (const b of bets) if (b.state === 'won') expected += b.win;
        expect(bets.filter((b) => b.state === 'won')).toHaveLength(winners.length * 25);
        expect(await cashOf(m)).toBe(expected);
      }
    },
  );

  it('loss limits and breaks refuse a mini bet through the platform wallet', async () => {
    const m = await createMember(t, { cash: 100_000 });
    const token = await launch(m, 'powerball');
    const c = await freshRound('powerball');
    expect(
      (await call(t, 'set-play-limit', { kind: 'loss', period: 'day', amount: 5_000 }, m.cookie)).body.status,
    ).toBe('success');
    const refused = await studioCall('mini-bet', {
      token,
      game: 'powerball',
      round: c.round,
      bets: [{ market: 'pb-odd', amount: 10_000 }],
    });
    expect(refused.body).toMatchObject({ status: 'refused', code: 'limit_exceeded' });
    expect(await cashOf(m)).toBe(100_000);
    const n = await createMember(t, { cash: 100_000 });
    const other = await launch(n, 'powerball');
    // The studio knows the token's member already (its session call), so the bet reaches the wallet.
    expect((await studioCall('mini-session', { token: other, game: 'powerball' })).body.status).toBe(
      'success',
    );
    expect(
      (await call(t, 'take-break', { kind: 'time_out', period: '24h', password: n.password }, n.cookie)).body
        .status,
    ).toBe('success');
    const res = await studioCall('mini-bet', {
      token: other,
      game: 'powerball',
      round: c.round,
      bets: [{ market: 'pb-odd', amount: 10_000 }],
    });
    expect(res.body.status).toBe('refused');
    expect(['invalid_token', 'user_disabled']).toContain(res.body.code);
    expect(await cashOf(n)).toBe(100_000);
    // Nothing of either stays reserved against the round.
    const detail = await operatorCall('round', { game: 'powerball', round: c.round });
    expect(
      (detail.body.bets as { userId: string }[]).filter(
        (b) => b.userId === m.userId || b.userId === n.userId,
      ),
    ).toEqual([]);
  });
});

describe('opposite bets of linked members (issue 28)', () => {
  it('a slip tells the platform its markets and the shared draw: two members of one device on pb-odd and pb-even are flagged, and refused with the setting', async () => {
    const owner = await createOperator(t, 'owner');
    const fraudSettings = (refuseOppositeBets: boolean) =>
      setFraudSettings(t, owner.cookie, {
        registerAction: 'allow',
        signInAction: 'allow',
        refuseOppositeBets,
      });
    /** A member signed in from `device` (the device cookie links the two), funded. */
    const onDevice = async (device: string) => {
      const m = await createMember(t, { signedIn: false, cash: 100_000 });
      const response = await postCredentials(
        t,
        { userId: m.userId, password: m.password },
        { cookie: `${DEVICE_COOKIE}=${device}` },
      );
      expect(response.statusCode).toBe(200);
      return { ...m, cookie: `sid=${cookiesOf(response).sid}` };
    };
    const device = randomBytes(16).toString('base64url');
    const a = await onDevice(device);
    const b = await onDevice(device);
    const stranger = await createMember(t, { cash: 100_000 });
    const [tokenA, tokenB, tokenS] = [
      await launch(a, 'powerball'),
      await launch(b, 'powerball'),
      await launch(stranger, 'powerball'),
    ];
    const slip = (token: string, round: number, market: string) =>
      studioCall('mini-bet', { token, game: 'powerball', round, bets: [{ market, amount: 10_000 }] });
    const flagsOf = (memberId: number) =>
      t.db
        .selectFrom('fraud_flags')
        .select('kind')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'opposite_bet')
        .execute();

    // Flagged only: both slips stand, the second member gets the review entry within a second.
    expect((await fraudSettings(false)).code).toBe(200);
    const first = await freshRound('powerball');
    expect((await slip(tokenA, first.round, 'pb-odd')).body.status).toBe('success');
    expect((await slip(tokenB, first.round, 'pb-even')).body.status).toBe('success');
    const deadline = Date.now() + 1_000;
    while ((await flagsOf(b.id)).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await flagsOf(b.id)).toHaveLength(1);

    // Refused with the setting: the second slip moves nothing; a stranger's opposite slip stands.
    expect((await fraudSettings(true)).code).toBe(200);
    const second = await freshRound('powerball');
    expect((await slip(tokenA, second.round, 'pb-under')).body.status).toBe('success');
    const before = await cashOf(b);
    expect((await slip(tokenB, second.round, 'pb-over')).body).toMatchObject({
      status: 'refused',
      code: 'limit_exceeded',
    });
    expect(await cashOf(b)).toBe(before);
    expect((await slip(tokenS, second.round, 'pb-over')).body.status).toBe('success');
    expect(await flagsOf(stranger.id)).toHaveLength(0);
    expect((await fraudSettings(false)).code).toBe(200);
  });
});

describe('attacks on the betting calls', () => {
  it('refuses huge bodies, NUL and broken Unicode, wrong types; a member sees only their own bets', async () => {
    const a = await createMember(t, { cash: 100_000 });
    const b = await createMember(t, { cash: 100_000 });
    const ta = await launch(a, 'ladder');
    const tb = await launch(b, 'ladder');
    const c = await freshRound('ladder');
    const huge = await fetch(`${base}/studio/api/mini-bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: ta,
        game: 'ladder',
        round: c.round,
        bets: [{ market: 'odd', amount: 1_000 }],
        pad: 'x'.repeat(20_000),
      }),
    });
    expect([400, 413]).toContain(huge.status);
    expect(await huge.json()).toMatchObject({ status: 'error' });
    for (const raw of [
      `{"token":"${ta}\u0000","game":"ladder","round":${c.round},"bets":[{"market":"odd","amount":1000}]}`,
      `{"token":"${ta}","game":"ladder","round":${c.round},"bets":[{"market":"\ud800","amount":1000}]}`,
      `{"token":"${ta}","game":"ladder","round":${c.round},"bets":[{"market":"odd","amount":"1000"}]}`,
      `{"token":"${ta}","game":"ladder","round":${c.round},"bets":[{"market":"odd","amount":-1000}]}`,
      `{"token":"${ta}","game":"ladder","round":${c.round},"bets":[{"market":"odd","amount":1e300}]}`,
      `{"token":"${ta}","game":"ladder","round":${c.round},"bets":"odd"}`,
      `{"token":"${ta}","game":"ladder","round":${c.round}`,
    ]) {
      const res = await fetch(`${base}/studio/api/mini-bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: raw,
      });
      expect(res.status, raw).toBe(400);
      expect(await res.json()).toEqual({ status: 'error', code: 'bad_request' });
    }
    // A token that is no member's.
    const stranger = await studioCall('mini-bet', {
      token: 'x'.repeat(43),
      game: 'ladder',
      round: c.round,
      bets: [{ market: 'odd', amount: 1_000 }],
    });
    expect(stranger).toMatchObject({ code: 401, body: { status: 'error', code: 'invalid_token' } });
    expect(await cashOf(a)).toBe(100_000);
    await studioCall('mini-bet', {
      token: ta,
      game: 'ladder',
      round: c.round,
      bets: [{ market: 'odd', amount: 2_000 }],
    });
    // The bets listed are the token's member's: b's token never shows a's.
    expect((await studioCall('mini-bets', { token: tb, game: 'ladder', round: c.round })).body.bets).toEqual(
      [],
    );
    expect(
      ((await studioCall('mini-bets', { token: ta, game: 'ladder', round: c.round })).body.bets as TMiniBet[])
        .length,
    ).toBe(1);
    // The stream is not a way to learn anyone's bets: it carries rounds only, and refuses unknown games.
    expect([400, 404]).toContain((await fetch(`${base}/studio/api/mini/ladder%00/events`)).status);
  });
});

// -- the operator API ------------------------------------------------------------------------------

describe("the studio's operator API", () => {
  it('refuses a wrong or missing signature, a stale time and a malformed body', async () => {
    const raw = JSON.stringify({ at: t.clock.now().toISOString(), game: 'ladder' });
    const wrong = await fetch(`${base}/studio/operator/mini/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': 'ab'.repeat(32) },
      body: raw,
    });
    expect(wrong.status).toBe(401);
    const none = await fetch(`${base}/studio/operator/mini/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
    });
    expect(none.status).toBe(401);
    expect(
      (await operatorCall('settings', { game: 'ladder' }, new Date(t.clock.now().getTime() - 120_000))).code,
    ).toBe(401);
    expect((await operatorCall('settings', { game: 'dice' })).code).toBe(400);
    expect((await operatorCall('nothing', { game: 'ladder' })).code).toBe(404);
  });

  it('refuses any query key on a signed call (the signature covers only the body) with bad_request', async () => {
    const raw = JSON.stringify({ at: t.clock.now().toISOString(), game: 'ladder' });
    const signature = createHmac('sha256', studioSecret(studioKey, MINI)).update(raw).digest('hex');
    const send = (action: string, search: string) =>
      fetch(`${base}/studio/operator/mini/${action}${search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        body: raw,
      });
    expect((await send('settings', '')).status).toBe(200);
    for (const search of ['?x=1', '?game=powerball', '?at=', '?limit=5&limit=6', '?%00=1']) {
      const res = await send('settings', search);
      expect([res.status, await res.json()], search).toEqual([400, { status: 'error', code: 'bad_request' }]);
    }
    const rounds = await send('rounds', '?before=1');
    expect([rounds.status, await rounds.json()]).toEqual([400, { status: 'error', code: 'bad_request' }]);
    // A NUL in a signed body is the platform text guard's refusal: a 400 too, not a 500.
    const nul = `{"at":"${t.clock.now().toISOString()}","game":"ladder\u0000"}`;
    const refused = await fetch(`${base}/studio/operator/mini/settings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': createHmac('sha256', studioSecret(studioKey, MINI)).update(nul).digest('hex'),
      },
      body: nul,
    });
    expect([refused.status, await refused.json()]).toEqual([400, { status: 'error', code: 'bad_request' }]);
  });

  it('a new cadence and cut-off re-time the round scheduled now while nobody bet on it, announced on the stream; a round with a slip keeps its times', async () => {
    const c = await freshRound('ladder');
    const events = await openEvents('ladder');
    const { until } = events;
    await until(`"round":${c.round}`);
    try {
      const set = await operatorCall('update-settings', {
        game: 'ladder',
        by: 't',
        cadenceMinutes: 1,
        cutoffSeconds: 10,
      });
      expect(set.body).toEqual({ status: 'success' });
      // The next 1-minute boundary whose betting is still open, closing 10 s before it.
      const at = t.clock.now().getTime();
      let drawsAt = (Math.floor(at / 60_000) + 1) * 60_000;
      if (drawsAt - 10_000 <= at) drawsAt += 60_000;
      const moved = await current('ladder');
      expect(moved.round).toBe(c.round);
      expect(Date.parse(moved.drawsAt)).toBe(drawsAt);
      expect(Date.parse(moved.closesAt)).toBe(drawsAt - 10_000);
      expect(Date.parse(moved.drawsAt)).toBeLessThan(Date.parse(c.drawsAt));
      // Every open window hears the new times (the same round announced again).
      await studio.miniRun();
      await until(`"closesAt":"${moved.closesAt}"`);

      // A slip on it: the next change of the clock leaves its times alone.
      const m = await createMember(t, { cash: 10_000 });
      const token = await launch(m, 'ladder');
      const taken = await studioCall('mini-bet', {
        token,
        game: 'ladder',
        round: c.round,
        bets: [{ market: 'left', amount: 1_000 }],
      });
      expect(taken.body.status).toBe('success');
      await operatorCall('update-settings', {
        game: 'ladder',
        by: 't',
        cadenceMinutes: 5,
        cutoffSeconds: 30,
      });
      expect(await current('ladder')).toMatchObject({
        round: c.round,
        drawsAt: moved.drawsAt,
        closesAt: moved.closesAt,
      });
      // Drawn and paid at its time; the next round runs on the new clock.
      await drawAndSettle('ladder', moved);
      const next = await current('ladder');
      expect(next.round).toBe(c.round + 1);
      expect(Date.parse(next.drawsAt) % 300_000).toBe(0);
      expect(Date.parse(next.drawsAt) - Date.parse(next.closesAt)).toBe(30_000);
    } finally {
      events.close();
      await operatorCall('update-settings', {
        game: 'ladder',
        by: 't',
        cadenceMinutes: 3,
        cutoffSeconds: 30,
      });
    }
  });

  it('keeps odds within the bounds that hold RTP in 90..99 %', async () => {
    const market = miniMarkets('powerball').find((m) => m.code === 'sum-small')!;
    for (const odds of [market.minOdds - 1, market.maxOdds + 1])
      expect(
        (
          await operatorCall('update-settings', {
            game: 'powerball',
            by: 't',
            markets: [{ code: 'sum-small', odds }],
          })
        ).body,
      ).toEqual({
        status: 'invalid',
        market: 'sum-small',
      });
    expect(
      (
        await operatorCall('update-settings', {
          game: 'powerball',
          by: 't',
          markets: [{ code: 'nope', odds: 100 }],
        })
      ).body,
    ).toEqual({
      status: 'invalid',
      market: 'nope',
    });
    expect(
      (
        await operatorCall('update-settings', {
          game: 'powerball',
          by: 't',
          markets: [{ code: 'sum-small', minBet: 5_000, maxBet: 4_000 }],
        })
      ).body,
    ).toEqual({ status: 'invalid', market: 'sum-small' });
    expect(
      (
        await operatorCall('update-settings', {
          game: 'powerball',
          by: 't',
          markets: [{ code: 'sum-small', odds: market.maxOdds }],
        })
      ).body,
    ).toEqual({ status: 'success' });
    expect(await oddsOf('powerball', 'sum-small')).toBe(market.maxOdds);
    await operatorCall('update-settings', {
      game: 'powerball',
      by: 't',
      markets: [{ code: 'sum-small', odds: market.defaultOdds }],
    });
    const rounds = await operatorCall('rounds', { game: 'powerball', limit: 2 });
    expect(rounds.body.status).toBe('success');
    expect((rounds.body.rounds as unknown[]).length).toBe(2);
  });
});

// -- the back office ---------------------------------------------------------------------------------

describe('the back-office routes (through the operator API)', () => {
  it('owners change odds and limits (audited) and void a round; cashiers and support read; others are denied', async () => {
    const owner = await createOperator(t, 'owner');
    const cashier = await createOperator(t, 'cashier');
    const content = await createOperator(t, 'content');
    const settings = await bo(t, 'mini.settings', { cookie: cashier.cookie, params: { game: 'ladder' } });
    expect(settings.code).toBe(200);
    expect(settings.body).toMatchObject({ status: 'success', game: 'ladder', cutoffSeconds: 30 });
    const left = miniMarkets('ladder').find((m) => m.code === 'left')!;
    expect((await bo(t, 'mini.settings', { cookie: content.cookie, params: { game: 'ladder' } })).code).toBe(
      403,
    );
    expect(
      (
        await bo(t, 'mini.updateSettings', {
          cookie: cashier.cookie,
          params: { game: 'ladder' },
          body: { markets: [{ code: 'left', odds: left.minOdds }] },
        })
      ).code,
    ).toBe(403);
    const changed = await bo(t, 'mini.updateSettings', {
      cookie: owner.cookie,
      params: { game: 'ladder' },
      body: { cutoffSeconds: 45, markets: [{ code: 'left', odds: left.minOdds }] },
    });
    expect(changed.body).toEqual({ status: 'success' });
    expect(await oddsOf('ladder', 'left')).toBe(left.minOdds);
    const [entry] = await auditOf(t, 'mini:ladder');
    expect(entry).toMatchObject({
      action: 'mini.settings',
      before: { cutoffSeconds: 30, markets: [{ code: 'left', odds: left.defaultOdds }] },
      after: { cutoffSeconds: 45, markets: [{ code: 'left', odds: left.minOdds }] },
    });
    const out = await bo(t, 'mini.updateSettings', {
      cookie: owner.cookie,
      params: { game: 'ladder' },
      body: { markets: [{ code: 'left', odds: left.maxOdds + 1 }] },
    });
    expect(out.body).toEqual({ status: 'invalid', market: 'left' });
    expect(
      (
        await bo(t, 'mini.updateSettings', {
          cookie: owner.cookie,
          params: { game: 'ladder' },
          body: { cadenceMinutes: 4 },
        })
      ).code,
    ).toBe(400);
    // Not a game of the table's type.
    expect((await bo(t, 'GET', '/mini/dice/settings', { cookie: owner.cookie })).code).toBe(400);
    // A studio that does not answer: HTTP 500 in the error shape, nothing audited.
    const apiUrl = `${base}/studio/transfer/house-mini`;
    await t.services.catalog.updateProvider(
      MINI,
      { apiUrl: 'http://127.0.0.1:9/studio/transfer/house-mini' },
      SYSTEM,
    );
    try {
      const down = await bo(t, 'mini.settings', { cookie: owner.cookie, params: { game: 'ladder' } });
      expect(down.code).toBe(500);
      expect(down.body).toEqual({ status: 'error', requestId: expect.any(String) });
    } finally {
      await t.services.catalog.updateProvider(MINI, { apiUrl }, SYSTEM);
    }
    await bo(t, 'mini.updateSettings', {
      cookie: owner.cookie,
      params: { game: 'ladder' },
      body: { cutoffSeconds: 30, markets: [{ code: 'left', odds: left.defaultOdds }] },
    });

    // A round with a bet, read and voided from the console.
    const m = await createMember(t, { cash: 50_000 });
    const token = await launch(m, 'ladder');
    const c = await freshRound('ladder');
    await studioCall('mini-bet', {
      token,
      game: 'ladder',
      round: c.round,
      bets: [{ market: 'odd', amount: 10_000 }],
    });
    const rounds = await bo(t, 'mini.rounds', {
      cookie: cashier.cookie,
      params: { game: 'ladder' },
      query: { limit: 3 },
    });
    expect(rounds.body).toMatchObject({ status: 'success' });
    expect(
      (rounds.body as { rounds: { round: number; state: string; stakes: number }[] }).rounds[0],
    ).toMatchObject({
      round: c.round,
      state: 'open',
      stakes: 10_000,
      slips: 1,
      members: 1,
    });
    const round = await bo(t, 'mini.round', {
      cookie: cashier.cookie,
      params: { game: 'ladder', round: c.round },
    });
    expect(round.body).toMatchObject({
      status: 'success',
      bets: [{ userId: m.userId, market: 'odd', amount: 10_000, state: 'open' }],
      totalBets: 1,
    });
    expect(
      (await bo(t, 'mini.round', { cookie: cashier.cookie, params: { game: 'ladder', round: 999_999 } }))
        .body,
    ).toEqual({ status: 'not_found' });
    expect(
      (
        await bo(t, 'mini.void', {
          cookie: cashier.cookie,
          params: { game: 'ladder', round: c.round },
          body: { reason: 'x' },
        })
      ).code,
    ).toBe(403);
    const voided = await bo(t, 'mini.void', {
      cookie: owner.cookie,
      params: { game: 'ladder', round: c.round },
      body: { reason: 'feed stopped' },
    });
    expect(voided.body).toEqual({ status: 'success' });
    expect(await auditOf(t, `mini:ladder:${c.round}`)).toMatchObject([
      { action: 'mini.void', after: { reason: 'feed stopped' } },
    ]);
    await studio.miniSettle();
    expect(await cashOf(m)).toBe(50_000);
    const after = await bo(t, 'mini.round', {
      cookie: owner.cookie,
      params: { game: 'ladder', round: c.round },
    });
    expect(after.body).toMatchObject({ round: { state: 'voided', voidReason: 'feed stopped', stakes: 0 } });
  });
});

// -- push --------------------------------------------------------------------------------------------

describe('the event stream', () => {
  it('pushes the open round, the draw and the settlement', async () => {
    const c = await freshRound('ladder');
    const events = await openEvents('ladder');
    expect(events.res.headers.get('content-type')).toContain('text/event-stream');
    const { until } = events;
    await until(`"round":${c.round}`);
    expect(events.text()).toContain('event: round');
    t.clock.advance(Date.parse(c.drawsAt) - t.clock.now().getTime() + 1_000);
    await studio.miniRun();
    await until('event: settled');
    expect(events.text()).toContain(`event: draw\ndata: {"round":${c.round},`);
    expect(events.text()).toContain(`event: settled\ndata: {"round":${c.round},"voided":false}`);
    events.close();
    expect((await fetch(`${base}/studio/api/mini/dice/events`)).status).toBe(404);
  });
});

// -- transfer mode ---------------------------------------------------------------------------------

describe('transfer mode', () => {
  it('house-mini run by transfer: a slip takes its stake from the studio wallet, wins and refunds go back there, the platform sees only the moves', async () => {
    expect(await t.services.catalog.updateProvider(MINI, { wallet: 'transfer' }, SYSTEM)).toBe('success');
    t.clock.advance(2_000); // the platform's and the studio's one-second caches of the provider
    try {
      const m = await createMember(t, { cash: 100_000 });
      const token = await launch(m, 'powerball');
      // open-game moved the whole cash into the studio's wallet.
      expect(await balances(t, m.id)).toMatchObject({ cash: 0, game: 100_000 });
      const session = await studioCall('mini-session', { token, game: 'powerball' });
      expect(session.body).toMatchObject({ status: 'success', wallet: 'transfer', balance: 100_000 });

      const c = await freshRound('powerball');
      const slip = await studioCall('mini-bet', {
        token,
        game: 'powerball',
        round: c.round,
        bets: [
          { market: 'pb-odd', amount: 10_000 },
          { market: 'pb-even', amount: 10_000 },
        ],
      });
      expect(slip.body).toMatchObject({ status: 'success', balance: 80_000, jackpots: [] });
      // More than the member holds at the studio is refused whole, with the balance, reserving nothing.
      const tooMuch = await studioCall('mini-bet', {
        token,
        game: 'powerball',
        round: c.round,
        bets: [{ market: 'sum-odd', amount: 90_000 }],
      });
      expect(tooMuch.body).toEqual({ status: 'refused', code: 'not_enough_money', balance: 80_000 });
      const exposure = await operatorCall('round', { game: 'powerball', round: c.round });
      expect(exposure.body.round).toMatchObject({ stakes: 20_000, slips: 1 });
      expect(
        (exposure.body.exposure as { market: string; stakes: number }[]).find((e) => e.market === 'sum-odd'),
      ).toMatchObject({ stakes: 0, bets: 0 });
      // The platform saw no bet: the money is at the studio.
      expect(await balances(t, m.id)).toMatchObject({ cash: 0, game: 100_000 });

      const result = await drawAndSettle('powerball', c);
      const bets = slip.body.bets as TMiniBet[];
      const winner = bets.find((b) => marketWins('powerball', b.market, result))!;
      const win = payout(winner.amount, winner.odds);
      let held = 80_000 + win;
      const mine = await studioCall('mini-bets', { token, game: 'powerball', round: c.round });
      expect(mine.body.balance).toBe(held);
      expect((mine.body.bets as TMiniBet[]).map((b) => [b.market, b.state, b.win]).sort()).toEqual(
        bets.map((b) => (b === winner ? [b.market, 'won', win] : [b.market, 'lost', 0])).sort(),
      );
      // Settling again pays nothing twice.
      await studio.miniRun();
      expect((await studioCall('mini-bets', { token, game: 'powerball' })).body.balance).toBe(held);

      // A voided round's slip comes back to the studio's wallet.
      const c2 = await freshRound('powerball');
      const second = await studioCall('mini-bet', {
        token,
        game: 'powerball',
        round: c2.round,
        bets: [{ market: 'sum-odd', amount: 5_000 }],
      });
      expect(second.body).toMatchObject({ status: 'success', balance: held - 5_000 });
      expect(
        (await operatorCall('void', { game: 'powerball', round: c2.round, by: 't', reason: 'test' })).body,
      ).toEqual({ status: 'success' });
      await drawAndSettle('powerball', c2);
      const refunded = await studioCall('mini-bets', { token, game: 'powerball', round: c2.round });
      expect(refunded.body.balance).toBe(held);
      expect((refunded.body.bets as TMiniBet[]).map((b) => b.state)).toEqual(['refunded']);

      // Coming back to the portal brings the whole balance back to cash.
      expect((await call(t, 'game-transfer-out', {}, m.cookie)).body).toEqual({ status: 'success' });
      expect(await balances(t, m.id)).toMatchObject({ cash: held, game: 0 });
      held = 0;
      expect((await studioCall('mini-session', { token, game: 'powerball' })).body.balance).toBe(held);
      expect((await t.ledger.checkInvariants()).violations).toEqual([]);
    } finally {
      // (Refused while a failed run left money at the studio: the test's own error is the one told.)
      await t.services.catalog.updateProvider(MINI, { wallet: 'seamless' }, SYSTEM).catch(() => undefined);
      t.clock.advance(2_000);
    }
  });
});
