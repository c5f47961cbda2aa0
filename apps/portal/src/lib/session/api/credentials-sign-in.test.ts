import { describe, expect, it } from 'vitest';
import { untilOf } from './credentials-sign-in.ts';

describe('untilOf (the end of the break that refused a sign-in)', () => {
  it('reads `until` of the error page address: an instant, or permanent', () => {
    expect(untilOf({ url: '/admin/error?error=AccessDenied&until=2026-05-01T03%3A00%3A00.000Z' })).toBe(
      '2026-05-01T03:00:00.000Z',
    );
    expect(untilOf({ url: '/admin/error?error=AccessDenied&until=permanent' })).toBeNull();
  });

  it('reads a body `until` the same way', () => {
    expect(untilOf({ url: '/admin/error?error=AccessDenied', until: '2026-05-01T03:00:00.000Z' })).toBe(
      '2026-05-01T03:00:00.000Z',
    );
    expect(untilOf({ url: '/admin/error?error=AccessDenied', until: null })).toBeNull();
  });

  it('is undefined when no break refused it (an operator block)', () => {
    expect(untilOf({ url: '/admin/error?error=AccessDenied' })).toBeUndefined();
    expect(untilOf(null)).toBeUndefined();
  });
});
