/**
 * Provably fair outcomes per second against raw HMAC-SHA256 per second, measured in the same run on
 * one thread: a slot round (createFairStream + playSlotRound, each game) and a baccarat coup
 * (createFairStream + dealBaccarat + settleBaccarat) with node:crypto's HMAC, beside bare
 * `createHmac('sha256', seed).update(message).digest()` calls and the browser's @noble/hashes HMAC.
 * See bench/README.md.
 *
 *   node bench/fair.ts
 *   BENCH_SECONDS=5 node bench/fair.ts
 */
import { createHmac, randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  BACCARAT_V1,
  dealBaccarat,
  newShoe,
  settleBaccarat,
  shoeIsDone,
} from '../packages/studio-engine/src/baccarat.ts';
import { createFairStream, nobleHmacSha256 } from '../packages/studio-engine/src/fair.ts';
import { SLOT_GAMES, playSlotRound } from '../packages/studio-engine/src/slots/index.ts';
import type { HmacSha256, ShoeState } from '../packages/studio-engine/src/types.ts';

const int = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
};
const PHASE_MS = int('BENCH_SECONDS', 3) * 1000;
const ROUNDS = int('BENCH_ROUNDS', 3);

const hmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();
const serverSeed = randomBytes(32).toString('hex');
const clientSeed = randomBytes(9).toString('base64url');

/** Runs `op(i)` for i = 0, 1, ... for `ms` (checking the clock every 256 calls); calls a second. */
function measure(ms: number, op: (i: number) => unknown): number {
  let sink = 0;
  const started = performance.now();
  let i = 0;
  for (;;) {
    for (let j = 0; j < 256; j++, i++) if (op(i)) sink++;
    const elapsed = performance.now() - started;
    if (elapsed >= ms) {
      if (sink < 0) console.log(sink); // keeps the results alive
      return (i * 1000) / elapsed;
    }
  }
}

let shoe: ShoeState = newShoe(BACCARAT_V1);
const phases: { name: string; op: (i: number) => unknown }[] = [
  { name: 'raw HMAC-SHA256 (node:crypto)', op: (i) => hmac(serverSeed, `${clientSeed}:${i}`) },
  { name: 'raw HMAC-SHA256 (@noble/hashes)', op: (i) => nobleHmacSha256(serverSeed, `${clientSeed}:${i}`) },
  ...SLOT_GAMES.map((game) => ({
    name: `${game.code} round`,
    op: (i: number) =>
      playSlotRound(game, game.betLevels[0]!, createFairStream(hmac, { serverSeed, clientSeed, nonce: i }))
        .totalWin,
  })),
  {
    name: 'baccarat coup (deal + settle)',
    op: (i: number) => {
      if (shoeIsDone(shoe)) shoe = newShoe(BACCARAT_V1);
      const dealt = dealBaccarat(shoe, createFairStream(hmac, { serverSeed, clientSeed, nonce: i }));
      shoe = dealt.shoe;
      return settleBaccarat(dealt.hand, { player: BACCARAT_V1.unit, tie: BACCARAT_V1.unit }, BACCARAT_V1)
        .totalReturn;
    },
  },
];

console.log(
  `bench/fair.ts: ${ROUNDS} rounds of ${PHASE_MS / 1000} s per phase, one thread; ${cpus().length} CPUs ` +
    `(${cpus()[0]?.model ?? '?'}), load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
// Warm-up: every phase once, briefly, so the JIT has seen them all before measuring.
for (const phase of phases) measure(300, phase.op);

// Phases interleaved round by round, so that drift of a shared machine falls on all of them alike;
// the median of the rounds is reported.
const results = new Map<string, number[]>(phases.map((p) => [p.name, []]));
for (let round = 0; round < ROUNDS; round++)
  for (const phase of phases) results.get(phase.name)!.push(measure(PHASE_MS, phase.op));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const base = median(results.get(phases[0]!.name)!);

console.log('');
console.log(
  `${'phase'.padEnd(34)} ${'per second'.padStart(12)} ${'vs raw HMAC'.padStart(12)} ${'µs each'.padStart(9)}`,
);
for (const phase of phases) {
  const perSecond = median(results.get(phase.name)!);
  console.log(
    `${phase.name.padEnd(34)} ${Math.round(perSecond).toLocaleString('en-US').padStart(12)} ${(
      perSecond / base
    )
      .toFixed(3)
      .padStart(12)} ${(1e6 / perSecond).toFixed(2).padStart(9)}`,
  );
}
console.log('');
for (const phase of phases.slice(2))
  console.log(`ratio ${phase.name} : raw HMAC = ${(median(results.get(phase.name)!) / base).toFixed(3)}`);
