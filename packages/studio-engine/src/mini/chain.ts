import { bytesToHex, randomBytes } from '@noble/hashes/utils.js';
import { isServerSeed, sha256Hex } from '../fair.ts';

/**
 * The hash chain of the shared-round mini-games (docs/games/mini-games.md). A chain of N seeds is
 * made backwards from a random seed s_N: s_i = SHA-256(s_{i+1}) for i = N-1 .. 1, each seed being
 * 64 lower-case hex characters and each SHA-256 taken over that hex text (UTF-8), as the house
 * games' commitments are (docs/games/provably-fair.md). The chain's terminal hash SHA-256(s_1) is
 * published before round 1; round i reveals s_i, and SHA-256(s_i) is s_{i-1} (for i = 1, the
 * terminal hash). Nobody can compute s_{i+1} from what is public, so no result is known early, and
 * every result was fixed when the chain was made.
 */

/** The seed before `seed` in the chain (the one revealed one round earlier): SHA-256 of its hex. */
export function previousSeed(seed: string): string {
  return sha256Hex(seed);
}

export interface MiniChain {
  /** seeds[k] is s_{k+1}: seeds[0] is revealed by the chain's first round, seeds[N-1] by its last. */
  seeds: string[];
  /** SHA-256(s_1): what is published before the first round. */
  terminalHash: string;
}

/** A fresh random last seed s_N (32 random bytes in hex). */
export function randomSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** The chain of `length` seeds ending in `lastSeed` (s_N), and its terminal hash. */
export function makeChain(lastSeed: string, length: number): MiniChain {
  if (!isServerSeed(lastSeed)) throw new RangeError('the last seed must be 64 lower-case hex characters');
  if (!Number.isSafeInteger(length) || length < 1) throw new RangeError('a chain has at least one seed');
  const seeds = new Array<string>(length);
  seeds[length - 1] = lastSeed;
  for (let k = length - 2; k >= 0; k -= 1) seeds[k] = previousSeed(seeds[k + 1]!);
  return { seeds, terminalHash: previousSeed(seeds[0]!) };
}

/**
 * Whether a revealed seed belongs after `previous` in the chain: `previous` is the seed of the round
 * before (or, for the chain's first round, its terminal hash).
 */
export function linksTo(seed: string, previous: string): boolean {
  return isServerSeed(seed) && isServerSeed(previous) && previousSeed(seed) === previous;
}

/** Whether `seeds` (s_1, s_2, ... in round order) is a chain ending in `terminalHash`. */
export function verifyChain(terminalHash: string, seeds: readonly string[]): boolean {
  let previous = terminalHash;
  for (const seed of seeds) {
    if (!linksTo(seed, previous)) return false;
    previous = seed;
  }
  return true;
}
