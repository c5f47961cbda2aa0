import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClient } from '@casino/studio';

// The house studio's game client under /studio/, served from memory the way the platform serves
// the portal and the back office (decision 0015): its pages with the portal origins, the site's
// time zone (decision 0020) and an ETag,
// hashed files for a year, the others revalidated.

const PAGE = `<!doctype html><html><head><title>studio</title></head><body>${'<p>table</p>'.repeat(150)}</body></html>`;
const SCRIPT = `export const reels = ${JSON.stringify('x'.repeat(3000))};`;
const ART = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>';
const ORIGIN = 'https://casino.example';

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'studio-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'art'));
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  writeFileSync(path.join(dist, 'assets', 'slots-a1b2c3d4.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'slots-a1b2c3d4.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'slots-a1b2c3d4.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dist, 'art', 'jade-lotus.svg'), ART);
  app = Fastify();
  await app.register((scope) => registerClient(scope, dist, [ORIGIN], 'America/New_York'), {
    prefix: '/studio',
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('the game client', () => {
  it('answers its pages with the portal origins and the site time zone, compressed once, revalidated with an ETag', async () => {
    for (const url of ['/studio/play?token=x&game=jade-lotus', '/studio/verify']) {
      const page = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      const html = brotliDecompressSync(page.rawPayload).toString();
      expect(html).toContain(`<meta name="studio-portal-origins" content="${ORIGIN}" />`);
      expect(html).toContain('<meta name="site-time-zone" content="America/New_York"></head>');
      const etag = String(page.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(url, { 'accept-encoding': 'br, gzip', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it('keeps hashed files for a year, revalidates the others, and has no other files', async () => {
    const script = await get('/studio/assets/slots-a1b2c3d4.js', { 'accept-encoding': 'gzip, br' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(script.rawPayload).toString()).toBe(SCRIPT);
    const etag = String(script.headers.etag);
    expect(
      (
        await get('/studio/assets/slots-a1b2c3d4.js', {
          'accept-encoding': 'gzip, br',
          'if-none-match': etag,
        })
      ).statusCode,
    ).toBe(304);
    const art = await get('/studio/art/jade-lotus.svg');
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toBe('image/svg+xml');
    expect(art.headers['cache-control']).toBe('no-cache');
    expect(art.body).toBe(ART);
    for (const url of ['/studio/assets/gone-00000000.js', '/studio/index.html', '/studio/../package.json'])
      expect((await get(url)).statusCode, url).toBe(404);
  });
});
