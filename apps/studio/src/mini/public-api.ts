import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { isMiniGame, type MiniGame } from '@casino/studio-engine/mini/draw';
import { int, json, type StudioDb } from '../db.ts';

/**
 * The mini-games' public rounds (docs/api/studio-mini.md), for anyone
 * without a session: the published chain, the rounds with their revealed seeds and results, and
 * the current round's clock. Errors answer `{status: "error", code}` like the browser API.
 */

const DEFAULT_LIMIT = 20;
const MAX_ROUND = Number.MAX_SAFE_INTEGER;

type Reply = { code: (n: number) => { send: (body: unknown) => unknown } };
const notFound = (reply: Reply) => reply.code(404).send({ status: 'error', code: 'not_found' });
const badRequest = (reply: Reply) => reply.code(400).send({ status: 'error', code: 'bad_request' });

/** A positive integer query value ("12"), or undefined when absent; null when malformed. */
function intParam(value: unknown, min: number, max: number): number | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[0-9]{1,16}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

export interface MiniApiDeps {
  db: StudioDb;
  now: () => Date;
}

export async function registerMiniApi(app: FastifyInstance, deps: MiniApiDeps): Promise<void> {
  const { db, now } = deps;

  app.get<{ Params: { game: string }; Querystring: Record<string, unknown> }>(
    '/api/mini/:game/chain',
    async (request, reply) => {
      const { game } = request.params;
      if (!isMiniGame(game)) return notFound(reply);
      // The newest published chain (published before its first round), or with `?round=` the chain
      // that round belongs to.
      const round = intParam(request.query.round, 1, MAX_ROUND);
      if (round === null) return badRequest(reply);
      let query = db
        .selectFrom('studio_mini_chains')
        .select(['first_round', 'terminal_hash', 'published_at'])
        .where('game', '=', game);
      if (round !== undefined) query = query.where('first_round', '<=', round);
      const chain = await query.orderBy('first_round', 'desc').limit(1).executeTakeFirst();
      if (!chain) return notFound(reply);
      return {
        game,
        terminalHash: chain.terminal_hash,
        publishedAt: new Date(chain.published_at).toISOString(),
        firstRound: int(chain.first_round),
      };
    },
  );

  app.get<{ Params: { game: string }; Querystring: Record<string, unknown> }>(
    '/api/mini/:game/rounds',
    async (request, reply) => {
      const { game } = request.params;
      if (!isMiniGame(game)) return notFound(reply);
      const limit = intParam(request.query.limit, 1, 100);
      const before = intParam(request.query.before, 1, MAX_ROUND);
      if (limit === null || before === null) return badRequest(reply);
      let query = db
        .selectFrom('studio_mini_rounds')
        .select([
          'round',
          sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
          'day_round',
          'closes_at',
          'drawn_at',
          'seed',
          'result',
        ])
        .where('game', '=', game);
      if (before !== undefined) query = query.where('round', '<', before);
      const rows = await query
        .orderBy('round', 'desc')
        .limit(limit ?? DEFAULT_LIMIT)
        .execute();
      return {
        game,
        rounds: rows.map((r) => ({
          round: int(r.round),
          day: r.day,
          dayRound: r.day_round,
          closesAt: new Date(r.closes_at).toISOString(),
          drawnAt: r.drawn_at ? new Date(r.drawn_at).toISOString() : null,
          seed: r.seed,
          result: r.result === null ? null : json(r.result),
        })),
      };
    },
  );

  app.get<{ Params: { game: string } }>('/api/mini/:game/current', async (request, reply) => {
    const { game } = request.params;
    if (!isMiniGame(game)) return notFound(reply);
    return currentRound(db, game, now());
  });
}

/** The round being played: the oldest undrawn round, else the newest (null before the first). */
export async function currentRound(db: StudioDb, game: MiniGame, at: Date) {
  const row =
    (await db
      .selectFrom('studio_mini_rounds')
      .select(['round', 'closes_at', 'draws_at'])
      .where('game', '=', game)
      .where('drawn_at', 'is', null)
      .orderBy('round')
      .limit(1)
      .executeTakeFirst()) ??
    (await db
      .selectFrom('studio_mini_rounds')
      .select(['round', 'closes_at', 'draws_at'])
      .where('game', '=', game)
      .orderBy('round', 'desc')
      .limit(1)
      .executeTakeFirst());
  return {
    round: row ? int(row.round) : null,
    closesAt: row ? new Date(row.closes_at).toISOString() : null,
    drawsAt: row ? new Date(row.draws_at).toISOString() : null,
    serverTime: at.toISOString(),
  };
}
