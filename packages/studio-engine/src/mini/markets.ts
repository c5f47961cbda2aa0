import { ballSum, type LadderResult, type MiniGame, type PowerballResult } from './draw.ts';

/**
 * The mini-games' markets (docs/games/mini-games.md): what each wins on, its exact probability by
 * enumeration of every outcome, and the odds an operator may set. Odds are integers in hundredths
 * (195 = 1.95x): a winning stake s is paid floor(s * odds / 100), stake included. A market's RTP is
 * p * odds / 100, and the bounds keep it within 90 % .. 99 %.
 */

type OddEven = 'odd' | 'even';
type UnderOver = 'under' | 'over';
type Size = 'small' | 'medium' | 'large';

const pbOddEven = (r: PowerballResult): OddEven => (r.powerball % 2 === 1 ? 'odd' : 'even');
const pbUnderOver = (r: PowerballResult): UnderOver => (r.powerball <= 4 ? 'under' : 'over');
const sumOddEven = (r: PowerballResult): OddEven => (ballSum(r) % 2 === 1 ? 'odd' : 'even');
const sumUnderOver = (r: PowerballResult): UnderOver => (ballSum(r) <= 72 ? 'under' : 'over');
const sumSize = (r: PowerballResult): Size => {
  const s = ballSum(r);
  return s <= 64 ? 'small' : s <= 80 ? 'medium' : 'large';
};

export interface MarketDefinition<R> {
  code: string;
  wins: (result: R) => boolean;
}

const OE: OddEven[] = ['odd', 'even'];
const UO: UnderOver[] = ['under', 'over'];
const SIZES: Size[] = ['small', 'medium', 'large'];

/** Powerball: the powerball's and the normal-ball sum's single markets and the usual pairs. */
export const POWERBALL_MARKETS: readonly MarketDefinition<PowerballResult>[] = [
  ...OE.map((v) => ({ code: `pb-${v}`, wins: (r: PowerballResult) => pbOddEven(r) === v })),
  ...UO.map((v) => ({ code: `pb-${v}`, wins: (r: PowerballResult) => pbUnderOver(r) === v })),
  ...OE.map((v) => ({ code: `sum-${v}`, wins: (r: PowerballResult) => sumOddEven(r) === v })),
  ...UO.map((v) => ({ code: `sum-${v}`, wins: (r: PowerballResult) => sumUnderOver(r) === v })),
  ...SIZES.map((v) => ({ code: `sum-${v}`, wins: (r: PowerballResult) => sumSize(r) === v })),
  ...OE.flatMap((a) =>
    UO.map((b) => ({
      code: `pb-${a}-${b}`,
      wins: (r: PowerballResult) => pbOddEven(r) === a && pbUnderOver(r) === b,
    })),
  ),
  ...OE.flatMap((a) =>
    UO.map((b) => ({
      code: `sum-${a}-${b}`,
      wins: (r: PowerballResult) => sumOddEven(r) === a && sumUnderOver(r) === b,
    })),
  ),
  ...OE.flatMap((a) =>
    SIZES.map((b) => ({
      code: `sum-${a}-${b}`,
      wins: (r: PowerballResult) => sumOddEven(r) === a && sumSize(r) === b,
    })),
  ),
  ...OE.flatMap((a) =>
    OE.map((b) => ({
      code: `pb-${a}-sum-${b}`,
      wins: (r: PowerballResult) => pbOddEven(r) === a && sumOddEven(r) === b,
    })),
  ),
];

/** Ladder: start, rungs, finish, and the four start-rungs pairs. */
export const LADDER_MARKETS: readonly MarketDefinition<LadderResult>[] = [
  { code: 'left', wins: (r) => r.start === 'left' },
  { code: 'right', wins: (r) => r.start === 'right' },
  { code: 'three', wins: (r) => r.rungs === 3 },
  { code: 'four', wins: (r) => r.rungs === 4 },
  { code: 'odd', wins: (r) => r.finish === 'odd' },
  { code: 'even', wins: (r) => r.finish === 'even' },
  { code: 'left-three', wins: (r) => r.start === 'left' && r.rungs === 3 },
  { code: 'left-four', wins: (r) => r.start === 'left' && r.rungs === 4 },
  { code: 'right-three', wins: (r) => r.start === 'right' && r.rungs === 3 },
  { code: 'right-four', wins: (r) => r.start === 'right' && r.rungs === 4 },
];

/** Every Powerball outcome up to order: the C(28,5) = 98,280 sets of normal balls times 10 powerballs. */
export function* powerballOutcomes(): Generator<PowerballResult> {
  const balls = [0, 0, 0, 0, 0];
  for (let a = 1; a <= 24; a += 1)
    for (let b = a + 1; b <= 25; b += 1)
      for (let c = b + 1; c <= 26; c += 1)
        for (let d = c + 1; d <= 27; d += 1)
          for (let e = d + 1; e <= 28; e += 1) {
            balls[0] = a;
            balls[1] = b;
            balls[2] = c;
            balls[3] = d;
            balls[4] = e;
            for (let powerball = 0; powerball <= 9; powerball += 1) yield { balls, powerball };
          }
}

export function* ladderOutcomes(): Generator<LadderResult> {
  for (const start of ['left', 'right'] as const)
    for (const rungs of [3, 4] as const)
      yield { start, rungs, finish: (start === 'left') === (rungs === 3) ? 'even' : 'odd' };
}

export interface MarketOdds {
  code: string;
  /** Exact probability: wins / outcomes (every outcome equally likely). */
  wins: number;
  outcomes: number;
  /** Odds bounds in hundredths: the lowest keeping RTP >= 90 %, the highest keeping it <= 99 %. */
  minOdds: number;
  maxOdds: number;
  /** The default: the highest odds with RTP <= 97.5 %. */
  defaultOdds: number;
}

function oddsOf(code: string, wins: number, outcomes: number): MarketOdds {
  // RTP = wins/outcomes * odds/100 in [0.90, 0.99] <=> 90*outcomes <= wins*odds <= 99*outcomes.
  return {
    code,
    wins,
    outcomes,
    minOdds: Math.ceil((90 * outcomes) / wins),
    maxOdds: Math.floor((99 * outcomes) / wins),
    defaultOdds: Math.floor((975 * outcomes) / (10 * wins)),
  };
}

function enumerate<R>(markets: readonly MarketDefinition<R>[], outcomes: Iterable<R>): MarketOdds[] {
  const wins = new Array<number>(markets.length).fill(0);
  let total = 0;
  for (const outcome of outcomes) {
    total += 1;
    for (let m = 0; m < markets.length; m += 1) if (markets[m]!.wins(outcome)) wins[m]! += 1;
  }
  return markets.map((m, i) => oddsOf(m.code, wins[i]!, total));
}

const cache = new Map<MiniGame, MarketOdds[]>();

/** Every market of a game with its exact probability and odds bounds (enumerated once, then cached). */
export function miniMarkets(game: MiniGame): MarketOdds[] {
  let markets = cache.get(game);
  if (!markets) {
    markets =
      game === 'powerball'
        ? enumerate(POWERBALL_MARKETS, powerballOutcomes())
        : enumerate(LADDER_MARKETS, ladderOutcomes());
    cache.set(game, markets);
  }
  return markets;
}

/** Whether a market wins on a result. */
export function marketWins(game: MiniGame, code: string, result: PowerballResult | LadderResult): boolean {
  const list: readonly MarketDefinition<never>[] = game === 'powerball' ? POWERBALL_MARKETS : LADDER_MARKETS;
  const market = list.find((m) => m.code === code);
  if (!market) throw new RangeError(`no market ${code} in ${game}`);
  return (market.wins as (r: PowerballResult | LadderResult) => boolean)(result);
}

/** What a winning stake is paid at `odds` hundredths, stake included. */
export function payout(stake: number, odds: number): number {
  return Math.floor((stake * odds) / 100);
}
