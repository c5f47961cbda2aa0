import { isIPv4, isIPv6 } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  cidrContains,
  ipAllowedBy,
  parseCidr,
  parseIp,
  ZIpAllowlistRequest,
} from './backoffice-operators.ts';

describe('parseIp', () => {
  it('agrees with Node on which texts are addresses', () => {
    const samples = [
      '0.0.0.0',
      '255.255.255.255',
      '256.1.1.1',
      '1.2.3',
      '01.2.3.4',
      '1.2.3.4.5',
      '::',
      '::1',
      '2001:db8::',
      '2001:db8:0:0:0:0:0:1',
      '2001:db8::0:0:0:0:0:1',
      '1:2:3:4:5:6:7:8',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '::ffff:10.1.2.3',
      '64:ff9b::192.0.2.33',
      '1.2.3.4::',
      'g::1',
      '12345::',
      ':1:2:3:4:5:6:7',
    ];
    for (const text of samples)
      expect([text, parseIp(text) !== null]).toEqual([text, isIPv4(text) || isIPv6(text)]);
  });

  it('takes no zone index (link-local addresses never reach a back office)', () => {
    expect(parseIp('fe80::1%eth0')).toBeNull();
  });

  it('reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(parseIp('::ffff:10.1.2.3')).toEqual({ version: 4, bytes: [10, 1, 2, 3] });
    expect(parseIp('::FFFF:a01:203')).toEqual({ version: 4, bytes: [10, 1, 2, 3] });
  });
});

describe('parseCidr and cidrContains', () => {
  it('takes ranges and bare addresses, refuses the rest', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ version: 4, bytes: [10, 0, 0, 0], prefix: 8 });
    expect(parseCidr(' 192.0.2.1 ')).toMatchObject({ version: 4, prefix: 32 });
    expect(parseCidr('2001:db8::/32')).toMatchObject({ version: 6, prefix: 32 });
    expect(parseCidr('::1')).toMatchObject({ version: 6, prefix: 128 });
    expect(parseCidr('::ffff:10.0.0.0/104')).toEqual({ version: 4, bytes: [10, 0, 0, 0], prefix: 8 });
    for (const bad of [
      '10.0.0.0/33',
      '10.0.0.0/',
      '/8',
      '10.0.0.0/8/8',
      '2001:db8::/129',
      'x/8',
      '10.0.0.0/-1',
      '',
    ])
      expect([bad, parseCidr(bad)]).toEqual([bad, null]);
  });

  it('matches by prefix bits, never across families', () => {
    const range = parseCidr('192.168.4.0/22')!;
    expect(cidrContains(range, parseIp('192.168.7.255')!)).toBe(true);
    expect(cidrContains(range, parseIp('192.168.8.0')!)).toBe(false);
    expect(cidrContains(parseCidr('0.0.0.0/0')!, parseIp('8.8.8.8')!)).toBe(true);
    expect(cidrContains(parseCidr('0.0.0.0/0')!, parseIp('::1')!)).toBe(false);
    expect(cidrContains(parseCidr('2001:db8:8000::/33')!, parseIp('2001:db8:ffff::1')!)).toBe(true);
    expect(cidrContains(parseCidr('2001:db8:8000::/33')!, parseIp('2001:db8:7fff::1')!)).toBe(false);
    expect(ipAllowedBy(['10.0.0.0/8', 'nonsense'], '::ffff:10.9.9.9')).toBe(true);
    expect(ipAllowedBy(['10.0.0.0/8'], 'not-an-address')).toBe(false);
  });

  it('validates the allow-list request', () => {
    expect(ZIpAllowlistRequest.safeParse({ ranges: ['10.0.0.0/8', '::1'] }).success).toBe(true);
    expect(ZIpAllowlistRequest.safeParse({ ranges: ['10.0.0.0/8', '10.0.0.0/40'] }).success).toBe(false);
    expect(ZIpAllowlistRequest.safeParse({ ranges: Array(101).fill('::1') }).success).toBe(false);
    expect(ZIpAllowlistRequest.safeParse({ ranges: ['10.0.0.0/8\u0000'] }).success).toBe(false);
  });
});
