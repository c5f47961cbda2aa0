import { describe, expect, it } from 'vitest';
import { maskAccountNumber, maskPhone } from './mask.ts';

describe('maskPhone', () => {
  it('keeps the first three and last four digits of a mobile number', () => {
    expect(maskPhone('01012345678')).toBe('010-****-5678');
    expect(maskPhone('010-1234-5678')).toBe('010-****-5678');
    expect(maskPhone('0111234567')).toBe('011-***-4567');
  });
  it('hides all but the last two digits of a short value, and leaves an empty one empty', () => {
    expect(maskPhone('12345')).toBe('***45');
    expect(maskPhone('12')).toBe('**');
    expect(maskPhone('')).toBe('');
  });
});

describe('maskAccountNumber', () => {
  it('shows the last four digits behind at most six stars', () => {
    expect(maskAccountNumber('123456789012')).toBe('******9012');
    expect(maskAccountNumber('12345678')).toBe('****5678');
    expect(maskAccountNumber('12-34-5678')).toBe('****5678');
  });
  it('never shows a digit other than the last four', () => {
    const masked = maskAccountNumber('98765432109876');
    expect(masked.replace(/\*/g, '')).toBe('9876');
    expect(masked).not.toContain('5432');
  });
  it('leaves four digits or fewer as they are, and an empty value empty', () => {
    expect(maskAccountNumber('1234')).toBe('1234');
    expect(maskAccountNumber('')).toBe('');
  });
});
