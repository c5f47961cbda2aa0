/**
 * Simulated RTP of the house studio's slots against their exact figures: BENCH_SPINS paid spins
 * per game (default 10,000,000) through `playSlotRound` with node:crypto HMAC streams on random
 * seeds, spread over BENCH_WORKERS worker threads (default: the machine's parallelism). Prints
 * spins a second per core and whether the exact RTP lies in the simulation's 99% confidence
 * interval. See bench/README.md.
 *
 *   node bench/rtp.ts
 *   BENCH_SPINS=1000000 BENCH_WORKERS=1 node bench/rtp.ts
 *
 * Then every mini-game market (docs/games/mini-games.md): its exact probability and RTP at the
 * default odds (enumerated) beside BENCH_MINI_ROUNDS simulated rounds per game (default 1,000,000)
 * drawn from a real hash chain, with the simulation's 99.9% interval. `node bench/rtp.ts mini` runs
 * the mini-games alone.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createFairStream } from '../packages/studio-engine/src/fair.ts';
import { drawMini, MINI_GAMES, type MiniGame } from '../packages/studio-engine/src/mini/draw.ts';
import { marketWins, miniMarkets } from '../packages/studio-engine/src/mini/markets.ts';
import { exactSlotStats } from '../packages/studio-engine/src/rtp.ts';
import { SLOT_GAMES, playSlotRound, slotGame } from '../packages/studio-engine/src/slots/index.ts';
import type { HmacSha256 } from '../packages/studio-engine/src/types.ts';

const int = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
};

interface Tally {
  spins: number;
  /** Sums of the round's return in bets, and of its square. */
  sum: number;
  squares: number;
  hits: number;
  triggers: number;
  freeGames: number;
  maxWin: number;
  seconds: number;
}

const hmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

/** Plays `spins` rounds of one game on fresh random seeds (a new server seed every million rounds). */
function simulate(code: string, spins: number): Tally {
  const game = slotGame(code);
  if (!game) throw new Error(`unknown game ${code}`);
  const bet = game.betLevels[0]!;
  const tally: Tally = {
    spins,
    sum: 0,
    squares: 0,
    hits: 0,
    triggers: 0,
    freeGames: 0,
    maxWin: 0,
    seconds: 0,
  };
  const started = performance.now();
  let serverSeed = '';
  const clientSeed = randomBytes(12).toString('base64url');
  for (let i = 0; i < spins; i++) {
    if (i % 1_000_000 === 0) serverSeed = randomBytes(32).toString('hex');
    const round = playSlotRound(
      game,
      bet,
      createFairStream(hmac, { serverSeed, clientSeed, nonce: i % 1_000_000 }),
    );
    const x = round.totalWin / bet;
    tally.sum += x;
    tally.squares += x * x;
    const first = round.spins[0]!;
    if (first.amount > 0 || first.freeSpinsAwarded > 0) tally.hits++;
    if (first.freeSpinsAwarded > 0) tally.triggers++;
    tally.freeGames += round.spins.length - 1;
    if (x > tally.maxWin) tally.maxWin = x;
  }
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

/**
 * Every market of the mini-games, exact beside simulated: the rounds are drawn from a chain made
 * as the studio makes it (s_i = SHA-256 of s_{i+1}'s hex, from a random last seed). 99.9%
 * intervals, as some forty markets are checked at once. Answers whether every exact RTP was inside.
 */
function miniBench(rounds: number): boolean {
  let allInside = true;
  const pct = (x: number, d = 3) => `${(x * 100).toFixed(d)}%`;
  for (const game of MINI_GAMES as readonly MiniGame[]) {
    const markets = miniMarkets(game);
    const wins = new Array<number>(markets.length).fill(0);
    const started = performance.now();
    // The chain, walked from its last seed down: the order of the rounds does not matter here.
    let seed = randomBytes(32).toString('hex');
    for (let round = rounds; round >= 1; round--) {
      const result = drawMini(game, round, seed, hmac);
      for (let m = 0; m < markets.length; m++) if (marketWins(game, markets[m]!.code, result)) wins[m]!++;
      seed = createHash('sha256').update(seed).digest('hex');
    }
    const seconds = (performance.now() - started) / 1000;
    console.log('');
    console.log(
      `${game}: ${rounds.toLocaleString('en-US')} rounds in ${seconds.toFixed(1)} s ` +
        `(${Math.round(rounds / seconds).toLocaleString('en-US')} rounds/s); RTP at the default odds`,
    );
    console.log(
      `  ${'market'.padEnd(17)} ${'probability'.padStart(16)} ${'odds'.padStart(5)} ${'exact'.padStart(9)} ${'simulated'.padStart(9)} ${'99.9% +-'.padStart(9)} ${'inside'.padStart(6)}  bounds`,
    );
    markets.forEach((m, i) => {
      const p = m.wins / m.outcomes;
      const odds = m.defaultOdds / 100;
      const exact = p * odds;
      const simulated = (wins[i]! / rounds) * odds;
      const half = 3.2905 * Math.sqrt((p * (1 - p)) / rounds) * odds;
      const inside = Math.abs(simulated - exact) <= half;
      allInside &&= inside;
      console.log(
        `  ${m.code.padEnd(17)} ${`${m.wins}/${m.outcomes}`.padStart(16)} ${odds.toFixed(2).padStart(5)} ${pct(exact).padStart(9)} ${pct(simulated).padStart(9)} ${pct(half).padStart(9)} ${(inside ? 'yes' : 'NO').padStart(6)}  ` +
          `odds ${(m.minOdds / 100).toFixed(2)}..${(m.maxOdds / 100).toFixed(2)} (RTP ${pct(p * (m.minOdds / 100), 2)}..${pct(p * (m.maxOdds / 100), 2)})`,
      );
    });
  }
  return allInside;
}

if (!isMainThread) {
  const { code, spins } = workerData as { code: string; spins: number };
  parentPort!.postMessage(simulate(code, spins));
} else if (process.argv[2] === 'mini') {
  process.exitCode = miniBench(int('BENCH_MINI_ROUNDS', 1_000_000)) ? 0 : 1;
} else {
  const SPINS = int('BENCH_SPINS', 10_000_000);
  const WORKERS = int('BENCH_WORKERS', availableParallelism());
  console.log(
    `bench/rtp.ts: ${SPINS.toLocaleString('en-US')} paid spins per game on ${WORKERS} worker thread(s); ` +
      `${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );

  const runWorkers = (code: string): Promise<Tally[]> =>
    Promise.all(
      Array.from({ length: WORKERS }, (_, w) => {
        const share = Math.floor(SPINS / WORKERS) + (w < SPINS % WORKERS ? 1 : 0);
        return new Promise<Tally>((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { code, spins: share } });
          worker.once('message', resolve);
          worker.once('error', reject);
        });
      }),
    );

  const rows: string[] = [];
  let allInside = true;
  for (const game of SLOT_GAMES) {
    const exactStarted = performance.now();
    const exact = exactSlotStats(game);
    const exactSeconds = (performance.now() - exactStarted) / 1000;
    const wallStarted = performance.now();
    const parts = await runWorkers(game.code);
    const wall = (performance.now() - wallStarted) / 1000;
    const t = parts.reduce(
      (a, b) => ({
        spins: a.spins + b.spins,
        sum: a.sum + b.sum,
        squares: a.squares + b.squares,
        hits: a.hits + b.hits,
        triggers: a.triggers + b.triggers,
        freeGames: a.freeGames + b.freeGames,
        maxWin: Math.max(a.maxWin, b.maxWin),
        seconds: a.seconds + b.seconds,
      }),
      { spins: 0, sum: 0, squares: 0, hits: 0, triggers: 0, freeGames: 0, maxWin: 0, seconds: 0 },
    );
    const rtp = t.sum / t.spins;
    const sd = Math.sqrt(t.squares / t.spins - rtp * rtp);
    // The 99% interval around the simulated mean, from the exact standard deviation.
    const half = (2.5758 * exact.volatilityIndex) / Math.sqrt(t.spins);
    const inside = Math.abs(rtp - exact.rtp) <= half;
    allInside &&= inside;
    const pct = (x: number, d = 3) => `${(x * 100).toFixed(d)}%`;
    console.log('');
    console.log(`${game.code} (${game.volatility}, exact figures in ${exactSeconds.toFixed(1)} s)`);
    console.log(
      `  ${t.spins.toLocaleString('en-US')} rounds in ${wall.toFixed(1)} s: ${Math.round(t.spins / wall).toLocaleString('en-US')} rounds/s, ` +
        `${Math.round(t.spins / t.seconds).toLocaleString('en-US')} rounds/s per core`,
    );
    console.log(
      `  RTP simulated ${pct(rtp, 4)}, exact ${pct(exact.rtp, 4)}, 99% interval ${pct(rtp - half, 4)} .. ${pct(rtp + half, 4)} ` +
        `(+-${pct(half, 4)}): exact ${inside ? 'inside' : 'OUTSIDE'}`,
    );
    console.log(
      `  hit frequency ${pct(t.hits / t.spins)} (exact ${pct(exact.hitFrequency)}), free games 1 in ${(t.spins / t.triggers).toFixed(1)} ` +
        `(exact ${(1 / exact.freeSpinsFrequency).toFixed(1)}), ${(t.freeGames / t.triggers).toFixed(2)} games a trigger ` +
        `(exact ${exact.freeGamesPerTrigger.toFixed(2)}), standard deviation ${sd.toFixed(3)} (exact ${exact.volatilityIndex.toFixed(3)}), ` +
        `largest round ${t.maxWin.toLocaleString('en-US')} x bet`,
    );
    rows.push(
      `${game.code.padEnd(14)} ${pct(exact.rtp, 4).padStart(9)} ${pct(rtp, 4).padStart(9)} ${`+-${pct(half, 4)}`.padStart(10)} ${(inside ? 'yes' : 'NO').padStart(7)} ${Math.round(
        t.spins / t.seconds,
      )
        .toLocaleString('en-US')
        .padStart(12)}`,
    );
  }
  console.log('');
  console.log(
    `${'game'.padEnd(14)} ${'exact'.padStart(9)} ${'simulated'.padStart(9)} ${'99% +-'.padStart(10)} ${'inside'.padStart(7)} ${'rounds/s/core'.padStart(12)}`,
  );
  for (const row of rows) console.log(row);
  // Three 99% intervals: all three hold in about 97% of runs.
  const miniInside = miniBench(int('BENCH_MINI_ROUNDS', 1_000_000));
  process.exitCode = allInside && miniInside ? 0 : 1;
}
