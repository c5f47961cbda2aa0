import { describe, expect, it } from 'vitest';
import { isStorableText } from './text.ts';

describe('isStorableText', () => {
  it('accepts ordinary text in every script, emoji (surrogate pairs) included', () => {
    for (const value of ['', 'abc', '홍길동', '日本語', 'Tiếng Việt', '中文', '😀 ok', '\t\n']) {
      expect(isStorableText(value)).toBe(true);
    }
  });

  it('refuses NUL and lone surrogates anywhere in the string', () => {
    for (const value of ['\u0000', 'ab\u0000cd', '\ud800', 'a\udfffb', 'x\ud83d', '\ude00y']) {
      expect(isStorableText(value)).toBe(false);
    }
  });
});
