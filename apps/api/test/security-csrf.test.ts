import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/plugins/http-errors.ts';
import { registerOriginCheck } from '../src/plugins/origin-check.ts';
import {
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  requestIdsOf,
  type TestMember,
  type TestOperator,
} from './factories.ts';

/**
 * Issue 8, defect 2: the cross-site check looked at a raw prefix of the URL, so an encoded path or
 * an absolute-form request line reached a cookie route from a foreign origin. Every unsafe method
 * of the whole server is now judged, whatever the request line looks like.
 */

const t = await fileTestApp();
let m: TestMember;
let owner: TestOperator;
let port: number;

const FOREIGN = 'https://evil.example';

beforeAll(async () => {
  m = await createMember(t, { cash: 100_000 });
  owner = await createOperator(t, 'owner');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

async function depositCount(): Promise<number> {
  return (await requestIdsOf(t, 'deposit', m.id)).length;
}

/** Sends one raw HTTP/1.1 request (so no client library rewrites the request line) and returns status and body. */
function rawRequest(lines: string[], body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', rest = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest });
    });
    socket.write(
      [...lines, `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', '', body].join('\r\n'),
    );
  });
}

describe('cross-site requests cannot be smuggled past the check', () => {
  it('an encoded path (/api/%72outes/...) with a foreign Origin and the session cookie answers 403', async () => {
    for (const url of [
      '/api/%72outes/user-ask-account',
      '/api/routes/user-%61sk-account',
      '/API/routes/user-ask-account',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: FOREIGN, cookie: m.cookie, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'forbidden' });
    }
  });

  it('an absolute-form request line with a foreign Origin answers 403 and creates no deposit', async () => {
    const before = await depositCount();
    const body = JSON.stringify({ amount: 10_000 });
    for (const target of [
      'http://evil.example/api/routes/apply-user-deposit',
      `http://127.0.0.1:${port}/api/routes/apply-user-deposit`,
      'http://evil.example/api/%72outes/apply-user-deposit',
    ]) {
      const res = await rawRequest(
        [
          `POST ${target} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          `Origin: ${FOREIGN}`,
          `Cookie: ${m.cookie}`,
          'Content-Type: application/json',
        ],
        body,
      );
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ status: 'forbidden' });
    }
    // A cross-site Sec-Fetch-Site without Origin is refused the same way.
    const fetchSite = await rawRequest(
      [
        'POST http://evil.example/api/routes/apply-user-deposit HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Sec-Fetch-Site: cross-site',
        `Cookie: ${m.cookie}`,
        'Content-Type: application/json',
      ],
      body,
    );
    expect(fetchSite.status).toBe(403);
    expect(await depositCount()).toBe(before);
  });

  it('the same deposit from the site itself goes through (the check refuses only foreign requests)', async () => {
    const before = await depositCount();
    const res = await rawRequest(
      [
        'POST /api/routes/apply-user-deposit HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Origin: http://127.0.0.1:${port}`,
        `Cookie: ${m.cookie}`,
        'Content-Type: application/json',
      ],
      JSON.stringify({ amount: 10_000 }),
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'success' });
    expect(await depositCount()).toBe(before + 1);
  });

  it('every unsafe method is judged: a cross-site PUT of the cashier settings is refused and changes nothing', async () => {
    const before = (await bo(t, 'settings.cashier', { cookie: owner.cookie })).body;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/backoffice/settings/cashier',
        headers: { origin: FOREIGN, cookie: owner.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ minDeposit: 1 }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'forbidden' });
    }
    expect((await bo(t, 'settings.cashier', { cookie: owner.cookie })).body).toEqual(before);
  });

  it('a script without Origin, Sec-Fetch-Site or a session cookie is still served', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/routes/check-user-id',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userId: 'freshname1' }),
    });
    expect(res.statusCode).toBe(200);
    expect((await call(t, 'check-user-id', { userId: 'freshname2' })).code).toBe(200);
  });
});

describe('the provider wallet exemption', () => {
  it('applies only when the matched route is a wallet route, never to a path that merely decodes to one', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    await app.register(fastifyCookie);
    registerOriginCheck(app, []);
    app.post('/api/wallet/debit', async () => ({ status: 'success' }));
    app.post('/api/routes/:call', async () => ({ status: 'success' }));
    await app.ready();
    try {
      const post = (url: string) =>
        app.inject({
          method: 'POST',
          url,
          headers: { origin: FOREIGN, cookie: 'sid=x', 'content-type': 'application/json' },
          payload: '{}',
        });
      // Signature-authenticated server-to-server calls carry no browser Origin rules.
      expect((await post('/api/wallet/debit')).statusCode).toBe(200);
      // Paths dressed up as the wallet still reach the cookie route's check.
      for (const url of [
        '/api/routes/..%2fwallet%2fdebit',
        '/api/routes/%2e%2e%2fwallet',
        '/api/routes/wallet',
      ]) {
        expect((await post(url)).statusCode).toBe(403);
      }
    } finally {
      await app.close();
    }
  });
});
