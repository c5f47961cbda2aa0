import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_STATUS_OF_ERROR, ZHttpErrorResponse } from '@casino/contracts/errors';
import { createTestApp, SAME_ORIGIN, type TestApp } from './harness.ts';

/**
 * Issue 8, defect 5: errors raised by the router, the body parser, Node's HTTP parser or the static
 * server answered Fastify's own shape (`{error, code, message}` with the URL echoed back). Every
 * answer of the API is now one of the contract's (docs/api/README.md), or `404 {status:"not_found"}`
 * for a read of nothing, and never repeats the request line.
 */

let t: TestApp;
let port: number;
let dist: string;

beforeAll(async () => {
  // A built portal, so the static server is part of the app under test.
  dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ PORTAL_DIST: dist });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const LONG_NAME = 'x'.repeat(3000);
const LONG_ID = '9'.repeat(4000);

/** The contract's answer for an HTTP status: an error shape whose status matches the code, or not_found. */
function expectContractShape(code: number, text: string, marker?: string): void {
  const body: unknown = JSON.parse(text);
  if (code === 404) {
    expect(body).toEqual({ status: 'not_found' });
  } else {
    const parsed = ZHttpErrorResponse.safeParse(body);
    expect(parsed.success, text).toBe(true);
    if (parsed.success) expect(HTTP_STATUS_OF_ERROR[parsed.data.status]).toBe(code);
    expect(Object.keys(body as object).sort()).toEqual(Object.keys(parsed.data ?? {}).sort());
  }
  if (marker) expect(text).not.toContain(marker);
}

/** One raw HTTP/1.1 exchange, so no client normalizes the request line. */
function raw(head: string, body = ''): Promise<{ code: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const split = data.indexOf('\r\n\r\n');
      resolve({ code: Number(data.split(' ')[1]), body: data.slice(split + 4) });
    });
    socket.write(`${head}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n${body}`);
  });
}

describe('router errors answer the contract', () => {
  it('a 3,000-character call name is an unknown call (400), without the URL', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/routes/${LONG_NAME}`,
      headers: SAME_ORIGIN,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'invalid', errors: [{ path: '', code: 'unknown' }] });
    expectContractShape(res.statusCode, res.body, 'xxxxxxxx');
  });

  it('a 4,000-digit id in a back-office path is a 400, without the URL', async () => {
    for (const [method, url] of [
      ['POST', `/api/backoffice/deposits/${LONG_ID}/approve`],
      ['GET', `/api/backoffice/members/${LONG_ID}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: SAME_ORIGIN,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      // A GET of an API path the router cannot match reaches the portal's catch-all, which hands
      // API paths to the not-found handler: 404 not_found, also a contract answer.
      expect(res.statusCode).toBe(method === 'POST' ? 400 : 404);
      expectContractShape(res.statusCode, res.body, '99999999');
    }
  });

  it('a malformed percent-encoding is a 400 in the contract shape', async () => {
    for (const url of ['/api/routes/%zz', '/api/%zz', '/api/backoffice/members/%e0%a4']) {
      const res = await t.app.inject({
        method: url.startsWith('/api/routes/') ? 'POST' : 'GET',
        url,
        headers: SAME_ORIGIN,
      });
      expect(res.statusCode).toBe(400);
      expectContractShape(res.statusCode, res.body, '%zz');
    }
  });

  it('POST /api/routes/%2e%2e (raw, or as a client resolves it) and other methods of a call are unknown calls', async () => {
    const rawDots = await raw(
      'POST /api/routes/%2e%2e HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2',
      '{}',
    );
    expect(rawDots.code).toBe(400);
    expect(JSON.parse(rawDots.body)).toEqual({ status: 'invalid', errors: [{ path: '', code: 'unknown' }] });
    for (const [method, url] of [
      ['POST', '/api/routes/%2e%2e'],
      ['POST', '/api/'],
      ['PUT', '/api/routes/user-health-check'],
      ['DELETE', '/api/routes/user-health-check'],
      ['PATCH', '/api/backoffice/me'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()).toEqual({ status: 'invalid', errors: [{ path: '', code: 'unknown' }] });
    }
  });

  it('an unknown API read is 404 not_found', async () => {
    for (const url of ['/api/nothing', '/api/routes/user-health-check', '/api/backoffice/nothing?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expectContractShape(404, res.body);
    }
  });
});

describe('body, parser and connection errors answer the contract', () => {
  const cases: { name: string; headers: Record<string, string>; payload: string; code: number }[] = [
    { name: 'malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{bad', code: 400 },
    {
      name: 'an unsupported content type',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
      code: 400,
    },
    {
      name: 'a body over 64 KiB',
      headers: { 'content-type': 'application/json' },
      payload: `"${'x'.repeat(70_000)}"`,
      code: 413,
    },
    {
      name: 'a content encoding the server does not take',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: '{}',
      code: 400,
    },
    {
      name: 'prototype poisoning',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"a":1}}',
      code: 400,
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/routes/check-user-id',
        headers: { ...SAME_ORIGIN, ...c.headers },
        payload: c.payload,
      });
      expect(res.statusCode).toBe(c.code);
      expectContractShape(res.statusCode, res.body);
    });
  }

  it('what Node refuses before Fastify (an unknown method, a broken header, a NUL in a cookie) is a 400 in the contract shape', async () => {
    for (const head of [
      'FOO /api/health HTTP/1.1',
      'POST /api/routes/check-user-id HTTP/1.1\r\nContent-Length: 2\r\nTransfer-Encoding: chunked',
      'GET /api/health HTTP/1.1\r\nBad Header Line',
      'GET /api/health HTTP/1.1\r\nCookie: sid=a\u0000b',
    ]) {
      const res = await raw(head);
      expect(res.code, head).toBe(400);
      expectContractShape(res.code, res.body);
    }
  });

  it('an absolute-form request line with an over-long call name does not echo it', async () => {
    const res = await raw(
      `POST http://evil.example/api/routes/${LONG_NAME} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2`,
      '{}',
    );
    expect(res.code).toBe(400);
    expectContractShape(res.code, res.body, 'xxxxxxxx');
  });
});

describe('the static server', () => {
  it('serves the portal, and API paths it cannot serve answer the contract', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/some/client/route' })).body).toContain('portal');
    for (const url of ['/api/../api/nothing', '/api/%2e%2e/api/nothing', `/api/${LONG_NAME}.js`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expectContractShape(404, res.body, 'xxxxxxxx');
    }
  });

  it('a missing asset or a long file name is a plain 404 that does not echo the path', async () => {
    for (const url of ['/assets/missing-1.js', `/assets/${LONG_NAME}.js`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe('Not found');
    }
    // A page path outside the portal's route table: the portal's own 404 page, with status 404.
    const page = await t.app.inject({ method: 'GET', url: `/${LONG_NAME}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('portal');
    expect(page.body).not.toContain('xxxxxxxx');
  });
});
