import { MEMBER_LEVEL_MAX, MEMBER_LEVEL_MIN } from '@casino/contracts/backoffice-members';
import {
  bonusOptionId,
  DEFAULT_LEVEL_SETTINGS,
  ZLevelSettings,
  type TLevelPatch,
  type TLevelSettings,
} from '@casino/contracts/levels';

/** The row of `settings` holding every level's settings (an array, level MEMBER_LEVEL_MIN first). */
export const LEVEL_SETTINGS_KEY = 'levels.settings';
/** The deposit bonus switch (`{enabled}`): off pays nothing new and keeps what was promised. */
export const DEPOSIT_BONUS_SWITCH_KEY = 'promotions.depositBonus';

function copyOf(settings: TLevelSettings): TLevelSettings {
  return {
    compRates: { ...settings.compRates },
    withdrawDailyLimit: settings.withdrawDailyLimit,
    depositBonus: settings.depositBonus.map((o) => ({ ...o })),
    threshold: { ...settings.threshold },
    depositAccount: settings.depositAccount ? { ...settings.depositAccount } : null,
  };
}

/** Stored level settings over the defaults, one per level; a level stored invalid falls back whole. */
export function normalizeLevelSettings(stored: unknown): TLevelSettings[] {
  const list = Array.isArray(stored) ? stored : [];
  const levels: TLevelSettings[] = [];
  for (let level = MEMBER_LEVEL_MIN; level <= MEMBER_LEVEL_MAX; level += 1) {
    const parsed = ZLevelSettings.safeParse(list[level - MEMBER_LEVEL_MIN]);
    levels.push(copyOf(parsed.success ? parsed.data : DEFAULT_LEVEL_SETTINGS));
  }
  return levels;
}

/** One level's settings with a patch applied (the bonus options get their ids from their terms). */
export function applyLevelPatch(before: TLevelSettings, patch: TLevelPatch): TLevelSettings {
  const after = copyOf(before);
  if (patch.compRates) {
    for (const kind of ['casino', 'slot', 'mini'] as const) {
      const v = patch.compRates[kind];
      if (v !== undefined) after.compRates[kind] = v;
    }
  }
  if (patch.withdrawDailyLimit !== undefined) after.withdrawDailyLimit = patch.withdrawDailyLimit;
  if (patch.depositBonus !== undefined) {
    // The same terms twice are one option.
    const seen = new Set<string>();
    after.depositBonus = [];
    for (const option of patch.depositBonus) {
      const id = bonusOptionId(option);
      if (seen.has(id)) continue;
      seen.add(id);
      after.depositBonus.push({ id, ...option });
    }
  }
  if (patch.threshold) {
    if (patch.threshold.stakes !== undefined) after.threshold.stakes = patch.threshold.stakes;
    if (patch.threshold.deposits !== undefined) after.threshold.deposits = patch.threshold.deposits;
  }
  if (patch.depositAccount !== undefined) after.depositAccount = patch.depositAccount;
  return after;
}

/**
 * The level a member reaches with these totals: the highest level whose threshold (stakes or
 * approved deposits, either) the totals reach; MEMBER_LEVEL_MIN when none.
 */
export function levelReached(levels: TLevelSettings[], totals: { stakes: number; deposits: number }): number {
  let reached = MEMBER_LEVEL_MIN;
  levels.forEach((settings, i) => {
    const { stakes, deposits } = settings.threshold;
    if ((stakes !== null && totals.stakes >= stakes) || (deposits !== null && totals.deposits >= deposits))
      reached = Math.max(reached, i + MEMBER_LEVEL_MIN);
  });
  return reached;
}

/** Whether any level has a comp rate of its own (the wallet then reads the member's level). */
export function hasLevelCompRates(levels: TLevelSettings[]): boolean {
  return levels.some(
    (l) => l.compRates.casino !== null || l.compRates.slot !== null || l.compRates.mini !== null,
  );
}
