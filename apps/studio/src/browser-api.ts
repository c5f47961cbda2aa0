import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ZClientSeedRequest,
  ZDealRequest,
  ZRotateRequest,
  ZRoundsRequest,
  ZSessionRequest,
  ZSpinRequest,
} from '@casino/studio-engine/contract';
import { ZMiniBetRequest, ZMiniBetsRequest, ZMiniSessionRequest } from '@casino/studio-engine/mini/contract';
import type { BaccaratBets } from '@casino/studio-engine/types';
import type { StudioDb } from './db.ts';
import { currentSlot, currentTable, MINI_PROVIDER, STUDIO_GAMES, type StudioGame } from './games.ts';
import type { Members } from './members.ts';
import { readSettings, type MiniBetting } from './mini/betting.ts';
import { dayIn } from './mini/clock.ts';
import { openRound } from './mini/events.ts';
import type { PlayAnswer, Player, Rounds } from './rounds.ts';
import { commitmentOf, currentCommitment, lockSeed, rotateSeed } from './seeds.ts';
import { isStorableJson, studioBalance } from './transfer-api.ts';

/** The browser API's bodies are small: a token, a game, a few stakes. */
const BODY_LIMIT_BYTES = 8 * 1024;
const ROUNDS_PAGE = 20;

/** An error answer of the browser API: `{status: "error", code}` (contract.ts `ZError`). */
class StudioHttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  constructor(statusCode: number, code: string) {
    super(code);
    this.statusCode = statusCode;
    this.code = code;
  }
}

const badRequest = () => new StudioHttpError(400, 'bad_request');
const CODE_OF_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'invalid_token',
  403: 'forbidden',
  404: 'not_found',
  413: 'bad_request',
  429: 'too_many',
};

/**
 * The studio's error answer, `{status: "error", code}`, for its own errors, the platform's guards
 * (its origin check, its text guard: a NUL or a lone surrogate in a path or query) and Fastify's
 * own refusals. Used by the browser API and the mini-games' public routes.
 */
export function studioErrorHandler(
  error: FastifyError | StudioHttpError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof StudioHttpError)
    return reply.status(error.statusCode).send({ status: 'error', code: error.code });
  const statusCode =
    (error as { httpStatus?: number }).httpStatus ?? (error as FastifyError).statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    // A refused origin and a rate limit keep their codes; any other bad request is a 400.
    const http = statusCode === 403 || statusCode === 413 || statusCode === 429 ? statusCode : 400;
    return reply.status(http).send({ status: 'error', code: CODE_OF_STATUS[http] ?? 'bad_request' });
  }
  request.log.error({ err: error }, 'studio call failed');
  return reply.status(500).send({ status: 'error', code: 'error' });
}

export interface BrowserApiDeps {
  db: StudioDb;
  members: Members;
  rounds: Rounds;
  now: () => Date;
  /** The mini-games' betting, the site's time zone (their days) and where the studio answers. */
  mini: { betting: MiniBetting; timeZone: string; prefix: string };
}

/**
 * The studio's browser API (`POST <studio>/api/<action>`, packages/studio-engine/src/contract.ts):
 * what its game client calls with the launch token. Every request is validated with the
 * contract's schemas; errors answer `{status: "error", code}`, a refused round HTTP 200
 * `{status: "refused", code}`. It has its own JSON parser and error handler, so that it answers
 * the same inside the platform's server and in a bare Fastify on a host of its own.
 */
export async function registerBrowserApi(app: FastifyInstance, deps: BrowserApiDeps): Promise<void> {
  const { db, members, rounds, now, mini } = deps;

  function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
    if (!isStorableJson(body)) throw badRequest();
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw badRequest();
    return parsed.data;
  }

  function gameOf(code: string, kind?: StudioGame['kind']): StudioGame {
    const game = STUDIO_GAMES.get(code);
    if (!game) throw new StudioHttpError(404, 'not_found');
    if (kind && game.kind !== kind) throw badRequest();
    return game;
  }

  async function playerOf(game: StudioGame, token: string, fresh: boolean) {
    const who = await members.identify(game.provider, token, { fresh });
    if (!who.ok)
      throw who.reason === 'invalid_token'
        ? new StudioHttpError(401, 'invalid_token')
        : new StudioHttpError(503, 'unavailable');
    return who;
  }

  function answerPlay(reply: FastifyReply, answer: PlayAnswer, withShoe: boolean) {
    if (answer.kind === 'error') throw new StudioHttpError(answer.httpStatus, answer.code);
    if (answer.kind === 'refused')
      return reply.send({
        status: 'refused',
        code: answer.code,
        ...(answer.balance !== undefined ? { balance: answer.balance } : {}),
      });
    return reply.send({
      status: 'success',
      balance: answer.balance,
      round: answer.round,
      ...(withShoe && answer.shoe ? { shoe: answer.shoe } : {}),
      fairness: answer.fairness,
    });
  }

  /** A round: in transfer mode no bet call checks the token, so the platform is asked afresh. */
  async function play(game: StudioGame, token: string) {
    const mode = await members.modeOf(game.provider);
    const who = await playerOf(game, token, mode === 'transfer');
    const player: Player = { token, userId: who.userId };
    return { player, mode: who.wallet };
  }

  /**
   * The mini-games' member, and how the operator runs `house-mini`'s money: in transfer mode the
   * member's money for the mini-games is at the studio (studio_wallets), as for the other house
   * games, and no bet call checks the token, so it is asked afresh (`fresh`).
   */
  async function miniPlayer(token: string, fresh: boolean) {
    const who = await members.identify(MINI_PROVIDER, token, { fresh });
    if (!who.ok)
      throw who.reason === 'invalid_token'
        ? new StudioHttpError(401, 'invalid_token')
        : new StudioHttpError(503, 'unavailable');
    return who;
  }

  /** The member's balance now: the platform's `balance` call, or in transfer mode the studio's wallet. */
  async function miniBalance(token: string): Promise<number> {
    const who = await miniPlayer(token, true);
    return who.wallet === 'transfer' ? studioBalance(db, MINI_PROVIDER, who.userId) : (who.balance ?? 0);
  }

  const handlers: Record<string, (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>> = {
    async 'mini-session'(request, reply) {
      const input = parse(ZMiniSessionRequest, request.body);
      const who = await miniPlayer(input.token, true);
      const at = now();
      const settings = await readSettings(db, input.game);
      return reply.send({
        status: 'success',
        userId: who.userId,
        balance:
          who.wallet === 'transfer' ? await studioBalance(db, MINI_PROVIDER, who.userId) : (who.balance ?? 0),
        currency: 'KRW',
        wallet: who.wallet,
        game: input.game,
        settings: {
          cadenceMinutes: settings.cadenceMinutes,
          cutoffSeconds: settings.cutoffSeconds,
          maxRoundTotal: settings.maxRoundTotal,
          markets: settings.markets.map((m) => ({
            code: m.code,
            odds: m.odds,
            wins: m.wins,
            outcomes: m.outcomes,
            minBet: m.minBet,
            maxBet: m.maxBet,
          })),
        },
        current: await openRound(db, input.game, at),
        serverTime: at.toISOString(),
        events: `${mini.prefix}/api/mini/${input.game}/events`,
      });
    },
    async 'mini-bet'(request, reply) {
      const input = parse(ZMiniBetRequest, request.body);
      // Transfer mode: no bet call checks the token (a blocked member), so the platform is asked afresh.
      const mode = await members.modeOf(MINI_PROVIDER);
      const who = await miniPlayer(input.token, mode === 'transfer');
      const answer = await mini.betting.bet(
        { token: input.token, userId: who.userId },
        input.game,
        input.round,
        input.bets,
        who.wallet,
      );
      if (answer.kind === 'error') throw new StudioHttpError(answer.httpStatus, answer.code);
      if (answer.kind === 'refused') {
        if (answer.code === 'invalid_token') members.forget(MINI_PROVIDER, input.token);
        const { kind: _kind, ...refusal } = answer;
        return reply.send({ status: 'refused', ...refusal });
      }
      return reply.send({
        status: 'success',
        slipId: answer.slipId,
        bets: answer.bets,
        balance: answer.balance,
        jackpots: answer.jackpots,
      });
    },
    async 'mini-bets'(request, reply) {
      const input = parse(ZMiniBetsRequest, request.body);
      const who = await miniPlayer(input.token, false);
      const which =
        input.round !== undefined
          ? { round: input.round }
          : { day: input.day ?? dayIn(mini.timeZone, now()) };
      const { bets, jackpots } = await mini.betting.list(who.userId, input.game, which);
      return reply.send({ status: 'success', bets, jackpots, balance: await miniBalance(input.token) });
    },
    async session(request, reply) {
      const input = parse(ZSessionRequest, request.body);
      const game = gameOf(input.game);
      const who = await playerOf(game, input.token, true);
      const balance =
        who.wallet === 'transfer' ? await studioBalance(db, game.provider, who.userId) : (who.balance ?? 0);
      // The newest version of the game's definition: what the next round is played with.
      const definition =
        game.kind === 'slot'
          ? currentSlot(game)
          : { ...currentTable(game), shoe: await rounds.shoeInfo(who.userId, game.code) };
      return reply.send({
        status: 'success',
        userId: who.userId,
        balance,
        currency: 'KRW',
        wallet: who.wallet,
        kind: game.kind,
        definition,
        fairness: await currentCommitment(db, who.userId, game.code, now()),
      });
    },

    async spin(request, reply) {
      const input = parse(ZSpinRequest, request.body);
      const game = gameOf(input.game, 'slot');
      if (game.kind !== 'slot') throw badRequest();
      const { player, mode } = await play(game, input.token);
      const definition = currentSlot(game);
      return answerPlay(reply, await rounds.play(player, { game, definition, bet: input.bet }, mode), false);
    },

    async deal(request, reply) {
      const input = parse(ZDealRequest, request.body);
      const game = gameOf(input.game, 'baccarat');
      if (game.kind !== 'baccarat') throw badRequest();
      const { player, mode } = await play(game, input.token);
      // Only the spots staked: a 0 stake is no bet.
      const bets: BaccaratBets = Object.fromEntries(
        Object.entries(input.bets).filter(([, v]) => (v ?? 0) > 0),
      );
      const definition = currentTable(game);
      return answerPlay(reply, await rounds.play(player, { game, definition, bets }, mode), true);
    },

    /**
     * The member's own client seed. The server seed is rotated with it (the old one revealed), as
     * most provably fair sites do: a member who changes seeds after seeing rounds gets a seed pair
     * nobody has played with, and the old rounds become verifiable at once.
     */
    async 'client-seed'(request, reply) {
      const input = parse(ZClientSeedRequest, request.body);
      const game = gameOf(input.game);
      const who = await playerOf(game, input.token, false);
      const next = await db.transaction().execute(async (trx) => {
        const row = await lockSeed(trx, who.userId, game.code, now());
        return (await rotateSeed(trx, row, now(), input.clientSeed)).next;
      });
      return reply.send({ status: 'success', fairness: commitmentOf(next) });
    },

    async rotate(request, reply) {
      const input = parse(ZRotateRequest, request.body);
      const game = gameOf(input.game);
      const who = await playerOf(game, input.token, false);
      const { revealed, next } = await db.transaction().execute(async (trx) => {
        const row = await lockSeed(trx, who.userId, game.code, now());
        return rotateSeed(trx, row, now());
      });
      return reply.send({
        status: 'success',
        revealed: {
          serverSeed: revealed.server_seed,
          serverSeedHash: revealed.server_seed_hash,
          clientSeed: revealed.client_seed,
          rounds: revealed.nonce,
        },
        fairness: commitmentOf(next),
      });
    },

    async rounds(request, reply) {
      const input = parse(ZRoundsRequest, request.body);
      const game = gameOf(input.game);
      const who = await playerOf(game, input.token, false);
      const page = await rounds.list(who.userId, game.code, input.before, ROUNDS_PAGE);
      return reply.send({ status: 'success', ...page });
    },
  };

  await app.register(async (scope) => {
    // Its own parser: JSON only, small, refused with the API's own error shape.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string) as unknown);
        } catch {
          done(badRequest(), undefined);
        }
      },
    );

    scope.setErrorHandler(studioErrorHandler);

    // Answers name a member's money and rounds: never kept by a cache, errors included.
    scope.addHook('onRequest', (_request, reply, done) => {
      reply.header('cache-control', 'no-store');
      done();
    });

    scope.post<{ Params: { action: string } }>('/api/:action', async (request, reply) => {
      const handler = Object.hasOwn(handlers, request.params.action)
        ? handlers[request.params.action]
        : undefined;
      if (!handler) throw new StudioHttpError(404, 'not_found');
      return handler(request, reply);
    });
  });
}
