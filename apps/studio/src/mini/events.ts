import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { TMiniRound } from '@casino/studio-engine/mini/contract';
import { isMiniGame, MINI_GAMES, type MiniGame } from '@casino/studio-engine/mini/draw';
import { int, json, type StudioDb } from '../db.ts';
import { MINI_PUBLIC_QUERIES, miniQuery } from './public-api.ts';

/**
 * The mini-games' push stream (docs/api/studio-mini.md, "Push"): `GET <studio>/api/mini/<game>/events`,
 * Server-Sent Events `round`, `draw` and `settled`. Only the lease holder draws and settles, but any
 * instance holds connections: each instance learns what changed from the database once per clock
 * tick (one query per game, whatever the number of connections) and writes it to its own
 * connections. Clients never poll.
 */

const KEEPALIVE_MS = 20_000;
/** Connections one instance keeps at most (then 503: the client's EventSource retries). */
const MAX_CONNECTIONS = 20_000;
const REMEMBERED = 50;
/** Rounds read per tick: a round is announced while it is among the newest (a late settlement of an older void included). */
const RECENT = 8;

/** The round open for bets now (null between rounds). */
export async function openRound(db: StudioDb, game: MiniGame, at: Date): Promise<TMiniRound | null> {
  const row = await db
    .selectFrom('studio_mini_rounds')
    .select([
      'round',
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      'day_round',
      'opens_at',
      'closes_at',
      'draws_at',
    ])
    .where('game', '=', game)
    .where('settlement', 'is', null)
    .where('opens_at', '<=', at)
    .where('closes_at', '>', at)
    .orderBy('round', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? roundView(row) : null;
}

function roundView(row: {
  round: number | string;
  day: string;
  day_round: number;
  opens_at: Date;
  closes_at: Date;
  draws_at: Date;
}): TMiniRound {
  return {
    round: int(row.round),
    day: row.day,
    dayRound: row.day_round,
    opensAt: new Date(row.opens_at).toISOString(),
    closesAt: new Date(row.closes_at).toISOString(),
    drawsAt: new Date(row.draws_at).toISOString(),
  };
}

/** Remembers the last rounds announced of one kind, so each is written once. */
class Seen {
  private readonly rounds: (number | string)[] = [];
  primed = false;
  has(round: number | string) {
    return this.rounds.includes(round);
  }
  add(round: number | string) {
    this.rounds.push(round);
    if (this.rounds.length > REMEMBERED) this.rounds.shift();
  }
}

export function createMiniEvents(deps: { db: StudioDb; now: () => Date; log: FastifyBaseLogger }) {
  const { db, now, log } = deps;
  const connections = new Map<MiniGame, Set<ServerResponse>>(MINI_GAMES.map((g) => [g, new Set()]));
  const seen = new Map(
    MINI_GAMES.map((g) => [g, { round: new Seen(), draw: new Seen(), settled: new Seen() }]),
  );
  let total = 0;

  function write(game: MiniGame, event: string, data: unknown) {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of connections.get(game)!) res.write(frame);
  }

  /** Reads what changed for a game and announces it (what every instance runs after its clock tick). */
  async function publish(game: MiniGame): Promise<void> {
    const marks = seen.get(game)!;
    const at = now();
    // One query a tick: the newest rounds hold the open one, the draws and the settlements to announce.
    const recent = await db
      .selectFrom('studio_mini_rounds')
      .select([
        'round',
        sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
        'day_round',
        'opens_at',
        'closes_at',
        'draws_at',
        'drawn_at',
        'seed',
        'result',
        'settlement',
        'settled_at',
      ])
      .where('game', '=', game)
      .orderBy('round', 'desc')
      .limit(RECENT)
      .execute();
    const openRow = recent.find(
      (r) =>
        r.settlement === null &&
        new Date(r.opens_at).getTime() <= at.getTime() &&
        new Date(r.closes_at).getTime() > at.getTime(),
    );
    const open = openRow ? roundView(openRow) : null;
    const drawn = recent.filter((r) => r.drawn_at !== null);
    const settled = recent
      .filter((r) => r.settled_at !== null)
      .sort((a, b) => new Date(b.settled_at!).getTime() - new Date(a.settled_at!).getTime());
    const first = !marks.round.primed;
    // A round is announced again when its times change (an operator's new cadence re-timed it
    // before anybody bet on it): the clients' countdowns follow.
    const openKey = open ? `${open.round}@${open.closesAt}@${open.drawsAt}` : null;
    if (open && openKey && !marks.round.has(openKey)) {
      marks.round.add(openKey);
      if (!first) write(game, 'round', open);
    }
    for (const r of drawn.reverse()) {
      const round = int(r.round);
      if (marks.draw.has(round)) continue;
      marks.draw.add(round);
      if (!first) write(game, 'draw', { round, seed: r.seed, result: json(r.result) });
    }
    for (const r of settled.reverse()) {
      const round = int(r.round);
      if (marks.settled.has(round)) continue;
      marks.settled.add(round);
      if (!first) write(game, 'settled', { round, voided: r.settlement === 'void' });
    }
    marks.round.primed = true;
  }

  const keepalive = setInterval(() => {
    for (const set of connections.values()) for (const res of set) res.write(': keepalive\n\n');
  }, KEEPALIVE_MS);
  keepalive.unref();

  return {
    publish,
    async publishAll() {
      for (const game of MINI_GAMES) await publish(game);
    },
    connections: () => total,
    register(app: FastifyInstance) {
      app.get<{ Params: { game: string } }>('/api/mini/:game/events', async (request, reply) => {
        const { game } = request.params;
        if (!isMiniGame(game)) return reply.code(404).send({ status: 'error', code: 'not_found' });
        if (!miniQuery(MINI_PUBLIC_QUERIES.events, request.query))
          return reply.code(400).send({ status: 'error', code: 'bad_request' });
        if (total >= MAX_CONNECTIONS)
          return reply.code(503).header('retry-after', '5').send({ status: 'error', code: 'unavailable' });
        const current = await openRound(db, game, now());
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write('retry: 3000\n\n');
        if (current) res.write(`event: round\ndata: ${JSON.stringify(current)}\n\n`);
        const set = connections.get(game)!;
        set.add(res);
        total += 1;
        request.raw.on('close', () => {
          if (set.delete(res)) total -= 1;
        });
      });
      app.addHook('onClose', async () => {
        clearInterval(keepalive);
        for (const set of connections.values()) {
          for (const res of set) res.end();
          set.clear();
        }
        total = 0;
        log.debug('mini events closed');
      });
    },
  };
}
