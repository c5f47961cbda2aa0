import { HOUSE_TABLE } from '@casino/studio-engine/baccarat';
import { SLOT_GAMES } from '@casino/studio-engine/slots/index';
import type { BaccaratTable, SlotGameDefinition } from '@casino/studio-engine/types';

/** The studio's providers in the platform's catalog: live table games, and the video slots. */
export const LIVE_PROVIDER = 'house-live';
export const SLOTS_PROVIDER = 'house-slots';
export type StudioProviderCode = typeof LIVE_PROVIDER | typeof SLOTS_PROVIDER;
export const STUDIO_PROVIDERS: readonly { code: StudioProviderCode; kind: 'casino' | 'slot' }[] = [
  { code: LIVE_PROVIDER, kind: 'casino' },
  { code: SLOTS_PROVIDER, kind: 'slot' },
];

export type StudioGame =
  | { code: string; provider: StudioProviderCode; kind: 'baccarat'; table: BaccaratTable }
  | { code: string; provider: StudioProviderCode; kind: 'slot'; definition: SlotGameDefinition };

/** Every game the studio plays, by its code in the catalog (a game code names its provider). */
export const STUDIO_GAMES: ReadonlyMap<string, StudioGame> = new Map<string, StudioGame>([
  [
    HOUSE_TABLE.code,
    { code: HOUSE_TABLE.code, provider: LIVE_PROVIDER, kind: 'baccarat', table: HOUSE_TABLE },
  ],
  ...SLOT_GAMES.map((definition): [string, StudioGame] => [
    definition.code,
    { code: definition.code, provider: SLOTS_PROVIDER, kind: 'slot', definition },
  ]),
]);

/**
 * The names the catalog shows, in the order of the lobby. Slot titles are transliterated on
 * Korean sites, as the players know them.
 */
export const PROVIDER_NAMES: Record<StudioProviderCode, { name: string; nameKo: string }> = {
  [LIVE_PROVIDER]: { name: 'House Live Casino', nameKo: '하우스 라이브 카지노' },
  [SLOTS_PROVIDER]: { name: 'House Slots', nameKo: '하우스 슬롯' },
};
export const GAME_NAMES: Record<string, { nameKo: string; nameEn: string }> = {
  baccarat: { nameKo: '바카라', nameEn: 'Baccarat' },
  'jade-lotus': { nameKo: '제이드 로터스', nameEn: 'Jade Lotus' },
  'tiger-fortune': { nameKo: '타이거 포춘', nameEn: 'Tiger Fortune' },
  'dragon-pearl': { nameKo: '드래곤 펄', nameEn: 'Dragon Pearl' },
};
