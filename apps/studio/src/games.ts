import type { BaccaratTable, SlotGameDefinition } from '@casino/studio-engine/types';
import { SLOT_CODES } from '@casino/studio-engine/slots/index';
import { baccaratVersion, slotGameVersion } from '@casino/studio-engine/versions';

/** The studio's providers in the platform's catalog: live table games, and the video slots. */
export const LIVE_PROVIDER = 'house-live';
export const SLOTS_PROVIDER = 'house-slots';
/** The shared-round mini-games, Powerball and Ladder (kind `mini`, docs/games/mini-games.md). */
export const MINI_PROVIDER = 'house-mini';
export type StudioProviderCode = typeof LIVE_PROVIDER | typeof SLOTS_PROVIDER | typeof MINI_PROVIDER;
export const STUDIO_PROVIDERS: readonly { code: StudioProviderCode; kind: 'casino' | 'slot' | 'mini' }[] = [
  { code: LIVE_PROVIDER, kind: 'casino' },
  { code: SLOTS_PROVIDER, kind: 'slot' },
  { code: MINI_PROVIDER, kind: 'mini' },
];

export type StudioGame = { code: string; provider: StudioProviderCode; kind: 'baccarat' | 'slot' };

/** Every game the studio plays, by its code in the catalog (a game code names its provider). */
export const STUDIO_GAMES: ReadonlyMap<string, StudioGame> = new Map<string, StudioGame>([
  ['baccarat', { code: 'baccarat', provider: LIVE_PROVIDER, kind: 'baccarat' }],
  ...SLOT_CODES.map((code): [string, StudioGame] => [code, { code, provider: SLOTS_PROVIDER, kind: 'slot' }]),
]);

/**
 * The definition a new round of a game is played with: the newest published version
 * (packages/studio-engine/src/versions.ts), looked up at each round so it is the one recorded.
 */
export function currentSlot(game: StudioGame): SlotGameDefinition {
  const definition = slotGameVersion(game.code);
  if (!definition) throw new Error(`no published version of the slot ${game.code}`);
  return definition;
}

export function currentTable(game: StudioGame): BaccaratTable {
  const definition = baccaratVersion(game.code);
  if (!definition) throw new Error(`no published version of the table ${game.code}`);
  return definition;
}

/**
 * The names the catalog shows, in the order of the lobby. Slot titles are transliterated on
 * Korean sites, as the players know them.
 */
export const PROVIDER_NAMES: Record<StudioProviderCode, { name: string; nameKo: string }> = {
  [LIVE_PROVIDER]: { name: 'House Live Casino', nameKo: '하우스 라이브 카지노' },
  [SLOTS_PROVIDER]: { name: 'House Slots', nameKo: '하우스 슬롯' },
  [MINI_PROVIDER]: { name: 'House Mini Games', nameKo: '하우스 미니게임' },
};
export const GAME_NAMES: Record<string, { nameKo: string; nameEn: string }> = {
  baccarat: { nameKo: '바카라', nameEn: 'Baccarat' },
  'jade-lotus': { nameKo: '제이드 로터스', nameEn: 'Jade Lotus' },
  'tiger-fortune': { nameKo: '타이거 포춘', nameEn: 'Tiger Fortune' },
  'dragon-pearl': { nameKo: '드래곤 펄', nameEn: 'Dragon Pearl' },
  powerball: { nameKo: '파워볼', nameEn: 'Powerball' },
  ladder: { nameKo: '사다리', nameEn: 'Ladder' },
};
