import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from './errors.ts';
import {
  DEFAULT_MAX_AMOUNT,
  amountSchema,
  passwordEqualsUserId,
  ZAgree18,
  ZAmount,
  ZBankCode,
  ZBankNum,
  ZBankOwner,
  ZExchangePassword,
  ZHelpContents,
  ZHelpTitle,
  ZHhMm,
  ZId,
  ZIsoDate,
  ZLoginPassword,
  ZNick,
  ZPaging,
  ZPassword,
  ZPhone,
  ZPopupPos,
  ZRegCode,
  ZTitleColor,
  ZUserId,
} from './fields.ts';

/** The contract code a field value gets, or 'ok' with the parsed value. */
function check(schema: z.ZodType, value: unknown): string | { ok: unknown } {
  const result = z.object({ f: schema }).safeParse(value === undefined ? {} : { f: value });
  if (result.success) return { ok: result.data.f };
  return toFieldErrors(result.error.issues)[0]?.code ?? 'none';
}

describe('ZUserId', () => {
  it.each([
    ['abcd', 'abcd'],
    ['  AbCd12 ', 'abcd12'],
    ['a234567890123456', 'a234567890123456'],
  ])('accepts %j as %j', (input, output) => {
    expect(check(ZUserId, input)).toEqual({ ok: output });
  });
  it.each([
    [undefined, 'required'],
    [1234, 'type'],
    ['abc', 'length'],
    ['a2345678901234567', 'length'],
    ['1abc', 'pattern'],
    ['ab_cd', 'pattern'],
    ['ab cd', 'pattern'],
    ['abçd', 'pattern'],
    ['아이디아이', 'pattern'],
  ])('refuses %j with %s', (input, code) => {
    expect(check(ZUserId, input)).toBe(code);
  });
});

describe('ZNick', () => {
  it.each([
    ['홍길', '홍길'],
    ['Gamer01', 'Gamer01'],
    ['가나다라마바사아자차', '가나다라마바사아자차'],
    // NFD Hangul (6 code points) becomes 2 NFC syllables.
    ['\u1112\u1161\u11ab\u1100\u1173\u11af', '한글'],
    [' 닉네임 ', '닉네임'],
  ])('accepts %j', (input, output) => {
    expect(check(ZNick, input)).toEqual({ ok: output });
  });
  it.each([
    [undefined, 'required'],
    ['가', 'length'],
    ['가나다라마바사아자차카', 'length'],
    ['닉 네임', 'pattern'],
    ['nick!', 'pattern'],
    ['ㅋㅋㅋ', 'pattern'],
    ['日本語', 'pattern'],
    ['😀😀', 'pattern'],
  ])('refuses %j with %s', (input, code) => {
    expect(check(ZNick, input)).toBe(code);
  });
});

describe('passwords', () => {
  it('ZPassword takes 8..64 characters as they are', () => {
    expect(check(ZPassword, ' pass word ')).toEqual({ ok: ' pass word ' });
    expect(check(ZPassword, 'x'.repeat(64))).toEqual({ ok: 'x'.repeat(64) });
    expect(check(ZPassword, 'x'.repeat(7))).toBe('length');
    expect(check(ZPassword, 'x'.repeat(65))).toBe('length');
    expect(check(ZPassword, undefined)).toBe('required');
  });
  it('ZLoginPassword only wants something', () => {
    expect(check(ZLoginPassword, 'a')).toEqual({ ok: 'a' });
    expect(check(ZLoginPassword, '')).toBe('required');
    expect(check(ZLoginPassword, '   ')).toBe('required');
    expect(check(ZLoginPassword, 'x'.repeat(65))).toBe('length');
  });
  it('passwordEqualsUserId ignores case', () => {
    expect(passwordEqualsUserId('Gamer123', 'gamer123')).toBe(true);
    expect(passwordEqualsUserId('gamer1234', 'gamer123')).toBe(false);
  });
  it('ZExchangePassword is 4..6 digits', () => {
    expect(check(ZExchangePassword, '0000')).toEqual({ ok: '0000' });
    expect(check(ZExchangePassword, '123456')).toEqual({ ok: '123456' });
    expect(check(ZExchangePassword, '123')).toBe('length');
    expect(check(ZExchangePassword, '1234567')).toBe('length');
    expect(check(ZExchangePassword, '12a4')).toBe('pattern');
    expect(check(ZExchangePassword, '١٢٣٤')).toBe('pattern');
    expect(check(ZExchangePassword, 1234)).toBe('type');
  });
});

describe('ZPhone', () => {
  it.each([
    ['01012345678', '01012345678'],
    ['010-1234-5678', '01012345678'],
    [' 010 1234 5678 ', '01012345678'],
    ['011-123-4567', '0111234567'],
  ])('accepts %j as digits', (input, output) => {
    expect(check(ZPhone, input)).toEqual({ ok: output });
  });
  it.each([
    ['0101234567', { ok: '0101234567' }],
    ['010123456', 'pattern'],
    ['010123456789', 'pattern'],
    ['02-123-4567', 'pattern'],
    ['+82 10 1234 5678', 'pattern'],
    ['010.1234.5678', 'pattern'],
    ['', 'pattern'],
    [undefined, 'required'],
  ])('%j -> %j', (input, expected) => {
    expect(check(ZPhone, input)).toEqual(expected);
  });
});

describe('bank fields', () => {
  it('ZBankCode takes a get-banks code', () => {
    expect(check(ZBankCode, '004')).toEqual({ ok: '004' });
    expect(check(ZBankCode, '999')).toBe('pattern');
    expect(check(ZBankCode, 'KB국민은행')).toBe('pattern');
    expect(check(ZBankCode, 4)).toBe('type');
    expect(check(ZBankCode, undefined)).toBe('required');
  });
  it('ZBankOwner is 2..20 characters after trimming', () => {
    expect(check(ZBankOwner, ' 홍길동 ')).toEqual({ ok: '홍길동' });
    expect(check(ZBankOwner, ' 홍 ')).toBe('length');
    expect(check(ZBankOwner, 'x'.repeat(21))).toBe('length');
    expect(check(ZBankOwner, 'x'.repeat(20))).toEqual({ ok: 'x'.repeat(20) });
  });
  it('ZBankNum is 8..20 digits, dashes and spaces ignored', () => {
    expect(check(ZBankNum, '123-456-78 90')).toEqual({ ok: '1234567890' });
    expect(check(ZBankNum, '12345678')).toEqual({ ok: '12345678' });
    expect(check(ZBankNum, '1234-567')).toBe('length');
    expect(check(ZBankNum, '1'.repeat(21))).toBe('length');
    expect(check(ZBankNum, '12345678a')).toBe('pattern');
  });
});

describe('ZRegCode and ZAgree18', () => {
  it('ZRegCode is 1..20 of A-Za-z0-9', () => {
    expect(check(ZRegCode, 'VIP2024')).toEqual({ ok: 'VIP2024' });
    expect(check(ZRegCode, 'a')).toEqual({ ok: 'a' });
    expect(check(ZRegCode, '')).toBe('length');
    expect(check(ZRegCode, 'x'.repeat(21))).toBe('length');
    expect(check(ZRegCode, 'vip-1')).toBe('pattern');
  });
  it('ZAgree18 must be true', () => {
    expect(check(ZAgree18, true)).toEqual({ ok: true });
    expect(check(ZAgree18, false)).toBe('required');
    expect(check(ZAgree18, undefined)).toBe('required');
    expect(check(ZAgree18, 'true')).toBe('type');
  });
});

describe('numbers', () => {
  it('ZAmount is any positive safe integer (the operator maximum is checked by the server)', () => {
    expect(check(ZAmount, 1)).toEqual({ ok: 1 });
    expect(check(ZAmount, DEFAULT_MAX_AMOUNT)).toEqual({ ok: DEFAULT_MAX_AMOUNT });
    expect(check(ZAmount, DEFAULT_MAX_AMOUNT + 1)).toEqual({ ok: DEFAULT_MAX_AMOUNT + 1 });
    expect(check(amountSchema(DEFAULT_MAX_AMOUNT), DEFAULT_MAX_AMOUNT + 1)).toBe('max');
    expect(check(ZAmount, 0)).toBe('min');
    expect(check(ZAmount, -1000)).toBe('min');
    expect(check(ZAmount, 10_000.5)).toBe('type');
    expect(check(ZAmount, '10000')).toBe('type');
    expect(check(ZAmount, Number.MAX_SAFE_INTEGER + 2)).toBe('max');
    expect(check(amountSchema(1000), 1001)).toBe('max');
  });
  it('ZId is a positive safe integer', () => {
    expect(check(ZId, 1)).toEqual({ ok: 1 });
    expect(check(ZId, 0)).toBe('min');
    expect(check(ZId, 1.5)).toBe('type');
    expect(check(ZId, '1')).toBe('type');
  });
  it('ZPaging fills in defaults and bounds the page size', () => {
    expect(ZPaging.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(ZPaging.parse({ page: 3, pageSize: 100 })).toEqual({ page: 3, pageSize: 100 });
    const codes = (v: unknown) => {
      const r = ZPaging.safeParse(v);
      return r.success ? [] : toFieldErrors(r.error.issues);
    };
    expect(codes({ page: 0 })).toEqual([{ path: 'page', code: 'min' }]);
    expect(codes({ pageSize: 101 })).toEqual([{ path: 'pageSize', code: 'max' }]);
    expect(codes({ pageSize: 0 })).toEqual([{ path: 'pageSize', code: 'min' }]);
    expect(codes({ page: '2' })).toEqual([{ path: 'page', code: 'type' }]);
    expect(codes({ limit: 5 })).toEqual([{ path: 'limit', code: 'unknown' }]);
  });
  it('ZPopupPos is 0..4000', () => {
    expect(check(ZPopupPos, 0)).toEqual({ ok: 0 });
    expect(check(ZPopupPos, 4000)).toEqual({ ok: 4000 });
    expect(check(ZPopupPos, 4001)).toBe('max');
    expect(check(ZPopupPos, -1)).toBe('min');
  });
});

describe('text and formats', () => {
  it('help title and contents refuse blank text but keep what was written', () => {
    expect(check(ZHelpTitle, '  제목 ')).toEqual({ ok: '  제목 ' });
    expect(check(ZHelpTitle, '')).toBe('required');
    expect(check(ZHelpTitle, ' \n ')).toBe('required');
    expect(check(ZHelpTitle, 'x'.repeat(101))).toBe('length');
    expect(check(ZHelpContents, 'x'.repeat(5000))).toEqual({ ok: 'x'.repeat(5000) });
    expect(check(ZHelpContents, 'x'.repeat(5001))).toBe('length');
    expect(check(ZHelpContents, '<b>x</b>')).toEqual({ ok: '<b>x</b>' });
  });
  it('ZTitleColor, ZHhMm, ZIsoDate', () => {
    expect(check(ZTitleColor, '#A0b1C2')).toEqual({ ok: '#A0b1C2' });
    expect(check(ZTitleColor, '#fff')).toBe('pattern');
    expect(check(ZTitleColor, 'red')).toBe('pattern');
    expect(check(ZHhMm, '23:30')).toEqual({ ok: '23:30' });
    expect(check(ZHhMm, '00:00')).toEqual({ ok: '00:00' });
    expect(check(ZHhMm, '24:00')).toBe('pattern');
    expect(check(ZHhMm, '9:30')).toBe('pattern');
    expect(check(ZIsoDate, '2024-05-01T12:00:00.000Z')).toEqual({ ok: '2024-05-01T12:00:00.000Z' });
    expect(check(ZIsoDate, '2024-05-01T21:00:00+09:00')).toEqual({ ok: '2024-05-01T21:00:00+09:00' });
    expect(check(ZIsoDate, '2024-05-01')).toBe('pattern');
  });
});
