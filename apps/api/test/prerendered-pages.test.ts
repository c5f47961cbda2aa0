import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@casino/contracts/locales';
import { isMemberPage, PAGE_IDS, pageUrlPath } from '@casino/contracts/pages';
import {
  fillSiteName,
  markSiteName,
  PRERENDER_KINDS,
  prerenderedFile,
  type TPrerenderKind,
} from '@casino/contracts/prerender';
import { createTestApp, type TestApp } from './harness.ts';

// The prerendered documents of decisions 0013 and 0016: every public page answers its locale's own
// document (the home page, /login, /register, ...), a member page (and a page made of its query)
// its locale's frame, an unknown path its locale's not-found page, so no route paints another's
// content; the operator's SITE_NAME takes the place of the brand the build marked.

const INDEX =
  '<!doctype html><html><head><title>portal</title></head><body><div id="root"></div></body></html>';

function documentOf(kind: string, locale: string): string {
  const body = `<main>${kind} ${locale} ${markSiteName('GOLD CROWN')}</main>${'<p>filler</p>'.repeat(150)}`;
  return `<!doctype html><html><head><title>GOLD CROWN</title></head><body>${body}</body></html>`;
}

/** A build with these prerendered documents: all of them, an older build's two, or none. */
function writeBuild(kinds: readonly TPrerenderKind[]): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'portal-prerendered-'));
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  for (const kind of kinds)
    for (const locale of LOCALES) {
      const file = path.join(dist, prerenderedFile(kind, locale));
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
    dist = writeBuild(PRERENDER_KINDS);
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

  it("answer every public page with its locale's own document, in every locale", async () => {
    // Every page a guest may open is prerendered, but the two whose whole content is their query.
    const pages = PAGE_IDS.filter((page) => !isMemberPage(page) && !['adminError', 'blocked'].includes(page));
    expect(pages).toEqual(['home', 'login', 'register', 'notice', 'game', 'terms', 'privacy']);
    for (const page of pages)
      for (const locale of LOCALES) {
        const url = pageUrlPath(page, locale);
        const answer = await get(url);
        expect(answer.statusCode, url).toBe(200);
        const html = brotliDecompressSync(answer.rawPayload).toString();
        expect(fillSiteName(shownOf(html)!, undefined), url).toBe(`${page} ${locale} GOLD CROWN`);
      }
    for (const [url, kind, locale] of [
      ['/login?next=%2Fdeposit', 'login', 'ko'],
      ['/REGISTER/', 'register', 'ko'],
      ['/vn/notice?id=3', 'notice', 'vn'],
    ] as const) {
      const html = brotliDecompressSync((await get(url)).rawPayload).toString();
      expect(fillSiteName(shownOf(html)!, undefined), url).toBe(`${kind} ${locale} GOLD CROWN`);
    }
  });

  it("answer a member page with its locale's frame, and an unknown path its not-found page (404)", async () => {
    for (const [url, kind, locale, status] of [
      ['/deposit', 'shell', 'ko', 200],
      ['/en/deposit', 'shell', 'en', 200],
      ['/jp/help?id=3', 'shell', 'jp', 200],
      ['/user/responsible', 'shell', 'ko', 200],
      ['/admin/error?error=AccessDenied', 'shell', 'ko', 200],
      ['/en/blocked?until=permanent', 'shell', 'en', 200],
      ['/no-such-page', 'notFound', 'ko', 404],
      ['/en/no-such-page', 'notFound', 'en', 404],
      ['/cn/game/x', 'notFound', 'cn', 404],
    ] as const) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(status);
      const html = brotliDecompressSync(answer.rawPayload).toString();
      expect(fillSiteName(shownOf(html)!, undefined), url).toBe(`${kind} ${locale} GOLD CROWN`);
    }
    // `/ko/...` still goes to the unprefixed path.
    const redirect = await get('/ko/deposit');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/deposit');
  });

  it("revalidate each document with its own ETag: a browser holding one locale's page gets another's in full", async () => {
    const tagOf = async (url: string) => String((await get(url)).headers.etag);
    const [home, homeEn, frame] = await Promise.all([tagOf('/'), tagOf('/en'), tagOf('/deposit')]);
    expect(new Set([home, homeEn, frame]).size).toBe(3);
    expect(await tagOf('/user')).toBe(frame);
    const held = (url: string, etag: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': etag },
      });
    expect((await held('/', home)).statusCode).toBe(304);
    expect((await held('/en', homeEn)).statusCode).toBe(304);
    expect((await held('/user', frame)).statusCode).toBe(304);
    const other = await held('/en', home);
    expect(other.statusCode).toBe(200);
    expect(shownOf(brotliDecompressSync(other.rawPayload).toString())).toContain('home en');
    // An unknown path answers as a 404, never a 304, whatever the browser holds.
    expect((await held('/no-such-page', frame)).statusCode).toBe(404);
  });
});

describe('the prerendered pages with an operator name', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = writeBuild(PRERENDER_KINDS);
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

describe('an older build, with only the home page and the frame prerendered', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = writeBuild(['home', 'shell']);
    t = await createTestApp({ PORTAL_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every other page, and an unknown path, with the frame', async () => {
    for (const [url, kind, status] of [
      ['/en', 'home en', 200],
      ['/en/login', 'shell en', 200],
      ['/register', 'shell ko', 200],
      ['/no-such-page', 'shell ko', 404],
    ] as const) {
      const answer = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(answer.statusCode, url).toBe(status);
      expect(fillSiteName(shownOf(brotliDecompressSync(answer.rawPayload).toString())!, undefined)).toBe(
        `${kind} GOLD CROWN`,
      );
    }
  });
});

describe('a build without prerendered pages', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = writeBuild([]);
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
