import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFairStream, isClientSeed, isServerSeed, nobleHmacSha256, sha256Hex } from './fair.ts';
import type { HmacSha256 } from './types.ts';

const nodeHmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

/** The words of a block as node:crypto computes them, independently of fair.ts. */
const words = (key: string, message: string): number[] => {
  const digest = createHmac('sha256', key).update(message).digest();
  return Array.from({ length: 8 }, (_, i) => digest.readUInt32BE(i * 4));
};

// The worked example of docs/games/provably-fair.md.
const EXAMPLE = {
  serverSeed: '8ae8562946c7efd61f1f6b0688eb463eeae59c53a248d8a5682d4c714ed88bc5',
  clientSeed: 'lucky-tiger',
  nonce: 7,
};

describe('sha256Hex and the HMACs', () => {
  it('hashes the seed text as node:crypto does', () => {
    expect(sha256Hex(EXAMPLE.serverSeed)).toBe(createHash('sha256').update(EXAMPLE.serverSeed).digest('hex'));
    expect(sha256Hex(EXAMPLE.serverSeed)).toBe(
      '8388351df3b82e7eac6de2324a08a1a0deda0305689bea39c7ec254b95540fdf',
    );
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('한국')).toBe(createHash('sha256').update('한국', 'utf8').digest('hex'));
  });

  it('the browser HMAC gives the bytes of node:crypto', () => {
    for (const [key, message] of [
      [EXAMPLE.serverSeed, 'lucky-tiger:7'],
      ['k', ''],
      ['a'.repeat(200), 'long key:1:2'],
    ] as const) {
      expect(Buffer.from(nobleHmacSha256(key, message)).toString('hex')).toBe(
        createHmac('sha256', key).update(message).digest('hex'),
      );
    }
  });
});

describe('createFairStream', () => {
  it('reads block 0 then blocks :1, :2 as big-endian words (known answers)', () => {
    const stream = createFairStream(nodeHmac, EXAMPLE);
    const got = Array.from({ length: 20 }, () => stream.nextUint32());
    const expected = [
      ...words(EXAMPLE.serverSeed, 'lucky-tiger:7'),
      ...words(EXAMPLE.serverSeed, 'lucky-tiger:7:1'),
      ...words(EXAMPLE.serverSeed, 'lucky-tiger:7:2').slice(0, 4),
    ];
    expect(got).toEqual(expected);
    // The literal figures of the worked example in the doc.
    expect(got.slice(0, 2)).toEqual([0x3b0c6905, 0x5eab6c51]);
    expect(got[8]).toBe(0x6df21fee);
  });

  it('gives the same words with the browser HMAC', () => {
    const a = createFairStream(nodeHmac, { ...EXAMPLE, nonce: 123 });
    const b = createFairStream(nobleHmacSha256, { ...EXAMPLE, nonce: 123 });
    for (let i = 0; i < 40; i++) expect(b.nextUint32()).toBe(a.nextUint32());
  });

  it('skips the words at or above the largest multiple of n (rejection)', () => {
    // A fake HMAC whose blocks are fixed words, to see exactly which are used.
    const block = (list: number[]): Uint8Array => {
      const out = Buffer.alloc(32);
      list.forEach((w, i) => out.writeUInt32BE(w, i * 4));
      return out;
    };
    const fake: HmacSha256 = (_key, message) =>
      message.endsWith(':1')
        ? block([0xfffffffe, 9, 0, 0, 0, 0, 0, 0])
        : block([0xffffffff, 5, 0xc0000000, 0xbfffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
    const stream = createFairStream(fake, { serverSeed: 'x', clientSeed: 'c', nonce: 0 });
    // n = 3: limit = 4294967295, so 0xffffffff is skipped and 5 % 3 = 2 is drawn.
    expect(stream.int(3)).toBe(2);
    // n = 3 x 2^30: limit = 3 x 2^30 = 0xc0000000, which is skipped; 0xbfffffff is the last value.
    expect(stream.int(3 * 2 ** 30)).toBe(3 * 2 ** 30 - 1);
    // n = 7: the rest of block 0 is all 0xffffffff (rejected: limit = 4294967292), then block 1's
    // 0xfffffffe is rejected too (>= 4294967292), and 9 % 7 = 2.
    expect(stream.int(7)).toBe(2);
  });

  it('accepts every word for n = 2^32 and n = 1', () => {
    const a = createFairStream(nodeHmac, EXAMPLE);
    const b = createFairStream(nodeHmac, EXAMPLE);
    expect(a.int(2 ** 32)).toBe(b.nextUint32());
    expect(a.int(1)).toBe(0);
  });

  it('throws on a bad n', () => {
    const stream = createFairStream(nodeHmac, EXAMPLE);
    for (const n of [0, -1, 1.5, Number.NaN, Infinity, 2 ** 32 + 1])
      expect(() => stream.int(n)).toThrow(RangeError);
  });

  it('draws uniformly: chi-square over 6 faces and a range where modulo would be biased', () => {
    const draws = 60_000;
    const faces = new Array<number>(6).fill(0);
    // Where a plain modulo would favour the lower third twice over (n = 3 x 2^30).
    const thirds = [0, 0, 0];
    let drawn = 0;
    for (let nonce = 0; drawn < draws; nonce++) {
      const stream = createFairStream(nodeHmac, {
        serverSeed: EXAMPLE.serverSeed,
        clientSeed: 'uniform',
        nonce,
      });
      for (let i = 0; i < 20; i++, drawn++) {
        faces[stream.int(6)]! += 1;
        thirds[Math.floor(stream.int(3 * 2 ** 30) / 2 ** 30)]! += 1;
      }
    }
    const chi = (counts: number[]) => {
      const e = drawn / counts.length;
      return counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
    };
    // 99.9% points of chi-square: 20.52 (5 degrees of freedom), 13.82 (2).
    expect(chi(faces)).toBeLessThan(20.52);
    expect(chi(thirds)).toBeLessThan(13.82);
    // A biased draw (1/2, 1/4, 1/4) would be thousands here.
  });
});

describe('seed formats', () => {
  it('server seeds are 64 lower-case hex characters', () => {
    expect(isServerSeed(EXAMPLE.serverSeed)).toBe(true);
    expect(isServerSeed(EXAMPLE.serverSeed.toUpperCase())).toBe(false);
    expect(isServerSeed(EXAMPLE.serverSeed.slice(1))).toBe(false);
    expect(isServerSeed(`${EXAMPLE.serverSeed}0`)).toBe(false);
    expect(isServerSeed('g'.repeat(64))).toBe(false);
  });

  it('client seeds are 1..64 printable ASCII characters without spaces', () => {
    expect(isClientSeed('lucky-tiger')).toBe(true);
    expect(isClientSeed('!~')).toBe(true);
    expect(isClientSeed('x'.repeat(64))).toBe(true);
    expect(isClientSeed('x'.repeat(65))).toBe(false);
    expect(isClientSeed('')).toBe(false);
    expect(isClientSeed('a b')).toBe(false);
    expect(isClientSeed('행운')).toBe(false);
    expect(isClientSeed('a\n')).toBe(false);
  });
});
