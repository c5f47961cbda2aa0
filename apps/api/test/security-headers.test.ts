import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

// The security headers are built once (plugins/security-headers.ts) and sent with every answer:
// the API's set with JSON answers, the document's with everything else.

let t: TestApp;
let production: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  production = await createTestApp({ NODE_ENV: 'production' });
});

afterAll(async () => {
  await t?.close();
  await production?.close();
});

describe('security headers', () => {
  it('an API answer has the API set: calls, errors and unknown calls alike', async () => {
    const answers = [
      await call(t, 'get-banks'),
      await call(t, 'user-health-check'),
      await call(t, 'no-such-call'),
      await t.app.inject({ method: 'GET', url: '/api/auth/session' }),
      await t.app.inject({ method: 'GET', url: '/api/no/such/thing' }),
    ];
    for (const response of answers) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      // The document-only headers stay off JSON.
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('anything else (pages, files, the not-found page) has the document set', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS in production, to both sets', async () => {
    for (const response of [
      await call(production, 'get-banks'),
      await production.app.inject({ method: 'GET', url: '/no/such/page' }),
    ])
      expect(response.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });
});
