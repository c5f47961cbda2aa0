import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balances,
  createCashierTestApp,
  createMember,
  createOperator,
  type CashierTestApp,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

/** WALLET_RANDOM_CALLS sets the length of the run (at least 10,000 by default). */
const CALLS = Number(process.env.WALLET_RANDOM_CALLS ?? 10_000);
const SEED = Number(process.env.WALLET_RANDOM_SEED ?? 20261124);
/** Calls sent at once: members play in parallel, on two providers. */
const PARALLEL = 8;

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let t: CashierTestApp;
let providers: TestProvider[];
let players: (TestMember & { tokens: string[] })[];
const START_CASH = 200_000;

beforeAll(async () => {
  t = await createCashierTestApp();
  const owner = await createOperator(t, 'owner');
  providers = [
    // The slot provider funds the jackpots, and MINOR and MAJOR are won often in this run.
    await createTestProvider(t, owner, { kind: 'slot', games: ['s1'], jackpot: true }),
    await createTestProvider(t, owner, { kind: 'casino', games: ['c1'] }),
  ];
  await t.services.jackpots.updateSettings(
    { MINOR: { oneInWon: 400_000 }, MAJOR: { oneInWon: 4_000_000 } },
    { operatorId: null, actor: 'system', ip: null },
  );
  players = [];
  for (let i = 0; i < 6; i++) {
    const m = await createMember(t, { cash: START_CASH });
    players.push(
      Object.assign(m, {
        tokens: [await providers[0]!.launch(m, 's1'), await providers[1]!.launch(m, 'c1')],
      }),
    );
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe(`a seeded random run of ${CALLS} wallet calls (seed ${SEED})`, () => {
  it('keeps the ledger whole and every balance equal to the sum of the rounds', async () => {
    const random = generator(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    interface Sent {
      provider: number;
      action: string;
      body: Record<string, unknown>;
    }
    const sent: Sent[] = [];
    const bets: Sent[] = [];
    let seq = 0;
    const statuses = new Map<string, number>();

    function nextCall(): Sent {
      const r = random();
      const p = Math.floor(random() * providers.length);
      const m = pick(players);
      const game = p === 0 ? 's1' : 'c1';
      // Replays of earlier calls (same body) and conflicting reuses of their ids.
      if (r < 0.1 && sent.length > 0) return pick(sent);
      if (r < 0.13 && sent.length > 0) {
        const earlier = pick(sent);
        return { ...earlier, body: { ...earlier.body, amount: Number(earlier.body.amount ?? 0) + 1 } };
      }
      // A rollback of a bet already sent, or of one that will come later (a mark).
      if (r < 0.22 && bets.length > 0) {
        const bet = pick(bets);
        return {
          provider: bet.provider,
          action: 'rollback',
          body: {
            userId: bet.body.userId,
            transactionId: `rb-${++seq}`,
            referenceTransactionId: bet.body.transactionId,
            roundId: bet.body.roundId,
          },
        };
      }
      const roundId = `round-${m.id}-${Math.floor(random() * 400)}-${p}`;
      if (r < 0.3) {
        // A rollback that comes before its bet: the bet is sent later with the same id.
        const betId = `bet-${++seq}`;
        bets.push({
          provider: p,
          action: 'bet',
          body: {
            token: m.tokens[p],
            userId: m.userId,
            transactionId: betId,
            roundId,
            gameCode: game,
            amount: 1_000,
          },
        });
        return {
          provider: p,
          action: 'rollback',
          body: { userId: m.userId, transactionId: `rb-${++seq}`, referenceTransactionId: betId, roundId },
        };
      }
      if (r < 0.36 && bets.length > 0) return pick(bets); // a late or repeated bet
      if (r < 0.7) {
        const bet = {
          provider: p,
          action: 'bet',
          body: {
            token: m.tokens[p],
            userId: m.userId,
            transactionId: `bet-${++seq}`,
            roundId,
            gameCode: game,
            amount: pick([0, 100, 1_000, 5_000, 20_000, 70_000]),
          },
        };
        bets.push(bet);
        return bet;
      }
      return {
        provider: p,
        action: 'win',
        body: {
          userId: m.userId,
          transactionId: `win-${++seq}`,
          roundId,
          gameCode: game,
          amount: pick([0, 500, 2_000, 10_000, 40_000]),
          roundClosed: random() < 0.3,
        },
      };
    }

    let done = 0;
    while (done < CALLS) {
      const batch = Array.from({ length: Math.min(PARALLEL, CALLS - done) }, nextCall);
      const answers = await Promise.all(batch.map((c) => providers[c.provider]!.wallet(c.action, c.body)));
      answers.forEach((a, i) => {
        const status = a.body.status as string;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        // Every answer is a business answer of the contract or a refusal of a foreign round.
        expect([200, 400]).toContain(a.code);
        if (
          a.code === 200 &&
          status !== 'RS_ERROR_DUPLICATE_TRANSACTION' &&
          status !== 'RS_ERROR_INVALID_TOKEN'
        )
          expect(typeof a.body.balance).toBe('number');
        if (status === 'RS_OK' && !sent.includes(batch[i]!)) sent.push(batch[i]!);
      });
      done += batch.length;
    }

    // Every kind of answer happened.
    for (const status of [
      'RS_OK',
      'RS_ERROR_DUPLICATE_TRANSACTION',
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
      'RS_ERROR_NOT_ENOUGH_MONEY',
    ])
      expect(statuses.get(status) ?? 0, `${status} in ${JSON.stringify([...statuses])}`).toBeGreaterThan(0);

    const invariants = await t.ledger.checkInvariants();
    expect(invariants.ok, JSON.stringify(invariants)).toBe(true);
    // The jackpots were won, and their rows still split exactly the pools' money.
    const hits = await t.db.selectFrom('jackpot_hits').select('tier').execute();
    expect(hits.length).toBeGreaterThan(0);
    const pools = await t.services.jackpots.checkPools();
    expect(pools.pools).toBe(pools.ledger);
    for (const m of players) {
      const rounds = await t.db
        .selectFrom('rounds')
        .select((eb) => [eb.fn.sum<number>('bet').as('bet'), eb.fn.sum<number>('win').as('win')])
        .where('member_id', '=', m.id)
        .executeTakeFirstOrThrow();
      const points = await t.db
        .selectFrom('wallet_calls')
        .select((eb) => eb.fn.sum<number>('comp_points').as('points'))
        .where('member_id', '=', m.id)
        .where('action', '=', 'bet')
        .where('rolled_back', '=', false)
        .executeTakeFirstOrThrow();
      const b = await balances(t, m.id);
      expect(b.cash).toBe(START_CASH - Number(rounds.bet ?? 0) + Number(rounds.win ?? 0));
      expect(b.cash).toBeGreaterThanOrEqual(0);
      expect(b.comp).toBe(Number(points.points ?? 0));
    }
  }, 900_000);
});
