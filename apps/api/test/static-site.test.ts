import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@casino/contracts/locales';
import { MEMBER_PAGES, PAGE_IDS, pageUrlPath } from '@casino/contracts/pages';
import { FrontDoor } from '@casino/static-files/front';
import { createTestApp, SAME_ORIGIN, type TestApp } from './harness.ts';

// The built portal as the server sends it (issues 9 and 22, decision 0015): the documents and
// files from memory in the encoding the browser takes, the build's .br/.gz files, nothing
// compressed per request; strong ETags and 304s, hashed assets kept for a year.

const PAGE = `<!doctype html><html><head><title>portal</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
/** A stylesheet the build left without .br/.gz. */
const STYLE = `.a{color:red}\n`.repeat(200);
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dist: string;
let t: TestApp;
const front = new FrontDoor();

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(PAGE));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(PAGE));
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'style-5678.css'), STYLE);
  writeFileSync(path.join(dist, 'favicon.svg'), ICON);
  // Files no client may read: a dot-file and the build's manifest folder.
  writeFileSync(path.join(dist, '.env'), 'SECRET=1');
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  t = await createTestApp({ PORTAL_DIST: dist }, { front });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the portal page', () => {
  it('answers every client route, in the encoding the browser takes best', async () => {
    for (const url of ['/', '/deposit', '/en/notice?page=2', '/index.html']) {
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toBe('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);
    }
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PAGE);
    const refused = await get('/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(PAGE);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
  });

  it('answers 304 to a browser that holds the same page', async () => {
    const first = await get('/');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/en', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });
});

describe('assets', () => {
  it('go out as the files the build compressed, cached for a year', async () => {
    const br = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('a missing asset is a 404, not the page; other files revalidate', async () => {
    expect((await get('/assets/missing-9999.js')).statusCode).toBe(404);
    expect((await get('/assets/app-1234.js.br')).statusCode).toBe(200);
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('never serves a file outside the build', async () => {
    for (const url of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fetc%2fpasswd']) {
      const response = await get(url);
      expect(response.body).not.toMatch(/root:|"name"/);
    }
  });
});

describe('revalidation', () => {
  const encodings: Record<string, string>[] = [
    { 'accept-encoding': 'br, gzip' },
    { 'accept-encoding': 'gzip' },
    {},
  ];

  it('gives pages and files a strong ETag per encoding and answers a browser holding it 304, without a body', async () => {
    for (const url of ['/', '/en/deposit', '/assets/app-1234.js', '/favicon.svg']) {
      const etags = new Set<string>();
      for (const accept of encodings) {
        const first = await get(url, accept);
        expect(first.statusCode, url).toBe(200);
        const etag = String(first.headers.etag);
        expect(etag, url).toMatch(/^"[\w-]+"$/);
        etags.add(etag);
        const again = await get(url, { ...accept, 'if-none-match': etag });
        expect(again.statusCode, url).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
        expect(again.headers.vary).toBe(first.headers.vary);
        expect(again.headers['content-encoding']).toBeUndefined();
        expect(again.headers['content-length']).toBeUndefined();
        // The security headers go with every answer, a 304 too.
        expect(again.headers['x-content-type-options']).toBe('nosniff');
        expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      }
      // Each encoding is a representation of its own, with its own validator.
      expect(etags.size, url).toBe(url === '/favicon.svg' ? 1 : 3);
    }
    // A validator of another encoding is not the one the browser would get: the full answer.
    const gzipTag = String((await get('/', { 'accept-encoding': 'gzip' })).headers.etag);
    const br = await get('/', { 'accept-encoding': 'br', 'if-none-match': gzipTag });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('reads If-None-Match lists, weak forms and *', async () => {
    const etag = String((await get('/assets/app-1234.js')).headers.etag);
    for (const held of [`"other", ${etag}`, `W/${etag}`, '*', ` ${etag} `])
      expect((await get('/assets/app-1234.js', { 'if-none-match': held })).statusCode, held).toBe(304);
    for (const held of ['"other"', `"x${etag.slice(1)}`, ''])
      expect((await get('/assets/app-1234.js', { 'if-none-match': held })).statusCode, held).toBe(200);
  });

  it('keeps hashed assets for a year and revalidates documents and the other files', async () => {
    const cacheOf = async (url: string) => (await get(url)).headers['cache-control'];
    expect(await cacheOf('/assets/app-1234.js')).toBe(IMMUTABLE);
    expect(await cacheOf('/assets/style-5678.css')).toBe(IMMUTABLE);
    for (const url of ['/', '/en', '/deposit', '/index.html', '/favicon.svg'])
      expect(await cacheOf(url), url).toBe('no-cache');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    for (const url of ['/', '/assets/app-1234.js']) {
      const got = await get(url, { 'accept-encoding': 'br' });
      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
      for (const name of ['etag', 'content-length', 'content-encoding', 'content-type', 'cache-control'])
        expect(head.headers[name], `${url} ${name}`).toBe(got.headers[name]);
    }
  });
});

describe('files from memory', () => {
  it('compresses once a text file the build left uncompressed', async () => {
    const br = await get('/assets/style-5678.css', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(STYLE);
    const gzip = await get('/assets/style-5678.css', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(STYLE);
    // A file under 1 KiB is not worth it.
    const icon = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.body).toBe(ICON);
  });

  it('serves a file it has read without the disk', async () => {
    const file = path.join(dist, 'assets', 'late-9999.js');
    writeFileSync(file, SCRIPT);
    // Listed when the server started: a file written after start is not served.
    expect((await get('/assets/late-9999.js')).statusCode).toBe(404);
    const first = await get('/assets/app-1234.js', { 'accept-encoding': 'br' });
    unlinkSync(path.join(dist, 'assets', 'app-1234.js.br'));
    const again = await get('/assets/app-1234.js', { 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(SCRIPT));
    unlinkSync(file);
  });

  it('never serves dot-files or the build manifest', async () => {
    for (const url of ['/.env', '/.vite/manifest.json', '/%2evite/manifest.json']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('SECRET');
    }
  });
});

/** A request over a socket, as a browser sends it (inject never reaches the front door). */
function overHttp(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * What the connection adds, which differs between a socket and inject, and the request's own id
 * (each request's; the front door, which logs nothing, gives none).
 */
const CONNECTION_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id'];
const sameAnswer = (answer: { headers: Record<string, unknown> }) =>
  Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !CONNECTION_HEADERS.includes(name)));

describe('the front door', () => {
  it('answers pages and files in memory before Fastify, with the answers its route gives', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const br = { 'accept-encoding': 'br, gzip' };
    const pageTag = String((await get('/', br)).headers.etag);
    const fileTag = String((await get('/assets/app-1234.js', br)).headers.etag);
    const cases: [string, string, Record<string, string>, 'front' | 'route'][] = [
      ['GET', '/', br, 'front'],
      ['GET', '/', {}, 'front'],
      ['GET', '/en/deposit?from=mail', { 'accept-encoding': 'gzip' }, 'front'],
      ['GET', '/DEPOSIT/', br, 'front'],
      ['GET', '/', { ...br, 'if-none-match': pageTag }, 'front'],
      ['HEAD', '/en', br, 'front'],
      ['GET', '/assets/app-1234.js', br, 'front'],
      ['GET', '/assets/app-1234.js', { ...br, 'if-none-match': fileTag }, 'front'],
      ['HEAD', '/assets/app-1234.js', {}, 'front'],
      ['GET', '/favicon.svg', {}, 'front'],
      // Everything else is the route's: unknown paths, redirects, encoded paths, index.html, the API.
      ['GET', '/nope', br, 'route'],
      ['GET', '/ko/deposit', {}, 'route'],
      ['GET', '/%64eposit', br, 'route'],
      ['GET', '/?q=%00', br, 'route'],
      ['GET', '/index.html', br, 'route'],
      ['GET', '/assets/missing-0000.js', {}, 'route'],
      ['GET', '/api/health', {}, 'route'],
    ];
    for (const [method, url, headers, where] of cases) {
      const before = front.served;
      const socket = await overHttp(base, method, url, headers);
      expect(front.served - before, `${method} ${url}`).toBe(where === 'front' ? 1 : 0);
      const injected = await t.app.inject({ method: method as 'GET' | 'HEAD', url, headers });
      expect(socket.status, `${method} ${url}`).toBe(injected.statusCode);
      expect(sameAnswer(socket), `${method} ${url}`).toEqual(sameAnswer(injected));
      expect(socket.body.equals(injected.rawPayload), `${method} ${url}`).toBe(true);
    }
    // The security headers the hook gives every other answer are in the front door's too.
    const page = await overHttp(base, 'GET', '/', br);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('page paths and 404', () => {
  it('answers 200 for every page of the route table in every locale, with or without a trailing slash', async () => {
    for (const locale of LOCALES) {
      for (const page of PAGE_IDS) {
        const url = pageUrlPath(page, locale);
        for (const variant of url === '/' ? [url] : [url, `${url}/`, `${url}?from=test`]) {
          const response = await get(variant);
          expect(response.statusCode, variant).toBe(200);
          expect(response.body).toBe(PAGE);
        }
      }
    }
    // React Router matches paths case-insensitively: so does the server.
    expect((await get('/EN/Deposit')).statusCode).toBe(200);
    expect((await get('/terms')).statusCode).toBe(200);
    expect((await get('/cn/privacy')).statusCode).toBe(200);
  });

  it('answers unknown paths in every locale with the portal page and 404, never cached', async () => {
    const unknown = [
      '/nope',
      '/deposit/extra',
      '/admin',
      '/game/1',
      '/en/ko/deposit',
      '/xx/deposit',
      '/%E2%9C%93',
    ];
    for (const locale of LOCALES) {
      const prefix = locale === 'ko' ? '' : `/${locale}`;
      unknown.push(
        `${prefix}/no-such-page`,
        `${prefix}/deposits`,
        `${prefix}/help/1`,
        `${prefix}/missing.html`,
      );
    }
    for (const url of unknown) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.etag).toBeUndefined();
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE);
    }
    // A 404 is never turned into a 304, whatever the browser holds.
    const etag = String((await get('/')).headers.etag);
    expect((await get('/nope', { 'if-none-match': etag })).statusCode).toBe(404);
  });

  it('redirects /ko/... to the unprefixed page, as the portal does, keeping the query', async () => {
    const deposit = await get('/ko/deposit?x=1');
    expect(deposit.statusCode).toBe(301);
    expect(deposit.headers.location).toBe('/deposit?x=1');
    const home = await get('/ko');
    expect(home.statusCode).toBe(301);
    expect(home.headers.location).toBe('/');
    expect((await get('/ko/nope')).statusCode).toBe(404);
  });

  it('keeps API paths out of the page fallback', async () => {
    const response = await get('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'not_found' });
  });
});

describe('robots.txt', () => {
  it('lets crawlers read public pages and keeps them out of the API, /admin and member pages', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Allow: /');
    for (const locale of LOCALES) {
      const prefix = locale === 'ko' ? '' : `/${locale}`;
      expect(lines).toContain(`Disallow: ${prefix}/admin`);
      for (const page of PAGE_IDS) {
        const rule = `Disallow: ${pageUrlPath(page, locale)}`;
        if (MEMBER_PAGES.has(page)) expect(lines, rule).toContain(rule);
        else expect(lines, rule).not.toContain(rule);
      }
    }
    expect(lines).not.toContain('Disallow: /');
  });

  it('is served without a built portal too', async () => {
    const apiOnly = await createTestApp();
    try {
      const response = await apiOnly.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Disallow: /api/');
    } finally {
      await apiOnly.close();
    }
  });
});

describe('maintenance', () => {
  it('serves every page with 503 and Retry-After while the switch is on; files and robots.txt stay', async () => {
    const until = new Date(t.clock.now().getTime() + 90 * 60_000).toISOString();
    await t.services.backoffice.updateMaintenance(
      { enabled: true, message: '점검 중', until },
      { operatorId: null, actor: 'test', ip: null },
    );
    try {
      for (const url of ['/', '/en/deposit', '/nope', '/index.html']) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(503);
        expect(response.body).toBe(PAGE);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(89 * 60);
        expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(90 * 60);
      }
      expect((await get('/assets/app-1234.js')).statusCode).toBe(200);
      expect((await get('/favicon.svg')).statusCode).toBe(200);
      expect((await get('/robots.txt')).statusCode).toBe(200);
      // At the front door too (the server listens since the front door's test).
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      for (const url of ['/', '/en/deposit']) {
        const before = front.served;
        const socket = await overHttp(base, 'GET', url, { 'accept-encoding': 'br' });
        expect(front.served - before, url).toBe(1);
        expect(socket.status, url).toBe(503);
        expect(sameAnswer(socket)).toEqual(sameAnswer(await get(url, { 'accept-encoding': 'br' })));
      }
      const status = await t.app.inject({
        method: 'POST',
        url: '/api/routes/get-site-status',
        headers: SAME_ORIGIN,
        payload: {},
      });
      expect(status.statusCode).toBe(200);
    } finally {
      await t.services.backoffice.updateMaintenance(
        { enabled: false },
        { operatorId: null, actor: 'test', ip: null },
      );
    }
    expect((await get('/')).statusCode).toBe(200);
  });
});
