/*
 * The bet slip: the stakes a member puts on markets of the round before sending them. Pure, so the
 * limits are checked the same way in the tests as on the screen (the server checks them again and
 * its answer is the one that counts: min and max per bet, the house's exposure per market).
 */

export interface SlipLine {
  market: string;
  stake: number;
}

export interface SlipLimits {
  minBet: number;
  maxBet: number;
}

export type TSlipProblem = 'below_min' | 'above_max' | 'over_balance' | null;

/** Adds a chip's amount to the market's line (a new line when the market has none). */
export function addStake(
  lines: readonly SlipLine[],
  market: string,
  amount: number,
  limits: SlipLimits,
): SlipLine[] {
  const found = lines.find((l) => l.market === market);
  if (!found) return [...lines, { market, stake: Math.min(amount, limits.maxBet) }];
  return lines.map((l) =>
    l.market === market ? { ...l, stake: Math.min(l.stake + amount, limits.maxBet) } : l,
  );
}

export function removeLine(lines: readonly SlipLine[], market: string): SlipLine[] {
  return lines.filter((l) => l.market !== market);
}

export function slipTotal(lines: readonly SlipLine[]): number {
  return lines.reduce((sum, l) => sum + l.stake, 0);
}

/** What stops a line from being sent, if anything. */
export function lineProblem(line: SlipLine, limits: SlipLimits): TSlipProblem {
  if (line.stake < limits.minBet) return 'below_min';
  if (line.stake > limits.maxBet) return 'above_max';
  return null;
}

/** What stops the slip from being sent: the first line's problem, else more than the balance. */
export function slipProblem(lines: readonly SlipLine[], limits: SlipLimits, balance: number): TSlipProblem {
  for (const line of lines) {
    const problem = lineProblem(line, limits);
    if (problem) return problem;
  }
  return slipTotal(lines) > balance ? 'over_balance' : null;
}

/** What a line pays if its market wins: floor(stake * odds / 100), stake included (odds in hundredths). */
export function potentialPayout(stake: number, odds: number): number {
  return Math.floor((stake * odds) / 100);
}

/** Odds in hundredths as members read them: 195 -> "1.95". */
export function formatOdds(odds: number): string {
  return (odds / 100).toFixed(2);
}
