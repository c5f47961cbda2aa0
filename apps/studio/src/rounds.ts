import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import {
  cardsLeft,
  dealBaccarat,
  isShoeState,
  newShoe,
  settleBaccarat,
  shoeIsDone,
  validateBaccaratBets,
} from '@casino/studio-engine/baccarat';
import type { TRoundRecord } from '@casino/studio-engine/contract';
import { createFairStream } from '@casino/studio-engine/fair';
import { playSlotRound, validateSlotBet } from '@casino/studio-engine/slots/index';
import { baccaratVersion } from '@casino/studio-engine/versions';
import type {
  BaccaratBets,
  BaccaratTable,
  FairCommitment,
  ShoeState,
  SlotGameDefinition,
} from '@casino/studio-engine/types';
import { int, json, type StudioDb, type StudioTables, type WalletMode } from './db.ts';
import type { StudioGame } from './games.ts';
import type { Members } from './members.ts';
import { commitmentOf, lockSeed, nodeHmacSha256, type SeedRow } from './seeds.ts';
import type { JackpotWin, WalletAnswer, WalletClient } from './wallet-client.ts';

type Trx = Transaction<StudioTables>;
type RoundRow = Selectable<StudioTables['studio_rounds']>;
/**
 * What the member asked to play, with the definition (the game's newest published version,
 * games.ts) the round is decided with: its version is recorded with the round.
 */
export type Play =
  | { game: StudioGame; definition: SlotGameDefinition; bet: number }
  | { game: StudioGame; definition: BaccaratTable; bets: BaccaratBets };

/** The current shoe as the baccarat client draws it: cards left, whether it is changed next, the roads. */
export interface ShoeInfo {
  cardsLeft: number;
  newShoeNext: boolean;
  history: ('P' | 'B' | 'T')[];
}

export type PlayAnswer =
  | { kind: 'success'; balance: number; round: TRoundRecord; fairness: FairCommitment; shoe?: ShoeInfo }
  | { kind: 'refused'; code: string; balance?: number }
  | { kind: 'error'; httpStatus: number; code: string };

/** The member who plays: the launch token (for the bet call) and who the platform says it is. */
export interface Player {
  token: string;
  userId: string;
}

interface Decision {
  /** The version of the game's definition that decided the round. */
  version: number;
  bet: number;
  win: number;
  input: unknown;
  outcome: unknown;
  result: 'P' | 'B' | 'T' | null;
  shoeNo: number | null;
  shoeAfter: ShoeState | null;
}

/** The platform's refusals of a bet, as the member's client names them (contract.ts `ZRefused`). */
const BET_REFUSALS: Record<string, string> = {
  RS_ERROR_NOT_ENOUGH_MONEY: 'not_enough_money',
  RS_ERROR_INVALID_TOKEN: 'invalid_token',
  RS_ERROR_USER_DISABLED: 'user_disabled',
  RS_ERROR_LIMIT_EXCEEDED: 'limit_exceeded',
};

const LETTER = { player: 'P', banker: 'B', tie: 'T' } as const;

/** The wallet's transaction ids of a round: one bet, one win, and a rollback only when the bet's fate is unknown. */
const txIds = (roundId: string) => ({
  bet: `${roundId}-bet`,
  win: `${roundId}-win`,
  rollback: `${roundId}-rollback`,
});

/** A transfer-mode round refused inside its transaction: nothing it wrote is kept. */
class NotEnoughMoney extends Error {
  readonly balance: number;
  constructor(balance: number) {
    super('not_enough_money');
    this.balance = balance;
  }
}

export interface RoundsDeps {
  db: StudioDb;
  wallet: WalletClient;
  members: Members;
  now: () => Date;
  log: FastifyBaseLogger;
  /**
   * How long an open round is left to the request that plays it before the recovery loop takes it
   * over (ms): longer than a round's calls with all their tries can take.
   */
  graceMs: number;
}

/**
 * Rounds (decision 0012). Seamless: (1) one transaction locks the member's seed row, takes the
 * nonce, decides the outcome with the engine and records the round `open`; (2) the `bet` wallet
 * call, then the `win` call with the round's total return (`roundClosed`), each retried with the
 * same transactionId; (3) the round is marked `settled`. No transaction is ever held across an
 * HTTP call: inside the platform's process, on the embedded database's one connection, that call
 * would wait for the transaction that waits for it. A bet whose fate stays unknown is rolled back,
 * a win that was not confirmed is sent again, by `recover`. Transfer mode: the whole round is one
 * transaction on the member's balance at the studio (`studio_wallets`).
 */
export function createRounds(deps: RoundsDeps) {
  const { db, wallet, members, now, log, graceMs } = deps;

  // -- deciding --------------------------------------------------------------------------------

  async function decide(trx: Trx, userId: string, play: Play, seed: SeedRow, at: Date): Promise<Decision> {
    const stream = createFairStream(nodeHmacSha256, {
      serverSeed: seed.server_seed,
      clientSeed: seed.client_seed,
      nonce: seed.nonce,
    });
    if ('bet' in play) {
      const round = playSlotRound(play.definition, play.bet, stream);
      return {
        version: play.definition.version,
        bet: play.bet,
        win: round.totalWin,
        input: { bet: play.bet },
        outcome: round,
        result: null,
        shoeNo: null,
        shoeAfter: null,
      };
    }
    const game = play.game.code;
    const stored = await trx
      .selectFrom('studio_shoes')
      .select(['shoe', 'shoe_no'])
      .where('user_id', '=', userId)
      .where('game', '=', game)
      .forUpdate()
      .executeTakeFirst();
    const table = play.definition;
    let shoe: ShoeState = newShoe(table);
    let shoeNo = 1;
    if (stored) {
      const kept = json<unknown>(stored.shoe);
      if (!isShoeState(kept)) throw new Error(`the stored shoe of ${userId}/${game} is broken`);
      shoe = kept;
      shoeNo = stored.shoe_no;
      // The cut card came out in the last coup: this coup is the first of a new shoe.
      if (shoeIsDone(shoe)) {
        shoe = newShoe(table);
        shoeNo += 1;
      }
    }
    const { hand, shoe: after } = dealBaccarat(shoe, stream);
    const settlement = settleBaccarat(hand, play.bets, table);
    await trx
      .insertInto('studio_shoes')
      .values({ user_id: userId, game, shoe_no: shoeNo, shoe: JSON.stringify(after), updated_at: at })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'game'])
          .doUpdateSet({ shoe_no: shoeNo, shoe: JSON.stringify(after), updated_at: at }),
      )
      .execute();
    return {
      version: table.version,
      bet: settlement.totalBet,
      win: settlement.totalReturn,
      input: { bets: play.bets, shoe },
      outcome: { hand, settlement },
      result: LETTER[hand.outcome],
      shoeNo,
      shoeAfter: after,
    };
  }

  /** Locks the seed, decides, takes the nonce and writes the round; the caller's transaction commits it. */
  async function recordRound(
    trx: Trx,
    player: Player,
    play: Play,
    mode: WalletMode,
  ): Promise<{ row: RoundRow; decision: Decision; next: FairCommitment }> {
    const at = now();
    const game = play.game;
    const seed = await lockSeed(trx, player.userId, game.code, at);
    const decision = await decide(trx, player.userId, play, seed, at);
    await trx
      .updateTable('studio_seeds')
      .set({ nonce: seed.nonce + 1 })
      .where('user_id', '=', player.userId)
      .where('game', '=', game.code)
      .execute();
    const settledNow = mode === 'transfer';
    const row: RoundRow = {
      seq: 0,
      round_id: randomUUID(),
      provider: game.provider,
      user_id: player.userId,
      game: game.code,
      wallet: mode,
      server_seed_hash: seed.server_seed_hash,
      client_seed: seed.client_seed,
      nonce: seed.nonce,
      version: decision.version,
      input: decision.input,
      outcome: decision.outcome,
      bet: decision.bet,
      win: decision.win,
      state: settledNow ? 'settled' : 'open',
      bet_state: settledNow ? 'ok' : 'pending',
      win_state: settledNow ? 'ok' : 'pending',
      refusal: null,
      jackpots: [],
      shoe_no: decision.shoeNo,
      result: decision.result,
      retry_at: new Date(at.getTime() + graceMs),
      attempts: 0,
      created_at: at,
      updated_at: at,
    };
    const { seq: _seq, ...values } = row;
    const inserted = await trx
      .insertInto('studio_rounds')
      .values({
        ...values,
        input: JSON.stringify(values.input),
        outcome: JSON.stringify(values.outcome),
        jackpots: JSON.stringify(values.jackpots),
      })
      .returning('seq')
      .executeTakeFirstOrThrow();
    return {
      row: { ...row, seq: inserted.seq },
      decision,
      next: commitmentOf({ ...seed, nonce: seed.nonce + 1 }),
    };
  }

  // -- the wallet calls of a seamless round ----------------------------------------------------

  /** Changes an open round (never one already finished: the request and the recovery loop may race). */
  async function update(roundId: string, set: Partial<Omit<RoundRow, 'seq'>>): Promise<void> {
    const { jackpots, ...rest } = set;
    await db
      .updateTable('studio_rounds')
      .set({
        ...rest,
        ...(jackpots !== undefined ? { jackpots: JSON.stringify(jackpots) } : {}),
        updated_at: now(),
      })
      .where('round_id', '=', roundId)
      .where('state', '=', 'open')
      .execute();
  }

  async function sendWin(row: RoundRow): Promise<'settled' | 'rolled_back' | 'unknown'> {
    const ids = txIds(row.round_id);
    const result = await wallet.call(row.provider, 'win', {
      userId: row.user_id,
      transactionId: ids.win,
      roundId: row.round_id,
      gameCode: row.game,
      amount: int(row.win),
      roundClosed: true,
    });
    const status = result.answered ? result.answer.status : undefined;
    if (status === 'RS_OK') {
      await update(row.round_id, { state: 'settled', win_state: 'ok' });
      return 'settled';
    }
    // The round's bet was rolled back (by the platform's operator or a rollback of ours): nothing to pay.
    if (status === 'RS_ERROR_TRANSACTION_ROLLED_BACK') {
      await update(row.round_id, { state: 'rolled_back', bet_state: 'rolled_back' });
      return 'rolled_back';
    }
    log.warn(
      { roundId: row.round_id, answer: result.answered ? result.answer : result.reason },
      'studio: win not confirmed, left for recovery',
    );
    return 'unknown';
  }

  /** Returns a bet whose fate is unknown (a new transactionId naming the bet). */
  async function rollBack(row: RoundRow): Promise<'rolled_back' | 'unknown'> {
    const ids = txIds(row.round_id);
    const result = await wallet.call(row.provider, 'rollback', {
      userId: row.user_id,
      transactionId: ids.rollback,
      referenceTransactionId: ids.bet,
      roundId: row.round_id,
    });
    if (result.answered && result.answer.status === 'RS_OK') {
      await update(row.round_id, { state: 'rolled_back', bet_state: 'rolled_back' });
      return 'rolled_back';
    }
    log.warn(
      { roundId: row.round_id, answer: result.answered ? result.answer : result.reason },
      'studio: rollback not confirmed, left for recovery',
    );
    return 'unknown';
  }

  async function playSeamless(player: Player, play: Play): Promise<PlayAnswer> {
    const { row, decision, next } = await db
      .transaction()
      .execute((trx) => recordRound(trx, player, play, 'seamless'));
    const ids = txIds(row.round_id);
    const bet = await wallet.call(row.provider, 'bet', {
      token: player.token,
      userId: player.userId,
      transactionId: ids.bet,
      roundId: row.round_id,
      gameCode: row.game,
      amount: decision.bet,
    });
    if (!bet.answered) {
      log.warn({ roundId: row.round_id, reason: bet.reason }, 'studio: bet not answered, rolling back');
      await rollBack(row);
      return { kind: 'error', httpStatus: 503, code: 'unavailable' };
    }
    const answer: WalletAnswer = bet.answer;
    if (answer.status !== 'RS_OK') {
      const refusal = BET_REFUSALS[answer.status];
      if (refusal) {
        if (refusal === 'invalid_token') members.forget(row.provider, player.token);
        await update(row.round_id, { state: 'refused', bet_state: 'refused', refusal });
        return {
          kind: 'refused',
          code: refusal,
          ...(answer.balance !== undefined ? { balance: answer.balance } : {}),
        };
      }
      if (answer.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK') {
        await update(row.round_id, { state: 'rolled_back', bet_state: 'rolled_back' });
        return { kind: 'error', httpStatus: 503, code: 'unavailable' };
      }
      // The platform did nothing (a wrong signature or a disabled provider: HTTP 401; a body it
      // does not take: 400): the studio's configuration, not the member, is at fault.
      log.error(
        { roundId: row.round_id, httpStatus: bet.httpStatus, answer },
        'studio: bet refused by the wallet',
      );
      const code = answer.status === 'RS_ERROR_INVALID_SIGNATURE' ? 'maintenance' : 'error';
      await update(row.round_id, { state: 'refused', bet_state: 'refused', refusal: code });
      return code === 'maintenance'
        ? { kind: 'refused', code }
        : { kind: 'error', httpStatus: 500, code: 'error' };
    }
    const jackpots: JackpotWin[] = answer.jackpots ?? [];
    await update(row.round_id, { bet_state: 'ok', jackpots });
    let balance = answer.balance ?? 0;
    const win = await wallet.call(row.provider, 'win', {
      userId: player.userId,
      transactionId: ids.win,
      roundId: row.round_id,
      gameCode: row.game,
      amount: decision.win,
      roundClosed: true,
    });
    let state: RoundRow['state'] = 'open';
    if (win.answered && win.answer.status === 'RS_OK') {
      await update(row.round_id, { state: 'settled', win_state: 'ok' });
      state = 'settled';
      balance = win.answer.balance ?? balance;
    } else if (win.answered && win.answer.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK') {
      await update(row.round_id, { state: 'rolled_back', bet_state: 'rolled_back' });
      return { kind: 'error', httpStatus: 503, code: 'unavailable' };
    } else {
      // The bet stands and the outcome is fixed: the member sees the round, its win comes with recovery.
      log.warn(
        { roundId: row.round_id, answer: win.answered ? win.answer : win.reason },
        'studio: win not confirmed, left for recovery',
      );
    }
    return {
      kind: 'success',
      balance,
      round: recordOf({ ...row, state, jackpots }, null),
      fairness: next,
      ...(decision.shoeAfter ? { shoe: await shoeInfo(player.userId, row.game, decision.shoeAfter) } : {}),
    };
  }

  async function playTransfer(player: Player, play: Play): Promise<PlayAnswer> {
    const provider = play.game.provider;
    try {
      const { row, decision, next, balance } = await db.transaction().execute(async (trx) => {
        const recorded = await recordRound(trx, player, play, 'transfer');
        const held = await trx
          .selectFrom('studio_wallets')
          .select('balance')
          .where('provider', '=', provider)
          .where('user_id', '=', player.userId)
          .forUpdate()
          .executeTakeFirst();
        const before = held ? int(held.balance) : 0;
        // Throwing undoes the round, the nonce and the shoe: nothing was played.
        if (before < recorded.decision.bet) throw new NotEnoughMoney(before);
        const after = before - recorded.decision.bet + recorded.decision.win;
        await trx
          .updateTable('studio_wallets')
          .set({ balance: after, updated_at: now() })
          .where('provider', '=', provider)
          .where('user_id', '=', player.userId)
          .execute();
        return { ...recorded, balance: after };
      });
      return {
        kind: 'success',
        balance,
        round: recordOf(row, null),
        fairness: next,
        ...(decision.shoeAfter ? { shoe: await shoeInfo(player.userId, row.game, decision.shoeAfter) } : {}),
      };
    } catch (error) {
      if (error instanceof NotEnoughMoney)
        return { kind: 'refused', code: 'not_enough_money', balance: error.balance };
      throw error;
    }
  }

  // -- reading -----------------------------------------------------------------------------------

  /** The outcomes of the coups of the member's current shoe, in order (for the bead plate and the roads). */
  async function shoeHistory(userId: string, game: string, shoeNo: number): Promise<('P' | 'B' | 'T')[]> {
    const rows = await db
      .selectFrom('studio_rounds')
      .select('result')
      .where('user_id', '=', userId)
      .where('game', '=', game)
      .where('shoe_no', '=', shoeNo)
      .where('state', 'in', ['open', 'settled'])
      .orderBy('seq')
      .execute();
    return rows.map((r) => r.result).filter((r): r is 'P' | 'B' | 'T' => r === 'P' || r === 'B' || r === 'T');
  }

  async function shoeInfo(userId: string, game: string, known?: ShoeState): Promise<ShoeInfo> {
    const stored = await db
      .selectFrom('studio_shoes')
      .select(['shoe', 'shoe_no'])
      .where('user_id', '=', userId)
      .where('game', '=', game)
      .executeTakeFirst();
    const kept = stored ? json<unknown>(stored.shoe) : undefined;
    // No shoe yet: the first coup will open one of the table's newest version.
    const table = baccaratVersion(game);
    if (!table) throw new Error(`no published version of the table ${game}`);
    const shoe = known ?? (isShoeState(kept) ? kept : newShoe(table));
    return {
      cardsLeft: cardsLeft(shoe),
      newShoeNext: shoeIsDone(shoe),
      history: stored ? await shoeHistory(userId, game, stored.shoe_no) : [],
    };
  }

  function recordOf(row: RoundRow, serverSeed: string | null): TRoundRecord {
    return {
      roundId: row.round_id,
      game: row.game,
      at: row.created_at.toISOString(),
      bet: int(row.bet),
      win: int(row.win),
      // Refused rounds are never listed; a round in any other state is what the member played.
      state: row.state === 'refused' ? 'rolled_back' : row.state,
      serverSeedHash: row.server_seed_hash,
      serverSeed,
      clientSeed: row.client_seed,
      nonce: row.nonce,
      version: row.version,
      input: json(row.input),
      outcome: json(row.outcome),
      jackpots: json<JackpotWin[]>(row.jackpots),
    };
  }

  // -- recovery ----------------------------------------------------------------------------------

  /** Finishes one open round the request could not finish: resends its win or rolls its bet back. */
  async function finish(row: RoundRow): Promise<'settled' | 'rolled_back' | 'unknown'> {
    if (row.bet_state === 'ok') return sendWin(row);
    return rollBack(row);
  }

  return {
    /**
     * One round of `play` for `player`: refused before anything is decided when the stakes are out
     * of the game's range; else decided, recorded and settled in the provider's wallet mode.
     */
    async play(player: Player, play: Play, mode: WalletMode): Promise<PlayAnswer> {
      const invalid =
        'bet' in play
          ? validateSlotBet(play.definition, play.bet)
          : validateBaccaratBets(play.definition, play.bets);
      if (invalid) return { kind: 'refused', code: 'bet_out_of_range' };
      return mode === 'transfer' ? playTransfer(player, play) : playSeamless(player, play);
    },

    shoeInfo,

    /** The member's rounds of a game, newest first, `limit` a page; `before` is the previous page's `next`. */
    async list(
      userId: string,
      game: string,
      before: string | undefined,
      limit: number,
    ): Promise<{ rounds: TRoundRecord[]; next: string | null }> {
      let query = db
        .selectFrom('studio_rounds as r')
        .leftJoin('studio_revealed_seeds as s', 's.server_seed_hash', 'r.server_seed_hash')
        .selectAll('r')
        .select('s.server_seed')
        .where('r.user_id', '=', userId)
        .where('r.game', '=', game)
        .where('r.state', 'in', ['open', 'settled', 'rolled_back'])
        .orderBy('r.seq', 'desc')
        .limit(limit + 1);
      if (before !== undefined) {
        if (!/^[1-9][0-9]{0,15}$/.test(before)) return { rounds: [], next: null };
        query = query.where('r.seq', '<', before);
      }
      const rows = await query.execute();
      const page = rows.slice(0, limit);
      return {
        rounds: page.map((r) => recordOf(r, r.server_seed)),
        next: rows.length > limit ? String(page[page.length - 1]!.seq) : null,
      };
    },

    /**
     * Finishes open seamless rounds whose request is over (at most `limit`): the recovery loop runs
     * it at start and every minute. Each round is leased first (its `retry_at` moved on, `FOR
     * UPDATE SKIP LOCKED`), so several instances never work on one round at once; one that still
     * gets no answer is tried again later, waiting longer each time (up to 10 minutes).
     */
    async recover(limit = 50): Promise<{ settled: number; rolledBack: number; unknown: number }> {
      const at = now();
      const due = await db
        .updateTable('studio_rounds')
        .set((eb) => ({
          retry_at: new Date(at.getTime() + graceMs),
          attempts: eb('attempts', '+', 1),
        }))
        .where('seq', 'in', (eb) =>
          eb
            .selectFrom('studio_rounds')
            .select('seq')
            .where('state', '=', 'open')
            .where('retry_at', '<=', at)
            .orderBy('retry_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute();
      const counts = { settled: 0, rolledBack: 0, unknown: 0 };
      for (const row of due) {
        const outcome = await finish(row);
        if (outcome === 'settled') counts.settled += 1;
        else if (outcome === 'rolled_back') counts.rolledBack += 1;
        else {
          counts.unknown += 1;
          // Waits grow with each failed try: 1, 2, 4 ... minutes, at most 10.
          const wait = Math.min(graceMs * 2 ** Math.min(row.attempts, 10), 600_000);
          await db
            .updateTable('studio_rounds')
            .set({ retry_at: new Date(now().getTime() + wait) })
            .where('round_id', '=', row.round_id)
            .where('state', '=', 'open')
            .execute();
        }
      }
      if (due.length > 0) log.info(counts, 'studio: open rounds recovered');
      return counts;
    },
  };
}

export type Rounds = ReturnType<typeof createRounds>;
