import { describe, expect, it } from 'vitest';
import {
  signinErrorUrl,
  ZClientLogRequest,
  ZCredentialsCallbackForm,
  ZProvidersResponse,
  ZSessionResponse,
} from './auth.ts';
import { maskUserId } from './cashier.ts';

describe('auth layer', () => {
  it('reads the credentials form of the specification client, redirect flag included', () => {
    const form = {
      csrfToken: 't',
      userId: 'Gamer01',
      password: 'pw',
      callbackUrl: '/',
      json: 'true',
      redirect: 'false',
    };
    expect(ZCredentialsCallbackForm.parse(form)).toEqual({ ...form, userId: 'gamer01' });
    expect(ZCredentialsCallbackForm.safeParse({ ...form, other: 'x' }).success).toBe(false);
    expect(ZCredentialsCallbackForm.safeParse({ ...form, csrfToken: '' }).success).toBe(false);
  });

  it('answers a session or an empty object', () => {
    const signedIn = {
      user: { userId: 'gamer01', nick: '홍길동', level: 1 },
      expires: '2024-05-01T12:00:00.000Z',
    };
    expect(ZSessionResponse.parse(signedIn)).toEqual(signedIn);
    expect(ZSessionResponse.parse({})).toEqual({});
    expect(ZSessionResponse.safeParse({ user: null }).success).toBe(false);
  });

  it('describes the credentials provider', () => {
    const credentials = {
      id: 'credentials',
      name: 'Credentials',
      type: 'credentials',
      signinUrl: '/a',
      callbackUrl: '/b',
    };
    expect(ZProvidersResponse.parse({ credentials })).toEqual({ credentials });
  });

  it('builds the sign-in error URLs', () => {
    expect(signinErrorUrl('CredentialsSignin')).toBe('/admin/error?error=CredentialsSignin');
    expect(signinErrorUrl('AccessDenied')).toBe('/admin/error?error=AccessDenied');
  });

  it('keeps whatever a client log carries, within limits', () => {
    expect(ZClientLogRequest.parse({ level: 'error', code: 'X', extra: { a: 1 } })).toEqual({
      level: 'error',
      code: 'X',
      extra: { a: 1 },
    });
    expect(ZClientLogRequest.safeParse({ message: 'x'.repeat(4001) }).success).toBe(false);
  });
});

describe('maskUserId', () => {
  it('keeps two characters and hides the length', () => {
    expect(maskUserId('abcdef')).toBe('ab***');
    expect(maskUserId('abcd')).toBe('ab***');
    expect(maskUserId('a')).toBe('a***');
  });
});
