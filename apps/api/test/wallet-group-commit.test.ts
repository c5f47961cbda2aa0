import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  call,
  createCashierTestApp,
  createMember,
  createOperator,
  type Answer,
  type CashierTestApp,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';

/**
 * The model test of the wallet's group commit (issue 29, decision 0029): one seeded random stream
 * of signed wallet calls is played twice, on two fresh apps: one at a time on an app whose group
 * commit is off (WALLET_BATCH_MAX=1, every call its own statement, as before), and in bursts sent
 * at once on an app with the group commit on (the calls of a burst share batches). Every answer,
 * every balance, round, recorded call and day row of stakes must be the same.
 *
 * A burst holds at most one call per member: calls of one member sent at the same moment have no
 * order to compare (the single path races them too). Calls of one burst may still meet: replays and
 * reused transactionIds of earlier calls, wins on other members' rounds. Rollbacks (applied in Node,
 * never batched) run between the batched calls. WALLET_MODEL_BURSTS sets the length.
 */
const BURSTS = Number(process.env.WALLET_MODEL_BURSTS ?? 120);
const SEED = Number(process.env.WALLET_MODEL_SEED ?? 20261128);
const PLAYERS = 10;
const START_CASH = 60_000;

function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Side {
  t: CashierTestApp;
  providers: TestProvider[];
  players: (TestMember & { tokens: string[] })[];
}

/** One call of the stream, independent of either app (players and providers by index). */
interface Step {
  player: number;
  provider: number;
  action: 'bet' | 'win' | 'rollback';
  /** The body less userId and token (filled per app). */
  body: Record<string, unknown>;
  /** Bets: the token to send (a wrong one refuses the call). */
  badToken?: boolean;
}

async function side(env: Record<string, string>): Promise<Side> {
  const t = await createCashierTestApp(env);
  const owner = await createOperator(t, 'owner');
  const providers = [
    await createTestProvider(t, owner, { kind: 'slot', games: ['s1'], code: 'gcslot' }),
    await createTestProvider(t, owner, { kind: 'casino', games: ['c1'], code: 'gccasino' }),
  ];
  const players: Side['players'] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const m = await createMember(t, { cash: START_CASH });
    players.push(
      Object.assign(m, {
        tokens: [await providers[0]!.launch(m, 's1'), await providers[1]!.launch(m, 'c1')],
      }),
    );
    // Two members play under a daily loss limit.
    if (i < 2) {
      const set = await call(t, 'set-play-limit', { kind: 'loss', period: 'day', amount: 20_000 }, m.cookie);
      if (set.body.status !== 'success') throw new Error(`set-play-limit: ${JSON.stringify(set.body)}`);
    }
  }
  return { t, providers, players };
}

/** The seeded stream: bursts of steps, each burst at most one step per member. */
function stream(): Step[][] {
  const random = generator(SEED);
  const int = (n: number) => Math.floor(random() * n);
  const sent: Step[][] = Array.from({ length: PLAYERS }, () => []);
  const rounds: { player: number; provider: number; id: string }[] = [];
  let seq = 0;
  const bursts: Step[][] = [];
  for (let b = 0; b < BURSTS; b++) {
    const burst: Step[] = [];
    const size = 1 + int(PLAYERS);
    const who = Array.from({ length: PLAYERS }, (_, i) => i)
      .sort(() => random() - 0.5)
      .slice(0, size);
    for (const player of who) {
      const mine = sent[player]!;
      const r = random();
      let step: Step;
      if (r < 0.08 && mine.length > 0) {
        // A replay of one of the member's earlier calls, byte for byte.
        step = mine[int(mine.length)]!;
      } else if (r < 0.13 && mine.length > 0) {
        // An earlier transactionId with another amount: a duplicate.
        const old = mine[int(mine.length)]!;
        step = { ...old, body: { ...old.body, amount: (Number(old.body.amount) || 0) + 1 + int(50) } };
        if (old.action === 'rollback') continue;
      } else if (r < 0.18 && mine.some((s) => s.action === 'bet')) {
        const bets = mine.filter((s) => s.action === 'bet');
        const bet = bets[int(bets.length)]!;
        seq += 1;
        step = {
          player,
          provider: bet.provider,
          action: 'rollback',
          body: {
            transactionId: `x${seq}`,
            roundId: bet.body.roundId,
            referenceTransactionId: bet.body.transactionId,
          },
        };
      } else if (r < 0.6) {
        seq += 1;
        const provider = int(2);
        const own = rounds.filter((x) => x.player === player && x.provider === provider);
        const round = own.length > 0 && random() < 0.4 ? own[int(own.length)]!.id : `r${seq}`;
        if (!own.some((x) => x.id === round)) rounds.push({ player, provider, id: round });
        const amount = [0, 100 + int(900), 1_000 + int(9_000), 5_000 + int(40_000)][int(4)]!;
        step = {
          player,
          provider,
          action: 'bet',
          body: { transactionId: `b${seq}`, roundId: round, gameCode: provider === 0 ? 's1' : 'c1', amount },
          badToken: random() < 0.04,
        };
      } else {
        seq += 1;
        const provider = int(2);
        // Mostly the member's own round; sometimes a new one (free spins), or another member's.
        const any = rounds.filter((x) => x.provider === provider);
        const own = any.filter((x) => x.player === player);
        const q = random();
        const round =
          q < 0.1 && any.length > 0
            ? any[int(any.length)]!.id
            : own.length > 0 && q < 0.85
              ? own[int(own.length)]!.id
              : `r${seq}`;
        const amount = [0, 50 + int(2_000), 1_000 + int(30_000)][int(3)]!;
        step = {
          player,
          provider,
          action: 'win',
          body: {
            transactionId: `w${seq}`,
            roundId: round,
            gameCode: provider === 0 ? 's1' : 'c1',
            amount,
            roundClosed: random() < 0.3,
          },
        };
      }
      mine.push(step);
      burst.push(step);
    }
    bursts.push(burst);
  }
  return bursts;
}

function send(s: Side, step: Step): Promise<Answer> {
  const p = s.players[step.player]!;
  const body: Record<string, unknown> = { ...step.body, userId: p.userId };
  if (step.action === 'bet') body.token = step.badToken ? 'not-a-token-of-anyone' : p.tokens[step.provider];
  return s.providers[step.provider]!.wallet(step.action, body);
}

/** Everything the calls left behind, by member index and provider code (ids differ per app only by chance). */
async function state(s: Side) {
  const index = new Map(s.players.map((p, i) => [p.id, i]));
  const balances = await Promise.all(s.players.map((p) => s.t.services.ledger.memberBalances(p.id)));
  const rounds = await s.t.db
    .selectFrom('rounds')
    .select(['provider', 'round_id', 'member_id', 'bet', 'win', 'rolled_back', 'closed'])
    .orderBy('provider')
    .orderBy('round_id')
    .execute();
  const calls = await s.t.db
    .selectFrom('wallet_calls')
    .select([
      'provider',
      'transaction_id',
      'action',
      'member_id',
      'round_id',
      'amount',
      'outcome',
      'comp_points',
      'rolled_back',
      'reference_id',
    ])
    .orderBy('provider')
    .orderBy('transaction_id')
    .execute();
  const stakes = await s.t.db
    .selectFrom('member_day_stakes')
    .select(['member_id', 'day', 'kind', 'stakes', 'wins'])
    .orderBy('member_id')
    .orderBy('kind')
    .execute();
  const transfers = await sql<{ code: string; n: number; total: number }>`
    select code, count(*)::int as n, sum(amount)::bigint as total from transfers
    where source like 'wallet:%' group by code order by code`.execute(s.t.db);
  return {
    balances,
    rounds: rounds.map((r) => ({ ...r, member_id: index.get(r.member_id) })),
    calls: calls.map((c) => ({ ...c, member_id: index.get(c.member_id) })),
    stakes: stakes.map((r) => ({ ...r, member_id: index.get(r.member_id), day: String(r.day) })),
    transfers: transfers.rows,
    system: await s.t.services.ledger.systemBalances(),
  };
}

let single: Side;
let batched: Side;
beforeAll(async () => {
  single = await side({ WALLET_BATCH_MAX: '1' });
  batched = await side({ WALLET_BATCH_MAX: '64', WALLET_BATCH_IN_FLIGHT: '2' });
}, 180_000);
afterAll(async () => {
  await single?.t.close();
  await batched?.t.close();
});

describe(`the wallet's group commit against one call at a time (seed ${SEED}, ${BURSTS} bursts)`, () => {
  it('answers every call and leaves every balance, round, call and stake exactly as one at a time', async () => {
    const bursts = stream();
    let compared = 0;
    for (const [b, burst] of bursts.entries()) {
      const one: Answer[] = [];
      for (const step of burst) one.push(await send(single, step));
      const together = await Promise.all(burst.map((step) => send(batched, step)));
      for (const [i, step] of burst.entries()) {
        const label = `burst ${b}, ${step.action} ${String(step.body.transactionId)} of player ${step.player}`;
        expect({ label, code: together[i]!.code, body: together[i]!.body }).toEqual({
          label,
          code: one[i]!.code,
          body: one[i]!.body,
        });
        compared += 1;
      }
    }
    expect(await state(batched)).toEqual(await state(single));
    for (const s of [single, batched])
      expect((await s.t.services.ledger.checkInvariants()).violations).toEqual([]);

    // The run did what it is for: batches of several calls, and every kind of answer.
    const stats = batched.t.services.wallet.groupCommitStats();
    expect(stats.largest).toBeGreaterThan(1);
    expect(stats.batches).toBeLessThan(stats.items);
    expect(single.t.services.wallet.groupCommitStats().batches).toBe(0);
    const outcomes = new Set((await state(single)).calls.map((c) => c.outcome));
    for (const outcome of [
      'RS_OK',
      'RS_ERROR_NOT_ENOUGH_MONEY',
      'RS_ERROR_INVALID_TOKEN',
      'RS_ERROR_LIMIT_EXCEEDED',
      'RS_ERROR_WRONG_TYPES',
    ])
      expect(outcomes, outcome).toContain(outcome);
    expect(compared).toBeGreaterThan(BURSTS);
  }, 600_000);
});
