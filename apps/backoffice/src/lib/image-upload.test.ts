import { describe, expect, it } from 'vitest';
import type { TFieldError } from '@casino/contracts/errors';
import en from '../i18n/en.json';
import ko from '../i18n/ko.json';
import { ApiError } from './api.ts';
import { uploadErrorKey } from './image-upload.tsx';

describe('a refused image upload', () => {
  it('tells too many pixels, a busy server and too many bytes apart from a bad file (issue 22)', () => {
    const refused = (status: string, httpStatus: number, code?: TFieldError['code']) =>
      new ApiError({ status, httpStatus, errors: code ? [{ path: '', code }] : [] });
    expect(uploadErrorKey(refused('invalid', 400, 'max'))).toBe('upload.tooManyPixels');
    expect(uploadErrorKey(refused('too_many', 429))).toBe('upload.busy');
    expect(uploadErrorKey(refused('too_large', 413))).toBe('upload.tooLarge');
    expect(uploadErrorKey(refused('invalid', 400, 'pattern'))).toBe('upload.badImage');
    expect(uploadErrorKey(refused('network', 0))).toBe('errors.network');
    for (const key of ['tooManyPixels', 'busy', 'tooLarge', 'badImage'] as const) {
      expect(en.upload[key]).toBeTruthy();
      expect(ko.upload[key]).toBeTruthy();
    }
  });
});
