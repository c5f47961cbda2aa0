// The commission formula of docs/api/backoffice-partners.md, pure and exact (decision 0021).
//
// Rolling(P, k) = floor((S0 * r(P,k) + sum over children c of Sc * (r(P,k) - r(c,k))) / 10000), where
// S0 are the stakes of P's own members and Sc those of c's whole subtree; Losing(P) the same over
// the net loss (stakes - wins) of the kinds casino, slot and mini with the `losing` rates. Where
// rates changed inside the period, each part counts at its own rates: every stake carries the rates
// epoch it was placed in, and each part's numerator is summed before the one floor.

export const COMMISSION_KINDS = ['casino', 'slot', 'mini'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

export interface Rates {
  casino: number;
  slot: number;
  mini: number;
  losing: number;
}

/** Stakes and wins of one partner's own members in one kind and rates epoch. */
export interface StakeGroup {
  partnerId: number;
  kind: string;
  epoch: number;
  stakes: number;
  wins: number;
}

export interface Commission {
  stakes: Record<CommissionKind, number>;
  wins: Record<CommissionKind, number>;
  rolling: Record<CommissionKind, number>;
  losing: number;
  total: number;
}

const BASIS = 10_000n;

/** floor(n / d) for a positive d, toward minus infinity (a negative losing floors down, as the formula says). */
export function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/** The rates of each partner at each epoch: its latest history row at or before that epoch. */
export function ratesAtEpoch(history: readonly { partnerId: number; epoch: number; rates: Rates }[]) {
  const byPartner = new Map<number, { epoch: number; rates: Rates }[]>();
  for (const h of history) {
    const list = byPartner.get(h.partnerId) ?? [];
    list.push({ epoch: h.epoch, rates: h.rates });
    byPartner.set(h.partnerId, list);
  }
  for (const list of byPartner.values()) list.sort((a, b) => a.epoch - b.epoch);
  return (partnerId: number, epoch: number): Rates => {
    const list = byPartner.get(partnerId);
    if (!list || list.length === 0) throw new Error(`partner ${partnerId} has no rates`);
    let found = list[0]!.rates;
    for (const h of list) {
      if (h.epoch > epoch) break;
      found = h.rates;
    }
    return found;
  };
}

const isKind = (kind: string): kind is CommissionKind =>
  (COMMISSION_KINDS as readonly string[]).includes(kind);

/**
 * Partner `partner`'s commission over the stake groups of its subtree. `pathOf` gives each partner's
 * path from the top of the tree down to itself; groups of partners outside the subtree are ignored.
 */
export function commissionOf(
  partner: { id: number; path: readonly number[] },
  groups: readonly StakeGroup[],
  pathOf: (partnerId: number) => readonly number[] | undefined,
  ratesAt: (partnerId: number, epoch: number) => Rates,
): Commission {
  const at = partner.path.length - 1;
  const rolling = { casino: 0n, slot: 0n, mini: 0n };
  let losing = 0n;
  const stakes = { casino: 0, slot: 0, mini: 0 };
  const wins = { casino: 0, slot: 0, mini: 0 };
  for (const g of groups) {
    if (!isKind(g.kind)) continue;
    const path = pathOf(g.partnerId);
    if (!path || path[at] !== partner.id) continue;
    const own = ratesAt(partner.id, g.epoch);
    const child = g.partnerId === partner.id ? undefined : ratesAt(path[at + 1]!, g.epoch);
    const rollingRate = own[g.kind] - (child ? child[g.kind] : 0);
    const losingRate = own.losing - (child ? child.losing : 0);
    rolling[g.kind] += BigInt(g.stakes) * BigInt(rollingRate);
    losing += BigInt(g.stakes - g.wins) * BigInt(losingRate);
    stakes[g.kind] += g.stakes;
    wins[g.kind] += g.wins;
  }
  const result = {
    casino: Number(floorDiv(rolling.casino, BASIS)),
    slot: Number(floorDiv(rolling.slot, BASIS)),
    mini: Number(floorDiv(rolling.mini, BASIS)),
  };
  const losingWon = Number(floorDiv(losing, BASIS));
  return {
    stakes,
    wins,
    rolling: result,
    losing: losingWon,
    total: result.casino + result.slot + result.mini + losingWon,
  };
}
