import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

// The security headers are built once (plugins/security-headers.ts) and sent with every answer.

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
  it('go with every answer: calls, errors and unknown paths alike', async () => {
    const answers = [
      await callRoute(t, 'get-banks'),
      await callRoute(t, 'user-health-check'),
      await t.app.inject({ method: 'GET', url: '/no/such/page' }),
    ];
    for (const response of answers) {
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('add HSTS in production', async () => {
    const response = await callRoute(production, 'get-banks');
    expect(response.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });
});
