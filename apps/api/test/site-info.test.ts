import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteInfo, SITE_INFO_ELEMENT_ID } from '@casino/contracts/site-info';
import { createTestApp, type TestApp } from './harness.ts';

// The operator's details (SITE_NAME, OPERATOR_*, SUPPORT_EMAIL) reach the portal inside the page
// the server sends, so the footer has them on its first paint (issue 12).

const PAGE = `<!doctype html><html><head><title>GOLD CROWN</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;
const ENV = {
  SITE_NAME: 'Royal Spade',
  OPERATOR_NAME: 'Spade Entertainment Ltd.',
  OPERATOR_ADDRESS: '12 Harbour Street, Valletta',
  OPERATOR_LICENSE: 'Company no. C 12345 · Licence MGA/B2C/000/2025',
  SUPPORT_EMAIL: 'help@royal-spade.example',
};

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'portal-dist-'));
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  // The build's own compressed copies lack the details: the server must not send them.
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(PAGE));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(PAGE));
  t = await createTestApp({ PORTAL_DIST: dist, ...ENV });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

function dataBlock(html: string): string | null {
  const open = `<script id="${SITE_INFO_ELEMENT_ID}" type="application/json">`;
  const at = html.indexOf(open);
  return at === -1 ? null : html.slice(at + open.length, html.indexOf('</script>', at));
}

describe('the page with the operator details', () => {
  it('carries them in every encoding, with the site name as its title', async () => {
    const expected = {
      siteName: ENV.SITE_NAME,
      operatorName: ENV.OPERATOR_NAME,
      operatorAddress: ENV.OPERATOR_ADDRESS,
      operatorLicense: ENV.OPERATOR_LICENSE,
      supportEmail: ENV.SUPPORT_EMAIL,
    };
    const br = await t.app.inject({ url: '/en/register', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/' });
    for (const html of [
      brotliDecompressSync(br.rawPayload).toString(),
      gunzipSync(gz.rawPayload).toString(),
      plain.body,
    ]) {
      expect(parseSiteInfo(dataBlock(html))).toEqual(expected);
      expect(html).toContain('<title>Royal Spade</title>');
      expect(html).toContain('<p>shell</p>');
    }
  });
});
