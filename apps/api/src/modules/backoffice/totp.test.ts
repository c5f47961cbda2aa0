import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, hotp, totpCode, verifyTotp } from './totp.ts';

// RFC 6238 appendix B (SHA-1): the secret is the ASCII string "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(totpCode(RFC_SECRET, seconds * 1000, 8)).toBe(code);
      expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code.slice(2));
    }
  });

  it('matches the HOTP test vectors of RFC 4226', () => {
    const key = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 3, 9].map((c) => hotp(key, c))).toEqual([
      '755224',
      '287082',
      '359152',
      '969429',
      '520489',
    ]);
  });

  it('round-trips base32 and ignores case, spaces and padding', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(base32Decode('gezd gnbv gy3t qojq===').toString()).toBe('1234567890');
    expect(() => base32Decode('not base32!')).toThrow();
  });

  it('accepts one step of drift either way and nothing beyond', () => {
    const secret = generateTotpSecret();
    const at = 1_700_000_000_000;
    const step = Math.floor(at / 30_000);
    expect(verifyTotp(secret, totpCode(secret, at), at)).toBe(step);
    expect(verifyTotp(secret, totpCode(secret, at - 30_000), at)).toBe(step - 1);
    expect(verifyTotp(secret, totpCode(secret, at + 30_000), at)).toBe(step + 1);
    expect(verifyTotp(secret, totpCode(secret, at - 60_000), at)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, at + 60_000), at)).toBeNull();
    expect(verifyTotp(secret, '12345', at)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', at)).toBeNull();
  });
});
