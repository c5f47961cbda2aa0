import { describe, expect, it } from 'vitest';
import { maskPhone } from './mask.ts';

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
