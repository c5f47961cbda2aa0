import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
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

/** A whole number in the query ("12": digits only, no sign, point, exponent or space) within [min, max]. */
const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,16}$/)
    .transform(Number)
    .pipe(z.int().min(min).max(max));

/**
 * Each public route's query, strict as the platform's (docs/api/studio-mini.md): a key the route
 * does not name, a repeated key or a malformed value answers 400 `bad_request`.
 */
export const MINI_PUBLIC_QUERIES = {
  chain: z.strictObject({ round: queryInt(1, MAX_ROUND).optional() }),
  rounds: z.strictObject({ limit: queryInt(1, 100).optional(), before: queryInt(1, MAX_ROUND).optional() }),
  current: z.strictObject({}),
  events: z.strictObject({}),
};

/** The request's query read by its route's schema, or null (answer `badRequest`). */
export function miniQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> | null {
  const parsed = schema.safeParse(query ?? {});
  return parsed.success ? parsed.data : null;
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
      const query = miniQuery(MINI_PUBLIC_QUERIES.chain, request.query);
      if (!query) return badRequest(reply);
      const { round } = query;
      let chains = db
        .selectFrom('studio_mini_chains')
        .select(['first_round', 'terminal_hash', 'published_at'])
        .where('game', '=', game);
      if (round !== undefined) chains = chains.where('first_round', '<=', round);
      const chain = await chains.orderBy('first_round', 'desc').limit(1).executeTakeFirst();
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
      const query = miniQuery(MINI_PUBLIC_QUERIES.rounds, request.query);
      if (!query) return badRequest(reply);
      const { limit, before } = query;
      let rounds = db
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
      if (before !== undefined) rounds = rounds.where('round', '<', before);
      const rows = await rounds
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
    if (!miniQuery(MINI_PUBLIC_QUERIES.current, request.query)) return badRequest(reply);
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
