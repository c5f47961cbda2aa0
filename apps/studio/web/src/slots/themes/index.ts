import { dragonPearl } from './dragon-pearl.tsx';
import { jadeLotus } from './jade-lotus.tsx';
import type { SlotTheme } from './theme.tsx';
import { tigerFortune } from './tiger-fortune.tsx';

export type { SlotTheme } from './theme.tsx';

const THEMES: Record<string, SlotTheme> = {
  'jade-lotus': jadeLotus,
  'tiger-fortune': tigerFortune,
  'dragon-pearl': dragonPearl,
};

/** The art of a game by its code; a code without art of its own (a new game) borrows Jade Lotus's. */
export function themeFor(code: string): SlotTheme {
  return THEMES[code] ?? jadeLotus;
}
