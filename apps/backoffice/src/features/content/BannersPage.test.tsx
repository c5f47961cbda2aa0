import { describe, expect, it } from 'vitest';
import type { TFieldError } from '@casino/contracts/errors';
import { ApiError } from '../../lib/api.ts';
import en from './i18n/en.json';
import ko from './i18n/ko.json';
import { uploadErrorKey } from './BannersPage.tsx';

describe('a refused image upload', () => {
  it('tells too many pixels, a busy server and too many bytes apart from a bad file (issue 22)', () => {
    const refused = (status: string, httpStatus: number, code?: TFieldError['code']) =>
      new ApiError({ status, httpStatus, errors: code ? [{ path: '', code }] : [] });
    expect(uploadErrorKey(refused('invalid', 400, 'max'))).toBe('content.banners.tooManyPixels');
    expect(uploadErrorKey(refused('too_many', 429))).toBe('content.banners.busy');
    expect(uploadErrorKey(refused('too_large', 413))).toBe('content.banners.tooLarge');
    expect(uploadErrorKey(refused('invalid', 400, 'pattern'))).toBe('content.banners.badImage');
    expect(uploadErrorKey(refused('network', 0))).toBe('errors.network');
    for (const key of ['tooManyPixels', 'busy', 'tooLarge', 'badImage'] as const) {
      expect(en.banners[key]).toBeTruthy();
      expect(ko.banners[key]).toBeTruthy();
    }
  });
});
