import { BACCARAT_V1 } from './baccarat.ts';
import { sha256Hex } from './fair.ts';
import { DRAGON_PEARL_V1, JADE_LOTUS_V1, TIGER_FORTUNE_V1 } from './slots/games.ts';
import type { BaccaratTable, SlotGameDefinition } from './types.ts';

/**
 * Every published version of every game's definition (baccarat's rules, each slot's strips,
 * paytable and lines), kept for ever: a round records the version it was decided with, and the
 * verify page, `scripts/verify-round.ts` and the server re-decide it with that version, so a
 * re-tuning never makes an old round unverifiable (docs/games/provably-fair.md, "Versions").
 *
 * A re-tuning adds a version: a new constant beside the old one with the next number, added to
 * `PUBLISHED` below (docs/games/studio.md, "Re-tuning a game"). The server plays the newest
 * version of each game. versions.test.ts pins the fingerprint of each published version (and of
 * the rounds it decides): a change to a published version fails it. (The definitions are not
 * frozen at run time: V8 reads frozen arrays, the reel strips, about half as fast.)
 */

export type GameDefinition = BaccaratTable | SlotGameDefinition;

/** Every published version, in the order of publication. */
const PUBLISHED: readonly GameDefinition[] = [BACCARAT_V1, JADE_LOTUS_V1, TIGER_FORTUNE_V1, DRAGON_PEARL_V1];

export function isSlotDefinition(definition: GameDefinition): definition is SlotGameDefinition {
  return 'reels' in definition;
}

/** The definition as JSON with its keys sorted at every level: the same text for the same definition. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of a definition's canonical JSON: what pins a published version. */
export function definitionFingerprint(definition: GameDefinition): string {
  return sha256Hex(canonicalJson(definition));
}

const versions = new Map<string, GameDefinition[]>();

/**
 * Publishes a version of a game: the next number after the game's last one (1 for a new game).
 * Registering a published version again with the same definition does nothing; with another
 * definition it throws (a re-tuning is a new version, never an edit).
 */
export function registerGameVersion(definition: GameDefinition): void {
  const { code, version } = definition;
  if (typeof code !== 'string' || !/^[a-z0-9_-]{1,40}$/.test(code)) throw new Error(`bad game code ${code}`);
  if (!Number.isSafeInteger(version) || version < 1)
    throw new Error(`${code}: a version is a whole number from 1, not ${version}`);
  const list = versions.get(code) ?? [];
  const published = list[version - 1];
  if (published) {
    if (definitionFingerprint(published) === definitionFingerprint(definition)) return;
    throw new Error(
      `${code} version ${version} is published with another definition: a re-tuning is version ${list.length + 1}`,
    );
  }
  if (version !== list.length + 1)
    throw new Error(
      `${code}: version ${version} cannot follow version ${list.length} (1, 2, 3... without gaps)`,
    );
  if (list[0] && isSlotDefinition(list[0]) !== isSlotDefinition(definition))
    throw new Error(`${code}: version ${version} is not the same kind of game as version 1`);
  list.push(definition);
  versions.set(code, list);
}

for (const definition of PUBLISHED) registerGameVersion(definition);

/** The codes of the games with a published version. */
export function gameCodes(): string[] {
  return [...versions.keys()];
}

/** The published version numbers of a game (1, 2, ...), empty for an unknown game. */
export function gameVersions(code: string): number[] {
  return (versions.get(code) ?? []).map((definition) => definition.version);
}

/** A published version of a game; its newest version when `version` is left out. */
export function gameVersion(code: string, version?: number): GameDefinition | undefined {
  const list = versions.get(code);
  if (!list) return undefined;
  return version === undefined ? list[list.length - 1] : list[version - 1];
}

/** A published version of a slot (its newest when `version` is left out); undefined for anything else. */
export function slotGameVersion(code: string, version?: number): SlotGameDefinition | undefined {
  const definition = gameVersion(code, version);
  return definition && isSlotDefinition(definition) ? definition : undefined;
}

/** A published version of a baccarat table (its newest when `version` is left out). */
export function baccaratVersion(code: string, version?: number): BaccaratTable | undefined {
  const definition = gameVersion(code, version);
  return definition && !isSlotDefinition(definition) ? definition : undefined;
}
