import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMiniClock, registerStudio, type StudioHandle } from '@casino/studio';
import { drawMini, type MiniGame } from '@casino/studio-engine/mini/draw';
import { createTestDatabase, TestClock, type TestDatabase } from './harness.ts';

// Issue 27: the mini-games' round clock and public rounds (docs/games/mini-games.md,
// docs/api/studio-mini.md), on the studio's own tables, with two clocks on one database.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const CADENCE_MS = { powerball: 5 * 60_000, ladder: 3 * 60_000 } as const;

let database: TestDatabase;
let app: FastifyInstance;
let studio: StudioHandle;
const clock = new TestClock();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const db = () => database.db as any;

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  studio = await registerStudio(app, {
    db: database.db,
    studioKey: randomBytes(32),
    platformUrl: 'http://127.0.0.1:9',
    now: clock.now,
    recoveryIntervalMs: 0,
    miniTickMs: 0,
    instanceId: 'server',
    miniChainLength: 50,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { rounds: Round[] } };
};
type Round = {
  round: number;
  day: string;
  dayRound: number;
  closesAt: string;
  drawnAt: string | null;
  seed: string | null;
  result: unknown;
};

/** Moves the clock just past the current round's draw time (and the lease's 10 s when asked). */
async function pastDraw(game: MiniGame, extraMs = 1_000) {
  const { body } = await get(`/studio/api/mini/${game}/current`);
  clock.advance(Date.parse(body.drawsAt as string) - clock.now().getTime() + extraMs);
}

describe('public rounds', () => {
  it('unknown games answer 404; malformed queries 400; nothing before the first chain', async () => {
    for (const path of ['chain', 'rounds', 'current']) {
      const res = await get(`/studio/api/mini/roulette/${path}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 'error', code: 'not_found' });
    }
    expect((await get('/studio/api/mini/powerball/chain')).status).toBe(404);
    expect((await get('/studio/api/mini/powerball/rounds')).body).toEqual({ game: 'powerball', rounds: [] });
    const current = await get('/studio/api/mini/ladder/current');
    expect(current.body).toMatchObject({ round: null, closesAt: null, drawsAt: null });
    for (const q of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=1.5',
      'before=0',
      'before=-1',
      'limit=1&limit=2',
    ])
      expect((await get(`/studio/api/mini/powerball/rounds?${q}`)).status, q).toBe(400);
  });

  it('the chain is published before round 1; drawn rounds reveal seeds that link back to it', async () => {
    const ticks = await studio.miniTick();
    expect(ticks.map((t) => t.scheduled)).toEqual([1, 1]);
    const chain = await get('/studio/api/mini/powerball/chain');
    expect(chain.status).toBe(200);
    expect(chain.body).toMatchObject({ game: 'powerball', firstRound: 1 });
    expect(chain.body.terminalHash).toMatch(/^[0-9a-f]{64}$/);
    const current = (await get('/studio/api/mini/powerball/current')).body;
    expect(current.round).toBe(1);
    const drawsAt = Date.parse(current.drawsAt as string);
    expect(drawsAt % CADENCE_MS.powerball).toBe(0);
    expect(drawsAt - Date.parse(current.closesAt as string)).toBe(30_000);
    // Round 1 opens when its chain is published; betting closes 30 s before the draw.
    expect(Date.parse(chain.body.publishedAt as string)).toBeLessThanOrEqual(clock.now().getTime());
    expect(drawsAt).toBeGreaterThan(clock.now().getTime());

    // Before the draw the seed is secret.
    let rounds = (await get('/studio/api/mini/powerball/rounds')).body.rounds;
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ round: 1, dayRound: 1, drawnAt: null, seed: null, result: null });

    for (let i = 0; i < 4; i += 1) {
      await pastDraw('powerball');
      await studio.miniTick();
    }
    rounds = (await get('/studio/api/mini/powerball/rounds')).body.rounds;
    expect(rounds.map((r) => r.round)).toEqual([5, 4, 3, 2, 1]);
    expect(rounds[0]!.seed).toBeNull();
    const drawn = rounds.slice(1).reverse();
    let previous = chain.body.terminalHash as string;
    for (const r of drawn) {
      expect(sha256(r.seed!)).toBe(previous);
      expect(r.result).toEqual(drawMini('powerball', r.round, r.seed!));
      expect(r.dayRound === 1 || r.dayRound === drawn[0]!.dayRound + r.round - 1).toBe(true);
      previous = r.seed!;
    }
    // Paging: limit and before.
    const page = (await get('/studio/api/mini/powerball/rounds?limit=2&before=4')).body.rounds;
    expect(page.map((r) => r.round)).toEqual([3, 2]);
    expect((await get('/studio/api/mini/powerball/rounds?limit=100&before=1')).body.rounds).toEqual([]);
  });
});

describe('one drawing instance', () => {
  it('two clocks ticking together on one database never draw a round twice', async () => {
    const a = createMiniClock({ db: db(), now: clock.now, instanceId: 'a', chainLength: 50 });
    const b = createMiniClock({ db: db(), now: clock.now, instanceId: 'b', chainLength: 50 });
    // The server's lease (instance "server") expires first.
    clock.advance(11_000);
    const drawnBy = new Map<number, string[]>();
    for (let i = 0; i < 12; i += 1) {
      const [ra, rb] = await Promise.all([a.tick('ladder'), b.tick('ladder')]);
      expect(ra.holder !== rb.holder).toBe(true);
      for (const [who, r] of [
        ['a', ra],
        ['b', rb],
      ] as const)
        for (const n of r.drawn) drawnBy.set(n, [...(drawnBy.get(n) ?? []), who]);
      clock.advance(CADENCE_MS.ladder / 2);
    }
    expect(drawnBy.size).toBeGreaterThanOrEqual(5);
    for (const who of drawnBy.values()) expect(who).toHaveLength(1);
    const rows = await sql<{ round: string; drawn_by: string }>`
      select round, drawn_by from studio_mini_rounds where game = 'ladder' and drawn_at is not null`.execute(
      db(),
    );
    for (const row of rows.rows)
      if (drawnBy.has(Number(row.round))) expect(drawnBy.get(Number(row.round))).toEqual([row.drawn_by]);
  });

  it('ten clocks ticking at once: one holder each time, every due round drawn once', async () => {
    const clocks = Array.from({ length: 10 }, (_, i) =>
      createMiniClock({ db: db(), now: clock.now, instanceId: `many-${i}`, chainLength: 50 }),
    );
    clock.advance(11_000); // the earlier holders' leases run out
    const drawn: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      await pastDraw('powerball');
      const results = await Promise.all(clocks.map((c) => c.tick('powerball')));
      expect(results.filter((r) => r.holder)).toHaveLength(1);
      for (const r of results) drawn.push(...r.drawn);
    }
    expect(drawn.length).toBeGreaterThanOrEqual(4);
    expect(new Set(drawn).size).toBe(drawn.length);
    const undrawn = await sql<{ n: string }>`
      select count(*) as n from studio_mini_rounds where game = 'powerball' and drawn_at is null
        and draws_at <= ${clock.now()}`.execute(db());
    expect(Number(undrawn.rows[0]!.n)).toBe(0);
  });

  it("a killed holder's round is drawn by the next holder, with the result fixed by the chain", async () => {
    const a = createMiniClock({ db: db(), now: clock.now, instanceId: 'killed', chainLength: 50 });
    const b = createMiniClock({ db: db(), now: clock.now, instanceId: 'next', chainLength: 50 });
    clock.advance(11_000); // every earlier lease has expired
    await pastDraw('ladder');
    const first = await a.tick('ladder');
    expect(first.holder).toBe(true);
    const round = first.scheduled!;
    // What the published chain fixed for that round, before anyone draws it.
    const { rows } = await sql<{ seed: string }>`
      select seed from studio_mini_seeds where game = 'ladder' and round = ${round}`.execute(db());
    const fixed = drawMini('ladder', round, rows[0]!.seed);

    // "a" holds the lease: "b" neither draws nor schedules.
    expect(await b.tick('ladder')).toEqual({ holder: false, drawn: [], scheduled: null });
    // "a" dies: it ticks no more; its lease runs out before the round's draw time.
    await pastDraw('ladder', 2_000);
    const took = await b.tick('ladder');
    expect(took.holder).toBe(true);
    expect(took.drawn).toEqual([round]);
    const drawn = (await get(`/studio/api/mini/ladder/rounds?before=${round + 1}&limit=2`)).body.rounds;
    expect(drawn[0]).toMatchObject({ round, seed: rows[0]!.seed, result: fixed });
    expect(sha256(drawn[0]!.seed!)).toBe(drawn[1]!.seed);
    // "a" comes back: it holds nothing and draws nothing.
    expect(await a.tick('ladder')).toEqual({ holder: false, drawn: [], scheduled: null });
  });
});

describe('chains and days', () => {
  it('a new chain is published a round before its first round, and rounds number per Seoul day', async () => {
    const c = createMiniClock({ db: db(), now: clock.now, instanceId: 'days', chainLength: 50 });
    clock.advance(11_000);
    // Jump to 23:50 Seoul (14:50 UTC) of a coming day.
    const now = clock.now();
    const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 14, 50);
    clock.advance(target - now.getTime());
    for (let i = 0; i < 6; i += 1) {
      await c.tick('ladder');
      await pastDraw('ladder');
    }
    await c.tick('ladder');
    const rounds = (await get('/studio/api/mini/ladder/rounds?limit=100')).body.rounds.reverse();
    const seoulDay = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString().slice(0, 10);
    const next = rounds.filter((r) => r.day === seoulDay(target + 3_600_000));
    expect(next[0]!.dayRound).toBe(1);
    // The first round of the Seoul day opens at 00:00 (15:00 UTC) and closes 30 s before 00:03.
    expect(next[0]!.closesAt).toBe(new Date(target + 10 * 60_000 + 150_000).toISOString());
    const before = rounds[rounds.indexOf(next[0]!) - 1]!;
    expect(before.day).toBe(seoulDay(target));
    expect(before.dayRound).toBeGreaterThan(1);

    // Run through the end of the first chain (50 seeds): the second one was published earlier.
    for (let i = 0; i < 60; i += 1) {
      await pastDraw('ladder');
      await c.tick('ladder');
    }
    const chains = await sql<{ first_round: string; published_at: Date }>`
      select first_round, published_at from studio_mini_chains where game = 'ladder' order by first_round`.execute(
      db(),
    );
    expect(chains.rows.length).toBeGreaterThanOrEqual(2);
    const second = chains.rows[1]!;
    const secondFirst = Number(second.first_round);
    const opened = await sql<{ opens_at: Date }>`
      select opens_at from studio_mini_rounds where game = 'ladder' and round = ${secondFirst}`.execute(db());
    expect(new Date(second.published_at).getTime()).toBeLessThan(
      new Date(opened.rows[0]!.opens_at).getTime(),
    );
    const chain = (await get('/studio/api/mini/ladder/chain')).body;
    expect(chain.firstRound).toBeGreaterThanOrEqual(secondFirst);
    const old = (await get(`/studio/api/mini/ladder/chain?round=${secondFirst - 1}`)).body;
    expect(old.firstRound).toBe(1);
    // Round secondFirst links to its chain's terminal hash, not to the round before.
    const pair = (await get(`/studio/api/mini/ladder/rounds?before=${secondFirst + 1}&limit=1`)).body
      .rounds[0]!;
    const secondChain = (await get(`/studio/api/mini/ladder/chain?round=${secondFirst}`)).body;
    expect(sha256(pair.seed!)).toBe(secondChain.terminalHash);
  });
});

describe('scripts/verify-round.ts', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const run = (args: string[]) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      execFile(
        process.execPath,
        ['scripts/verify-round.ts', ...args],
        { cwd: root },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: stdout + stderr }),
      );
    });
  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  it('recomputes a round from the public rounds alone; a tampered seed or result fails', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    // Powerball rounds 1..4 are drawn (round 1 is its chain's first, linked to the terminal hash).
    for (const round of ['1', '3']) {
      const ok = await run(['powerball', round, '--base', base]);
      expect(ok.out).toContain('verified');
      expect(ok.code, ok.out).toBe(0);
    }
    const pending = (await get('/studio/api/mini/powerball/current')).body.round as number;
    expect((await run(['powerball', String(pending), '--base', base])).code).toBe(2);
    expect((await run(['powerball', '0', '--base', base])).code).toBe(2);

    // A server that lies about round 3: another result, then another seed.
    for (const lie of ['result', 'seed'] as const) {
      const liar = createServer((req, res) => {
        void app.inject({ method: 'GET', url: req.url! }).then((real) => {
          const body = real.json() as { rounds?: Round[] };
          for (const r of body.rounds ?? [])
            if (r.round === 3) {
              if (lie === 'result') {
                const result = r.result as { balls: number[]; powerball: number };
                r.result = { ...result, powerball: (result.powerball + 1) % 10 };
              } else r.seed = sha256(r.seed!);
            }
          res.writeHead(real.statusCode, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        });
      });
      const liarBase = await listen(liar);
      const bad = await run(['powerball', '3', '--base', liarBase]);
      await new Promise((resolve) => liar.close(resolve));
      expect(bad.out).toContain('NOT VERIFIED');
      expect(bad.code, bad.out).toBe(1);
    }
  });
});
