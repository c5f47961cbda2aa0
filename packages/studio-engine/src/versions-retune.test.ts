import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFairStream } from './fair.ts';
import { playSlotRound, slotGame } from './slots/index.ts';
import type { HmacSha256, SlotGameDefinition } from './types.ts';
import { gameVersions, registerGameVersion } from './versions.ts';

const hmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();
const fair = (nonce: number) =>
  createFairStream(hmac, { serverSeed: 'a'.repeat(64), clientSeed: 'retune', nonce });

// Its own file: the test-only version 2 it registers stays registered for the file's module graph.
describe('a re-tuning', () => {
  it('keeps every round recorded under version 1 verifiable once version 2 with other strips is published', () => {
    const v1 = slotGame('tiger-fortune')!;
    expect(v1.version).toBe(1);
    const bet = v1.betLevels[0]!;
    // Rounds played before the re-tuning, as the server recorded them (version 1).
    const recorded = Array.from({ length: 30 }, (_, nonce) => ({
      nonce,
      outcome: playSlotRound(v1, bet, fair(nonce)),
    }));

    const v2: SlotGameDefinition = {
      ...structuredClone(v1),
      version: 2,
      reels: v1.reels.map((strip) => [...strip.slice(5), ...strip.slice(0, 5)]),
      freeReels: v1.freeReels.map((strip) => [...strip.slice(5), ...strip.slice(0, 5)]),
    };
    registerGameVersion(v2);
    expect(gameVersions('tiger-fortune')).toEqual([1, 2]);
    expect(slotGame('tiger-fortune')!.version).toBe(2);

    for (const { nonce, outcome } of recorded)
      expect(playSlotRound(slotGame('tiger-fortune', 1)!, bet, fair(nonce))).toEqual(outcome);
    // The newest strips decide those rounds otherwise: the recorded version is what makes them verifiable.
    const differ = recorded.filter(
      ({ nonce, outcome }) =>
        JSON.stringify(playSlotRound(slotGame('tiger-fortune', 2)!, bet, fair(nonce))) !==
        JSON.stringify(outcome),
    );
    expect(differ.length).toBeGreaterThan(25);
  });
});
