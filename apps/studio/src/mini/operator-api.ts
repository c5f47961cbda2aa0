import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { isMiniGame, MINI_GAMES, type MiniGame } from '@casino/studio-engine/mini/draw';
import { int, json, type StudioDb } from '../db.ts';
import { isStorableJson } from '../transfer-api.ts';
import { readSettings, type MiniBetting } from './betting.ts';
import { retimeIdleRound } from './clock.ts';

/**
 * The studio's operator API for the mini-games (decision 0026, docs/api/studio-mini.md "Operator
 * API"): `POST <studio>/operator/mini/<action>`, JSON, signed like the wallet and the transfer API
 * (`X-Signature` = hex HMAC-SHA256(the `house-mini` provider secret, the raw body)), and carrying
 * `at`, the caller's clock, which must be within 60 s of the studio's (a replayed body dies with
 * it). The platform's back office calls it; nothing else does. Answers are the back office's
 * shapes (packages/contracts/src/backoffice-mini.ts), so the platform passes them on as they are.
 */

const BODY_LIMIT_BYTES = 16 * 1024;
const SKEW_MS = 60_000;
const ROUND_BETS = 1_000;
const LIMIT_CEILING = 100_000_000_000;

const ZGame = z.enum(MINI_GAMES);
const ZAt = z.iso.datetime();
const ZBy = z.string().min(1).max(100);
const ZRound = z.int().min(1).max(Number.MAX_SAFE_INTEGER);
const ZLimit = z.int().min(1).max(LIMIT_CEILING);

const REQUESTS = {
  settings: z.strictObject({ at: ZAt, game: ZGame }),
  'update-settings': z.strictObject({
    at: ZAt,
    game: ZGame,
    by: ZBy,
    cadenceMinutes: z
      .int()
      .refine((n) => [1, 2, 3, 5].includes(n))
      .optional(),
    cutoffSeconds: z.int().min(0).max(120).optional(),
    maxRoundTotal: ZLimit.optional(),
    markets: z
      .array(
        z.strictObject({
          code: z.string().regex(/^[a-z-]{2,30}$/),
          odds: z.int().min(1).max(100_000).optional(),
          minBet: ZLimit.optional(),
          maxBet: ZLimit.optional(),
          maxExposure: ZLimit.optional(),
        }),
      )
      .max(60)
      .optional(),
  }),
  rounds: z.strictObject({
    at: ZAt,
    game: ZGame,
    before: ZRound.optional(),
    limit: z.int().min(1).max(100).default(30),
  }),
  round: z.strictObject({ at: ZAt, game: ZGame, round: ZRound }),
  void: z.strictObject({
    at: ZAt,
    game: ZGame,
    round: ZRound,
    by: ZBy,
    reason: z.string().min(1).max(200),
  }),
} as const;

type Action = keyof typeof REQUESTS;

export interface MiniOperatorDeps {
  db: StudioDb;
  betting: MiniBetting;
  now: () => Date;
  /** The `house-mini` provider's secret (the one the wallet calls are signed with). */
  secret: () => string;
}

type RoundRow = {
  round: number | string;
  day: string;
  day_round: number;
  opens_at: Date;
  closes_at: Date;
  draws_at: Date;
  drawn_at: Date | null;
  result: unknown;
  settlement: 'pay' | 'void' | null;
  settled_at: Date | null;
};

function stateOf(r: RoundRow, at: Date) {
  if (r.settlement === 'void') return 'voided' as const;
  if (r.settled_at) return 'settled' as const;
  if (r.drawn_at) return 'drawn' as const;
  return at.getTime() >= new Date(r.closes_at).getTime() ? ('closed' as const) : ('open' as const);
}

export async function registerMiniOperatorApi(app: FastifyInstance, deps: MiniOperatorDeps): Promise<void> {
  const { db, betting, now } = deps;

  /** Totals per round: stakes that stand, wins paid, slips and members. */
  async function totals(game: MiniGame, rounds: number[]) {
    if (rounds.length === 0)
      return new Map<number, { stakes: number; wins: number; slips: number; members: number }>();
    const rows = await db
      .selectFrom('studio_mini_slips as s')
      .select([
        's.round',
        sql<string>`coalesce(sum(s.total) filter (where s.state = 'ok'), 0)`.as('stakes'),
        sql<string>`coalesce((select sum(b.win) from studio_mini_bets b join studio_mini_slips s2 on s2.slip_id = b.slip_id
          where s2.game = s.game and s2.round = s.round and b.win_state = 'paid'), 0)`.as('wins'),
        sql<string>`count(*) filter (where s.state in ('ok', 'pending'))`.as('slips'),
        sql<string>`count(distinct s.user_id) filter (where s.state in ('ok', 'pending'))`.as('members'),
      ])
      .where('s.game', '=', game)
      .where('s.round', 'in', rounds)
      .groupBy(['s.game', 's.round'])
      .execute();
    return new Map(
      rows.map((r) => [
        int(r.round),
        { stakes: int(r.stakes), wins: int(r.wins), slips: int(r.slips), members: int(r.members) },
      ]),
    );
  }

  const roundColumns = [
    'round',
    sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
    'day_round',
    'opens_at',
    'closes_at',
    'draws_at',
    'drawn_at',
    'result',
    'settlement',
    'settled_at',
  ] as const;

  function summary(
    r: RoundRow,
    t: { stakes: number; wins: number; slips: number; members: number } | undefined,
    at: Date,
  ) {
    return {
      round: int(r.round),
      day: r.day,
      dayRound: r.day_round,
      opensAt: new Date(r.opens_at).toISOString(),
      closesAt: new Date(r.closes_at).toISOString(),
      drawsAt: new Date(r.draws_at).toISOString(),
      drawnAt: r.drawn_at ? new Date(r.drawn_at).toISOString() : null,
      result: r.result === null ? null : json(r.result),
      state: stateOf(r, at),
      stakes: t?.stakes ?? 0,
      wins: t?.wins ?? 0,
      slips: t?.slips ?? 0,
      members: t?.members ?? 0,
    };
  }

  const handlers: { [A in Action]: (input: z.infer<(typeof REQUESTS)[A]>) => Promise<unknown> } = {
    async settings(input) {
      const s = await readSettings(db, input.game);
      return {
        status: 'success',
        game: s.game,
        cadenceMinutes: s.cadenceMinutes,
        cutoffSeconds: s.cutoffSeconds,
        maxRoundTotal: s.maxRoundTotal,
        markets: s.markets,
      };
    },
    async 'update-settings'(input) {
      const current = await readSettings(db, input.game);
      const byCode = new Map(current.markets.map((m) => [m.code, m]));
      for (const change of input.markets ?? []) {
        const m = byCode.get(change.code);
        if (!m) return { status: 'invalid', market: change.code };
        const odds = change.odds ?? m.odds;
        const minBet = change.minBet ?? m.minBet;
        const maxBet = change.maxBet ?? m.maxBet;
        // The engine's bounds keep the market's RTP within 90 % .. 99 %.
        if (odds < m.minOdds || odds > m.maxOdds || minBet > maxBet)
          return { status: 'invalid', market: change.code };
      }
      const at = now();
      await db.transaction().execute(async (trx) => {
        const game: Record<string, unknown> = {};
        if (input.cadenceMinutes !== undefined) game.cadence_minutes = input.cadenceMinutes;
        if (input.cutoffSeconds !== undefined) game.cutoff_seconds = input.cutoffSeconds;
        if (input.maxRoundTotal !== undefined) game.max_round_total = input.maxRoundTotal;
        if (Object.keys(game).length > 0)
          await trx
            .updateTable('studio_mini_games')
            .set({ ...game, updated_at: at })
            .where('game', '=', input.game)
            .execute();
        // A new clock also re-times the round scheduled now while nobody has bet on it.
        if (input.cadenceMinutes !== undefined || input.cutoffSeconds !== undefined)
          await retimeIdleRound(trx, input.game, at);
        for (const change of input.markets ?? []) {
          const set: Record<string, unknown> = {};
          if (change.odds !== undefined) set.odds = change.odds;
          if (change.minBet !== undefined) set.min_bet = change.minBet;
          if (change.maxBet !== undefined) set.max_bet = change.maxBet;
          if (change.maxExposure !== undefined) set.max_exposure = change.maxExposure;
          if (Object.keys(set).length === 0) continue;
          await trx
            .updateTable('studio_mini_markets')
            .set({ ...set, updated_at: at })
            .where('game', '=', input.game)
            .where('market', '=', change.code)
            .execute();
        }
      });
      return { status: 'success' };
    },
    async rounds(input) {
      const at = now();
      let query = db.selectFrom('studio_mini_rounds').select(roundColumns).where('game', '=', input.game);
      if (input.before !== undefined) query = query.where('round', '<', input.before);
      const rows = (await query
        .orderBy('round', 'desc')
        .limit(input.limit + 1)
        .execute()) as RoundRow[];
      const page = rows.slice(0, input.limit);
      const t = await totals(
        input.game,
        page.map((r) => int(r.round)),
      );
      return {
        status: 'success',
        rounds: page.map((r) => summary(r, t.get(int(r.round)), at)),
        next: rows.length > input.limit ? int(page[page.length - 1]!.round) : null,
      };
    },
    async round(input) {
      const at = now();
      const row = await db
        .selectFrom('studio_mini_rounds')
        .select([...roundColumns, 'voided_at', 'voided_by', 'void_reason'])
        .where('game', '=', input.game)
        .where('round', '=', input.round)
        .executeTakeFirst();
      if (!row) return { status: 'not_found' };
      const t = await totals(input.game, [input.round]);
      const settings = await readSettings(db, input.game);
      const exposure = await db
        .selectFrom('studio_mini_exposure')
        .select(['market', 'stakes', 'payout', 'bets'])
        .where('game', '=', input.game)
        .where('round', '=', input.round)
        .execute();
      const byMarket = new Map(exposure.map((e) => [e.market, e]));
      const bets = await db
        .selectFrom('studio_mini_bets as b')
        .innerJoin('studio_mini_slips as s', 's.slip_id', 'b.slip_id')
        .select([
          's.slip_id',
          's.user_id',
          'b.market',
          'b.amount',
          'b.odds',
          's.state',
          'b.outcome',
          'b.win',
          's.created_at',
        ])
        .where('s.game', '=', input.game)
        .where('s.round', '=', input.round)
        .where('s.state', '<>', 'refused')
        .orderBy('s.created_at', 'desc')
        .orderBy('b.market')
        .limit(ROUND_BETS)
        .execute();
      const count = await db
        .selectFrom('studio_mini_bets as b')
        .innerJoin('studio_mini_slips as s', 's.slip_id', 'b.slip_id')
        .select(sql<string>`count(*)`.as('n'))
        .where('s.game', '=', input.game)
        .where('s.round', '=', input.round)
        .where('s.state', '<>', 'refused')
        .executeTakeFirstOrThrow();
      return {
        status: 'success',
        round: {
          ...summary(row as RoundRow, t.get(input.round), at),
          voidedAt: row.voided_at ? new Date(row.voided_at).toISOString() : null,
          voidedBy: row.voided_by,
          voidReason: row.void_reason,
        },
        exposure: settings.markets.map((m) => {
          const e = byMarket.get(m.code);
          return {
            market: m.code,
            stakes: e ? int(e.stakes) : 0,
            payout: e ? int(e.payout) : 0,
            maxExposure: m.maxExposure,
            bets: e?.bets ?? 0,
          };
        }),
        bets: bets.map((b) => ({
          slipId: b.slip_id,
          userId: b.user_id,
          market: b.market,
          amount: int(b.amount),
          odds: b.odds,
          state:
            b.state === 'rolled_back'
              ? 'refunded'
              : b.outcome === 'won'
                ? 'won'
                : b.outcome === 'lost'
                  ? 'lost'
                  : 'open',
          win: int(b.win),
          at: new Date(b.created_at).toISOString(),
        })),
        totalBets: int(count.n),
      };
    },
    async void(input) {
      return { status: await betting.voidRound(input.game, input.round, input.by, input.reason) };
    },
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.addHook('onRequest', (_request, reply, done) => {
      reply.header('cache-control', 'no-store');
      done();
    });
    // A refusal before the handler (Fastify's, or the platform's text guard, whose error carries
    // `httpStatus`: a NUL in the query or the body) is a 400; anything else a 500.
    scope.setErrorHandler((error: { statusCode?: number; httpStatus?: number }, request, reply) => {
      const statusCode = error.httpStatus ?? error.statusCode ?? 500;
      if (statusCode >= 400 && statusCode < 500)
        return reply.status(400).send({ status: 'error', code: 'bad_request' });
      request.log.error({ err: error }, 'studio operator call failed');
      return reply.status(500).send({ status: 'error', code: 'error' });
    });
    scope.post<{ Params: { action: string } }>('/operator/mini/:action', async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const given = request.headers['x-signature'];
      const expected = createHmac('sha256', deps.secret()).update(raw).digest();
      const signature =
        typeof given === 'string' && /^[0-9a-f]{64}$/.test(given) ? Buffer.from(given, 'hex') : null;
      if (!signature || !timingSafeEqual(signature, expected))
        return reply.status(401).send({ status: 'error', code: 'invalid_signature' });
      const { action } = request.params;
      if (!Object.hasOwn(REQUESTS, action))
        return reply.status(404).send({ status: 'error', code: 'not_found' });
      // Everything is in the signed body: a query (which the signature does not cover) is refused.
      if (Object.keys(request.query ?? {}).length > 0)
        return reply.status(400).send({ status: 'error', code: 'bad_request' });
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return reply.status(400).send({ status: 'error', code: 'bad_request' });
      }
      if (!isStorableJson(body)) return reply.status(400).send({ status: 'error', code: 'bad_request' });
      const parsed = REQUESTS[action as Action].safeParse(body);
      if (!parsed.success || !isMiniGame((body as { game?: unknown }).game))
        return reply.status(400).send({ status: 'error', code: 'bad_request' });
      if (Math.abs(Date.parse(parsed.data.at) - now().getTime()) > SKEW_MS)
        return reply.status(401).send({ status: 'error', code: 'stale' });
      const handler = handlers[action as Action] as (input: unknown) => Promise<unknown>;
      return reply.send(await handler(parsed.data));
    });
  });
}
