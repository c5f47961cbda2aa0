import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { TMiniBet, TMiniRefusalCode, TMiniSlipJackpot } from '@casino/studio-engine/mini/contract';
import { MINI_GAMES, type MiniGame, type MiniResult } from '@casino/studio-engine/mini/draw';
import { marketWins, miniMarkets, payout } from '@casino/studio-engine/mini/markets';
import { int, json, type StudioDb, type StudioTables, type WalletMode } from '../db.ts';
import { MINI_PROVIDER } from '../games.ts';
import type { JackpotWin, WalletClient, WalletResult } from '../wallet-client.ts';

/**
 * Betting on the mini-games and settling their rounds (docs/games/mini-games.md, "Money").
 *
 * A slip (1..20 bets on one round) is reserved first, in one transaction that checks the round is
 * open by the server's clock (the round's row share-locked, so a void waits for it), the member's
 * limits (their lock row of the round held) and the house's exposure per market (a conditional
 * update that never passes the cap); only then is it one wallet `bet` of its total. The platform
 * applies every member rule (balance, loss limits, breaks, comp, partner commission) to that bet.
 *
 * Settlement runs on the lease holder after the draw: slips still unconfirmed are rolled back, each
 * winning bet is paid by its own wallet `win` (transactionId `<slip>-<market>-win`, so a repeat
 * after a crash moves nothing), and the round is marked settled once nothing is left. A voided
 * round's slips are rolled back (`<slip>-rollback`) instead.
 */

export type MiniSlipState = StudioTables['studio_mini_slips']['state'];

export interface MarketSettings {
  code: string;
  odds: number;
  minOdds: number;
  maxOdds: number;
  defaultOdds: number;
  wins: number;
  outcomes: number;
  minBet: number;
  maxBet: number;
  maxExposure: number;
}

export interface GameSettings {
  game: MiniGame;
  cadenceMinutes: number;
  cutoffSeconds: number;
  maxRoundTotal: number;
  markets: MarketSettings[];
}

export type BetAnswer =
  | { kind: 'success'; slipId: string; bets: TMiniBet[]; balance: number; jackpots: JackpotWin[] }
  | { kind: 'refused'; code: TMiniRefusalCode; market?: string; balance?: number }
  | { kind: 'error'; httpStatus: number; code: string };

class Refusal extends Error {
  readonly code: TMiniRefusalCode;
  readonly market: string | undefined;
  readonly balance: number | undefined;
  constructor(code: TMiniRefusalCode, market?: string, balance?: number) {
    super(code);
    this.code = code;
    this.market = market;
    this.balance = balance;
  }
}

/** Wallet refusals as the client reads them (the same mapping as the other house games). */
const REFUSAL_OF_STATUS: Record<string, TMiniRefusalCode> = {
  RS_ERROR_NOT_ENOUGH_MONEY: 'not_enough_money',
  RS_ERROR_INVALID_TOKEN: 'invalid_token',
  RS_ERROR_USER_DISABLED: 'user_disabled',
  RS_ERROR_LIMIT_EXCEEDED: 'limit_exceeded',
  RS_ERROR_WRONG_TYPES: 'bet_out_of_range',
  RS_ERROR_INVALID_SIGNATURE: 'maintenance',
};

type Trx = Transaction<StudioTables>;

/** Winning bets paid per chunk (their wins in flight together, then marked paid in one statement). */
const SETTLE_CHUNK = 512;

export const roundIdOf = (game: string, round: number, userId: string) => `${game}-${round}-${userId}`;
/** The draw as every member of it shares it: the wallet bet's `sharedRoundId`. */
export const sharedRoundOf = (game: string, round: number) => `${game}-${round}`;
export const betTxOf = (slipId: string) => `${slipId}-bet`;
export const rollbackTxOf = (slipId: string) => `${slipId}-rollback`;
export const winTxOf = (slipId: string, market: string) => `${slipId}-${market}-win`;

/** Rows of every market of every game, made with the engine's default odds when missing. */
export async function ensureMarkets(db: StudioDb): Promise<void> {
  const rows = MINI_GAMES.flatMap((game) =>
    miniMarkets(game).map((m) => ({ game, market: m.code, odds: m.defaultOdds })),
  );
  await db
    .insertInto('studio_mini_markets')
    .values(rows)
    .onConflict((oc) => oc.columns(['game', 'market']).doNothing())
    .execute();
}

export async function readSettings(db: StudioDb | Trx, game: MiniGame): Promise<GameSettings> {
  const g = await db
    .selectFrom('studio_mini_games')
    .select(['cadence_minutes', 'cutoff_seconds', 'max_round_total'])
    .where('game', '=', game)
    .executeTakeFirstOrThrow();
  const rows = await db.selectFrom('studio_mini_markets').selectAll().where('game', '=', game).execute();
  const byCode = new Map(rows.map((r) => [r.market, r]));
  const markets = miniMarkets(game).flatMap((m): MarketSettings[] => {
    const row = byCode.get(m.code);
    if (!row) return [];
    return [
      {
        code: m.code,
        odds: row.odds,
        minOdds: m.minOdds,
        maxOdds: m.maxOdds,
        defaultOdds: m.defaultOdds,
        wins: m.wins,
        outcomes: m.outcomes,
        minBet: int(row.min_bet),
        maxBet: int(row.max_bet),
        maxExposure: int(row.max_exposure),
      },
    ];
  });
  return {
    game,
    cadenceMinutes: g.cadence_minutes,
    cutoffSeconds: g.cutoff_seconds,
    maxRoundTotal: int(g.max_round_total),
    markets,
  };
}

/** The bet as the member sees it, from its slip and bet rows. */
function betView(row: {
  slip_id: string;
  game: string;
  round: number | string;
  day_round: number;
  market: string;
  amount: number | string;
  odds: number;
  state: MiniSlipState;
  outcome: 'won' | 'lost' | null;
  win: number | string;
  created_at: Date;
}): TMiniBet {
  const state =
    row.state === 'rolled_back' || row.state === 'refused'
      ? 'refunded'
      : row.outcome === 'won'
        ? 'won'
        : row.outcome === 'lost'
          ? 'lost'
          : 'open';
  return {
    slipId: row.slip_id,
    game: row.game as MiniGame,
    round: int(row.round),
    dayRound: row.day_round,
    market: row.market,
    amount: int(row.amount),
    odds: row.odds,
    state,
    win: int(row.win),
    at: new Date(row.created_at).toISOString(),
  };
}

export interface MiniBettingDeps {
  db: StudioDb;
  wallet: WalletClient;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Wallet calls in flight at once while a round is settled (default 16). */
  settleConcurrency?: number;
}

export interface SettleResult {
  /** Rounds whose settlement finished in this run. */
  settled: { round: number; voided: boolean }[];
  paid: number;
  rolledBack: number;
  /** Calls left for the next run (no answer from the platform). */
  pending: number;
}

export function createMiniBetting(deps: MiniBettingDeps) {
  const { db, wallet, now, log } = deps;
  const concurrency = deps.settleConcurrency ?? 32;

  /** Gives a slip's reservation back (its exposure), moving it from `from` to `to`; false if it was not in `from`. */
  async function release(slipId: string, from: MiniSlipState[], to: MiniSlipState, refusal?: string) {
    return db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('studio_mini_slips')
        .set({ state: to, updated_at: now(), ...(refusal ? { refusal } : {}) })
        .where('slip_id', '=', slipId)
        .where('state', 'in', from)
        .returning(['game', 'round', 'user_id', 'total', 'wallet', 'provider'])
        .executeTakeFirst();
      if (!moved) return false;
      // A transfer-mode slip's stake goes back to the studio's wallet with the refund itself.
      if (to === 'rolled_back' && moved.wallet === 'transfer')
        await creditStudio(trx, moved.provider, moved.user_id, int(moved.total));
      await sql`update studio_mini_members set total = total - ${int(moved.total)}
        where game = ${moved.game} and round = ${moved.round} and user_id = ${moved.user_id}`.execute(trx);
      const bets = await trx
        .selectFrom('studio_mini_bets')
        .select(['market', 'amount', 'payout'])
        .where('slip_id', '=', slipId)
        .orderBy('market')
        .execute();
      for (const b of bets)
        await sql`update studio_mini_exposure
          set stakes = stakes - ${int(b.amount)}, payout = payout - ${int(b.payout)}, bets = bets - 1
          where game = ${moved.game} and round = ${moved.round} and market = ${b.market}`.execute(trx);
      return true;
    });
  }

  async function rollbackSlip(slip: {
    slip_id: string;
    user_id: string;
    game: string;
    round: number | string;
    wallet: WalletMode;
  }) {
    // Transfer mode: the stake is the studio's to give back, in the refund's own transaction.
    if (slip.wallet === 'transfer') {
      await release(slip.slip_id, ['pending', 'ok'], 'rolled_back');
      return true;
    }
    const result = await wallet.call(MINI_PROVIDER, 'rollback', {
      userId: slip.user_id,
      transactionId: rollbackTxOf(slip.slip_id),
      referenceTransactionId: betTxOf(slip.slip_id),
      roundId: roundIdOf(slip.game, int(slip.round), slip.user_id),
    });
    if (result.answered && result.answer.status === 'RS_OK') {
      await release(slip.slip_id, ['pending', 'ok'], 'rolled_back');
      return true;
    }
    log.warn(
      { slipId: slip.slip_id, answer: describe(result) },
      'mini: rollback not confirmed, retried later',
    );
    return false;
  }

  /** Credits a member's balance at the studio (transfer mode), in the caller's transaction. */
  async function creditStudio(trx: Trx, provider: string, userId: string, amount: number) {
    if (amount <= 0) return;
    await trx
      .insertInto('studio_wallets')
      .values({ provider, user_id: userId, balance: amount, updated_at: now() })
      .onConflict((oc) =>
        oc.columns(['provider', 'user_id']).doUpdateSet({
          balance: sql`studio_wallets.balance + ${amount}`,
          updated_at: now(),
        }),
      )
      .execute();
  }

  /** Pays transfer-mode wins into the studio's wallet: each bet marked paid and credited once. */
  async function payAtStudio(
    bets: { slip_id: string; market: string; user_id: string; provider: string }[],
  ): Promise<number> {
    if (bets.length === 0) return 0;
    return db.transaction().execute(async (trx) => {
      const marked = await sql<{ slip_id: string; win: string | number }>`update studio_mini_bets b
        set win_state = 'paid'
        from unnest(${bets.map((b) => b.slip_id)}::text[], ${bets.map((b) => b.market)}::text[]) as d(slip_id, market)
        where b.slip_id = d.slip_id and b.market = d.market and b.win_state = 'due'
        returning b.slip_id, b.win`.execute(trx);
      const owner = new Map(bets.map((b) => [b.slip_id, b]));
      const owed = new Map<string, { provider: string; userId: string; amount: number }>();
      for (const row of marked.rows) {
        const bet = owner.get(row.slip_id)!;
        const key = `${bet.provider}\n${bet.user_id}`;
        const sum = owed.get(key) ?? { provider: bet.provider, userId: bet.user_id, amount: 0 };
        sum.amount += int(row.win);
        owed.set(key, sum);
      }
      // Members in one order: no two settlements wait on each other in a circle.
      for (const [, o] of [...owed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        await creditStudio(trx, o.provider, o.userId, o.amount);
      return marked.rows.length;
    });
  }

  /** Runs `work` over `items`, `concurrency` at a time. */
  async function pool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    const runners = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        await work(item);
      }
    });
    await Promise.all(runners);
  }

  return {
    /**
     * One slip. `at` is read once, before anything else: a slip is on time when the server's clock
     * is before the round's close when the request is handled.
     */
    async bet(
      player: { token: string; userId: string },
      game: MiniGame,
      round: number,
      stakes: { market: string; amount: number }[],
      mode: WalletMode = 'seamless',
    ): Promise<BetAnswer> {
      const at = now();
      const slipId = `${game}-${round}-${randomBytes(9).toString('base64url')}`;
      let total = 0;
      try {
        const reserved = await db.transaction().execute(async (trx) => {
          const r = await trx
            .selectFrom('studio_mini_rounds')
            .select(['opens_at', 'closes_at', 'settlement', 'day_round', 'drawn_at'])
            .where('game', '=', game)
            .where('round', '=', round)
            .forShare()
            .executeTakeFirst();
          if (
            !r ||
            r.settlement !== null ||
            r.drawn_at !== null ||
            at.getTime() < new Date(r.opens_at).getTime() ||
            at.getTime() >= new Date(r.closes_at).getTime()
          )
            throw new Refusal('closed');
          const settings = await readSettings(trx, game);
          const markets = new Map(settings.markets.map((m) => [m.code, m]));
          for (const s of stakes) {
            const m = markets.get(s.market);
            if (!m) throw new Refusal('unknown_market', s.market);
            if (s.amount < m.minBet) throw new Refusal('bet_out_of_range', s.market);
          }
          total = stakes.reduce((sum, s) => sum + s.amount, 0);
          if (!Number.isSafeInteger(total)) throw new Refusal('bet_out_of_range');

          // The member's lock for this round: their slips are reserved one at a time.
          await trx
            .insertInto('studio_mini_members')
            .values({ game, round, user_id: player.userId, total: 0 })
            .onConflict((oc) => oc.columns(['game', 'round', 'user_id']).doNothing())
            .execute();
          const member = await trx
            .selectFrom('studio_mini_members')
            .select('total')
            .where('game', '=', game)
            .where('round', '=', round)
            .where('user_id', '=', player.userId)
            .forUpdate()
            .executeTakeFirstOrThrow();
          const prior = await trx
            .selectFrom('studio_mini_bets as b')
            .innerJoin('studio_mini_slips as s', 's.slip_id', 'b.slip_id')
            .select(['b.market', sql<string>`sum(b.amount)`.as('staked')])
            .where('s.game', '=', game)
            .where('s.round', '=', round)
            .where('s.user_id', '=', player.userId)
            .where('s.state', 'in', ['pending', 'ok'])
            .groupBy('b.market')
            .execute();
          const staked = new Map(prior.map((p) => [p.market, int(p.staked)]));
          for (const s of stakes)
            if ((staked.get(s.market) ?? 0) + s.amount > markets.get(s.market)!.maxBet)
              throw new Refusal('bet_out_of_range', s.market);
          if (int(member.total) + total > settings.maxRoundTotal) throw new Refusal('round_limit');

          // The house's exposure, market by market in one order (no deadlock between slips).
          const ordered = [...stakes].sort((a, b) =>
            a.market < b.market ? -1 : a.market > b.market ? 1 : 0,
          );
          for (const s of ordered) {
            const m = markets.get(s.market)!;
            const p = payout(s.amount, m.odds);
            await trx
              .insertInto('studio_mini_exposure')
              .values({ game, round, market: s.market })
              .onConflict((oc) => oc.columns(['game', 'round', 'market']).doNothing())
              .execute();
            const taken = await sql`update studio_mini_exposure
              set stakes = stakes + ${s.amount}, payout = payout + ${p}, bets = bets + 1
              where game = ${game} and round = ${round} and market = ${s.market}
                and payout + ${p} <= ${m.maxExposure}
              returning market`.execute(trx);
            if (taken.rows.length === 0) throw new Refusal('exposure', s.market);
          }
          // Transfer mode: the stake comes from the member's balance at the studio, in this
          // transaction (the row locked last: the transfer API's moves lock only it).
          let held: number | null = null;
          if (mode === 'transfer') {
            const row = await trx
              .selectFrom('studio_wallets')
              .select('balance')
              .where('provider', '=', MINI_PROVIDER)
              .where('user_id', '=', player.userId)
              .forUpdate()
              .executeTakeFirst();
            const before = row ? int(row.balance) : 0;
            if (before < total) throw new Refusal('not_enough_money', undefined, before);
            held = before - total;
            await trx
              .updateTable('studio_wallets')
              .set({ balance: held, updated_at: at })
              .where('provider', '=', MINI_PROVIDER)
              .where('user_id', '=', player.userId)
              .execute();
          }
          await trx
            .updateTable('studio_mini_members')
            .set({ total: sql`total + ${total}` })
            .where('game', '=', game)
            .where('round', '=', round)
            .where('user_id', '=', player.userId)
            .execute();
          await trx
            .insertInto('studio_mini_slips')
            .values({
              slip_id: slipId,
              provider: MINI_PROVIDER,
              game,
              round,
              user_id: player.userId,
              total,
              // A transfer-mode slip is taken here; a seamless one once the platform took its bet.
              state: mode === 'transfer' ? 'ok' : 'pending',
              wallet: mode,
              refusal: null,
              created_at: at,
              updated_at: at,
            })
            .execute();
          await trx
            .insertInto('studio_mini_bets')
            .values(
              stakes.map((s) => {
                const odds = markets.get(s.market)!.odds;
                return {
                  slip_id: slipId,
                  market: s.market,
                  amount: s.amount,
                  odds,
                  payout: payout(s.amount, odds),
                };
              }),
            )
            .execute();
          return {
            dayRound: r.day_round,
            held,
            odds: new Map(stakes.map((s) => [s.market, markets.get(s.market)!.odds])),
          };
        });
        const { dayRound } = reserved;
        const viewOf = (oddsOf: Map<string, number>) =>
          stakes.map((s) =>
            betView({
              slip_id: slipId,
              game,
              round,
              day_round: dayRound,
              market: s.market,
              amount: s.amount,
              odds: oddsOf.get(s.market) ?? 0,
              state: 'ok',
              outcome: null,
              win: 0,
              created_at: at,
            }),
          );
        // Transfer mode: no wallet call (the platform sees the money move in and out, not bets).
        if (reserved.held !== null)
          return {
            kind: 'success',
            slipId,
            bets: viewOf(reserved.odds),
            balance: reserved.held,
            jackpots: [],
          };

        const result = await wallet.call(MINI_PROVIDER, 'bet', {
          token: player.token,
          userId: player.userId,
          transactionId: betTxOf(slipId),
          roundId: roundIdOf(game, round, player.userId),
          gameCode: game,
          amount: total,
          // What the slip's stakes are on, and the draw every member of the round shares: the
          // platform finds opposite bets of linked members with them (docs/providers.md "Spots and
          // shared rounds"); a slip holds at most 20 markets, as many as a bet's spots.
          spots: stakes.map((s) => s.market),
          sharedRoundId: sharedRoundOf(game, round),
        });
        if (!result.answered) {
          // The stake may or may not have been taken: the slip stays pending and is rolled back at
          // the draw (a rollback that arrives first makes the late bet move nothing).
          log.warn({ slipId, reason: result.reason }, 'mini: bet not answered; rolled back at the draw');
          return { kind: 'refused', code: 'unconfirmed' };
        }
        const { answer } = result;
        if (answer.status === 'RS_OK') {
          // The jackpots the platform drew on this bet (already in its balance) stay on the slip.
          const jackpots: JackpotWin[] = answer.jackpots ?? [];
          const confirmed = await db
            .updateTable('studio_mini_slips')
            .set({ state: 'ok', jackpots: JSON.stringify(jackpots), updated_at: now() })
            .where('slip_id', '=', slipId)
            .where('state', '=', 'pending')
            .executeTakeFirst();
          // Rolled back meanwhile (the round was settled or voided first): the stake is back, and a
          // jackpot the bet won stands (the platform keeps it): the slip keeps it for the list.
          if (confirmed.numUpdatedRows === 0n) {
            if (jackpots.length > 0)
              await db
                .updateTable('studio_mini_slips')
                .set({ jackpots: JSON.stringify(jackpots) })
                .where('slip_id', '=', slipId)
                .execute();
            return { kind: 'refused', code: 'closed' };
          }
          return {
            kind: 'success',
            slipId,
            bets: viewOf(reserved.odds),
            balance: answer.balance ?? 0,
            jackpots,
          };
        }
        if (answer.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK') return { kind: 'refused', code: 'closed' };
        const code = REFUSAL_OF_STATUS[answer.status];
        await release(slipId, ['pending'], 'refused', answer.status);
        if (!code) {
          log.error({ slipId, httpStatus: result.httpStatus, answer }, 'mini: bet answered unexpectedly');
          return { kind: 'error', httpStatus: 500, code: 'error' };
        }
        return {
          kind: 'refused',
          code,
          ...(code === 'not_enough_money' && answer.balance !== undefined ? { balance: answer.balance } : {}),
        };
      } catch (error) {
        if (error instanceof Refusal)
          return {
            kind: 'refused',
            code: error.code,
            ...(error.market ? { market: error.market } : {}),
            ...(error.balance !== undefined ? { balance: error.balance } : {}),
          };
        throw error;
      }
    },

    /**
     * A member's bets of one round, or of a day (the rounds opened that day), newest first, and the
     * jackpots won by the slips listed.
     */
    async list(
      userId: string,
      game: MiniGame,
      which: { round: number } | { day: string },
    ): Promise<{ bets: TMiniBet[]; jackpots: TMiniSlipJackpot[] }> {
      let query = db
        .selectFrom('studio_mini_bets as b')
        .innerJoin('studio_mini_slips as s', 's.slip_id', 'b.slip_id')
        .innerJoin('studio_mini_rounds as r', (join) =>
          join.onRef('r.game', '=', 's.game').onRef('r.round', '=', 's.round'),
        )
        .select([
          's.slip_id',
          's.game',
          's.round',
          'r.day_round',
          'b.market',
          'b.amount',
          'b.odds',
          's.state',
          'b.outcome',
          'b.win',
          's.created_at',
          's.jackpots',
        ])
        .where('s.user_id', '=', userId)
        .where('s.game', '=', game)
        .where('s.state', '<>', 'refused');
      query =
        'round' in which ? query.where('s.round', '=', which.round) : query.where('r.day', '=', which.day);
      const rows = await query.orderBy('s.created_at', 'desc').orderBy('b.market').limit(500).execute();
      // A slip's jackpots once, with its first row (a rolled-back slip's jackpot stands: it was won).
      const jackpots: TMiniSlipJackpot[] = [];
      const told = new Set<string>();
      for (const row of rows) {
        if (told.has(row.slip_id)) continue;
        told.add(row.slip_id);
        for (const hit of json<JackpotWin[]>(row.jackpots))
          jackpots.push({ ...hit, slipId: row.slip_id, round: int(row.round), dayRound: row.day_round });
      }
      return { bets: rows.map(betView), jackpots };
    },

    /**
     * Settles what is due: a drawn round is marked to be paid, then every round marked (paid or
     * voided) and not settled yet is worked on, oldest first. Safe to run again at any point and on
     * any instance: every wallet call repeats its transactionId.
     */
    async settle(game: MiniGame): Promise<SettleResult> {
      const out: SettleResult = { settled: [], paid: 0, rolledBack: 0, pending: 0 };
      await db
        .updateTable('studio_mini_rounds')
        .set({ settlement: 'pay' })
        .where('game', '=', game)
        .where('drawn_at', 'is not', null)
        .where('settlement', 'is', null)
        .execute();
      const rounds = await db
        .selectFrom('studio_mini_rounds')
        .select(['round', 'settlement', 'result'])
        .where('game', '=', game)
        .where('settlement', 'is not', null)
        .where('settled_at', 'is', null)
        .orderBy('round')
        .limit(20)
        .execute();
      for (const r of rounds) {
        const round = int(r.round);
        const voided = r.settlement === 'void';
        // Slips to roll back: all of a voided round, the unconfirmed ones of a paid round.
        const refund = await db
          .selectFrom('studio_mini_slips')
          .select(['slip_id', 'user_id', 'game', 'round', 'wallet'])
          .where('game', '=', game)
          .where('round', '=', round)
          .where('state', 'in', voided ? ['pending', 'ok'] : ['pending'])
          .execute();
        await pool(refund, async (slip) => {
          if (await rollbackSlip(slip)) out.rolledBack += 1;
          else out.pending += 1;
        });
        if (!voided) {
          const result = json<MiniResult>(r.result);
          const winners = (await readSettings(db, game)).markets
            .filter((m) => marketWins(game, m.code, result))
            .map((m) => m.code);
          // Every confirmed bet's outcome in two statements (the winners' wins exact in bigint).
          await sql`update studio_mini_bets b
            set outcome = 'won', win = (b.amount * b.odds) / 100, win_state = 'due'
            from studio_mini_slips s
            where s.slip_id = b.slip_id and s.game = ${game} and s.round = ${round} and s.state = 'ok'
              and b.outcome is null and b.market = any(${winners}::text[])`.execute(db);
          await sql`update studio_mini_bets b
            set outcome = 'lost'
            from studio_mini_slips s
            where s.slip_id = b.slip_id and s.game = ${game} and s.round = ${round} and s.state = 'ok'
              and b.outcome is null and not (b.market = any(${winners}::text[]))`.execute(db);
          const due = await db
            .selectFrom('studio_mini_bets as b')
            .innerJoin('studio_mini_slips as s', 's.slip_id', 'b.slip_id')
            .select(['b.slip_id', 'b.market', 'b.win', 's.user_id', 's.wallet', 's.provider'])
            .where('s.game', '=', game)
            .where('s.round', '=', round)
            .where('b.win_state', '=', 'due')
            .execute();
          // In chunks: the wins of a chunk in flight together, then marked paid in one statement
          // (a crash between the two only repeats calls the platform answers again, moving nothing).
          for (let k = 0; k < due.length; k += SETTLE_CHUNK) {
            const chunk = due.slice(k, k + SETTLE_CHUNK);
            // Transfer mode: the chunk's wins go to the studio's wallet in one transaction with
            // their marks (a repeat finds them paid and credits nothing).
            out.paid += await payAtStudio(chunk.filter((b) => b.wallet === 'transfer'));
            const paid: { slip_id: string; market: string }[] = [];
            const voidedBets: { slip_id: string; market: string }[] = [];
            await pool(
              chunk.filter((b) => b.wallet !== 'transfer'),
              async (bet) => {
                const result = await wallet.call(MINI_PROVIDER, 'win', {
                  userId: bet.user_id,
                  transactionId: winTxOf(bet.slip_id, bet.market),
                  roundId: roundIdOf(game, round, bet.user_id),
                  gameCode: game,
                  amount: int(bet.win),
                });
                const status = result.answered ? result.answer.status : null;
                // Paid; or its slip was rolled back meanwhile (its stake is back, nothing to pay).
                if (status === 'RS_OK') paid.push(bet);
                else if (status === 'RS_ERROR_TRANSACTION_ROLLED_BACK') voidedBets.push(bet);
                else {
                  out.pending += 1;
                  log.warn(
                    { slipId: bet.slip_id, market: bet.market, answer: describe(result) },
                    'mini: win not confirmed',
                  );
                }
              },
            );
            for (const [rows, set] of [
              [paid, sql`win_state = 'paid'`],
              [voidedBets, sql`win_state = 'none', win = 0`],
            ] as const) {
              if (rows.length === 0) continue;
              await sql`update studio_mini_bets b set ${set}
                from unnest(${rows.map((r) => r.slip_id)}::text[], ${rows.map((r) => r.market)}::text[]) as d(slip_id, market)
                where b.slip_id = d.slip_id and b.market = d.market and b.win_state = 'due'`.execute(db);
            }
            out.paid += paid.length;
          }
        }
        // Settled once nothing is left: no slip to roll back, no bet without its outcome or win.
        const left = await db
          .selectFrom('studio_mini_slips as s')
          .leftJoin('studio_mini_bets as b', 'b.slip_id', 's.slip_id')
          .select(sql<string>`count(*)`.as('n'))
          .where('s.game', '=', game)
          .where('s.round', '=', round)
          .where((eb) =>
            voided
              ? eb('s.state', 'in', ['pending', 'ok'])
              : eb.or([
                  eb('s.state', '=', 'pending'),
                  eb.and([
                    eb('s.state', '=', 'ok'),
                    eb.or([eb('b.outcome', 'is', null), eb('b.win_state', '=', 'due')]),
                  ]),
                ]),
          )
          .executeTakeFirstOrThrow();
        if (int(left.n) > 0) continue;
        const done = await db
          .updateTable('studio_mini_rounds')
          .set({ settled_at: now() })
          .where('game', '=', game)
          .where('round', '=', round)
          .where('settled_at', 'is', null)
          .executeTakeFirst();
        if (done.numUpdatedRows > 0n) out.settled.push({ round, voided });
      }
      return out;
    },

    /**
     * Voids a round that is not settled yet: no bet is taken on it any more and its slips are
     * rolled back by the next settlement run. The round is still drawn at its time from its chain
     * seed (so the chain stays verifiable), but nothing is paid on it.
     */
    async voidRound(
      game: MiniGame,
      round: number,
      by: string,
      reason: string,
    ): Promise<'success' | 'already' | 'not_found'> {
      const at = now();
      const row = await db
        .updateTable('studio_mini_rounds')
        .set({ settlement: 'void', voided_at: at, voided_by: by, void_reason: reason })
        .where('game', '=', game)
        .where('round', '=', round)
        .where('settlement', 'is', null)
        .returning('round')
        .executeTakeFirst();
      if (row) return 'success';
      const exists = await db
        .selectFrom('studio_mini_rounds')
        .select('round')
        .where('game', '=', game)
        .where('round', '=', round)
        .executeTakeFirst();
      return exists ? 'already' : 'not_found';
    },
  };
}

function describe(result: WalletResult): unknown {
  return result.answered ? { httpStatus: result.httpStatus, status: result.answer.status } : result.reason;
}

export type MiniBetting = ReturnType<typeof createMiniBetting>;
