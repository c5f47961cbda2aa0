import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@casino/contracts/locales';
import { MEMBER_PAGES, PAGE_IDS, pageUrlPath } from '@casino/contracts/pages';
import { createTestApp, SAME_ORIGIN, type TestApp } from './harness.ts';

// The built portal as the server sends it (issue 9): index.html from memory in the encoding the
// browser takes, the build's .br/.gz files for assets, nothing compressed per request.

const PAGE = `<!doctype html><html><head><title>portal</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(PAGE));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(PAGE));
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ PORTAL_DIST: dist });
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
