import { describe, expect, it } from 'vitest';
import { BACCARAT_V1, dealBaccarat, newShoe, settleBaccarat } from '@casino/studio-engine/baccarat';
import { createFairStream, nobleHmacSha256, sha256Hex } from '@casino/studio-engine/fair';
import { playSlotRound, SLOT_GAMES, slotGame } from '@casino/studio-engine/slots/index';
import type { SlotGameDefinition } from '@casino/studio-engine/types';
import { registerGameVersion } from '@casino/studio-engine/versions';
import type { TRoundRecord } from '@casino/studio-engine/contract';
import { roundVerifyHref } from '../shell/verify-link.ts';
import { firstDifference, formFromQuery, verifyRound } from './compute.ts';

const serverSeed = 'a3f1c2d4e5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const clientSeed = 'member-seed_01';

function record(partial: Partial<TRoundRecord>): TRoundRecord {
  return {
    roundId: 'r1',
    game: 'baccarat',
    at: '2025-01-01T00:00:00.000Z',
    bet: 0,
    win: 0,
    state: 'settled',
    serverSeedHash: sha256Hex(serverSeed),
    serverSeed,
    clientSeed,
    nonce: 7,
    version: 1,
    input: null,
    outcome: null,
    jackpots: [],
    ...partial,
  };
}

/** The query string of the link the fairness dialog makes for a round. */
const queryOf = (round: TRoundRecord) => new URL(roundVerifyHref(round, 'ko'), 'http://x').search;

describe('verify a baccarat round from its link', () => {
  // A shoe part-way through, as the server records it before the coup.
  const shoe = dealBaccarat(
    newShoe(BACCARAT_V1),
    createFairStream(nobleHmacSha256, { serverSeed, clientSeed, nonce: 1 }),
  ).shoe;
  const bets = { player: 10_000, tie: 1_000, bankerPair: 2_000 };
  const { hand } = dealBaccarat(
    shoe,
    createFairStream(nobleHmacSha256, { serverSeed, clientSeed, nonce: 7 }),
  );
  const outcome = { hand, settlement: settleBaccarat(hand, bets, BACCARAT_V1) };
  const round = record({ input: { bets, shoe }, outcome });

  it('fills the form and reproduces the recorded outcome and the commitment', () => {
    const form = formFromQuery(queryOf(round));
    expect(form).toMatchObject({ game: 'baccarat', serverSeed, clientSeed, nonce: '7' });
    expect(form.bets).toEqual({ player: '10000', tie: '1000', bankerPair: '2000' });
    const answer = verifyRound(form);
    if (!answer.ok) throw new Error(answer.problem.key);
    expect(answer.result.commitmentMatches).toBe(true);
    expect(answer.result.outcomeDiff).toBe('');
    expect(answer.result.kind === 'baccarat' && answer.result.hand).toEqual(hand);
  });

  it('notices a tampered record, a wrong commitment and a different nonce', () => {
    const tampered = { ...outcome, hand: { ...hand, playerTotal: (hand.playerTotal + 1) % 10 } };
    const form = formFromQuery(queryOf(record({ input: { bets, shoe }, outcome: tampered })));
    const answer = verifyRound({ ...form, serverSeedHash: sha256Hex('another seed') });
    if (!answer.ok) throw new Error(answer.problem.key);
    expect(answer.result.outcomeDiff).toBe('hand.playerTotal');
    expect(answer.result.commitmentMatches).toBe(false);
    const other = verifyRound({ ...formFromQuery(queryOf(round)), nonce: '8' });
    expect(other.ok && other.result.outcomeDiff).not.toBe('');
  });

  it('refuses malformed input with a reason', () => {
    const form = formFromQuery(queryOf(round));
    expect(verifyRound({ ...form, serverSeed: 'xyz' })).toEqual({
      ok: false,
      problem: { key: 'problems.serverSeed' },
    });
    expect(verifyRound({ ...form, nonce: '-1' })).toEqual({ ok: false, problem: { key: 'problems.nonce' } });
    expect(verifyRound({ ...form, shoe: '{"remaining":[1]}' })).toEqual({
      ok: false,
      problem: { key: 'problems.shoe' },
    });
    expect(verifyRound({ ...form, outcome: '{' })).toEqual({
      ok: false,
      problem: { key: 'problems.outcomeJson' },
    });
  });
});

describe('verify a slot round from its link', () => {
  for (const game of SLOT_GAMES) {
    it(`${game.code}: reproduces the recorded round`, () => {
      const bet = game.betLevels[0]!;
      const outcome = playSlotRound(
        game,
        bet,
        createFairStream(nobleHmacSha256, { serverSeed, clientSeed, nonce: 3 }),
      );
      const round = record({
        game: game.code,
        nonce: 3,
        bet,
        win: outcome.totalWin,
        input: { bet },
        outcome,
      });
      const answer = verifyRound(formFromQuery(queryOf(round)));
      if (!answer.ok) throw new Error(answer.problem.key);
      expect(answer.result.outcomeDiff).toBe('');
      expect(answer.result.kind === 'slot' && answer.result.round.totalWin).toBe(outcome.totalWin);
    });
  }

  it('refuses a bet that is not one of the levels', () => {
    const game = SLOT_GAMES[0]!;
    const form = formFromQuery(`?game=${game.code}&serverSeed=${serverSeed}&clientSeed=x&nonce=0&bet=1`);
    const answer = verifyRound(form);
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.problem.key).toBe('problems.bet');
  });
});

describe('verify a round with the version it recorded', () => {
  it('still reproduces a version 1 round once version 2 with other strips is published', () => {
    const v1 = slotGame('jade-lotus', 1)!;
    const bet = v1.betLevels[0]!;
    const fair = (nonce: number) => createFairStream(nobleHmacSha256, { serverSeed, clientSeed, nonce });
    const old = playSlotRound(v1, bet, fair(5));
    const oldRound = record({ game: v1.code, nonce: 5, version: 1, input: { bet }, outcome: old });

    // A re-tuning (a test-only version): every strip reversed.
    const v2: SlotGameDefinition = {
      ...structuredClone(v1),
      version: 2,
      reels: v1.reels.map((strip) => [...strip].reverse()),
      freeReels: v1.freeReels.map((strip) => [...strip].reverse()),
    };
    registerGameVersion(v2);
    expect(slotGame('jade-lotus')!.version).toBe(2);

    const answer = verifyRound(formFromQuery(queryOf(oldRound)));
    if (!answer.ok) throw new Error(answer.problem.key);
    expect(answer.result.version).toBe(1);
    expect(answer.result.outcomeDiff).toBe('');

    // A round of version 2 verifies with version 2; the old one against version 2 does not.
    const newRound = record({
      game: v1.code,
      nonce: 6,
      version: 2,
      input: { bet },
      outcome: playSlotRound(slotGame('jade-lotus', 2)!, bet, fair(6)),
    });
    const fresh = verifyRound(formFromQuery(queryOf(newRound)));
    expect(fresh.ok && [fresh.result.version, fresh.result.outcomeDiff]).toEqual([2, '']);
    const wrong = verifyRound({ ...formFromQuery(queryOf(oldRound)), version: '2' });
    expect(wrong.ok && wrong.result.outcomeDiff).not.toBe('');

    // A version this page does not know is named, with the ones it knows.
    expect(verifyRound({ ...formFromQuery(queryOf(oldRound)), version: '9' })).toEqual({
      ok: false,
      problem: { key: 'problems.version', values: { versions: '1, 2' } },
    });
  });
});

describe('firstDifference', () => {
  it('finds the first differing path, ignoring key order and undefined keys', () => {
    expect(firstDifference({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe('');
    expect(firstDifference({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 3 }] })).toBe('b[1].c');
    expect(firstDifference({ a: 1, w: undefined }, { a: 1 })).toBe('');
    expect(firstDifference([1, 2], [1])).toBe('length');
  });
});
