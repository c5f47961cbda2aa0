import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACCARAT_V1, dealBaccarat, newShoe, settleBaccarat } from './baccarat.ts';
import { createFairStream, sha256Hex } from './fair.ts';
import { JADE_LOTUS_V1 } from './slots/games.ts';
import { playSlotRound } from './slots/index.ts';
import type { HmacSha256 } from './types.ts';
import {
  canonicalJson,
  definitionFingerprint,
  gameCodes,
  gameVersion,
  gameVersions,
  isSlotDefinition,
  registerGameVersion,
} from './versions.ts';

const hmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

/**
 * Every published version of every game, pinned for ever: the SHA-256 of its definition's
 * canonical JSON, and of the outcomes of 40 rounds it decides from fixed seeds (so the engine's
 * code, too, keeps deciding a published version's rounds as it did). A published version is never
 * edited and never removed: a re-tuning is a new version, pinned here once published
 * (docs/games/studio.md, "Re-tuning a game"). A failure here means a round played before could no
 * longer be verified.
 */
const PUBLISHED: Record<string, [definition: string, outcomes: string]> = {
  'baccarat@1': [
    '280e452fd76acfbecd8c6ca0d917a3380c872472f9a2adf539c8998014e0e9c8',
    'b50adae1c0189074c8ad2663be9e9f3055f32ec5e8f26e216046257f27c03c46',
  ],
  'jade-lotus@1': [
    '55c31debfb20b04a5fc752bd66be49a982b750a0ed449dd01067f47157156560',
    'e50964d4ffe3ce6a476b7a85d749c427052fb23e3ad6f60bd69fff9935dafe33',
  ],
  'tiger-fortune@1': [
    '6b604f25fe20cc502269efb427c8e12b77c307d7f2a698320dfef8c750c5410f',
    'c90233488ded7cda3f253c2dc04ae7834abb129ad74477f38c9ed9d711e46b2b',
  ],
  'dragon-pearl@1': [
    '17dceb3eff6635ca504afcd6491ab61674c6698c8af79f56c0e3574c8563a24b',
    '9bc96e4564e8938d1ab15ac0dbeb709d0b478224169eab53df5f65d01bd95539',
  ],
};

/** The outcomes of 40 rounds of a version from fixed seeds, hashed. */
function outcomesHash(code: string, version: number): string {
  const definition = gameVersion(code, version)!;
  const outcomes: unknown[] = [];
  for (let nonce = 0; nonce < 40; nonce++) {
    const stream = createFairStream(hmac, { serverSeed: 'f'.repeat(64), clientSeed: 'pinned', nonce });
    if (isSlotDefinition(definition))
      outcomes.push(playSlotRound(definition, definition.betLevels[0]!, stream));
    else {
      const { hand } = dealBaccarat(newShoe(definition), stream);
      const bets = { player: 1000, banker: 2000, tie: 1000, playerPair: 1000, bankerPair: 1000 };
      outcomes.push({ hand, settlement: settleBaccarat(hand, bets, definition) });
    }
  }
  return sha256Hex(canonicalJson(outcomes));
}

const published = () => gameCodes().flatMap((code) => gameVersions(code).map((v) => `${code}@${v}`));

describe('published versions of the games', () => {
  it('are exactly the pinned ones: none removed, none added without its pin', () => {
    // A new version: the failure prints the line to pin it with.
    const unpinned = published()
      .filter((key) => !(key in PUBLISHED))
      .map((key) => {
        const [code, version] = key.split('@') as [string, string];
        const definition = definitionFingerprint(gameVersion(code, Number(version))!);
        return `'${key}': ['${definition}', '${outcomesHash(code, Number(version))}'],`;
      });
    expect(unpinned, 'a new version: pin it in PUBLISHED').toEqual([]);
    const removed = Object.keys(PUBLISHED).filter((key) => !published().includes(key));
    expect(removed, 'a published version is gone').toEqual([]);
  });

  for (const [key, [definition, outcomes]] of Object.entries(PUBLISHED)) {
    it(`${key}: its definition and the rounds it decides are what was published`, () => {
      const [code, version] = key.split('@') as [string, string];
      const found = gameVersion(code, Number(version));
      expect(found, `${key} is not registered`).toBeDefined();
      expect(found!.version).toBe(Number(version));
      expect(definitionFingerprint(found!)).toBe(definition);
      expect(outcomesHash(code, Number(version))).toBe(outcomes);
    });
  }

  it('the fingerprint sees any change, and not the order of keys', () => {
    const copy = structuredClone(JADE_LOTUS_V1);
    expect(definitionFingerprint(copy)).toBe(definitionFingerprint(JADE_LOTUS_V1));
    const reordered = Object.fromEntries(Object.entries(copy).reverse()) as typeof copy;
    expect(definitionFingerprint(reordered)).toBe(definitionFingerprint(JADE_LOTUS_V1));
    copy.paytable.T = [10, 25, 81];
    expect(definitionFingerprint(copy)).not.toBe(definitionFingerprint(JADE_LOTUS_V1));
  });
});

describe('registering a version', () => {
  it('refuses an edit of a published version, a gap, and another kind of game under a code', () => {
    // The same definition again is no change.
    expect(() => registerGameVersion(structuredClone(JADE_LOTUS_V1))).not.toThrow();
    expect(() => registerGameVersion({ ...structuredClone(JADE_LOTUS_V1), rtp: 0.97 })).toThrow(
      /jade-lotus version 1 is published with another definition: a re-tuning is version 2/,
    );
    expect(() => registerGameVersion({ ...structuredClone(JADE_LOTUS_V1), version: 3 })).toThrow(
      /cannot follow version 1/,
    );
    expect(() =>
      registerGameVersion({ ...structuredClone(BACCARAT_V1), code: 'jade-lotus', version: 2 }),
    ).toThrow(/not the same kind of game/);
    expect(() => registerGameVersion({ ...structuredClone(JADE_LOTUS_V1), version: 0 })).toThrow(/from 1/);
    expect(gameVersions('jade-lotus')).toEqual([1]);
  });
});
