import { describe, expect, it } from 'vitest';
import { BANK_CODES, BANKS, bankName, isBankCode } from './banks.ts';

describe('BANKS', () => {
  it('uses unique KFTC 3-digit codes with both names', () => {
    expect(new Set(BANK_CODES).size).toBe(BANKS.length);
    for (const bank of BANKS) {
      expect(bank.code).toMatch(/^\d{3}$/);
      expect(bank.nameKo).not.toBe('');
      expect(bank.nameEn).not.toBe('');
    }
  });
  it('knows the main banks by their codes', () => {
    const names = Object.fromEntries(BANKS.map((b) => [b.code, b.nameKo]));
    expect(names).toMatchObject({
      '004': 'KB국민은행',
      '011': 'NH농협은행',
      '020': '우리은행',
      '081': '하나은행',
      '088': '신한은행',
      '090': '카카오뱅크',
      '092': '토스뱅크',
    });
  });
  it('isBankCode and bankName', () => {
    expect(isBankCode('088')).toBe(true);
    expect(isBankCode('88')).toBe(false);
    expect(isBankCode(88)).toBe(false);
    expect(bankName('090', 'ko')).toBe('카카오뱅크');
    expect(bankName('090', 'vn')).toBe('KakaoBank');
    expect(bankName('999', 'en')).toBe('999');
  });
});
