import { describe, expect, it } from 'vitest';
import { domainMatches, normalizeHost, parseDomainField } from './host.ts';

describe('normalizeHost', () => {
  it.each([
    ['example.com', 'example.com'],
    ['EXAMPLE.com', 'example.com'],
    ['https://example.com', 'example.com'],
    ['http://www.example.com:8080/path?q=1#x', 'example.com'],
    ['//www.example.com/x', 'example.com'],
    ['example.com:3000', 'example.com'],
    ['example.com.', 'example.com'],
    ['www.example.com.:443', 'example.com'],
    ['  Www.Example.COM  ', 'example.com'],
    ['www.www.example.com', 'www.example.com'],
    ['wwwexample.com', 'wwwexample.com'],
    ['www', 'www'],
    ['localhost:3000', 'localhost'],
    ['http://localhost', 'localhost'],
    ['127.0.0.1:3000', '127.0.0.1'],
    ['[::1]:3000', '::1'],
    ['http://[::1]/', '::1'],
    ['[::1]', '::1'],
    ['::1', '::1'],
    ['[2001:DB8::1]:8443', '2001:db8::1'],
    ['https://user:pass@example.com/', 'example.com'],
    ['http://example.com@evil.com', 'evil.com'],
    ['http://evil.com\\@example.com', 'evil.com'],
    ['http://evil.com?.example.com', 'evil.com'],
    ['http://evil.com#example.com', 'evil.com'],
    ['한국.kr', 'xn--3e0b707e.kr'],
    ['https://www.한국.kr', 'xn--3e0b707e.kr'],
    ['', ''],
    ['https://', ''],
  ])('%j -> %j', (input, output) => {
    expect(normalizeHost(input)).toBe(output);
  });

  it('treats null and undefined as no host', () => {
    expect(normalizeHost(null)).toBe('');
    expect(normalizeHost(undefined)).toBe('');
  });
});

describe('parseDomainField', () => {
  it('splits on comma, bar and whitespace and normalizes each host', () => {
    expect(parseDomainField('a.com, https://www.B.com|c.com:80\n d.com\t e.com,,')).toEqual([
      'a.com',
      'b.com',
      'c.com',
      'd.com',
      'e.com',
    ]);
    expect(parseDomainField('')).toEqual([]);
    expect(parseDomainField(' , | ')).toEqual([]);
    expect(parseDomainField(null)).toEqual([]);
  });
});

describe('domainMatches', () => {
  it('matches everything when the field is empty', () => {
    for (const field of [null, undefined, '', '   ', ',', ' | ']) {
      expect(domainMatches(field, 'example.com')).toBe(true);
      expect(domainMatches(field, '')).toBe(true);
    }
  });

  it('matches one of the listed hosts, ignoring protocol, port, path, www and case', () => {
    const field = 'casino.com, https://www.Slots.co.kr/ | vip.casino.com';
    expect(domainMatches(field, 'casino.com')).toBe(true);
    expect(domainMatches(field, 'www.casino.com:3000')).toBe(true);
    expect(domainMatches(field, 'https://CASINO.COM/notice')).toBe(true);
    expect(domainMatches(field, 'slots.co.kr')).toBe(true);
    expect(domainMatches(field, 'www.slots.co.kr.')).toBe(true);
    expect(domainMatches(field, 'vip.casino.com')).toBe(true);
  });

  it('refuses look-alikes', () => {
    expect(domainMatches('localhost', 'localhost.evil.com')).toBe(false);
    expect(domainMatches('localhost', 'evil-localhost')).toBe(false);
    expect(domainMatches('localhost', 'localhost:3000')).toBe(true);
    expect(domainMatches('example.com', 'wwwexample.com')).toBe(false);
    expect(domainMatches('example.com', 'example.com.evil.com')).toBe(false);
    expect(domainMatches('example.com', 'evilexample.com')).toBe(false);
    expect(domainMatches('example.com', 'sub.example.com')).toBe(false);
    expect(domainMatches('example.com', 'http://example.com@evil.com')).toBe(false);
    expect(domainMatches('example.com', 'example.co')).toBe(false);
    expect(domainMatches('sub.example.com', 'example.com')).toBe(false);
  });

  it('does not treat a www-less host as matching a www-prefixed other domain', () => {
    expect(domainMatches('www.example.com', 'example.com')).toBe(true);
    expect(domainMatches('www.example.com', 'wwwexample.com')).toBe(false);
  });

  it('compares IPv6 and IPv4 hosts without their ports', () => {
    expect(domainMatches('[::1]', '[::1]:3000')).toBe(true);
    expect(domainMatches('::1', '[::1]:3000')).toBe(true);
    expect(domainMatches('[::1]:3000', '[::2]:3000')).toBe(false);
    expect(domainMatches('127.0.0.1', '127.0.0.1:3000')).toBe(true);
    expect(domainMatches('127.0.0.1', '127.0.0.10')).toBe(false);
  });

  it('does not match an unknown host against a non-empty field', () => {
    expect(domainMatches('example.com', '')).toBe(false);
    expect(domainMatches('example.com', null)).toBe(false);
    expect(domainMatches('https://', '')).toBe(false);
  });

  it('matches internationalized hosts typed in Unicode against punycode', () => {
    expect(domainMatches('한국.kr', 'xn--3e0b707e.kr')).toBe(true);
  });
});
