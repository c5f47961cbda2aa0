import { createHmac, randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { makeChain, randomSeed } from '@casino/studio-engine/mini/chain';
import { drawMini, MINI_GAMES, type MiniGame } from '@casino/studio-engine/mini/draw';
import type { HmacSha256 } from '@casino/studio-engine/types';
import { int, type StudioDb, type StudioTables } from '../db.ts';

/**
 * The mini-games' round clock (docs/games/mini-games.md): exactly one instance per game holds the
 * lease (studio_mini_leases) and, in one transaction that keeps the lease row locked, draws every
 * round that is due and schedules the next one. A round left undrawn because its holder died is
 * drawn by the next holder from the same pre-made chain seed, so its result is the one fixed when
 * the chain was published: nothing is ever re-rolled.
 */

const nodeHmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

export interface MiniClockOptions {
  db: StudioDb;
  now: () => Date;
  /** This instance's name in the lease (default: random). */
  instanceId?: string;
  /** The site's time zone (IANA): rounds are numbered per day there. */
  timeZone?: string;
  /** How long a lease lasts without renewal (ms, default 10 s). */
  leaseMs?: number;
  /** Seeds per chain (default 10,000: a week of 1-minute rounds, five weeks of 5-minute ones). */
  chainLength?: number;
}

export interface TickResult {
  holder: boolean;
  /** Rounds this tick drew. */
  drawn: number[];
  /** The round this tick scheduled, if any. */
  scheduled: number | null;
}

export interface MiniClock {
  readonly instanceId: string;
  tick(game: MiniGame): Promise<TickResult>;
  tickAll(): Promise<TickResult[]>;
}

const CHAIN_BATCH = 5_000;

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

type Trx = Transaction<StudioTables>;

async function publishChain(trx: Trx, game: MiniGame, firstRound: number, length: number, at: Date) {
  const { seeds, terminalHash } = makeChain(randomSeed(), length);
  await trx
    .insertInto('studio_mini_chains')
    .values({ game, first_round: firstRound, length, terminal_hash: terminalHash, published_at: at })
    .execute();
  for (let k = 0; k < seeds.length; k += CHAIN_BATCH) {
    await trx
      .insertInto('studio_mini_seeds')
      .values(seeds.slice(k, k + CHAIN_BATCH).map((seed, i) => ({ game, round: firstRound + k + i, seed })))
      .execute();
  }
}

/** The next draw time on the cadence's boundaries whose betting is still open at `at` (ms). */
function nextDrawMs(at: Date, cadenceMs: number, cutoffMs: number): number {
  // Draw times fall on the cadence's boundaries counted from the epoch: in a zone offset by whole
  // hours or half hours (Seoul: +9) every site day starts on one of them. A boundary whose betting
  // would close at once is skipped.
  let drawsAtMs = (Math.floor(at.getTime() / cadenceMs) + 1) * cadenceMs;
  if (drawsAtMs - cutoffMs <= at.getTime()) drawsAtMs += cadenceMs;
  return drawsAtMs;
}

/**
 * A new cadence or cut-off for the round scheduled now, while nobody has bet on it: its draw moves
 * to the new cadence's next boundary (and its cut-off with it), as if it had been scheduled with
 * the new settings. A round with a slip (of any state) keeps its times: members bet on them. Runs
 * in the settings' transaction: the round's row is locked first, so a slip being reserved (which
 * share-locks it) is either seen here or reserved after, against the new times. The result is the
 * chain's seed whatever the time, so nothing of the fairness moves. Answers whether it moved.
 */
export async function retimeIdleRound(trx: Trx, game: MiniGame, at: Date): Promise<boolean> {
  const round = await trx
    .selectFrom('studio_mini_rounds')
    .select(['round', 'opens_at', 'closes_at', 'draws_at'])
    .where('game', '=', game)
    .where('drawn_at', 'is', null)
    .where('settlement', 'is', null)
    .where('draws_at', '>', at)
    .orderBy('round', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!round) return false;
  const slip = await trx
    .selectFrom('studio_mini_slips')
    .select('slip_id')
    .where('game', '=', game)
    .where('round', '=', round.round)
    .limit(1)
    .executeTakeFirst();
  if (slip) return false;
  const settings = await trx
    .selectFrom('studio_mini_games')
    .select(['cadence_minutes', 'cutoff_seconds'])
    .where('game', '=', game)
    .executeTakeFirstOrThrow();
  const cutoffMs = settings.cutoff_seconds * 1_000;
  const drawsAtMs = nextDrawMs(at, settings.cadence_minutes * 60_000, cutoffMs);
  const closesAtMs = Math.max(new Date(round.opens_at).getTime(), drawsAtMs - cutoffMs);
  if (drawsAtMs === new Date(round.draws_at).getTime() && closesAtMs === new Date(round.closes_at).getTime())
    return false;
  await trx
    .updateTable('studio_mini_rounds')
    .set({ draws_at: new Date(drawsAtMs), closes_at: new Date(closesAtMs) })
    .where('game', '=', game)
    .where('round', '=', round.round)
    .execute();
  return true;
}

async function hasSeed(trx: Trx, game: MiniGame, round: number): Promise<boolean> {
  const row = await trx
    .selectFrom('studio_mini_seeds')
    .select('round')
    .where('game', '=', game)
    .where('round', '=', round)
    .executeTakeFirst();
  return row !== undefined;
}

export function createMiniClock(options: MiniClockOptions): MiniClock {
  const { db, now } = options;
  const instanceId = options.instanceId ?? `studio-${randomBytes(6).toString('hex')}`;
  const timeZone = options.timeZone ?? 'Asia/Seoul';
  const leaseMs = options.leaseMs ?? 10_000;
  const chainLength = options.chainLength ?? 10_000;

  const tick = (game: MiniGame): Promise<TickResult> =>
    db.transaction().execute(async (trx) => {
      const at = now();
      // Take or renew the lease; the row stays locked until this transaction ends, so a second
      // instance waits here and then finds the lease held.
      const lease = await sql<{ holder: string }>`
        insert into studio_mini_leases (game, holder, expires_at)
        values (${game}, ${instanceId}, ${new Date(at.getTime() + leaseMs)})
        on conflict (game) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where studio_mini_leases.holder = excluded.holder or studio_mini_leases.expires_at <= ${at}
        returning holder`.execute(trx);
      if (lease.rows.length === 0) return { holder: false, drawn: [], scheduled: null };

      // Draw every due round, oldest first, from its chain seed.
      const due = await trx
        .selectFrom('studio_mini_rounds')
        .select('round')
        .where('game', '=', game)
        .where('drawn_at', 'is', null)
        .where('draws_at', '<=', at)
        .orderBy('round')
        .execute();
      const drawn: number[] = [];
      for (const row of due) {
        const round = int(row.round);
        const { seed } = await trx
          .selectFrom('studio_mini_seeds')
          .select('seed')
          .where('game', '=', game)
          .where('round', '=', round)
          .executeTakeFirstOrThrow();
        const result = drawMini(game, round, seed, nodeHmac);
        const updated = await trx
          .updateTable('studio_mini_rounds')
          .set({ drawn_at: at, seed, result: JSON.stringify(result), drawn_by: instanceId })
          .where('game', '=', game)
          .where('round', '=', round)
          .where('drawn_at', 'is', null)
          // Still due under the row's lock: an operator's new cadence may have moved it meanwhile.
          .where('draws_at', '<=', at)
          .executeTakeFirst();
        if (updated.numUpdatedRows > 0n) drawn.push(round);
      }

      // Schedule the next round once the last one's draw time has passed.
      const last = await trx
        .selectFrom('studio_mini_rounds')
        .select(['round', 'draws_at', 'day_round', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')])
        .where('game', '=', game)
        .orderBy('round', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last && new Date(last.draws_at).getTime() > at.getTime())
        return { holder: true, drawn, scheduled: null };

      const settings = await trx
        .selectFrom('studio_mini_games')
        .select(['cadence_minutes', 'cutoff_seconds'])
        .where('game', '=', game)
        .executeTakeFirstOrThrow();
      const cadenceMs = settings.cadence_minutes * 60_000;
      const round = last ? int(last.round) + 1 : 1;
      // The next boundary whose betting has not closed yet (after an outage the round that would
      // close at once is skipped). The round opens now, or at the last draw when that is later
      // than one cadence before its own.
      const cutoffMs = settings.cutoff_seconds * 1_000;
      const drawsAtMs = nextDrawMs(at, cadenceMs, cutoffMs);
      const drawsAt = new Date(drawsAtMs);
      if (!(await hasSeed(trx, game, round))) await publishChain(trx, game, round, chainLength, at);
      const opensAt = new Date(
        last
          ? Math.max(new Date(last.draws_at).getTime(), Math.min(at.getTime(), drawsAtMs - cadenceMs))
          : at.getTime(),
      );
      const closesAt = new Date(Math.max(opensAt.getTime(), drawsAtMs - cutoffMs));
      const day = dayIn(timeZone, opensAt);
      const dayRound = last && last.day === day ? last.day_round + 1 : 1;
      await trx
        .insertInto('studio_mini_rounds')
        .values({
          game,
          round,
          day,
          day_round: dayRound,
          opens_at: opensAt,
          closes_at: closesAt,
          draws_at: drawsAt,
        })
        .execute();
      // The next chain is published a round ahead of its first round.
      if (!(await hasSeed(trx, game, round + 1))) await publishChain(trx, game, round + 1, chainLength, at);
      return { holder: true, drawn, scheduled: round };
    });

  return {
    instanceId,
    tick,
    tickAll: () => Promise.all(MINI_GAMES.map((game) => tick(game))),
  };
}
