import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type {
  TWalletAnswer,
  TWalletBalanceRequest,
  TWalletBetRequest,
  TWalletRollbackRequest,
  TWalletStatus,
  TWalletWinRequest,
} from '@casino/contracts/wallet';
import { siteDay } from '@casino/contracts/site-time';
import type { Database } from '../../db/database.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { GAME_TOKEN_TTL_MS, type SessionService } from '../auth/session.service.ts';
import { isStorableCheckViolation } from '../../db/storable.ts';
import { isLedgerError, type LedgerService } from '../ledger/ledger.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { CompRates, SettingsService } from '../settings/settings.service.ts';
import { hasLevelCompRates } from '../settings/level-settings.ts';
import { MEMBER_LEVEL_MIN } from '@casino/contracts/backoffice-members';
import type { TLevelCompRates } from '@casino/contracts/levels';
import type { JackpotService } from './jackpot.service.ts';
import {
  createGamesRepository,
  type NewWalletCall,
  type ProviderRow,
  type WalletBatchCall,
  type WalletCallRow,
  type WalletFunctionRow,
  WalletRefused,
} from './games.repository.ts';
import { createGroupCommit } from '../../db/group-commit.ts';

export interface WalletDeps {
  db: Database;
  ledger: LedgerService;
  sessions: SessionService;
  settings: SettingsService;
  members: Pick<MembersService, 'byUserId' | 'userIdsOf' | 'memberLevel'>;
  jackpots: Pick<JackpotService, 'onBet' | 'hitsOf'>;
  secrets: SecretBox;
  now: () => Date;
  /** The site's time zone: the day a call's stakes and wins are counted on (`member_day_stakes`). */
  timeZone: string;
  /**
   * Group commit of bets and wins (decision 0029): calls that arrive together are applied in one
   * statement (`wallet_batch`), at most `maxBatch` in one and `maxInFlight` batches at once; false:
   * every call is its own statement, as before. Default WALLET_GROUP_COMMIT.
   */
  groupCommit?: { maxBatch: number; maxInFlight: number } | false;
}

/** The group commit's default: 64 calls a batch at most (a transaction's cached subtransactions), 4 batches at once. */
export const WALLET_GROUP_COMMIT = { maxBatch: 64, maxInFlight: 4 } as const;

/** An answer with its HTTP code: 200 for business answers, 400 for a body that breaks its shape. */
export interface WalletReply {
  code: 200 | 400 | 401;
  body: TWalletAnswer;
}

/** Ends a wallet call's transaction without keeping anything it wrote, with this answer. */
class Refusal extends Error {
  readonly reply: WalletReply;
  constructor(status: TWalletStatus, balance?: number, code: 200 | 400 = 200) {
    super(status);
    this.reply = { code, body: balance === undefined ? { status } : { status, balance, currency: 'KRW' } };
  }
}

/** What a replayed transactionId is compared on: the parts that move money, never the token. */
function requestHash(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;
/** A body that names what cannot be (an unknown member, another member's round): HTTP 400. */
const wrongTypes = (): WalletReply => ({ code: 400, body: { status: 'RS_ERROR_WRONG_TYPES' } });
/** Member ids remembered per instance at most (then forgotten all at once). */
const MAX_REMEMBERED = 100_000;
/** How long a member's level is used for its comp rate before it is read again (ms). */
const LEVEL_FRESH_MS = 5_000;
/** How long a provider row and the comp rates are used before they are read again (ms). */
const SETTINGS_FRESH_MS = 1_000;

/**
 * The provider wallet of docs/providers.md: a provider asks the platform, which
 * holds the money, to take a bet, pay a win or roll a bet back. Each call is one database
 * transaction: its `wallet_calls` row (the provider's transactionId, unique for ever), the round's
 * totals and its ledger transfers (keyed by provider and transactionId) commit together or not at
 * all. Bets and wins, nearly all of the traffic, are one statement each: database functions that
 * apply transfers the ledger prepared (migration 0006, decision 0011); rollbacks run here. Locks
 * are taken in one order (the call rows, then the round, then the member's accounts) so
 * concurrent calls of one member or one round never deadlock.
 *
 * A refused call (not enough money, a bad token, a limit, an amount past the operator's maximum or
 * the storable maximum, another member's round) keeps nothing of its transaction; its row is then
 * recorded with the refusal (`refused`), so its transactionId is spent for ever: the same bytes
 * replayed to any other action answer RS_ERROR_DUPLICATE_TRANSACTION (docs/providers.md). Only a
 * call that names no member is not recorded: no action can move money without one.
 */
export function createWalletService(deps: WalletDeps) {
  const { db, ledger, sessions, settings, members, jackpots, secrets, now, timeZone } = deps;
  const repo = createGamesRepository(db);
  const groupCommit = deps.groupCommit ?? WALLET_GROUP_COMMIT;

  /** One call alone: its own statement (`wallet_bet`/`wallet_win`), as decision 0011 made it. */
  async function single(call: WalletBatchCall): Promise<PromiseSettledResult<WalletFunctionRow>> {
    try {
      const value = call.action === 'bet' ? await repo.walletBet(call) : await repo.walletWin(call);
      return { status: 'fulfilled', value };
    } catch (reason) {
      return { status: 'rejected', reason };
    }
  }

  /**
   * A batch of calls in one statement, sorted by member (stably: each member's calls keep their
   * order), so two batches at once lock members in the same order. When the batch fails whole (a
   * deadlock, a lost connection, an error that is no refusal), nothing of it was kept (or, when the
   * connection broke at commit, all of it was, and the calls then answer as replays): its calls are
   * applied one at a time, each member's in order, and each meets its error as it would alone.
   */
  async function runBatch(calls: WalletBatchCall[]): Promise<PromiseSettledResult<WalletFunctionRow>[]> {
    if (calls.length === 1) return [await single(calls[0]!)];
    const order = calls.map((_, i) => i).sort((a, b) => calls[a]!.memberId - calls[b]!.memberId || a - b);
    const results: PromiseSettledResult<WalletFunctionRow>[] = new Array(calls.length);
    try {
      const sorted = await repo.walletBatch(order.map((i) => calls[i]!));
      order.forEach((i, k) => (results[i] = sorted[k]!));
      return results;
    } catch {
      const byMember = new Map<number, number[]>();
      for (const i of order)
        byMember.set(calls[i]!.memberId, [...(byMember.get(calls[i]!.memberId) ?? []), i]);
      await Promise.all(
        [...byMember.values()].map(async (indexes) => {
          for (const i of indexes) results[i] = await single(calls[i]!);
        }),
      );
      return results;
    }
  }

  // Keyed by member: two batches at once never hold the same member, so they never wait for each
  // other's locks, and a member's calls leave in the order they came.
  const batcher =
    groupCommit &&
    createGroupCommit<WalletBatchCall, WalletFunctionRow>({
      run: runBatch,
      keyOf: (call) => call.memberId,
      ...groupCommit,
    });

  /** A bet or a win applied through the group commit (or alone when it is off); a refusal throws WalletRefused. */
  async function apply(call: WalletBatchCall): Promise<WalletFunctionRow> {
    if (batcher) return batcher.submit(call);
    const result = await single(call);
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  }
  /** Decrypted secrets by their sealed form: a rotation changes the sealed form, so nothing stale is kept. */
  const secretCache = new Map<string, string>();

  function secretOf(provider: ProviderRow): string {
    let secret = secretCache.get(provider.secret_enc);
    if (secret === undefined) {
      secret = secrets.open(provider.secret_enc);
      if (secretCache.size > 1000) secretCache.clear();
      secretCache.set(provider.secret_enc, secret);
    }
    return secret;
  }

  const ok = (balance: number): WalletReply => ({
    code: 200,
    body: { status: 'RS_OK', balance, currency: 'KRW' },
  });
  const cashOf = (memberId: number, trx?: Database) => ledger.accountBalance({ memberId, kind: 'cash' }, trx);
  const source = (provider: string) => `wallet:${provider}`;

  /**
   * Runs one call's transaction; a Refusal rolls it back and becomes the answer, recorded under the
   * call's transactionId (`refused`).
   */
  async function inCall(
    call: NewWalletCall,
    fn: (trx: Database) => Promise<WalletReply>,
  ): Promise<WalletReply> {
    try {
      return await db.transaction().execute(fn);
    } catch (error) {
      if (error instanceof Refusal) return refused(call, error.reply);
      throw error;
    }
  }

  /**
   * A member's id by user id, kept per instance: a user id never changes owner, so this may be
   * remembered for as long as the process lives (the member's state is read by every call).
   */
  const memberIds = new Map<string, number>();
  async function memberIdOf(userId: string): Promise<number | undefined> {
    const known = memberIds.get(userId);
    if (known !== undefined) return known;
    const member = await members.byUserId(userId);
    if (!member) return undefined;
    if (memberIds.size >= MAX_REMEMBERED) memberIds.clear();
    memberIds.set(userId, member.id);
    return member.id;
  }

  /**
   * A provider's row, read again at most once a second per instance: every wallet call needs it
   * before anything else, and an operator's change (disabling it, a new secret) applies within
   * that second on every instance.
   */
  const providers = new Map<string, { row: ProviderRow | undefined; until: number }>();
  async function providerOf(code: string): Promise<ProviderRow | undefined> {
    const at = now().getTime();
    const kept = providers.get(code);
    if (kept && kept.until > at) return kept.row;
    const row = await repo.provider(code);
    if (providers.size >= MAX_REMEMBERED) providers.clear();
    providers.set(code, { row, until: at + SETTINGS_FRESH_MS });
    return row;
  }

  /** The comp rates, read again at most once a second per instance (a change applies within it). */
  let rates: { value: CompRates; until: number } | undefined;
  async function compRates(): Promise<CompRates> {
    const at = now().getTime();
    if (!rates || rates.until <= at)
      rates = { value: await settings.compRates(), until: at + SETTINGS_FRESH_MS };
    return rates.value;
  }

  /**
   * The levels' own comp rates (docs/api/levels.md), read again at most once a second per instance;
   * null while no level has one, so the bet path then reads no member level at all.
   */
  let levelRates: { value: TLevelCompRates[] | null; until: number } | undefined;
  async function levelCompRates(): Promise<TLevelCompRates[] | null> {
    const at = now().getTime();
    if (!levelRates || levelRates.until <= at) {
      const levels = await settings.levelSettings();
      levelRates = {
        value: hasLevelCompRates(levels) ? levels.map((l) => l.compRates) : null,
        until: at + SETTINGS_FRESH_MS,
      };
    }
    return levelRates.value;
  }

  /**
   * A member's level, kept per instance for LEVEL_FRESH_MS: read only when some level has comp
   * rates of its own, and then once per member and period, never once per bet.
   */
  const levels = new Map<number, { level: number; until: number }>();
  async function levelOf(memberId: number): Promise<number> {
    const at = now().getTime();
    const kept = levels.get(memberId);
    if (kept && kept.until > at) return kept.level;
    const level = (await members.memberLevel(memberId))?.level ?? MEMBER_LEVEL_MIN;
    if (levels.size >= MAX_REMEMBERED) levels.clear();
    levels.set(memberId, { level, until: at + LEVEL_FRESH_MS });
    return level;
  }

  /**
   * The comp rate of a bet (basis points): the member's level's rate for the provider's kind when
   * the level has one, else the site's rate for the kind (mini-games: none).
   */
  async function compRateOf(memberId: number, kind: ProviderRow['kind']): Promise<number> {
    const site = kind === 'mini' ? 0 : (await compRates())[kind];
    if (kind === 'sport') return site;
    const byLevel = await levelCompRates();
    if (!byLevel) return site;
    return byLevel[(await levelOf(memberId)) - MEMBER_LEVEL_MIN]?.[kind] ?? site;
  }

  /** The answer to a wallet function's row; a replayed bet tells its jackpots again. */
  async function answerOf(
    row: WalletFunctionRow,
    provider: ProviderRow,
    transactionId: string,
    trx?: Database,
  ): Promise<WalletReply> {
    const status = row.status as TWalletStatus;
    if (status === 'RS_ERROR_WRONG_TYPES') return wrongTypes();
    if (row.balance === null) return { code: 200, body: { status } };
    const answer: WalletReply = { code: 200, body: { status, balance: row.balance, currency: 'KRW' } };
    // A provider that retried after a timeout never saw the jackpots its bet won.
    if (status === 'RS_OK' && row.replayed && provider.jackpot) {
      const hits = await jackpots.hitsOf(provider.code, transactionId, trx);
      if (hits.length > 0) answer.body.jackpots = hits;
    }
    return answer;
  }

  /**
   * The record of a bet or a win (its request hash over the action, member, round, game and
   * amount); undefined when the user id names no member.
   */
  async function moneyCall(
    provider: ProviderRow,
    action: 'bet' | 'win',
    input: TWalletBetRequest | TWalletWinRequest,
  ): Promise<NewWalletCall | undefined> {
    const userId = input.userId.toLowerCase();
    const hash = requestHash([action, userId, input.roundId, input.gameCode, input.amount]);
    const memberId = await memberIdOf(userId);
    if (memberId === undefined) return undefined;
    return {
      provider: provider.code,
      transactionId: input.transactionId,
      action,
      requestHash: hash,
      memberId,
      roundId: input.roundId,
      amount: input.amount,
      referenceId: null,
      outcome: 'RS_OK',
    };
  }

  /**
   * Records a refused call (its transaction kept nothing) under its transactionId with the answer
   * it got, so that id can never move money later, whatever the action. When another call took the
   * id in the meantime, the answer is that call's, as for any replay.
   */
  async function refused(call: NewWalletCall, reply: WalletReply): Promise<WalletReply> {
    const claim = await repo.claimCall({ ...call, outcome: reply.body.status }, db);
    if (claim.inserted) return reply;
    return replay(claim.row, call.requestHash, db, call.action === 'mark' ? undefined : call.action);
  }

  /**
   * Runs a bet or a win; a refusal the database raised (nothing was kept) becomes its answer and is
   * recorded. A balance, pool or total that would pass the storable maximum anywhere in the call (a
   * jackpot hit's payout, a pool) refuses the call whole: RS_ERROR_LIMIT_EXCEEDED.
   */
  async function answered(
    provider: ProviderRow,
    call: NewWalletCall,
    run: () => Promise<WalletReply>,
  ): Promise<WalletReply> {
    let row: WalletFunctionRow;
    try {
      return await run();
    } catch (error) {
      if (error instanceof WalletRefused) row = error.row;
      else if (isLedgerError(error, 'limit') || isStorableCheckViolation(error))
        row = { status: 'RS_ERROR_LIMIT_EXCEEDED', balance: null, replayed: false };
      else throw error;
    }
    if (row.status === 'RS_ERROR_LIMIT_EXCEEDED' && row.balance === null)
      row = { ...row, balance: await cashOf(call.memberId) };
    return refused(call, await answerOf(row, provider, call.transactionId));
  }

  /** The kind a call's stakes and wins count under; a transfer-wallet provider's count nothing. */
  function stakeKind(provider: ProviderRow): ProviderRow['kind'] | null {
    return provider.wallet === 'transfer' ? null : provider.kind;
  }

  /** A bet or win above the operator's maximum per call (the provider's `max_amount`): 400, recorded. */
  function overMaximum(provider: ProviderRow, amount: number): boolean {
    return amount > provider.max_amount;
  }

  /** The answer to a transactionId seen before: the first answer again, or a duplicate. */
  async function replay(
    row: WalletCallRow,
    hash: string,
    trx: Database,
    action?: 'bet' | 'win' | 'rollback',
  ): Promise<WalletReply> {
    // A bet whose rollback came first: void, as `wallet_bet` answers it.
    if (row.action === 'mark' && action === 'bet')
      return {
        code: 200,
        body: {
          status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
          balance: await cashOf(row.member_id, trx),
          currency: 'KRW',
        },
      };
    if (row.request_hash !== hash) return { code: 200, body: { status: 'RS_ERROR_DUPLICATE_TRANSACTION' } };
    if (row.outcome === 'RS_ERROR_WRONG_TYPES') return wrongTypes();
    const balance = await cashOf(row.member_id, trx);
    if (row.outcome !== 'RS_OK')
      return { code: 200, body: { status: row.outcome as TWalletStatus, balance, currency: 'KRW' } };
    const answer = ok(balance);
    // A bet's jackpots are told again: a provider that retried after a timeout never saw them.
    if (row.action === 'bet') {
      const hits = await jackpots.hitsOf(row.provider, row.transaction_id, trx);
      if (hits.length > 0) answer.body.jackpots = hits;
    }
    return answer;
  }

  return {
    /** What the group commit sent so far (batches, calls, the largest batch): for benchmarks. */
    groupCommitStats() {
      return batcher ? batcher.stats() : { batches: 0, items: 0, largest: 0 };
    },

    /**
     * The provider of a wallet request, when the request is signed with its secret: the signature
     * is checked before anything of the body is read. Null for an unknown or disabled provider, a
     * missing or wrong signature (HTTP 401 RS_ERROR_INVALID_SIGNATURE).
     */
    async verify(providerCode: string, signature: unknown, rawBody: Buffer): Promise<ProviderRow | null> {
      if (!/^[a-z0-9_-]{2,32}$/.test(providerCode)) return null;
      const provider = await providerOf(providerCode);
      if (!provider || !provider.enabled) return null;
      if (typeof signature !== 'string') return null;
      const given = signature.trim().toLowerCase();
      if (!SIGNATURE_PATTERN.test(given)) return null;
      const expected = createHmac('sha256', secretOf(provider)).update(rawBody).digest();
      return timingSafeEqual(expected, Buffer.from(given, 'hex')) ? provider : null;
    },

    /**
     * The member's cash. Without `userId` it names the token's member (`userId`), the way a
     * provider that has only the launch token learns who plays; `wallet` says whether the operator
     * runs the provider's money seamless or by transfer.
     */
    async balance(provider: ProviderRow, input: TWalletBalanceRequest): Promise<WalletReply> {
      const invalid: WalletReply = { code: 200, body: { status: 'RS_ERROR_INVALID_TOKEN' } };
      const token = await sessions.resolveGameToken(provider.code, input.token, { use: false });
      if (!token) return invalid;
      let userId = input.userId?.toLowerCase();
      if (userId === undefined) userId = (await members.userIdsOf([token.memberId])).get(token.memberId);
      else if ((await members.byUserId(userId))?.id !== token.memberId) return invalid;
      if (userId === undefined) return invalid;
      const answer = ok(await cashOf(token.memberId));
      return { ...answer, body: { ...answer.body, userId, wallet: provider.wallet } };
    },

    /**
     * A bet: one statement (`wallet_bet`, decision 0011), with the ledger's transfers prepared
     * here. On a provider that funds the jackpots, the bet and its jackpot draw share one
     * transaction.
     */
    async bet(provider: ProviderRow, input: TWalletBetRequest): Promise<WalletReply> {
      const record = await moneyCall(provider, 'bet', input);
      if (!record) return wrongTypes();
      const { requestHash: hash, memberId } = record;
      if (overMaximum(provider, input.amount)) return refused(record, wrongTypes());
      const meta = { roundId: input.roundId, gameCode: input.gameCode };
      const transfer =
        input.amount > 0
          ? await ledger.prepareTransfer({
              debit: { memberId, kind: 'cash' },
              credit: { system: `house:${provider.code}` },
              amount: input.amount,
              code: 'bet',
              idempotencyKey: `bet:${input.transactionId}`,
              source: source(provider.code),
              meta,
            })
          : null;
      // The level's rate for the kind when it has one, else the site's (mini-games: a level's only).
      const compRate = await compRateOf(memberId, provider.kind);
      const points = Math.floor((input.amount * compRate) / 10_000);
      const comp =
        transfer && points > 0
          ? await ledger.prepareTransfer({
              debit: { system: 'comp_expense' },
              credit: { memberId, kind: 'comp' },
              amount: points,
              code: 'comp',
              idempotencyKey: `comp:${input.transactionId}`,
              source: source(provider.code),
              meta: { roundId: input.roundId },
            })
          : null;
      const at = now();
      const call = {
        provider: provider.code,
        transactionId: input.transactionId,
        requestHash: hash,
        memberId,
        roundId: input.roundId,
        gameCode: input.gameCode,
        amount: input.amount,
        tokenHash: sessions.tokenHashOf(input.token) ?? '',
        at,
        tokenTtlMs: GAME_TOKEN_TTL_MS,
        transfer,
        comp,
        kind: stakeKind(provider),
        day: siteDay(at, timeZone),
      };
      return answered(provider, record, async () => {
        if (!provider.jackpot || !transfer)
          return answerOf(await apply({ action: 'bet', ...call }), provider, input.transactionId);
        return db.transaction().execute(async (trx) => {
          const row = await repo.walletBet(call, trx);
          if (row.status !== 'RS_OK' || row.replayed)
            return answerOf(row, provider, input.transactionId, trx);
          // A provider the operator opted in funds the jackpots, and its bets may win them.
          const { share, hits } = await jackpots.onBet(
            {
              memberId,
              provider: provider.code,
              transactionId: input.transactionId,
              roundId: input.roundId,
              amount: input.amount,
            },
            trx,
          );
          const won = hits.reduce((sum, h) => sum + h.amount, 0);
          if (won > 0)
            await repo.addToRound(
              {
                provider: provider.code,
                roundId: input.roundId,
                memberId,
                gameCode: input.gameCode,
                win: won,
              },
              at,
              trx,
            );
          // A jackpot is a win of the bet's day (docs/api/backoffice-partners.md: partners' wins).
          if (won > 0 && call.kind !== null)
            await repo.addDayWins(
              {
                provider: provider.code,
                transactionId: input.transactionId,
                day: call.day,
                kind: call.kind,
                amount: won,
              },
              trx,
            );
          if (share > 0)
            await repo.settleCall(provider.code, input.transactionId, { jackpot_share: share }, trx);
          const answer = ok(row.balance! + won);
          if (hits.length > 0) answer.body.jackpots = hits;
          return answer;
        });
      });
    },

    /**
     * The member's loss at the provider wallet in each rolling window that starts at `starts`
     * (bets that stand minus wins, never below 0), for player protection's `get-play-limits`.
     */
    async lossSince(memberId: number, starts: { day: Date; week: Date; month: Date }) {
      const loss = await repo.lossSince(memberId, starts);
      return { day: Math.max(0, loss.day), week: Math.max(0, loss.week), month: Math.max(0, loss.month) };
    },

    /**
     * Stakes (bets that stand) and wins per member, site day (YYYY-MM-DD) and game kind over
     * inclusive days, optionally of some members only: the wallet's daily aggregates
     * (`member_day_stakes`, migration 0021), for the levels, promotions and partners.
     */
    memberDayStakes(query: { from: string; to: string; memberIds?: readonly number[] }, trx?: Database) {
      return repo.memberDayStakes(query, trx);
    },

    /**
     * Stakes and wins over inclusive days per partner (0: none), day, kind and partners' rates
     * epoch, of the given partners' members (a settlement's one set-based read).
     */
    partnerStakes(query: { from: string; to: string; partnerIds: readonly number[] }, trx?: Database) {
      return repo.partnerStakes(query, trx);
    },

    /** How many distinct members of the given partners staked or won over inclusive days. */
    partnerPlayers(query: { from: string; to: string; partnerIds: readonly number[] }, trx?: Database) {
      return repo.partnerPlayers(query, trx);
    },

    /** A win: one statement (`wallet_win`, decision 0011), paid whatever the member's state. */
    async win(provider: ProviderRow, input: TWalletWinRequest): Promise<WalletReply> {
      const record = await moneyCall(provider, 'win', input);
      if (!record) return wrongTypes();
      const { requestHash: hash, memberId } = record;
      if (overMaximum(provider, input.amount)) return refused(record, wrongTypes());
      const transfer =
        input.amount > 0
          ? await ledger.prepareTransfer({
              debit: { system: `house:${provider.code}` },
              credit: { memberId, kind: 'cash' },
              amount: input.amount,
              code: 'win',
              idempotencyKey: `win:${input.transactionId}`,
              source: source(provider.code),
              meta: { roundId: input.roundId, gameCode: input.gameCode },
            })
          : null;
      const at = now();
      return answered(provider, record, async () => {
        const row = await apply({
          action: 'win',
          provider: provider.code,
          transactionId: input.transactionId,
          requestHash: hash,
          memberId,
          roundId: input.roundId,
          gameCode: input.gameCode,
          amount: input.amount,
          close: input.roundClosed === true,
          at,
          transfer,
          kind: stakeKind(provider),
          day: siteDay(at, timeZone),
        });
        return answerOf(row, provider, input.transactionId);
      });
    },

    async rollback(provider: ProviderRow, input: TWalletRollbackRequest): Promise<WalletReply> {
      const hash = requestHash([
        'rollback',
        input.userId.toLowerCase(),
        input.roundId,
        input.referenceTransactionId,
      ]);
      const memberId = await memberIdOf(input.userId.toLowerCase());
      if (memberId === undefined) return wrongTypes();
      const member = { id: memberId };
      const record: NewWalletCall = {
        provider: provider.code,
        transactionId: input.transactionId,
        action: 'rollback',
        requestHash: hash,
        memberId,
        roundId: input.roundId,
        amount: 0,
        referenceId: input.referenceTransactionId,
        outcome: 'RS_OK',
      };
      return inCall(record, async (trx) => {
        if (input.referenceTransactionId === input.transactionId)
          throw new Refusal('RS_ERROR_WRONG_TYPES', undefined, 400);
        const claim = await repo.claimCall(record, trx);
        if (!claim.inserted) return replay(claim.row, hash, trx, 'rollback');
        // The bet, or a mark in its place when it has not arrived: the bet arriving later finds the
        // mark and is refused. Both take the same primary key, so a bet and its rollback racing
        // each other serialize here.
        const target = await repo.claimCall(
          {
            provider: provider.code,
            transactionId: input.referenceTransactionId,
            action: 'mark',
            requestHash: '-',
            memberId: member.id,
            roundId: input.roundId,
            amount: 0,
            referenceId: input.transactionId,
            outcome: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
          },
          trx,
        );
        if (target.inserted || target.row.action === 'mark') return ok(await cashOf(member.id, trx));
        const bet = (await repo.callForUpdate(provider.code, input.referenceTransactionId, trx))!;
        // Only bets are rolled back, and only by their own member and round.
        if (bet.action !== 'bet' || bet.member_id !== member.id || bet.round_id !== input.roundId)
          throw new Refusal('RS_ERROR_WRONG_TYPES', undefined, 400);
        // A refused bet took nothing (and a rolled-back one gave it back already): nothing to return.
        if (bet.rolled_back || bet.outcome !== 'RS_OK') return ok(await cashOf(member.id, trx));
        const at = now();
        await repo.rollBackInRound(provider.code, input.roundId, bet.amount, at, trx);
        if (bet.amount > 0)
          await ledger.transfer(
            {
              debit: { system: `house:${provider.code}` },
              credit: { memberId: member.id, kind: 'cash' },
              amount: bet.amount,
              code: 'rollback',
              idempotencyKey: `rollback:${bet.transaction_id}`,
              source: source(provider.code),
              meta: { roundId: input.roundId, rollbackId: input.transactionId },
            },
            trx,
          );
        // The bet's comp points go back, as far as the member still has them (points already turned
        // into cash stay with the member: nothing takes cash back for them).
        if (bet.comp_points > 0) {
          const comp = await ledger.accountBalance({ memberId: member.id, kind: 'comp' }, trx);
          const back = Math.min(comp, bet.comp_points);
          if (back > 0)
            await ledger.transfer(
              {
                debit: { memberId: member.id, kind: 'comp' },
                credit: { system: 'comp_expense' },
                amount: back,
                code: 'comp',
                idempotencyKey: `comp-back:${bet.transaction_id}`,
                source: source(provider.code),
                meta: { roundId: input.roundId, rollbackId: input.transactionId },
              },
              trx,
            );
        }
        // The bet leaves the day row of stakes it was counted in (its day, partner and rates epoch),
        // after the member's accounts, in the lock order of `wallet_bet` (accounts, then the day row).
        // A rollback after the bet's day is journaled too: a partner may have been settled on it.
        if (bet.amount > 0 && bet.stake_partner !== null && bet.stake_epoch !== null) {
          const betDay = siteDay(bet.created_at, timeZone);
          await repo.unstake(
            {
              memberId: member.id,
              day: betDay,
              kind: provider.kind,
              partnerId: bet.stake_partner,
              epoch: bet.stake_epoch,
              amount: bet.amount,
              late: betDay < siteDay(at, timeZone) ? { at } : undefined,
            },
            trx,
          );
        }
        await repo.settleCall(provider.code, bet.transaction_id, { rolled_back: true }, trx);
        return ok(await cashOf(member.id, trx));
      });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
