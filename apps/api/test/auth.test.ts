import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SAME_ORIGIN, type TestApp } from './harness.ts';
import {
  call,
  cookiesOf,
  createMember,
  fetchCsrf,
  postCredentials,
  signIn,
  type TestMember,
} from './factories.ts';
import { createPgRateLimiter } from '../src/lib/rate-limiter.ts';
import { hashToken } from '../src/modules/auth/session.service.ts';
import { safeCallbackUrl } from '../src/modules/auth/auth.routes.ts';

const CREDENTIALS_SIGNIN = '/admin/error?error=CredentialsSignin';
const ACCESS_DENIED = '/admin/error?error=AccessDenied';

let t: TestApp;
let alice: TestMember;
let ipSeq = 0;
/** A fresh client address per test keeps the per-IP limits of one test away from the others. */
const nextIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  t = await createTestApp({ SIGNIN_MAX_FAILURES_PER_ID: '3', SIGNIN_MAX_ATTEMPTS_PER_IP: '6' });
  alice = await createMember(t, { signedIn: false });
});

afterAll(async () => {
  await t?.close();
});

function setCookieHeaders(response: { headers: Record<string, unknown> }): string[] {
  const raw = response.headers['set-cookie'];
  return Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
}

async function sessionOf(cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as { user?: { userId: string; nick: string; level: number }; expires?: string };
}

describe('GET /api/auth/csrf', () => {
  it('answers a token and binds it to an HttpOnly csrf cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/csrf' });
    expect(response.statusCode).toBe(200);
    const { csrfToken } = response.json() as { csrfToken: string };
    expect(csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [header] = setCookieHeaders(response);
    expect(header).toMatch(new RegExp(`^csrf=${csrfToken}\\|[0-9a-f]{64};`));
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the token of a genuine cookie and replaces a forged one', async () => {
    const first = await fetchCsrf(t);
    const again = await fetchCsrf(t, { cookie: first.cookie });
    expect(again.token).toBe(first.token);
    const forged = `csrf=${first.token}|${'0'.repeat(64)}`;
    const replaced = await fetchCsrf(t, { cookie: forged });
    expect(replaced.token).not.toBe(first.token);
  });
});

describe('GET /api/auth/providers', () => {
  it('describes the credentials provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      credentials: {
        id: 'credentials',
        name: 'Credentials',
        type: 'credentials',
        signinUrl: 'http://localhost:80/login',
        callbackUrl: 'http://localhost:80/api/auth/callback/credentials',
      },
    });
  });
});

describe('POST /api/auth/callback/credentials', () => {
  it('signs in: 200 {url}, an HttpOnly SameSite=Lax sid cookie, a session only as a hash', async () => {
    const response = await postCredentials(
      t,
      { userId: alice.userId, password: alice.password, callbackUrl: '/ko/deposit' },
      { ip: nextIp() },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: '/ko/deposit' });
    const header = setCookieHeaders(response).find((c) => c.startsWith('sid='))!;
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    // Plain http on localhost: not Secure, or the browser would drop it.
    expect(header).not.toContain('Secure');
    const sid = cookiesOf(response).sid!;
    expect(Buffer.from(sid, 'base64url')).toHaveLength(32);
    const rows = await t.db
      .selectFrom('sessions')
      .select(['token_hash', 'subject_kind'])
      .where('subject_id', '=', alice.id)
      .execute();
    expect(rows.some((r) => r.token_hash === hashToken(sid) && r.subject_kind === 'member')).toBe(true);
    expect(rows.some((r) => r.token_hash === sid)).toBe(false);
    expect((await sessionOf(`sid=${sid}`)).user).toEqual({
      userId: alice.userId,
      nick: alice.nick,
      level: 1,
    });
  });

  it('accepts the id in any letter case', async () => {
    const response = await postCredentials(
      t,
      { userId: alice.userId.toUpperCase(), password: alice.password },
      { ip: nextIp() },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: '/' });
  });

  it('marks the cookie Secure outside plain-http localhost', async () => {
    const headers = { host: 'casino.example', origin: 'http://casino.example' };
    const response = await postCredentials(
      t,
      { userId: alice.userId, password: alice.password },
      { ip: nextIp(), headers },
    );
    expect(response.statusCode).toBe(200);
    expect(setCookieHeaders(response).find((c) => c.startsWith('sid='))).toContain('Secure');
  });

  it('answers 401 CredentialsSignin for a wrong password and for an unknown id', async () => {
    const wrong = await postCredentials(
      t,
      { userId: alice.userId, password: 'not-the-password' },
      { ip: nextIp() },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ url: CREDENTIALS_SIGNIN });
    expect(cookiesOf(wrong).sid).toBeUndefined();
    const unknown = await postCredentials(
      t,
      { userId: 'nobodyhere', password: 'whatever-pass' },
      { ip: nextIp() },
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ url: CREDENTIALS_SIGNIN });
  });

  it('answers 401 AccessDenied to a blocked, pending or self-excluded member with the right password only', async () => {
    for (const state of ['blocked', 'pending', 'self_excluded'] as const) {
      const member = await createMember(t, { signedIn: false, state });
      const right = await postCredentials(
        t,
        { userId: member.userId, password: member.password },
        { ip: nextIp() },
      );
      expect(right.statusCode).toBe(401);
      expect(right.json()).toEqual({ url: ACCESS_DENIED });
      expect(cookiesOf(right).sid).toBeUndefined();
      const wrong = await postCredentials(
        t,
        { userId: member.userId, password: 'wrong-password' },
        { ip: nextIp() },
      );
      expect(wrong.json()).toEqual({ url: CREDENTIALS_SIGNIN });
    }
  });

  it('honours only a same-site path as callbackUrl', async () => {
    const cases: [string, string][] = [
      ['http://localhost:80/ko/note?x=1#top', '/ko/note?x=1#top'],
      ['http://localhost/ko', '/ko'],
      ['/en/help', '/en/help'],
      ['https://evil.example/steal', '/'],
      ['//evil.example/x', '/'],
      ['/\\evil.example', '/'],
      ['javascript:alert(1)', '/'],
      ['http://localhost.evil.com/', '/'],
      ['http://localhost:80///evil.example', '/'],
    ];
    for (const [callbackUrl, expected] of cases) {
      const response = await postCredentials(
        t,
        { userId: alice.userId, password: alice.password, callbackUrl },
        { ip: nextIp() },
      );
      expect(response.json(), callbackUrl).toEqual({ url: expected });
    }
  });

  it('replaces the previous session of the same browser', async () => {
    const first = await signIn(t, alice, { ip: nextIp() });
    const second = await postCredentials(
      t,
      { userId: alice.userId, password: alice.password },
      { ip: nextIp(), cookie: first },
    );
    expect(second.statusCode).toBe(200);
    expect(await sessionOf(first)).toEqual({});
  });

  it('answers 400 naming the field for a malformed form', async () => {
    const cases: [Record<string, string>, { path: string; code: string }][] = [
      [
        { userId: 'ab', password: 'x' },
        { path: 'userId', code: 'length' },
      ],
      [
        { userId: alice.userId, password: 'p'.repeat(65) },
        { path: 'password', code: 'length' },
      ],
      [
        { userId: alice.userId, password: 'secret-pass', surprise: '1' },
        { path: 'surprise', code: 'unknown' },
      ],
      [{ userId: alice.userId }, { path: 'password', code: 'required' }],
    ];
    for (const [fields, error] of cases) {
      const response = await postCredentials(t, fields, { ip: nextIp() });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { errors: unknown[] }).errors).toContainEqual(error);
    }
  });
});

describe('CSRF defence', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn(t, alice, { ip: nextIp() });
  });

  async function healthCheck(headers: Record<string, string>, withCookie = true) {
    return t.app.inject({
      method: 'POST',
      url: '/api/routes/user-health-check',
      headers: { 'content-type': 'application/json', ...(withCookie ? { cookie } : {}), ...headers },
      payload: '{}',
    });
  }

  it('accepts the same origin', async () => {
    expect((await healthCheck({ ...SAME_ORIGIN })).statusCode).toBe(200);
  });

  it.each([
    ['a foreign origin', { origin: 'https://evil.example' }],
    ['a look-alike origin', { origin: 'http://localhost.evil.com' }],
    ['a look-alike with the port', { origin: 'http://localhost:80.evil.com' }],
    ['another port', { origin: 'http://localhost:8080' }],
    ['another scheme', { origin: 'https://localhost:80' }],
    ['the null origin', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
    ['a same origin with Sec-Fetch-Site cross-site', { ...SAME_ORIGIN, 'sec-fetch-site': 'cross-site' }],
    ['no Origin and no Sec-Fetch-Site but a session cookie', {}],
  ])('refuses %s with 403 forbidden', async (_name, headers) => {
    const response = await healthCheck(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 'forbidden' });
  });

  it('accepts a script without Origin, Sec-Fetch-Site or session cookie', async () => {
    const response = await healthCheck({}, false);
    expect(response.statusCode).toBe(401);
    const banks = await t.app.inject({
      method: 'POST',
      url: '/api/routes/get-banks',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(banks.statusCode).toBe(200);
  });

  it('refuses a credentials sign-in from another origin even with a valid token', async () => {
    const response = await postCredentials(
      t,
      { userId: alice.userId, password: alice.password },
      { ip: nextIp(), headers: { origin: 'http://localhost.evil.com' } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 'forbidden' });
  });

  async function postSignIn(form: Record<string, string>, cookieHeader: string | undefined) {
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers: {
        ...SAME_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
      },
      payload: new URLSearchParams({
        userId: alice.userId,
        password: alice.password,
        json: 'true',
        ...form,
      }).toString(),
      remoteAddress: nextIp(),
    });
  }

  it('refuses a csrfToken that does not match the csrf cookie (double submit) with 403', async () => {
    const mine = await fetchCsrf(t);
    const other = await fetchCsrf(t);
    const [token, mac] = decodeURIComponent(mine.cookie.slice('csrf='.length)).split('|') as [string, string];
    const cases: [string, Record<string, string>, string | undefined][] = [
      ['another token', { csrfToken: other.token }, mine.cookie],
      ['no csrf cookie', { csrfToken: mine.token }, undefined],
      ['no csrfToken', {}, mine.cookie],
      ['an empty csrfToken', { csrfToken: '' }, mine.cookie],
      [
        'a forged cookie',
        { csrfToken: token },
        `csrf=${token}|${mac.replace(/^./, mac[0] === 'a' ? 'b' : 'a')}`,
      ],
      ['a cookie without a MAC', { csrfToken: token }, `csrf=${token}`],
    ];
    for (const [name, form, cookieHeader] of cases) {
      const response = await postSignIn(form, cookieHeader);
      expect(response.statusCode, name).toBe(403);
      expect(response.json(), name).toEqual({ status: 'forbidden' });
    }
    const genuine = await postSignIn({ csrfToken: mine.token }, mine.cookie);
    expect(genuine.statusCode).toBe(200);
  });

  it('checks the token on sign-out too', async () => {
    const session = await signIn(t, alice, { ip: nextIp() });
    const csrf = await fetchCsrf(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: {
        ...SAME_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${session}; ${csrf.cookie}`,
      },
      payload: new URLSearchParams({ csrfToken: (await fetchCsrf(t)).token, json: 'true' }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect((await sessionOf(session)).user?.userId).toBe(alice.userId);
  });
});

describe('sessions', () => {
  it('GET /api/auth/session answers {} when signed out or with a garbage cookie', async () => {
    expect(await sessionOf('')).toEqual({});
    expect(await sessionOf('sid=garbage')).toEqual({});
    expect(await sessionOf(`sid=${'A'.repeat(43)}`)).toEqual({});
  });

  it('expires after the idle timeout without activity; reading the session or the health poll do not extend it', async () => {
    const cookie = await signIn(t, alice, { ip: nextIp() });
    const idle = t.config.sessionIdleMs;
    const signedInAt = t.clock.now().getTime();
    const before = await sessionOf(cookie);
    // The test clock runs with real time: allow the milliseconds the requests took.
    expect(Math.abs(Date.parse(before.expires!) - (signedInAt + idle))).toBeLessThan(2_000);

    t.clock.advance(idle - 120_000);
    expect((await sessionOf(cookie)).expires).toBe(before.expires);
    expect((await call(t, 'user-health-check', {}, { cookie })).code).toBe(200);
    expect((await sessionOf(cookie)).expires).toBe(before.expires);

    t.clock.advance(120_000);
    expect((await call(t, 'user-health-check', {}, { cookie })).code).toBe(401);
    expect(await sessionOf(cookie)).toEqual({});
    // Deleted lazily when it was presented after its end.
    const left = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(cookie.slice(4)))
      .execute();
    expect(left).toEqual([]);
  });

  it('extends the idle timeout on member activity', async () => {
    const cookie = await signIn(t, alice, { ip: nextIp() });
    const idle = t.config.sessionIdleMs;
    t.clock.advance(idle - 60_000);
    expect((await call(t, 'get-member-account', {}, { cookie })).code).toBe(200);
    t.clock.advance(idle - 60_000);
    expect((await call(t, 'get-member-account', {}, { cookie })).code).toBe(200);
    const { expires } = await sessionOf(cookie);
    expect(Math.abs(Date.parse(expires!) - (t.clock.now().getTime() + idle))).toBeLessThan(2_000);
    t.clock.advance(idle);
    expect((await call(t, 'get-member-account', {}, { cookie })).code).toBe(401);
  });

  it('ends at the absolute timeout whatever the activity', async () => {
    const cookie = await signIn(t, alice, { ip: nextIp() });
    const { sessionAbsoluteMs: absolute, sessionIdleMs: idle } = t.config;
    const step = idle / 2;
    let elapsed = 0;
    while (elapsed + step < absolute) {
      t.clock.advance(step);
      elapsed += step;
      expect((await call(t, 'get-member-account', {}, { cookie })).code).toBe(200);
    }
    // Near the end the session reports the absolute end, not the idle one.
    const { expires } = await sessionOf(cookie);
    expect(Date.parse(expires!)).toBeLessThanOrEqual(t.clock.now().getTime() + (absolute - elapsed));
    t.clock.advance(absolute - elapsed);
    expect((await call(t, 'get-member-account', {}, { cookie })).code).toBe(401);
  });

  it('signs out: the session is deleted server-side and the cookie cleared', async () => {
    const cookie = await signIn(t, alice, { ip: nextIp() });
    const csrf = await fetchCsrf(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: {
        ...SAME_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `${cookie}; ${csrf.cookie}`,
      },
      payload: new URLSearchParams({
        csrfToken: csrf.token,
        callbackUrl: 'http://localhost:80/ko',
        json: 'true',
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: '/ko' });
    expect(setCookieHeaders(response).find((c) => c.startsWith('sid='))).toMatch(/^sid=;.*Max-Age=0/);
    expect(await sessionOf(cookie)).toEqual({});
    expect((await call(t, 'get-member-account', {}, { cookie })).code).toBe(401);
  });

  it('a blocked member loses every session', async () => {
    const member = await createMember(t, { signedIn: false });
    const cookie = await signIn(t, member, { ip: nextIp() });
    await t.db.updateTable('members').set({ state: 'blocked' }).where('id', '=', member.id).execute();
    expect((await call(t, 'user-health-check', {}, { cookie })).code).toBe(401);
    const left = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('subject_kind', '=', 'member')
      .where('subject_id', '=', member.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('an operator session token is not a member session', async () => {
    const { sessions } = t.services;
    const { token } = await sessions.create('operator', alice.id);
    expect((await call(t, 'user-health-check', {}, { cookie: `sid=${token}` })).code).toBe(401);
    expect(await sessionOf(`sid=${token}`)).toEqual({});
    expect(await sessions.resolve('operator', token, { touch: false })).not.toBeNull();
  });

  it('revokeAllFor ends every session of a subject except the one kept', async () => {
    const { sessions } = t.services;
    const member = await createMember(t, { signedIn: false });
    const a = await sessions.create('member', member.id);
    const b = await sessions.create('member', member.id);
    const c = await sessions.create('member', member.id);
    expect(await sessions.revokeAllFor('member', member.id, { exceptSessionId: b.session.id })).toBe(2);
    expect(await sessions.resolve('member', a.token, { touch: false })).toBeNull();
    expect(await sessions.resolve('member', b.token, { touch: false })).not.toBeNull();
    expect(await sessions.resolve('member', c.token, { touch: false })).toBeNull();
  });
});

describe('sign-in rate limits', () => {
  it('refuses an id after too many failures (429 with Retry-After), on both sign-in paths, until the window ends', async () => {
    const member = await createMember(t, { signedIn: false });
    const max = t.config.signInMaxFailuresPerId;
    for (let i = 0; i < max; i += 1) {
      const code =
        i % 2 === 0
          ? (await postCredentials(t, { userId: member.userId, password: `wrong-${i}` }, { ip: nextIp() }))
              .statusCode
          : (
              await call(
                t,
                'user-do-login',
                { userId: member.userId, password: `wrong-${i}` },
                { ip: nextIp() },
              )
            ).code;
      expect(code).toBeLessThan(429);
    }
    const limited = await postCredentials(
      t,
      { userId: member.userId, password: member.password },
      { ip: nextIp() },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 'too_many' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(t.config.signInFailureWindowMs / 1000);
    const twin = await call(
      t,
      'user-do-login',
      { userId: member.userId.toUpperCase(), password: member.password },
      { ip: nextIp() },
    );
    expect(twin.code).toBe(429);
    expect(Number(twin.headers['retry-after'])).toBeGreaterThan(0);

    t.clock.advance(t.config.signInFailureWindowMs);
    expect(
      (await postCredentials(t, { userId: member.userId, password: member.password }, { ip: nextIp() }))
        .statusCode,
    ).toBe(200);
  });

  it('a success clears the failures of the id', async () => {
    const member = await createMember(t, { signedIn: false });
    const max = t.config.signInMaxFailuresPerId;
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < max - 1; i += 1) {
        expect(
          (await postCredentials(t, { userId: member.userId, password: 'wrong-pass' }, { ip: nextIp() }))
            .statusCode,
        ).toBe(401);
      }
      expect(
        (await postCredentials(t, { userId: member.userId, password: member.password }, { ip: nextIp() }))
          .statusCode,
      ).toBe(200);
    }
  });

  it('refuses an IP after too many attempts within a minute, whatever the ids', async () => {
    const ip = nextIp();
    const max = t.config.signInMaxAttemptsPerIp;
    for (let i = 0; i < max; i += 1) {
      const response = await postCredentials(t, { userId: `someone${i}`, password: 'anything-1' }, { ip });
      expect(response.statusCode).toBe(401);
    }
    const limited = await postCredentials(t, { userId: alice.userId, password: alice.password }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(t.config.signInAttemptWindowMs / 1000);
    const twin = await call(t, 'user-do-login', { userId: alice.userId, password: alice.password }, { ip });
    expect(twin.code).toBe(429);
    // Another address is not affected.
    expect(
      (await postCredentials(t, { userId: alice.userId, password: alice.password }, { ip: nextIp() }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(t.config.signInAttemptWindowMs);
    expect(
      (await postCredentials(t, { userId: alice.userId, password: alice.password }, { ip })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/auth/_log', () => {
  it('answers 200 {} and writes a capped entry', async () => {
    const small = await t.app.inject({
      method: 'POST',
      url: '/api/auth/_log',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        level: 'error',
        code: 'CLIENT_FETCH_ERROR',
        message: 'boom',
      }).toString(),
    });
    expect(small.statusCode).toBe(200);
    expect(small.json()).toEqual({});
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/_log',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(60_000), extra: { nested: [1, 2, 3] } }),
    });
    expect(big.statusCode).toBe(200);
    expect(big.json()).toEqual({});
  });

  it('refuses a body over 64 KiB with 413 and a foreign origin with 403', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/_log',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(65 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ status: 'too_large' });
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/_log',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('safeCallbackUrl', () => {
  it('keeps only paths of the own origin', () => {
    const request = { protocol: 'https', host: 'casino.example' } as Parameters<typeof safeCallbackUrl>[1];
    expect(safeCallbackUrl(undefined, request)).toBe('/');
    expect(safeCallbackUrl('https://casino.example:443/ko', request)).toBe('/ko');
    expect(safeCallbackUrl('http://casino.example/ko', request)).toBe('/');
    expect(safeCallbackUrl('https://CASINO.example/a?b=c', request)).toBe('/a?b=c');
    expect(safeCallbackUrl('/a\u0000b', request)).toBe('/');
  });
});

describe('the rate limiter on PostgreSQL/PGlite', () => {
  it('counts per key and window on the injected clock', async () => {
    const limiter = createPgRateLimiter(t.db, t.clock.now);
    expect((await limiter.hit('test:k', 10_000)).count).toBe(1);
    expect((await limiter.hit('test:k', 10_000)).count).toBe(2);
    expect((await limiter.peek('test:k')).count).toBe(2);
    t.clock.advance(10_000);
    expect((await limiter.peek('test:k')).count).toBe(0);
    expect((await limiter.hit('test:k', 10_000)).count).toBe(1);
  });
});
