import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { FairInput, HmacSha256 } from './types.ts';

/**
 * The provably fair stream (docs/games/provably-fair.md). A round's numbers are the 32-bit
 * big-endian words of HMAC-SHA256 blocks keyed by the server seed; integers in [0, n) are drawn by
 * rejection so that no outcome is favoured.
 */

/** SHA-256 of UTF-8 text in lower-case hex: the commitment to a server seed (its hex text hashed). */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The browser's HMAC (the server passes node:crypto's, which gives the same bytes faster). */
export const nobleHmacSha256: HmacSha256 = (key, message) =>
  hmac(sha256, utf8ToBytes(key), utf8ToBytes(message));

export interface FairStream {
  /** The next 32-bit word of the stream, 0..2^32-1. */
  nextUint32(): number;
  /** A uniform integer in [0, n), 1 <= n <= 2^32, by rejection sampling. */
  int(n: number): number;
}

const TWO_32 = 0x1_0000_0000;

/**
 * Block 0 is HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`), block k >= 1 is
 * HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${k}`); each block gives 8 words, read in order.
 * Blocks are computed only when needed, so a round pays for the HMACs it uses.
 */
export function createFairStream(hmacSha256: HmacSha256, input: FairInput): FairStream {
  const { serverSeed, clientSeed, nonce } = input;
  let block: Uint8Array = new Uint8Array(0);
  let blockIndex = -1;
  let offset = 32;

  const nextUint32 = (): number => {
    if (offset >= 32) {
      blockIndex += 1;
      const message = blockIndex === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${blockIndex}`;
      block = hmacSha256(serverSeed, message);
      if (block.length !== 32) throw new Error('HMAC-SHA256 must return 32 bytes');
      offset = 0;
    }
    // Read big-endian without DataView (the block may be a Buffer slice with any byteOffset).
    const word =
      ((block[offset]! << 24) |
        (block[offset + 1]! << 16) |
        (block[offset + 2]! << 8) |
        block[offset + 3]!) >>>
      0;
    offset += 4;
    return word;
  };

  const int = (n: number): number => {
    if (!Number.isSafeInteger(n) || n < 1 || n > TWO_32)
      throw new RangeError(`int(n): n must be 1..2^32, got ${n}`);
    // The largest multiple of n that fits in 32 bits: words at or above it would favour small results.
    const limit = Math.floor(TWO_32 / n) * n;
    for (;;) {
      const word = nextUint32();
      if (word < limit) return word % n;
    }
  };

  return { nextUint32, int };
}

/** A server seed as the studio generates it: 32 bytes in 64 lower-case hex characters. */
export function isServerSeed(s: string): boolean {
  return typeof s === 'string' && /^[0-9a-f]{64}$/.test(s);
}

/** A client seed: 1..64 printable ASCII characters (0x21..0x7e, no space), as ZClientSeed. */
export function isClientSeed(s: string): boolean {
  return typeof s === 'string' && /^[\x21-\x7e]{1,64}$/.test(s);
}
