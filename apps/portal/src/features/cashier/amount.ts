/**
 * Amount entry of the cashier forms: whole won (or comp points) typed as digits, raised by quick-add
 * buttons and checked against the limits `get-cashier-status` tells (docs/cashier.md "Amounts").
 */

/** The quick-add steps of the deposit and withdrawal forms, smallest first. */
export const QUICK_AMOUNTS = [10_000, 50_000, 100_000, 500_000, 1_000_000] as const;

/** The quick-add steps of the comp conversion form (comp balances are smaller). */
export const QUICK_POINTS = [10_000, 50_000, 100_000] as const;

/** Twelve digits are far above any operator's maximum and far below Number.MAX_SAFE_INTEGER. */
const MAX_DIGITS = 12;

/**
 * The amount a member typed: every non-digit is dropped (grouping separators of any locale, spaces,
 * a currency sign), leading zeros too; empty input is 0.
 */
export function parseAmountInput(text: string): number {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '').slice(0, MAX_DIGITS);
  return digits === '' ? 0 : Number(digits);
}

/** `current + step`, never above `max` (when a positive max is known) and never below 0. */
export function addQuickAmount(current: number, step: number, max?: number): number {
  const next = Math.max(0, Math.trunc(current)) + Math.max(0, Math.trunc(step));
  return max !== undefined && max > 0 ? Math.min(next, max) : next;
}

/** The amount after the reset button. */
export const RESET_AMOUNT = 0;

export interface AmountLimits {
  min?: number | undefined;
  unit?: number | undefined;
  max?: number | undefined;
}

/** The contract's field code of an amount that the server would refuse (400 `amount`), or null. */
export type TAmountErrorCode = 'required' | 'min' | 'unit' | 'max';

/**
 * Checks an amount as the server does, in the server's order: present, at least the minimum, a
 * multiple of the unit, at most the maximum. Limits that are not known yet are not checked.
 */
export function amountErrorCode(amount: number, limits: AmountLimits): TAmountErrorCode | null {
  if (!Number.isFinite(amount) || amount <= 0) return 'required';
  if (limits.min !== undefined && amount < limits.min) return 'min';
  if (limits.unit !== undefined && limits.unit > 1 && amount % limits.unit !== 0) return 'unit';
  if (limits.max !== undefined && limits.max > 0 && amount > limits.max) return 'max';
  return null;
}
