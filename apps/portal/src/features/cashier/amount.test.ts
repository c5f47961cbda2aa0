import { describe, expect, it } from 'vitest';
import { addQuickAmount, amountErrorCode, parseAmountInput, QUICK_AMOUNTS, RESET_AMOUNT } from './amount.ts';

describe('parseAmountInput', () => {
  it('reads the digits of any locale grouping, ignoring signs and spaces', () => {
    expect(parseAmountInput('50,000')).toBe(50_000);
    expect(parseAmountInput('50.000')).toBe(50_000);
    expect(parseAmountInput('₩ 1,234,000원')).toBe(1_234_000);
    expect(parseAmountInput('-5000')).toBe(5000);
  });

  it('is 0 for empty or digit-free input and drops leading zeros', () => {
    expect(parseAmountInput('')).toBe(0);
    expect(parseAmountInput('abc')).toBe(0);
    expect(parseAmountInput('000')).toBe(0);
    expect(parseAmountInput('007000')).toBe(7000);
  });

  it('keeps at most twelve digits, so the value stays a safe integer', () => {
    expect(parseAmountInput('9'.repeat(20))).toBe(999_999_999_999);
    expect(Number.isSafeInteger(parseAmountInput('9'.repeat(40)))).toBe(true);
  });
});

describe('quick-add and reset', () => {
  it('offers the five usual steps, smallest first', () => {
    expect(QUICK_AMOUNTS).toEqual([10_000, 50_000, 100_000, 500_000, 1_000_000]);
  });

  it('adds a step to the current amount; repeated presses add up', () => {
    let amount = RESET_AMOUNT;
    amount = addQuickAmount(amount, 10_000);
    amount = addQuickAmount(amount, 50_000);
    amount = addQuickAmount(amount, 50_000);
    expect(amount).toBe(110_000);
  });

  it('never goes above the maximum when one is known', () => {
    expect(addQuickAmount(99_500_000, 1_000_000, 100_000_000)).toBe(100_000_000);
    expect(addQuickAmount(100_000_000, 10_000, 100_000_000)).toBe(100_000_000);
    expect(addQuickAmount(5000, 10_000, 12_500)).toBe(12_500);
    expect(addQuickAmount(5000, 10_000, undefined)).toBe(15_000);
    expect(addQuickAmount(5000, 10_000, 0)).toBe(15_000);
  });

  it('treats a broken current value as 0', () => {
    expect(addQuickAmount(-300, 10_000)).toBe(10_000);
    expect(addQuickAmount(1200.7, 10_000)).toBe(11_200);
  });

  it('resets to 0', () => {
    expect(RESET_AMOUNT).toBe(0);
  });
});

describe('amountErrorCode (the server order: required, min, unit, max)', () => {
  const limits = { min: 10_000, unit: 1000, max: 100_000_000 };
  it('accepts an amount within the limits', () => {
    expect(amountErrorCode(10_000, limits)).toBeNull();
    expect(amountErrorCode(100_000_000, limits)).toBeNull();
  });
  it('names what is wrong', () => {
    expect(amountErrorCode(0, limits)).toBe('required');
    expect(amountErrorCode(9000, limits)).toBe('min');
    expect(amountErrorCode(9500, limits)).toBe('min');
    expect(amountErrorCode(10_500, limits)).toBe('unit');
    expect(amountErrorCode(100_001_000, limits)).toBe('max');
  });
  it('checks only the limits that are known', () => {
    expect(amountErrorCode(500, {})).toBeNull();
    expect(amountErrorCode(10_500, { min: 10_000 })).toBeNull();
    expect(amountErrorCode(Number.NaN, {})).toBe('required');
  });
});
