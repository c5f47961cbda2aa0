import { describe, expect, it } from 'vitest';
import { matchPagePath, pageOfPath, pageUrlPath } from './pages.ts';

describe('the page table', () => {
  it('finds a page by its unprefixed path, with or without a trailing slash', () => {
    expect(pageOfPath('/')).toBe('home');
    expect(pageOfPath('/deposit/')).toBe('deposit');
    expect(pageOfPath('/terms')).toBe('terms');
    expect(pageOfPath('/admin')).toBeNull();
    expect(pageOfPath('/admin/error')).toBe('adminError');
  });

  it('gives each page its URL in each locale: Korean unprefixed', () => {
    expect(pageUrlPath('home', 'ko')).toBe('/');
    expect(pageUrlPath('home', 'en')).toBe('/en');
    expect(pageUrlPath('privacy', 'cn')).toBe('/cn/privacy');
    expect(pageUrlPath('deposit', 'ko')).toBe('/deposit');
  });

  it('matches URL paths as the portal router does', () => {
    expect(matchPagePath('/')).toEqual({ kind: 'page', locale: 'ko', page: 'home' });
    expect(matchPagePath('/en')).toEqual({ kind: 'page', locale: 'en', page: 'home' });
    expect(matchPagePath('/en/')).toEqual({ kind: 'page', locale: 'en', page: 'home' });
    expect(matchPagePath('/JP/Deposit/')).toEqual({ kind: 'page', locale: 'jp', page: 'deposit' });
    expect(matchPagePath('/vn/admin/error')).toEqual({ kind: 'page', locale: 'vn', page: 'adminError' });
    // Korean has no prefix: /ko/... goes to the unprefixed page.
    expect(matchPagePath('/ko')).toEqual({ kind: 'redirect', to: '/', page: 'home' });
    expect(matchPagePath('/ko/notice')).toEqual({ kind: 'redirect', to: '/notice', page: 'notice' });
    for (const unknown of ['/ko/nope', '/nope', '/en/en/deposit', '/de/deposit', '/deposit/1', '/en/ko'])
      expect(matchPagePath(unknown), unknown).toBeNull();
  });
});
