import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SettingsService } from '../settings/settings.service.ts';

const SECRET_KEY = 'auth.csrfSecret';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const MAC_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The credentials sign-in's double-submit CSRF token. `GET /api/auth/csrf` answers a token and sets
 * the cookie `token|HMAC(secret, token)`; a sign-in or sign-out must send the same token in its
 * form. The MAC proves the cookie was set by this server (a cookie planted by a sibling subdomain
 * cannot be forged without the secret). The secret is generated once and kept in `settings`, so
 * every instance behind a load balancer accepts every other instance's cookies.
 */
export function createCsrfService(deps: { settings: Pick<SettingsService, 'sharedValue'> }) {
  let secret: Promise<Buffer> | undefined;

  async function loadSecret(): Promise<Buffer> {
    const stored = await deps.settings.sharedValue(SECRET_KEY, () => randomBytes(32).toString('base64url'));
    if (typeof stored !== 'string' || stored.length < 32)
      throw new Error(`setting ${SECRET_KEY} is not a secret`);
    return Buffer.from(stored, 'utf8');
  }

  function getSecret(): Promise<Buffer> {
    // A failed load is retried by the next request instead of being cached.
    secret ??= loadSecret().catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  }

  function mac(key: Buffer, token: string): string {
    return createHmac('sha256', key).update(token).digest('hex');
  }

  /** The token inside a cookie value when the cookie is genuine, else undefined. */
  async function tokenOf(cookie: string | undefined): Promise<string | undefined> {
    if (typeof cookie !== 'string') return undefined;
    const bar = cookie.indexOf('|');
    if (bar === -1) return undefined;
    const token = cookie.slice(0, bar);
    const given = cookie.slice(bar + 1);
    if (!TOKEN_PATTERN.test(token) || !MAC_PATTERN.test(given)) return undefined;
    const expected = mac(await getSecret(), token);
    return timingSafeEqual(Buffer.from(given), Buffer.from(expected)) ? token : undefined;
  }

  return {
    /** The token to hand out: the cookie's own when it is genuine (several tabs share one), else a new one. */
    async issue(cookie: string | undefined): Promise<{ token: string; cookie: string; isNew: boolean }> {
      const existing = await tokenOf(cookie);
      if (existing) return { token: existing, cookie: cookie!, isNew: false };
      const token = randomBytes(32).toString('base64url');
      return { token, cookie: `${token}|${mac(await getSecret(), token)}`, isNew: true };
    },

    /** Whether `submitted` is the token bound to a genuine cookie. */
    async verify(cookie: string | undefined, submitted: unknown): Promise<boolean> {
      if (typeof submitted !== 'string' || !TOKEN_PATTERN.test(submitted)) return false;
      const token = await tokenOf(cookie);
      return token !== undefined && timingSafeEqual(Buffer.from(token), Buffer.from(submitted));
    },
  };
}

export type CsrfService = ReturnType<typeof createCsrfService>;
