import type { SlotGameDefinition } from '../types.ts';

/**
 * The three games' mathematics: reel strips, paytables, free games. Symbol ids are shared by the
 * three games (the game client draws each theme's art for them): W wild, S scatter, H1..H4 the
 * theme's symbols (H1 the best), A K Q J T the royals. The strips were tuned with the exact
 * figures of rtp.ts; docs/games/<code>.md states them and the tests compare the two.
 *
 * Each constant is one published version of a game (versions.ts registers them): never edit one.
 * A re-tuning is a new constant with the next version (`JADE_LOTUS_V2`), registered beside the
 * old one, so that every round keeps being verifiable with the version it was played with
 * (docs/games/studio.md, "Re-tuning a game"); versions.test.ts pins each version's fingerprint.
 */
export const SLOT_SYMBOLS = ['W', 'S', 'H1', 'H2', 'H3', 'H4', 'A', 'K', 'Q', 'J', 'T'] as const;

const strip = (text: string): string[] => text.trim().split(/\s+/);

/** Paylines: the row (0 top, 1 middle, 2 bottom) on each reel; the first 20 for 20-line games. */
export const PAYLINES: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
];

export const JADE_LOTUS_V1: SlotGameDefinition = {
  code: 'jade-lotus',
  version: 1,
  rtp: 0.96133362,
  volatility: 'low',
  rows: 3,
  // Low volatility: 30-stop strips with many royals and extra wilds on reels 2 and 3, so that
  // small line wins come often (a win or a trigger on about 43% of paid spins).
  reels: [
    strip('W T H1 S H3 H2 H4 Q A J K T Q H3 J H4 T A K H1 H2 Q J T H3 H4 A K Q J'),
    strip('W H2 A J H3 K T Q H4 J H1 S A Q H3 W K H2 T J H4 A Q H3 J K H1 T H4 Q'),
    strip('W K J H1 H3 Q A T H4 J K H2 Q H3 W A J H1 S T H4 Q K H3 J A H2 Q T H4'),
    strip('W K T H2 A J Q H4 H1 H3 T K J A Q H4 T H2 H3 J K Q H1 S A T H4 J Q H3'),
    strip('W T J Q K A H4 H3 T J Q H2 H1 K A H4 T H3 J Q T K J A Q H4 H2 H3 H1 S'),
  ],
  freeReels: [
    strip('W Q J T H1 S H3 H2 H4 A Q J K T H3 Q J H4 T A H1 K H2 Q J T H3 H4 A K'),
    strip('W T K H3 Q H4 J A H1 S T Q K H3 J H2 W H4 A Q J T K H3 H1 H4 Q J A H2'),
    strip('W J H1 H3 Q A T J H4 K H2 Q H3 A W J T H1 S H4 Q K H3 J A H2 Q T H4 K'),
    strip('W H3 Q K H2 A J T H1 H4 Q H3 K J W A Q T H4 H2 H3 J H1 S Q K A T H4 J'),
    strip('W T J Q K A H4 H3 T J Q H2 H1 K A H4 H3 T J Q T K J Q A H4 H2 H3 H1 S'),
  ],
  lines: PAYLINES.slice(0, 20),
  pays: 'lines',
  paytable: {
    W: [50, 200, 1000],
    H1: [40, 150, 500],
    H2: [30, 100, 300],
    H3: [25, 75, 250],
    H4: [20, 60, 200],
    A: [15, 40, 120],
    K: [15, 40, 120],
    Q: [10, 30, 100],
    J: [10, 25, 80],
    T: [10, 25, 80],
  },
  wild: 'W',
  scatter: 'S',
  scatterPays: [2, 5, 20],
  freeSpins: [10, 12, 15],
  freeMultiplier: 2,
  betLevels: [200, 400, 1000, 2000, 4000, 10000, 20000, 40000, 100000],
  betDivisor: 20,
  // Above the largest return a round can reach (18,098.75 bets), so the cap never binds.
  maxWinMultiplier: 20_000,
  maxFreeGames: 100,
};

export const TIGER_FORTUNE_V1: SlotGameDefinition = {
  code: 'tiger-fortune',
  version: 1,
  rtp: 0.96421442,
  volatility: 'medium',
  rows: 3,
  // Medium volatility: the theme symbols come in stacks of three, so a full reel of one of them
  // crosses many of the 25 lines at once; fewer, larger wins than jade-lotus.
  reels: [
    strip('W T S A H1 H1 H1 Q K T H2 H2 H2 J H3 H3 H3 Q T H4 H4 H4 A K J Q T A K Q J'),
    strip('W A H2 H2 H2 J T K Q S A T J H3 H3 H3 Q K T A H1 H1 H1 Q J H4 H4 H4 K T Q'),
    strip('W K J H1 H1 H1 Q A T H3 H3 H3 K Q J T A S Q K T J H2 H2 H2 A Q H4 H4 H4 T'),
    strip('W K T A H2 H2 H2 J Q T K A H1 H1 H1 Q J T H4 H4 H4 K Q S A T J H3 H3 H3 Q'),
    strip('W T J Q K A T Q J K A T H4 H4 H4 Q H3 H3 H3 J H2 H2 H2 T K A H1 H1 H1 Q S'),
  ],
  freeReels: [
    strip('W Q J T S A H1 H1 H1 Q K T J H2 H2 H2 Q H3 H3 H3 T A K H4 H4 H4 J Q T A K'),
    strip('W T K Q H3 H3 H3 J T A S Q K T H4 H4 H4 J A H1 H1 H1 Q K T Q H2 H2 H2 J A'),
    strip('W J H1 H1 H1 Q A T H3 H3 H3 K J Q A W T S Q K H2 H2 H2 J A H4 H4 H4 Q T K'),
    strip('W Q H3 H3 H3 K T A Q J H2 H2 H2 T K A H1 H1 H1 Q J T S Q K H4 H4 H4 A T J'),
    strip('W T Q J K A T Q J K A T Q H4 H4 H4 H3 H3 H3 H2 H2 H2 J T K H1 H1 H1 Q A S'),
  ],
  lines: PAYLINES,
  pays: 'lines',
  paytable: {
    W: [50, 250, 2500],
    H1: [50, 200, 1000],
    H2: [40, 150, 600],
    H3: [30, 100, 400],
    H4: [25, 80, 300],
    A: [15, 40, 150],
    K: [15, 40, 150],
    Q: [10, 30, 100],
    J: [10, 25, 100],
    T: [10, 25, 100],
  },
  wild: 'W',
  scatter: 'S',
  scatterPays: [2, 10, 50],
  freeSpins: [10, 15, 20],
  freeMultiplier: 3,
  betLevels: [250, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000],
  betDivisor: 25,
  // Above the largest return a round can reach (301,000 bets), so the cap never binds.
  maxWinMultiplier: 350_000,
  maxFreeGames: 100,
};

export const DRAGON_PEARL_V1: SlotGameDefinition = {
  code: 'dragon-pearl',
  version: 1,
  rtp: 0.96592345,
  volatility: 'high',
  rows: 3,
  // High volatility: stacks of four theme symbols and, in free games, stacks of three wilds on
  // reels 2-5 with every win x4. No wild on reel 1: a way always starts on a real symbol.
  reels: [
    strip('T S A H1 H1 H1 H1 K Q H2 H2 H2 H2 T H3 H3 H3 H3 J H4 H4 H4 H4 A K Q T A K Q J'),
    strip('W A H2 H2 H2 H2 J K Q T S A H3 H3 H3 H3 K Q J A H1 H1 H1 H1 H4 H4 H4 H4 T K Q'),
    strip('W K J H1 H1 H1 H1 A Q H3 H3 H3 H3 K T A Q S J K H2 H2 H2 H2 A Q H4 H4 H4 H4 T'),
    strip('W K A T H2 H2 H2 H2 Q J K A H1 H1 H1 H1 Q H4 H4 H4 H4 T K S J A H3 H3 H3 H3 Q'),
    strip('W T Q J K A Q K A H4 H4 H4 H4 T J H3 H3 H3 H3 H2 H2 H2 H2 Q K A H1 H1 H1 H1 S'),
  ],
  freeReels: [
    strip('Q J T S A H1 H1 H1 H1 K H2 H2 H2 H2 T H3 H3 H3 H3 Q J A K H4 H4 H4 H4 T A K'),
    strip('W W W K T H3 H3 H3 H3 Q A S K J H4 H4 H4 H4 A H1 H1 H1 H1 K Q J H2 H2 H2 H2 A'),
    strip('W W W J H1 H1 H1 H1 A H3 H3 H3 H3 Q K A J S K T H2 H2 H2 H2 Q A H4 H4 H4 H4 K'),
    strip('W W W H3 H3 H3 H3 Q K A H2 H2 H2 H2 K J A H1 H1 H1 H1 Q T S K H4 H4 H4 H4 A J'),
    strip('W W W K A J Q K A T H4 H4 H4 H4 J H3 H3 H3 H3 Q H2 H2 H2 H2 K H1 H1 H1 H1 A S'),
  ],
  lines: [],
  pays: 'ways',
  // Multiples of the ways bet (total bet / 25) per way.
  paytable: {
    H1: [8, 25, 120],
    H2: [6, 20, 80],
    H3: [5, 12, 50],
    H4: [4, 10, 40],
    A: [2, 6, 25],
    K: [2, 6, 25],
    Q: [2, 5, 15],
    J: [1, 5, 15],
    T: [1, 4, 12],
  },
  wild: 'W',
  scatter: 'S',
  scatterPays: [3, 20, 100],
  freeSpins: [10, 15, 20],
  freeMultiplier: 4,
  betLevels: [250, 500, 1000, 2500, 5000, 10000, 25000, 50000, 100000],
  betDivisor: 25,
  // Above the largest return a round can reach (467,726.4 bets), so the cap never binds.
  maxWinMultiplier: 500_000,
  maxFreeGames: 100,
};
