import type { FairStream } from '../fair.ts';
import type { SlotGameDefinition, SlotRound, SlotSpin } from '../types.ts';
import { spinAt } from './evaluate.ts';
import { slotGameVersion } from '../versions.ts';

export { bestLinePay, evaluateWindow, scatterCells, spinAt, windowAt } from './evaluate.ts';
export { SLOT_SYMBOLS } from './games.ts';

/** The codes of the studio's three video slots: low, medium and high volatility. */
export const SLOT_CODES = ['jade-lotus', 'tiger-fortune', 'dragon-pearl'] as const;

/** The newest version of each of the three slots when this module loaded (lists, docs, benches). */
export const SLOT_GAMES: readonly SlotGameDefinition[] = SLOT_CODES.map((code) => slotGameVersion(code)!);

/** A slot's definition: the given published version, or the newest one (versions.ts). */
export function slotGame(code: string, version?: number): SlotGameDefinition | undefined {
  return slotGameVersion(code, version);
}

/** `invalid` (not a positive whole number of won), `level` (not one of the game's bet levels), or null. */
export function validateSlotBet(game: SlotGameDefinition, bet: number): string | null {
  if (typeof bet !== 'number' || !Number.isSafeInteger(bet) || bet <= 0) return 'invalid';
  if (!game.betLevels.includes(bet) || bet % game.betDivisor !== 0) return 'level';
  return null;
}

/**
 * One paid spin and every free game it leads to, from one fair stream: the paid spin's stops are
 * `stream.int(length)` for reels 1..5 in order, then each free game's stops the same way on the free
 * reels. Scatters award free games in the base game and in free games alike, up to `maxFreeGames`
 * in all. The round pays at most `maxWinMultiplier x bet`; should a round reach it, it ends there
 * (the multiplier is set high enough that no round can reach it: rtp.ts checks it).
 */
export function playSlotRound(game: SlotGameDefinition, bet: number, stream: FairStream): SlotRound {
  const problem = validateSlotBet(game, bet);
  if (problem) throw new RangeError(`bet ${bet} is not valid for ${game.code}: ${problem}`);
  const cap = game.maxWinMultiplier * bet;
  const spins: SlotSpin[] = [];
  let total = 0;
  let awarded = 0;
  let played = 0;

  const spin = (kind: SlotSpin['kind']): void => {
    const reels = kind === 'base' ? game.reels : game.freeReels;
    const stops = reels.map((strip) => stream.int(strip.length));
    const result = spinAt(game, kind, stops, bet);
    const freeSpinsAwarded = Math.min(result.freeSpinsAwarded, game.maxFreeGames - awarded);
    awarded += freeSpinsAwarded;
    total += result.amount;
    spins.push({ ...result, freeSpinsAwarded });
  };

  spin('base');
  while (played < awarded && total < cap) {
    played++;
    spin('free');
  }
  return { bet, spins, totalWin: Math.min(total, cap) };
}
