import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { popupsMark, SITE_POPUPS_DATA_ID } from '@casino/contracts/document-popups';
import { markSiteName, prerenderedFile } from '@casino/contracts/prerender';
import { bo, fileTestApp, operatorsOfEveryRole } from './factories.ts';

// The site popups written into the served documents (decision 0023, "The popups in the served
// document"): a host's current popups, sanitized by the server, in place of the build's mark, in
// documents of their own (ETag, .br/.gz), made again when an operator changes the popups.

const MARK = popupsMark({ hide: '8시간 <보지 않기>', close: '닫기', grip: '<svg class="grip"></svg>' });
const FRAME = (body: string) =>
  `<!doctype html><html lang="ko"><head><title>t</title></head><body>${body}${'<p>page</p>'.repeat(150)}\n  ${MARK}\n  </body></html>`;

const dist = mkdtempSync(path.join(tmpdir(), 'popups-dist-'));
writeFileSync(path.join(dist, 'index.html'), FRAME('<div id="root"></div>'));
mkdirSync(path.join(dist, 'prerendered'));
writeFileSync(
  path.join(dist, prerenderedFile('home', 'ko')),
  FRAME(`<header>${markSiteName('GOLD CROWN')}</header>`),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const t = await fileTestApp({ PORTAL_DIST: dist, SITE_NAME: 'Default House' });
const { owner, content } = await operatorsOfEveryRole(t);

let seq = 0;
/** A host no other test uses. */
function host(): string {
  seq += 1;
  return `pop${seq}-${Date.now().toString(36)}.example`;
}

const page = (domain: string, url = '/', headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: domain, ...headers } });

async function createPopup(body: Record<string, unknown>): Promise<number> {
  const made = await bo(t, 'popups.create', {
    cookie: content.cookie,
    body: { titleColor: '#7a1f1f', posX: 40, posY: 140, ...body } as never,
  });
  expect(made.body.status).toBe('success');
  return (made.body as { id: number }).id;
}

/** The popups' data the server wrote into a document. */
function dataOf(html: string): { id: number; title: string; contents: string }[] | null {
  const open = `<script type="application/json" id="${SITE_POPUPS_DATA_ID}">`;
  const at = html.indexOf(open);
  return at === -1 ? null : JSON.parse(html.slice(at + open.length, html.indexOf('</script>', at)));
}

const layerOf = (html: string) =>
  /<div class="site-popups" data-early-popups>[\s\S]*?<\/div>(?=<script)/.exec(html)?.[0];

describe('the site popups in the served documents', () => {
  it("carry the host's own popups only, sanitized, with the build's words, in a document of their own", async () => {
    const a = host();
    const b = host();
    const shown = await createPopup({
      title: '<b>공지</b> & 안내',
      contents: '<p>입금 안내<img src=x onerror="window.pwned=1"></p><script>window.pwned=2</script>',
      domain: a,
    });
    await createPopup({ title: '다른 사이트', contents: '<p>다른</p>', domain: b });

    const answer = await page(a);
    expect(answer.statusCode).toBe(200);
    const layer = layerOf(answer.body)!;
    expect(layer).toContain(`data-popup-id="${shown}"`);
    expect(layer).toContain('&lt;b&gt;공지&lt;/b&gt; &amp; 안내');
    expect(layer).toContain('<p>입금 안내<img src="x"></p>');
    expect(layer).not.toMatch(/onerror|<script|pwned/);
    expect(layer).not.toContain('다른 사이트');
    // The build's words (escaped) and grip.
    expect(layer).toContain('data-popup-action="hide">8시간 &lt;보지 않기&gt;</button>');
    expect(layer).toContain('data-popup-action="close">닫기</button>');
    expect(layer).toContain('<svg class="grip"></svg>');
    expect(answer.body).not.toContain('<!--site-popups');
    expect(dataOf(answer.body)).toEqual([
      expect.objectContaining({
        id: shown,
        title: '<b>공지</b> & 안내',
        contents: '<p>입금 안내<img src="x"></p>',
      }),
    ]);
    // No script element but data (JSON, never run: the content security policy allows no inline script).
    expect(answer.body).not.toMatch(/<script(?![^>]*type="application\/json")/);
    // The site name is still the default site's.
    expect(answer.body).toContain('<header>Default House</header>');

    // A host without popups is served the document as it was prepared at start (the mark stays).
    const none = await page(host());
    expect(layerOf(none.body)).toBeUndefined();
    expect(dataOf(none.body)).toBeNull();
    expect(none.body).toContain('<!--site-popups');
    expect(none.headers.etag).not.toBe(answer.headers.etag);

    // Revalidated by its own ETag; its .br variant (the same bytes) answers once made.
    expect((await page(a, '/', { 'if-none-match': String(answer.headers.etag) })).statusCode).toBe(304);
    let br = await page(a, '/', { 'accept-encoding': 'br' });
    for (let i = 0; i < 100 && br.headers['content-encoding'] !== 'br'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      br = await page(a, '/', { 'accept-encoding': 'br' });
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(answer.body);

    // The frame of a member page and the not-found page carry them too.
    expect(dataOf((await page(a, '/mypage')).body)).toHaveLength(1);
    expect(dataOf((await page(a, '/no-such-page')).body)).toHaveLength(1);
  });

  it("follow an operator's change at once, with a new ETag, and go when switched off", async () => {
    const a = host();
    const id = await createPopup({ title: '첫 제목', contents: '<p>내용</p>', domain: a });
    const first = await page(a);
    expect(dataOf(first.body)?.map((p) => p.title)).toEqual(['첫 제목']);

    await bo(t, 'popups.update', { cookie: content.cookie, params: { id }, body: { title: '바뀐 제목' } });
    const changed = await page(a, '/', { 'if-none-match': String(first.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(dataOf(changed.body)?.map((p) => p.title)).toEqual(['바뀐 제목']);
    expect(layerOf(changed.body)).toContain('바뀐 제목');
    expect(changed.headers.etag).not.toBe(first.headers.etag);

    await bo(t, 'popups.update', { cookie: content.cookie, params: { id }, body: { isActive: false } });
    const off = await page(a, '/', { 'if-none-match': String(changed.headers.etag) });
    expect(off.statusCode).toBe(200);
    expect(dataOf(off.body)).toBeNull();
  });

  it("are written into a site's own documents, beside its name", async () => {
    const a = host();
    const made = await bo(t, 'sites.create', {
      cookie: owner.cookie,
      body: { domains: [a], name: 'Ruby Room' },
    });
    expect(made.body.status).toBe('success');
    await createPopup({ title: '루비 팝업', contents: '<p>루비</p>', domain: a });
    const answer = await page(a);
    expect(answer.body).toContain('<header>Ruby Room</header>');
    expect(dataOf(answer.body)?.map((p) => p.title)).toEqual(['루비 팝업']);
  });
});
