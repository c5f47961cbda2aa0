import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

// The built back-office console under /backoffice/ (issue 13), beside the portal, never in the way
// of the back-office API.

const CONSOLE =
  '<!doctype html><html><head><title>console</title></head><body><div id="root"></div></body></html>';
const PORTAL = '<!doctype html><html><head><title>portal</title></head><body></body></html>';
const SCRIPT = 'console.log("console");';
/** A chunk the build left without .br/.gz. */
const CHUNK = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `row ${i}`))};`;

let consoleDist: string;
let portalDist: string;
let t: TestApp;

beforeAll(async () => {
  consoleDist = mkdtempSync(path.join(tmpdir(), 'backoffice-dist-'));
  mkdirSync(path.join(consoleDist, 'assets'));
  writeFileSync(path.join(consoleDist, 'index.html'), CONSOLE);
  writeFileSync(path.join(consoleDist, 'assets', 'index-abcd.js'), SCRIPT);
  writeFileSync(path.join(consoleDist, 'assets', 'reports-ef01.js'), CHUNK);
  writeFileSync(path.join(consoleDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  portalDist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  writeFileSync(path.join(portalDist, 'index.html'), PORTAL);
  t = await createTestApp({ PORTAL_DIST: portalDist, BACKOFFICE_DIST: consoleDist });
});

afterAll(async () => {
  await t?.close();
  rmSync(consoleDist, { recursive: true, force: true });
  rmSync(portalDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the back-office console', () => {
  it('answers its document at every client route, uncached by crawlers, with the page CSP', async () => {
    for (const url of ['/backoffice/', '/backoffice/deposits', '/backoffice/withdrawals?state=wait&page=2']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.body).toBe(CONSOLE);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('sends /backoffice to /backoffice/ with the query kept', async () => {
    const bare = await get('/backoffice?state=wait');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/backoffice/?state=wait');
  });

  it('answers 304 to a browser holding the same document', async () => {
    const etag = String((await get('/backoffice/')).headers.etag);
    expect((await get('/backoffice/deposits', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('serves hashed assets for a year and answers a missing file 404', async () => {
    const script = await get('/backoffice/assets/index-abcd.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe(SCRIPT);
    expect((await get('/backoffice/assets/index-gone.js')).statusCode).toBe(404);
  });

  it('revalidates its document and files with strong ETags, as the portal does, and compresses once', async () => {
    for (const url of ['/backoffice/', '/backoffice/assets/reports-ef01.js', '/backoffice/favicon.svg']) {
      const first = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await get(url, { 'accept-encoding': 'br, gzip', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
      expect(again.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    const chunk = await get('/backoffice/assets/reports-ef01.js', { 'accept-encoding': 'br, gzip' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(chunk.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(chunk.rawPayload).toString()).toBe(CHUNK);
    const icon = await get('/backoffice/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('leaves the back-office API and the portal alone', async () => {
    const me = await get('/api/backoffice/me');
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ status: 'unauthenticated' });
    const portal = await get('/');
    expect(portal.statusCode).toBe(200);
    expect(portal.body).toBe(PORTAL);
  });
});
