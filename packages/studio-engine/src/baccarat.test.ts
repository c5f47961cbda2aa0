import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BACCARAT_V1,
  bankerDraws,
  baccaratHouseEdge,
  baccaratHouseEdgeExact,
  cardLabel,
  cardsLeft,
  dealBaccarat,
  isShoeState,
  newShoe,
  playerDraws,
  settleBaccarat,
  shoeIsDone,
  validateBaccaratBets,
} from './baccarat.ts';
import { createFairStream, type FairStream } from './fair.ts';
import type { BaccaratHand, Card, HmacSha256, ShoeState } from './types.ts';

const nodeHmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();
const SEED = '8ae8562946c7efd61f1f6b0688eb463eeae59c53a248d8a5682d4c714ed88bc5';

/**
 * A stream that makes dealBaccarat draw the given cards in order: each int(n) answers the
 * position of the wanted card among the cards left (card order, each repeated by its count), and
 * checks that n is the number of cards left, as the real deal asks.
 */
function riggedStream(shoe: ShoeState, cards: Card[]): FairStream & { used: () => number } {
  const remaining = shoe.remaining.slice();
  let i = 0;
  return {
    nextUint32: () => {
      throw new Error('not used');
    },
    int: (n) => {
      expect(n).toBe(remaining.reduce((s, c) => s + c, 0));
      const card = cards[i++];
      if (card === undefined) throw new Error('the deal drew more cards than the case gives');
      const index = remaining.slice(0, card).reduce((s, c) => s + c, 0);
      remaining[card]! -= 1;
      return index;
    },
    used: () => i,
  };
}

/** A card of the given baccarat value (0 as a king), in the given suit. */
const v = (value: number, suit = 0): Card => suit * 13 + (value === 0 ? 12 : value - 1);

describe('the third-card rules', () => {
  // The banker's tableau, rows: banker's two-card total 0..7, columns: player's third card 0..9.
  const TABLEAU = [
    'DDDDDDDDDD', // 0
    'DDDDDDDDDD', // 1
    'DDDDDDDDDD', // 2
    'DDDDDDDDSD', // 3: stands on an 8
    'SSDDDDDDSS', // 4: draws on 2-7
    'SSSSDDDDSS', // 5: draws on 4-7
    'SSSSSSDDSS', // 6: draws on 6-7
    'SSSSSSSSSS', // 7
  ];
  it('follows the banker tableau', () => {
    TABLEAU.forEach((row, banker) =>
      [...row].forEach((cell, p3) =>
        expect(bankerDraws(banker, p3), `banker ${banker}, p3 ${p3}`).toBe(cell === 'D'),
      ),
    );
    for (let banker = 0; banker <= 7; banker++) expect(bankerDraws(banker, null)).toBe(banker <= 5);
  });

  it('the player draws on 0-5 unless either side has a natural', () => {
    for (let p = 0; p <= 9; p++)
      for (let b = 0; b <= 9; b++) expect(playerDraws(p, b)).toBe(p <= 5 && b <= 7);
  });

  // Dealt cards in order (P, B, P, B, then third cards) and what the hand must be.
  const CASES: { name: string; deal: Card[]; player: number; banker: number; cards: [number, number] }[] = [
    {
      name: 'player natural 9 stands all',
      deal: [v(4), v(3), v(5), v(3)],
      player: 9,
      banker: 6,
      cards: [2, 2],
    },
    {
      name: 'banker natural 8 against 7',
      deal: [v(3), v(4), v(4), v(4)],
      player: 7,
      banker: 8,
      cards: [2, 2],
    },
    {
      name: 'natural 8 against 5: no third card',
      deal: [v(4), v(2), v(4), v(3)],
      player: 8,
      banker: 5,
      cards: [2, 2],
    },
    {
      name: 'player stands on 6, banker draws on 5',
      deal: [v(2), v(2), v(4), v(3), v(2)],
      player: 6,
      banker: 7,
      cards: [2, 3],
    },
    {
      name: 'player 6, banker 6: both stand',
      deal: [v(2), v(3), v(4), v(3)],
      player: 6,
      banker: 6,
      cards: [2, 2],
    },
    {
      name: 'player stands on 7, banker stands on 6',
      deal: [v(3), v(3), v(4), v(3)],
      player: 7,
      banker: 6,
      cards: [2, 2],
    },
    {
      name: 'banker 3 stands on an 8',
      deal: [v(2), v(1), v(3), v(2), v(8)],
      player: 3,
      banker: 3,
      cards: [3, 2],
    },
    {
      name: 'banker 3 draws on a 9',
      deal: [v(2), v(1), v(3), v(2), v(9), v(0)],
      player: 4,
      banker: 3,
      cards: [3, 3],
    },
    {
      name: 'banker 4 stands on a 1',
      deal: [v(0), v(2), v(5), v(2), v(1)],
      player: 6,
      banker: 4,
      cards: [3, 2],
    },
    {
      name: 'banker 4 draws on a 2',
      deal: [v(0), v(2), v(5), v(2), v(2), v(5)],
      player: 7,
      banker: 9,
      cards: [3, 3],
    },
    {
      name: 'banker 5 draws on a 4',
      deal: [v(1), v(2), v(1), v(3), v(4), v(1)],
      player: 6,
      banker: 6,
      cards: [3, 3],
    },
    {
      name: 'banker 5 stands on a 3',
      deal: [v(1), v(2), v(1), v(3), v(3)],
      player: 5,
      banker: 5,
      cards: [3, 2],
    },
    {
      name: 'banker 6 draws on a 7',
      deal: [v(0), v(3), v(0), v(3), v(7), v(4)],
      player: 7,
      banker: 0,
      cards: [3, 3],
    },
    {
      name: 'banker 6 stands on a 5',
      deal: [v(0), v(3), v(0), v(3), v(5)],
      player: 5,
      banker: 6,
      cards: [3, 2],
    },
    { name: 'banker 7 stands', deal: [v(1), v(3), v(1), v(4), v(9)], player: 1, banker: 7, cards: [3, 2] },
    {
      name: 'banker 2 draws even on an 8',
      deal: [v(0), v(1), v(0), v(1), v(8), v(6)],
      player: 8,
      banker: 8,
      cards: [3, 3],
    },
    {
      name: 'banker 0 draws on a ten (0)',
      deal: [v(2), v(0), v(1), v(0), v(0), v(9)],
      player: 3,
      banker: 9,
      cards: [3, 3],
    },
  ];

  for (const c of CASES) {
    it(c.name, () => {
      const shoe = newShoe(BACCARAT_V1);
      const stream = riggedStream(shoe, c.deal);
      const { hand, shoe: after } = dealBaccarat(shoe, stream);
      expect(stream.used()).toBe(c.deal.length);
      expect([hand.player.length, hand.banker.length]).toEqual(c.cards);
      expect(hand.playerTotal).toBe(c.player);
      expect(hand.bankerTotal).toBe(c.banker);
      expect(hand.outcome).toBe(c.player > c.banker ? 'player' : c.banker > c.player ? 'banker' : 'tie');
      // Dealing order: P, B, P, B, then the player's third card, then the banker's.
      const order = [hand.player[0], hand.banker[0], hand.player[1], hand.banker[1]];
      if (hand.player[2] !== undefined) order.push(hand.player[2]);
      if (hand.banker[2] !== undefined) order.push(hand.banker[2]);
      expect(order).toEqual(c.deal);
      expect(cardsLeft(after)).toBe(416 - c.deal.length);
      expect(after.rounds).toBe(1);
      expect(cardsLeft(shoe)).toBe(416); // the input is not changed
    });
  }

  it('pairs are the first two cards of a side with the same rank, any suits', () => {
    const shoe = newShoe(BACCARAT_V1);
    // Player K♠ K♥ (0), banker 7♠ 7♦ (4): the player draws a 3, the banker on 4 draws on a 3.
    const deal = [v(0, 0), v(7, 0), v(0, 1), v(7, 2), v(3, 3), v(1, 3)];
    const { hand } = dealBaccarat(shoe, riggedStream(shoe, deal));
    expect(hand.playerPair).toBe(true);
    expect(hand.bankerPair).toBe(true);
    // A ten and a king are both 0 but not a pair.
    const deal2 = [v(0, 0), v(7, 0), 9, v(2, 2)]; // banker 9: a natural, no third card
    const { hand: hand2 } = dealBaccarat(shoe, riggedStream(shoe, deal2));
    expect(hand2.playerPair).toBe(false);
    expect(hand2.bankerPair).toBe(false);
  });

  it('draws without replacement: a card whose count is 0 is never dealt', () => {
    const shoe = newShoe(BACCARAT_V1);
    // Leave only kings and fives (two of each suit-specific card).
    const remaining = shoe.remaining.map((_, card) => (card % 13 === 12 || card % 13 === 4 ? 2 : 0));
    const small: ShoeState = { remaining, cutCard: 0, rounds: 3 };
    for (let nonce = 0; nonce < 30; nonce++) {
      const { hand, shoe: after } = dealBaccarat(
        small,
        createFairStream(nodeHmac, { serverSeed: SEED, clientSeed: 'small', nonce }),
      );
      for (const card of [...hand.player, ...hand.banker]) expect([4, 12]).toContain(card % 13);
      expect(after.rounds).toBe(4);
      const used = [...hand.player, ...hand.banker];
      for (let card = 0; card < 52; card++)
        expect(after.remaining[card]).toBe(remaining[card]! - used.filter((c) => c === card).length);
    }
    expect(() =>
      dealBaccarat(
        { remaining: remaining.map((c, i) => (i < 5 ? c : 0)), cutCard: 0, rounds: 0 },
        riggedStream(shoe, []),
      ),
    ).toThrow();
  });

  it('replays: the same seeds deal the same coup', () => {
    const input = { serverSeed: SEED, clientSeed: 'replay', nonce: 42 };
    const a = dealBaccarat(newShoe(BACCARAT_V1), createFairStream(nodeHmac, input));
    const b = dealBaccarat(newShoe(BACCARAT_V1), createFairStream(nodeHmac, input));
    expect(b).toEqual(a);
    const c = dealBaccarat(newShoe(BACCARAT_V1), createFairStream(nodeHmac, { ...input, nonce: 43 }));
    expect(c.hand).not.toEqual(a.hand);
  });
});

describe('the shoe', () => {
  it('is 8 decks with the cut card at 16', () => {
    const shoe = newShoe(BACCARAT_V1);
    expect(shoe.remaining).toHaveLength(52);
    expect(cardsLeft(shoe)).toBe(416);
    expect(shoe.cutCard).toBe(16);
    expect(shoeIsDone(shoe)).toBe(false);
    expect(isShoeState(shoe)).toBe(true);
    expect(isShoeState({ ...shoe, remaining: shoe.remaining.slice(1) })).toBe(false);
    expect(isShoeState({ ...shoe, rounds: -1 })).toBe(false);
  });

  it('is done once the cut card is reached, never short of a coup', () => {
    let shoe = newShoe(BACCARAT_V1);
    let coups = 0;
    while (!shoeIsDone(shoe)) {
      expect(cardsLeft(shoe)).toBeGreaterThan(16);
      shoe = dealBaccarat(
        shoe,
        createFairStream(nodeHmac, { serverSeed: SEED, clientSeed: 'shoe', nonce: coups }),
      ).shoe;
      coups++;
    }
    expect(cardsLeft(shoe)).toBeLessThanOrEqual(16);
    expect(cardsLeft(shoe)).toBeGreaterThanOrEqual(11);
    expect(shoe.rounds).toBe(coups);
    expect(coups).toBeGreaterThan(70);
  });

  it('labels cards', () => {
    expect(cardLabel(0)).toBe('A♠');
    expect(cardLabel(13 + 9)).toBe('10♥');
    expect(cardLabel(26 + 10)).toBe('J♦');
    expect(cardLabel(51)).toBe('K♣');
  });
});

describe('settlement', () => {
  const hand = (outcome: BaccaratHand['outcome'], playerPair = false, bankerPair = false): BaccaratHand => ({
    player: [],
    banker: [],
    playerTotal: 0,
    bankerTotal: 0,
    outcome,
    playerPair,
    bankerPair,
  });

  it('pays player 1:1, banker 0.95:1 rounded down, tie 8:1, pairs 11:1', () => {
    expect(settleBaccarat(hand('player'), { player: 10000, banker: 5000 }, BACCARAT_V1)).toEqual({
      returns: { player: 20000, banker: 0 },
      totalBet: 15000,
      totalReturn: 20000,
    });
    expect(settleBaccarat(hand('banker'), { banker: 10000 }, BACCARAT_V1).returns.banker).toBe(19500);
    expect(settleBaccarat(hand('banker'), { banker: 1000 }, BACCARAT_V1).returns.banker).toBe(1950);
    // Rounded down where 5% is not whole (not a table stake, but the rule must hold).
    expect(settleBaccarat(hand('banker'), { banker: 1010 }, BACCARAT_V1).returns.banker).toBe(1010 + 959);
    expect(settleBaccarat(hand('banker'), { banker: 1_000_000 }, BACCARAT_V1).returns.banker).toBe(1_950_000);
    expect(settleBaccarat(hand('tie'), { tie: 2000 }, BACCARAT_V1).returns.tie).toBe(18000);
    expect(
      settleBaccarat(hand('player', true, false), { playerPair: 1000, bankerPair: 1000 }, BACCARAT_V1),
    ).toEqual({
      returns: { playerPair: 12000, bankerPair: 0 },
      totalBet: 2000,
      totalReturn: 12000,
    });
    expect(
      settleBaccarat(hand('banker', true, true), { playerPair: 1000, bankerPair: 3000 }, BACCARAT_V1)
        .totalReturn,
    ).toBe(48000);
  });

  it('player and banker push on a tie, the tie bet loses otherwise', () => {
    expect(settleBaccarat(hand('tie'), { player: 5000, banker: 3000, tie: 1000 }, BACCARAT_V1)).toEqual({
      returns: { player: 5000, banker: 3000, tie: 9000 },
      totalBet: 9000,
      totalReturn: 17000,
    });
    expect(settleBaccarat(hand('player'), { tie: 1000, banker: 1000 }, BACCARAT_V1).totalReturn).toBe(0);
  });

  it('leaves out spots without a stake', () => {
    expect(settleBaccarat(hand('player'), { player: 1000, tie: 0 }, BACCARAT_V1)).toEqual({
      returns: { player: 2000 },
      totalBet: 1000,
      totalReturn: 2000,
    });
  });
});

describe('table limits', () => {
  it('validates stakes', () => {
    expect(validateBaccaratBets(BACCARAT_V1, {})).toBe('empty');
    expect(validateBaccaratBets(BACCARAT_V1, { player: 0 })).toBe('empty');
    expect(validateBaccaratBets(BACCARAT_V1, { player: 1000 })).toBeNull();
    expect(validateBaccaratBets(BACCARAT_V1, { player: 1_000_000, banker: 1000, tie: 200_000 })).toBeNull();
    expect(validateBaccaratBets(BACCARAT_V1, { player: 1500 })).toBe('unit');
    expect(validateBaccaratBets(BACCARAT_V1, { player: 1000.5 })).toBe('unit');
    expect(validateBaccaratBets(BACCARAT_V1, { player: -1000 })).toBe('min');
    expect(validateBaccaratBets(BACCARAT_V1, { banker: 1_001_000 })).toBe('max');
    expect(validateBaccaratBets(BACCARAT_V1, { tie: 201_000 })).toBe('max');
    expect(validateBaccaratBets(BACCARAT_V1, { playerPair: 100_000, bankerPair: 101_000 })).toBe('max');
    expect(BACCARAT_V1.chips.every((chip) => chip % BACCARAT_V1.unit === 0)).toBe(true);
  });
});

describe('the exact house edge', () => {
  it('matches the published 8-deck figures to 4 decimals (percent)', () => {
    const edge = baccaratHouseEdge(BACCARAT_V1);
    expect((edge.banker * 100).toFixed(4)).toBe('1.0579');
    expect((edge.player * 100).toFixed(4)).toBe('1.2351');
    expect((edge.tie * 100).toFixed(4)).toBe('14.3596');
    expect((edge.playerPair * 100).toFixed(4)).toBe('10.3614');
    expect((edge.bankerPair * 100).toFixed(4)).toBe('10.3614');
  });

  it('is an exact rational: the pair edge is 1 - 12 x 31/415', () => {
    const exact = baccaratHouseEdgeExact(BACCARAT_V1);
    // P(pair) = 13 x 32 x 31 / (416 x 415) = 31/415, so the edge is (415 - 372)/415 = 43/415.
    expect(exact.playerPair).toEqual({ num: 43n, den: 415n });
    expect(exact.bankerPair).toEqual({ num: 43n, den: 415n });
  });
});
