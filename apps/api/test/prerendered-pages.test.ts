import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@casino/contracts/locales';
import { fillSiteName, markSiteName, prerenderedFile } from '@casino/contracts/prerender';
import { createTestApp, type TestApp } from './harness.ts';

// The prerendered documents of decision 0013: a home URL answers its locale's home page, every
// other page and an unknown path its locale's frame, so no route paints another's content; the
// operator's SITE_NAME takes the place of the brand the build marked.

const INDEX =
  '<!doctype html><html><head><title>portal</title></head><body><div id="root"></div></body></html>';

function documentOf(kind: string, locale: string): string {
  const body = `<main>${kind} ${locale} ${markSiteName('GOLD CROWN')}</main>${'<p>filler</p>'.repeat(150)}`;
  return `<!doctype html><html><head><title>GOLD CROWN</title></head><body>${body}</body></html>`;
}

function writeBuild(withPrerendered: boolean): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'portal-prerendered-'));
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  if (withPrerendered)
    for (const kind of ['home', 'shell'])
      for (const locale of LOCALES) {
        const file = path.join(dist, prerenderedFile(kind as 'home' | 'shell', locale));
        const html = documentOf(kind, locale);
        writeFileSync(file, html);
        writeFileSync(`${file}.br`, brotliCompressSync(html));
        writeFileSync(`${file}.gz`, gzipSync(html));
      }
  return dist;
}

const shownOf = (html: string) => /<main>([^<]*)<\/main>/.exec(html)?.[1];

describe('the prerendered pages', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = writeBuild(true);
    t = await createTestApp({ PORTAL_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });

  it("answer a home URL with its locale's home page, from the build's compressed file", async () => {
    for (const [url, locale] of [
      ['/', 'ko'],
      ['/?utm=1', 'ko'],
      ['/en', 'en'],
      ['/en/', 'en'],
      ['/JP', 'jp'],
      ['/vn', 'vn'],
      ['/cn', 'cn'],
    ] as const) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      const html = brotliDecompressSync(answer.rawPayload).toString();
      // No operator name: the page as built, its marks invisible.
      expect(html).toBe(documentOf('home', locale));
      expect(fillSiteName(shownOf(html)!, undefined)).toBe(`home ${locale} GOLD CROWN`);
    }
  });

  it("answer every other page with its locale's frame, and an unknown path too (404)", async () => {
    for (const [url, locale, status] of [
      ['/login', 'ko', 200],
      ['/deposit', 'ko', 200],
      ['/en/deposit', 'en', 200],
      ['/jp/help?id=3', 'jp', 200],
      ['/no-such-page', 'ko', 404],
      ['/en/no-such-page', 'en', 404],
      ['/cn/game/x', 'cn', 404],
    ] as const) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(status);
      const html = brotliDecompressSync(answer.rawPayload).toString();
      expect(fillSiteName(shownOf(html)!, undefined), url).toBe(`shell ${locale} GOLD CROWN`);
    }
    // `/ko/...` still goes to the unprefixed path.
    const redirect = await get('/ko/deposit');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/deposit');
  });
});

describe('the prerendered pages with an operator name', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = writeBuild(true);
    t = await createTestApp({ PORTAL_DIST: dist, SITE_NAME: 'Royal <Spade>' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('carry the operator name where the build marked the brand, escaped', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/en', headers: { 'accept-encoding': 'br' } });
    const html = brotliDecompressSync(answer.rawPayload).toString();
    expect(shownOf(html)).toBe('home en Royal &lt;Spade&gt;');
    expect(html).toContain('<title>Royal &lt;Spade&gt;</title>');
  });
});

describe('a build without prerendered pages', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = writeBuild(false);
    t = await createTestApp({ PORTAL_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every route with index.html, as before', async () => {
    for (const url of ['/', '/en', '/deposit']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(INDEX);
    }
  });
});
