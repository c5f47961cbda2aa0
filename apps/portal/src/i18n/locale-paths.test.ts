import { describe, expect, it } from 'vitest';
import { localizePath, localePrefix, splitLocalePath, switchLocaleUrl } from './locale-paths.ts';

describe('locale paths', () => {
  it('Korean is unprefixed, the other locales have their code', () => {
    expect(localePrefix('ko')).toBe('');
    expect(['en', 'jp', 'vn', 'cn'].map((l) => localePrefix(l as 'en'))).toEqual([
      '/en',
      '/jp',
      '/vn',
      '/cn',
    ]);
  });

  it('splits a pathname into locale and page path', () => {
    expect(splitLocalePath('/')).toEqual({ locale: 'ko', path: '/' });
    expect(splitLocalePath('/deposit')).toEqual({ locale: 'ko', path: '/deposit' });
    expect(splitLocalePath('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocalePath('/en/')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocalePath('/jp/admin/error')).toEqual({ locale: 'jp', path: '/admin/error' });
    // Not locale prefixes: the default locale's own code, unknown codes, look-alikes.
    expect(splitLocalePath('/ko/help')).toEqual({ locale: 'ko', path: '/ko/help' });
    expect(splitLocalePath('/english/help')).toEqual({ locale: 'ko', path: '/english/help' });
    expect(splitLocalePath('/enx')).toEqual({ locale: 'ko', path: '/enx' });
  });

  it('localizes a page path', () => {
    expect(localizePath('/', 'ko')).toBe('/');
    expect(localizePath('/', 'cn')).toBe('/cn');
    expect(localizePath('/note', 'vn')).toBe('/vn/note');
    expect(localizePath('note', 'ko')).toBe('/note');
  });

  it('switching locale keeps the page, the query and the hash', () => {
    expect(switchLocaleUrl({ pathname: '/deposit' }, 'en')).toBe('/en/deposit');
    expect(switchLocaleUrl({ pathname: '/en/deposit', search: '?page=2', hash: '#list' }, 'jp')).toBe(
      '/jp/deposit?page=2#list',
    );
    expect(switchLocaleUrl({ pathname: '/jp/help' }, 'ko')).toBe('/help');
    expect(switchLocaleUrl({ pathname: '/vn' }, 'ko')).toBe('/');
    expect(switchLocaleUrl({ pathname: '/' }, 'vn')).toBe('/vn');
    expect(switchLocaleUrl({ pathname: '/admin/error', search: '?error=AccessDenied' }, 'cn')).toBe(
      '/cn/admin/error?error=AccessDenied',
    );
  });

  it('round-trips every page through every locale', () => {
    for (const path of [
      '/',
      '/login',
      '/register',
      '/admin/error',
      '/help',
      '/note',
      '/notice',
      '/deposit',
      '/withdraw',
      '/user',
      '/comp',
      '/game',
    ]) {
      for (const locale of ['ko', 'en', 'jp', 'vn', 'cn'] as const) {
        expect(splitLocalePath(localizePath(path, locale))).toEqual({ locale, path });
      }
    }
  });
});
