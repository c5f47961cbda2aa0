import { renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n.ts';
import { ApiError } from '../lib/api.ts';
import { useFailureText } from './field.tsx';

beforeAll(() => {
  localStorage.setItem('backoffice.language', 'en');
  initI18n();
});

describe('a failed save that is no form', () => {
  it('words a 400 as the form layer words its fields, naming a field that has only the generic words', () => {
    const { result } = renderHook(() => useFailureText('games'));
    const invalid = new ApiError({
      status: 'invalid',
      httpStatus: 400,
      errors: [
        { path: 'wallet', code: 'pattern' },
        { path: 'minBet', code: 'min' },
        { path: 'minBet', code: 'min' },
      ],
    });
    expect(result.current(invalid)).toBe(
      'Members still hold money at this transfer provider: bring it back before changing the wallet mode.' +
        ' minBet: This value is below the minimum.',
    );
  });

  it('says what any other failure says', () => {
    const { result } = renderHook(() => useFailureText('games'));
    expect(result.current(new ApiError({ status: 'network', httpStatus: 0 }))).toBe(
      'The server did not answer. Check the connection and retry.',
    );
    expect(result.current(new ApiError({ status: 'invalid', httpStatus: 400 }))).toBe(
      'Some values are not accepted.',
    );
  });
});
