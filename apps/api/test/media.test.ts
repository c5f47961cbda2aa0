import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_MAX_INPUT_PIXELS,
  MEDIA_MAX_UPLOAD_BYTES,
  MEDIA_WIDTHS,
  mediaSrcSet,
} from '@casino/contracts/media';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createMediaService } from '../src/modules/media/media.service.ts';
import { createFsMediaStore, createS3MediaStore, type MediaStore } from '../src/modules/media/media.store.ts';
import {
  auditOf,
  bo,
  createCashierTestApp,
  createOperator,
  type CashierTestApp,
  type JsonBody,
  type TestOperator,
} from './factories.ts';
import { SAME_ORIGIN } from './harness.ts';

// Uploaded images and home banners (issue 12): the upload route, serving resized and re-encoded
// variants, the banners' back office and `get-banners`, and the two media stores.

/** A PNG made here: `width`×`height` of noise over a colour, so encoders have real work. */
async function png(width: number, height: number, seed = 0): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (seed * 53) % 256, g: 90, b: 160 },
      noise: { type: 'gaussian', mean: 120, sigma: 20 },
    },
  })
    .png()
    .toBuffer();
}

interface Upload {
  code: number;
  body: JsonBody;
}

async function upload(t: CashierTestApp, cookie: string, payload: Buffer, type: string): Promise<Upload> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/media',
    headers: { ...SAME_ORIGIN, 'content-type': type, ...(cookie ? { cookie } : {}) },
    payload,
  });
  return { code: res.statusCode, body: res.json() };
}

async function get(t: CashierTestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function mediaCount(t: CashierTestApp): Promise<number> {
  const row = await t.db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('media and banners', () => {
  let t: CashierTestApp;
  let dataDir: string;
  let content: TestOperator;
  let support: TestOperator;
  let owner: TestOperator;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'media-test-'));
    t = await createCashierTestApp({ DATA_DIR: dataDir });
    content = await createOperator(t, 'content');
    support = await createOperator(t, 'support');
    owner = await createOperator(t, 'owner');
  });

  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('upload', () => {
    it('stores a real PNG once per content hash, audited, and answers its URL and size', async () => {
      const bytes = await png(1000, 400, 1);
      const first = await upload(t, content.cookie, bytes, 'image/png');
      expect(first.code).toBe(200);
      expect(first.body).toEqual({
        status: 'success',
        id: expect.any(Number),
        url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.png$/),
        width: 1000,
        height: 400,
      });
      const key = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
      expect(first.body.url).toBe(`/media/${key}.png`);
      expect(existsSync(path.join(dataDir, 'media', 'originals', `${key}.png`))).toBe(true);

      const before = await mediaCount(t);
      const again = await upload(t, owner.cookie, bytes, 'image/png');
      expect(again.body).toEqual(first.body);
      expect(await mediaCount(t)).toBe(before);

      const row = await t.db.selectFrom('media').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ content_type: 'image/png', width: 1000, height: 400, storage: 'fs' });
      expect(row.created_by).toBe(content.id);
      const audit = await auditOf(t, `media:${first.body.id}`);
      expect(audit.map((a) => [a.action, a.actor])).toEqual([
        ['media.upload', content.operatorId],
        ['media.upload', owner.operatorId],
      ]);
      expect(audit[0]!.after).toMatchObject({ key, width: 1000, height: 400, created: true });
      expect(audit[1]!.after).toMatchObject({ created: false });
    });

    it('strips metadata, turns photographs upright and caps the dimensions', async () => {
      // A JPEG 300×200 with EXIF orientation 6 (shown rotated a quarter turn: 200×300) and a copyright.
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExif({ IFD0: { Copyright: 'secret owner', Artist: 'someone' } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const stored = await upload(t, content.cookie, jpeg, 'image/jpeg');
      expect(stored.code).toBe(200);
      expect(stored.body).toMatchObject({ width: 200, height: 300 });
      const original = await get(t, stored.body.url);
      expect(original.headers['content-type']).toBe('image/jpeg');
      const metadata = await sharp(original.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect([metadata.width, metadata.height]).toEqual([200, 300]);

      const wide = await upload(t, content.cookie, await png(5000, 100, 2), 'image/png');
      expect(wide.body).toMatchObject({ status: 'success', width: 4096, height: 82 });
    });

    it('refuses corrupt bytes, bytes of another type, other types and bodies over the limit, storing nothing', async () => {
      const before = await mediaCount(t);
      const real = await png(64, 64, 3);
      const corrupt = Buffer.concat([real.subarray(0, 40), Buffer.alloc(400, 7)]);
      const invalid = (code: string) => ({ status: 'invalid', errors: [{ path: '', code }] });

      expect(await upload(t, content.cookie, corrupt, 'image/png')).toEqual({
        code: 400,
        body: invalid('pattern'),
      });
      expect(await upload(t, content.cookie, Buffer.from('not an image at all'), 'image/png')).toEqual({
        code: 400,
        body: invalid('pattern'),
      });
      // A photograph cut short: its header reads well, its pixels do not.
      const jpeg = await sharp(await png(300, 200, 8))
        .jpeg()
        .toBuffer();
      expect(
        await upload(t, content.cookie, jpeg.subarray(0, Math.floor(jpeg.length * 0.9)), 'image/jpeg'),
      ).toEqual({
        code: 400,
        body: invalid('pattern'),
      });
      // A real PNG declared as a JPEG, and one declared as AVIF.
      expect(await upload(t, content.cookie, real, 'image/jpeg')).toEqual({
        code: 400,
        body: invalid('pattern'),
      });
      expect(await upload(t, content.cookie, real, 'image/avif')).toEqual({
        code: 400,
        body: invalid('pattern'),
      });
      // SVG may carry script: not an upload type. Nor is JSON or text.
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
      expect(await upload(t, content.cookie, svg, 'image/svg+xml')).toEqual({
        code: 400,
        body: invalid('type'),
      });
      expect(await upload(t, content.cookie, Buffer.from('{}'), 'application/json')).toEqual({
        code: 400,
        body: invalid('type'),
      });
      expect(await upload(t, content.cookie, Buffer.alloc(0), 'image/png')).toEqual({
        code: 400,
        body: invalid('required'),
      });
      const huge = Buffer.concat([real, Buffer.alloc(MEDIA_MAX_UPLOAD_BYTES)]);
      expect(await upload(t, content.cookie, huge, 'image/png')).toEqual({
        code: 413,
        body: { status: 'too_large' },
      });
      expect(await mediaCount(t)).toBe(before);
    });

    it('refuses more than MEDIA_MAX_INPUT_PIXELS from the header, before decoding: 400 max, storing nothing', async () => {
      const before = await mediaCount(t);
      const originals = async () => readdir(path.join(dataDir, 'media', 'originals')).catch(() => []);
      const stored = await originals();
      const flat = (width: number, height: number) =>
        sharp({ create: { width, height, channels: 3, background: '#246' } });
      const max = { code: 400, body: { status: 'invalid', errors: [{ path: '', code: 'max' }] } };
      // The attacker's pictures: a 7000 x 7000 JPEG (281 KiB) and a 7071 x 7071 interlaced PNG (a bomb).
      const jpeg = await flat(7000, 7000).jpeg().toBuffer();
      expect(await upload(t, content.cookie, jpeg, 'image/jpeg')).toEqual(max);
      const bomb = await flat(7071, 7071).png({ progressive: true, compressionLevel: 9 }).toBuffer();
      expect(await upload(t, content.cookie, bomb, 'image/png')).toEqual(max);
      // One pixel past the limit, and a header alone (its pixel data cut off): refused as too big.
      expect(MEDIA_MAX_INPUT_PIXELS).toBe(25_000_000);
      expect(await upload(t, content.cookie, await flat(5001, 5000).png().toBuffer(), 'image/png')).toEqual(
        max,
      );
      const header = (await flat(9000, 9000).png().toBuffer()).subarray(0, 200);
      expect(await upload(t, content.cookie, header, 'image/png')).toEqual(max);
      // An animation counts every frame: 3 frames of 3000 x 3000 are 27 million pixels.
      const frame = (background: string) =>
        sharp({ create: { width: 3000, height: 3000, channels: 3, background } })
          .png()
          .toBuffer();
      const gif = await sharp([await frame('#f00'), await frame('#0f0'), await frame('#00f')], {
        join: { animated: true },
      })
        .gif()
        .toBuffer();
      expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(3);
      expect(await upload(t, content.cookie, gif, 'image/gif')).toEqual(max);
      expect(await mediaCount(t)).toBe(before);
      expect(await originals()).toEqual(stored);
    });

    it('takes an 8 MiB body on this route only: the rest of the API keeps its 64 KiB limit', async () => {
      const big = Buffer.alloc(100 * 1024, 1);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/backoffice/banners',
        headers: { ...SAME_ORIGIN, 'content-type': 'image/png', cookie: content.cookie },
        payload: big,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'invalid', errors: [{ path: '', code: 'type' }] });
    });

    it('is for the content permission: support is denied, a stranger unauthenticated, before the body is read', async () => {
      const before = await mediaCount(t);
      const bytes = await png(32, 32, 4);
      expect(await upload(t, support.cookie, bytes, 'image/png')).toEqual({
        code: 403,
        body: { status: 'denied' },
      });
      expect(await upload(t, '', bytes, 'image/png')).toEqual({
        code: 401,
        body: { status: 'unauthenticated' },
      });
      // Refused on the session alone: a body over the limit still answers 401, not 413.
      const huge = Buffer.alloc(MEDIA_MAX_UPLOAD_BYTES + 1024);
      expect((await upload(t, '', huge, 'image/png')).code).toBe(401);
      expect((await upload(t, support.cookie, huge, 'image/png')).code).toBe(403);
      expect(await mediaCount(t)).toBe(before);
    });
  });

  describe('serving', () => {
    let url: string;
    let key: string;

    beforeAll(async () => {
      const stored = await upload(t, content.cookie, await png(1000, 500, 5), 'image/png');
      url = stored.body.url;
      key = url.slice('/media/'.length, -'.png'.length);
    });

    it('sends the original with an immutable cache policy and an ETag, and 304 on a match', async () => {
      const res = await get(t, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toBeUndefined();
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{32}-full-png"$/);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(1000);

      const again = await get(t, url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect((await get(t, url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    });

    it('re-encodes to AVIF and WebP at the ladder widths, named in the URL or chosen by Accept', async () => {
      const avif = await get(t, `/media/${key}.avif?w=320`);
      expect(avif.statusCode).toBe(200);
      expect(avif.headers['content-type']).toBe('image/avif');
      const avifMeta = await sharp(avif.rawPayload).metadata();
      expect([avifMeta.format, avifMeta.compression, avifMeta.width, avifMeta.height]).toEqual([
        'heif',
        'av1',
        320,
        160,
      ]);
      expect(avif.headers.etag).toBe(`"${key}-320-avif"`);

      const webp = await get(t, `/media/${key}.webp?w=640`);
      expect(webp.headers['content-type']).toBe('image/webp');
      expect((await sharp(webp.rawPayload).metadata()).width).toBe(640);

      // The original's own type at a ladder width.
      const small = await get(t, `/media/${key}.png?w=480`);
      expect(small.headers['content-type']).toBe('image/png');
      expect((await sharp(small.rawPayload).metadata()).width).toBe(480);

      // No extension: the Accept header chooses, and the answer varies by it.
      const chrome = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
      const negotiated = await get(t, `/media/${key}?w=640`, { accept: chrome });
      expect(negotiated.headers['content-type']).toBe('image/avif');
      expect(negotiated.headers.vary).toBe('accept');
      const older = await get(t, `/media/${key}?w=640`, { accept: 'image/webp,*/*' });
      expect(older.headers['content-type']).toBe('image/webp');
      const refused = await get(t, `/media/${key}?w=640`, { accept: 'image/avif;q=0, image/webp;q=0, */*' });
      expect(refused.headers['content-type']).toBe('image/png');
      const none = await get(t, `/media/${key}`);
      expect(none.headers['content-type']).toBe('image/png');
      expect(none.headers.vary).toBe('accept');
    });

    it('serves only the ladder widths, and never above the image', async () => {
      for (const bad of ['500', '0', '-320', '320.5', 'abc', '99999']) {
        const res = await get(t, `/media/${key}.webp?w=${bad}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ status: 'invalid', errors: [{ path: 'w', code: 'pattern' }] });
      }
      const twice = await get(t, `/media/${key}.webp?w=320&w=480`);
      expect(twice.statusCode).toBe(400);
      // 1920 and 1280 are above the image's 1000 pixels: the image at its own width.
      for (const w of [1280, 1920]) {
        const res = await get(t, `/media/${key}.webp?w=${w}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers.etag).toBe(`"${key}-full-webp"`);
        expect((await sharp(res.rawPayload).metadata()).width).toBe(1000);
      }
      // Every URL of the portal's srcset answers, at the width it names.
      for (const entry of mediaSrcSet(url, 1000, 'avif').split(', ')) {
        const [src, descriptor] = entry.split(' ');
        const res = await get(t, src!);
        expect(res.statusCode).toBe(200);
        expect(`${(await sharp(res.rawPayload).metadata()).width}w`).toBe(descriptor);
      }
    });

    it('answers 404 in the contract shape for unknown keys and other paths under /media/', async () => {
      const unknown = '0'.repeat(32);
      for (const missing of [
        `/media/${unknown}.png`,
        `/media/${unknown}`,
        `/media/${key}.jpg`,
        `/media/${key}.gif?w=320`,
        `/media/${key}.svg`,
        `/media/${key.toUpperCase()}.png`,
        '/media/%2e%2e%2fpackage.json',
        '/media/a/b.png',
        '/media/',
      ]) {
        const res = await get(t, missing);
        expect(res.statusCode, missing).toBe(404);
        expect(res.body, missing).toBe(JSON.stringify({ status: 'not_found' }));
      }
    });

    it('encodes each variant once: twenty parallel first requests share one encoding', async () => {
      const stored = await upload(t, content.cookie, await png(1600, 600, 6), 'image/png');
      const before = t.services.media.stats().encodes;
      const variant = `${stored.body.url.replace('.png', '.avif')}?w=960`;
      const answers = await Promise.all(Array.from({ length: 20 }, () => get(t, variant)));
      expect(t.services.media.stats().encodes - before).toBe(1);
      const bodies = new Set(answers.map((a) => createHash('sha256').update(a.rawPayload).digest('hex')));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      expect(bodies.size).toBe(1);
      // Kept in the store for every instance: another instance (a new service on the same store)
      // serves it without encoding, and again from memory.
      const storedKey = stored.body.url.slice(7, 39);
      const variants = await readdir(path.join(dataDir, 'media', 'variants', storedKey));
      expect(variants).toEqual(['960.avif']);
      const other = createMediaService({
        db: t.db,
        audit: t.services.audit,
        store: createFsMediaStore(path.join(dataDir, 'media')),
        memoryCacheBytes: 1024 * 1024,
      });
      const info = (await other.byKey(storedKey))!;
      const fromStore = await other.variant(info, { format: 'avif', width: 960 });
      expect(createHash('sha256').update(fromStore.body).digest('hex')).toBe([...bodies][0]);
      await other.variant(info, { format: 'avif', width: 960 });
      expect(other.stats()).toMatchObject({ encodes: 0, memoryEntries: 1 });
    });

    it('sends an animated image asked for as AVIF as animated WebP', async () => {
      const frame = (colour: string) =>
        sharp({ create: { width: 120, height: 80, channels: 3, background: colour } })
          .png()
          .toBuffer();
      const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
        .gif()
        .toBuffer();
      const stored = await upload(t, content.cookie, gif, 'image/gif');
      expect(stored.body).toMatchObject({ status: 'success', width: 120, height: 80 });
      const res = await get(t, stored.body.url.replace('.gif', '.avif'));
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload, { animated: true }).metadata()).pages).toBe(2);
    });
  });

  describe('banners', () => {
    let imgUrl: string;

    beforeAll(async () => {
      imgUrl = (await upload(t, content.cookie, await png(1920, 768, 7), 'image/png')).body.url;
    });

    async function banners(host = 'localhost') {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/routes/get-banners',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { status: string; banners: JsonBody[] };
    }

    async function remove(cookie: string, id: number) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/backoffice/banners/${id}`,
        headers: { ...SAME_ORIGIN, cookie },
      });
      return { code: res.statusCode, body: res.json() as JsonBody };
    }

    it('creates, lists, replaces, patches and deletes banners, each change audited', async () => {
      const created = await bo(t, 'banners.create', {
        cookie: content.cookie,
        body: { title: '  첫 충전 보너스 ', imgUrl, link: '/deposit', order: 5 },
      });
      expect(created).toMatchObject({ code: 200, body: { status: 'success', id: expect.any(Number) } });
      const id = created.body.id as number;

      const list = await bo(t, 'banners.list', { cookie: content.cookie });
      const entry = (list.body.list as JsonBody[]).find((b) => b.id === id);
      expect(entry).toEqual({
        id,
        title: '첫 충전 보너스',
        imgUrl,
        mediaId: expect.any(Number),
        width: 1920,
        height: 768,
        link: '/deposit',
        order: 5,
        active: true,
        domain: '',
        regDate: expect.any(String),
        updatedDate: expect.any(String),
      });

      const replaced = await bo(t, 'banners.replace', {
        cookie: content.cookie,
        params: { id },
        body: { title: '라이브 카지노', imgUrl: '/studio/art/live.svg', link: 'https://example.com/live' },
      });
      expect(replaced.body).toEqual({ status: 'success' });
      const afterPut = (await bo(t, 'banners.list', { cookie: owner.cookie })).body.list.find(
        (b: JsonBody) => b.id === id,
      );
      expect(afterPut).toMatchObject({
        title: '라이브 카지노',
        imgUrl: '/studio/art/live.svg',
        mediaId: null,
        width: null,
        link: 'https://example.com/live',
        order: 0,
        active: true,
      });

      const patched = await bo(t, 'banners.patch', {
        cookie: content.cookie,
        params: { id },
        body: { imgUrl, active: false, link: '' },
      });
      expect(patched.body).toEqual({ status: 'success' });
      const afterPatch = (await bo(t, 'banners.list', { cookie: content.cookie })).body.list.find(
        (b: JsonBody) => b.id === id,
      );
      expect(afterPatch).toMatchObject({
        title: '라이브 카지노',
        imgUrl,
        width: 1920,
        link: null,
        active: false,
      });

      expect(await remove(content.cookie, id)).toEqual({ code: 200, body: { status: 'success' } });
      expect(await remove(content.cookie, id)).toEqual({ code: 200, body: { status: 'not_found' } });
      expect(
        (await bo(t, 'banners.patch', { cookie: content.cookie, params: { id }, body: { order: 1 } })).body,
      ).toEqual({
        status: 'not_found',
      });
      const gone = (await bo(t, 'banners.list', { cookie: content.cookie })).body.list as JsonBody[];
      expect(gone.some((b) => b.id === id)).toBe(false);

      const audit = await auditOf(t, `banner:${id}`);
      expect(audit.map((a) => a.action)).toEqual([
        'banner.create',
        'banner.update',
        'banner.update',
        'banner.delete',
      ]);
      expect(audit.every((a) => a.actor === content.operatorId)).toBe(true);
      expect(audit[1]!.before).toMatchObject({ title: '첫 충전 보너스', link: '/deposit' });
      expect(audit[1]!.after).toMatchObject({ title: '라이브 카지노', mediaId: null });
      expect(audit[3]!.before).toMatchObject({ active: false });
    });

    it('refuses bad input with a 400 naming the field, changing nothing', async () => {
      const before = ((await bo(t, 'banners.list', { cookie: content.cookie })).body.list as JsonBody[])
        .length;
      const cases: [JsonBody, string, string][] = [
        [{ title: 'x', imgUrl, link: 'javascript:alert(1)' }, 'link', 'pattern'],
        [{ title: 'x', imgUrl, link: '//evil.example/x' }, 'link', 'pattern'],
        [{ title: 'x', imgUrl, link: 'http://plain.example' }, 'link', 'pattern'],
        [{ title: 'x', imgUrl: `/media/${'0'.repeat(32)}.png` }, 'imgUrl', 'unknown'],
        [{ title: 'x', imgUrl: 'http://insecure.example/a.png' }, 'imgUrl', 'pattern'],
        [{ title: 'x', imgUrl: '' }, 'imgUrl', 'required'],
        [{ title: '   ', imgUrl }, 'title', 'length'],
        [{ title: 'x', imgUrl, order: -1 }, 'order', 'min'],
        [{ title: 'x', imgUrl, extra: 1 }, 'extra', 'unknown'],
      ];
      for (const [body, field, code] of cases) {
        // An unknown field among them, which the entry's type refuses.
        const res = await bo(t, 'POST', '/banners', { cookie: content.cookie, body });
        expect(res.code, JSON.stringify(body)).toBe(400);
        expect(res.body.errors, JSON.stringify(body)).toContainEqual({ path: field, code });
      }
      const empty = await bo(t, 'banners.patch', { cookie: content.cookie, params: { id: 1 }, body: {} });
      expect(empty.code).toBe(400);
      expect((await bo(t, 'banners.list', { cookie: content.cookie })).body.list).toHaveLength(before);
    });

    it('is for the content permission', async () => {
      expect((await bo(t, 'banners.list', { cookie: support.cookie })).body).toEqual({ status: 'denied' });
      const denied = await bo(t, 'banners.create', { cookie: support.cookie, body: { title: 'x', imgUrl } });
      expect(denied).toMatchObject({ code: 403, body: { status: 'denied' } });
      expect((await remove(support.cookie, 1)).code).toBe(403);
      expect((await bo(t, 'banners.list', {})).code).toBe(401);
    });

    it('get-banners answers the active banners of the host, in order, and sees changes at once', async () => {
      const make = async (title: string, order: number, extra: JsonBody = {}) =>
        (
          await bo(t, 'banners.create', {
            cookie: content.cookie,
            body: { title, imgUrl, link: '/game', order, ...extra },
          })
        ).body.id as number;
      const everywhere = await make('모든 도메인', 20);
      const first = await make('첫 번째', 10);
      const onA = await make('A 전용', 15, { domain: 'a.example, www.c.example' });
      const inactive = await make('숨김', 1, { active: false });

      const local = await banners('localhost');
      expect(local.status).toBe('success');
      const localIds = local.banners.map((b) => b.id);
      expect(localIds).toEqual([first, everywhere]);
      expect(local.banners[0]).toEqual({
        id: first,
        title: '첫 번째',
        imgUrl,
        link: '/game',
        width: 1920,
        height: 768,
      });
      expect((await banners('a.example')).banners.map((b) => b.id)).toEqual([first, onA, everywhere]);
      expect((await banners('c.example')).banners.map((b) => b.id)).toEqual([first, onA, everywhere]);
      expect((await banners('b.example')).banners.map((b) => b.id)).toEqual([first, everywhere]);
      expect(localIds).not.toContain(inactive);

      await bo(t, 'banners.patch', {
        cookie: content.cookie,
        params: { id: inactive },
        body: { active: true },
      });
      await remove(content.cookie, first);
      expect((await banners('localhost')).banners.map((b) => b.id)).toEqual([inactive, everywhere]);
    });

    it('keeps an uploaded image inside a popup', async () => {
      const variant = `${imgUrl.replace('.png', '.webp')}?w=640`;
      const created = await bo(t, 'popups.create', {
        cookie: content.cookie,
        body: {
          title: '이벤트',
          titleColor: '#d4af37',
          contents: `<p>이벤트</p><img src="${variant}" alt="">`,
          domain: '',
          posX: 10,
          posY: 10,
        },
      });
      expect(created.body.status).toBe('success');
      const popups = await t.app.inject({
        method: 'POST',
        url: '/api/routes/get-notice-popup',
        headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
        payload: '{}',
      });
      const popup = (popups.json().note as JsonBody[]).find((p) => p.id === created.body.id);
      expect(popup?.contents).toContain(`src="${variant.replace('&', '&amp;')}"`);
      expect((await get(t, variant)).headers['content-type']).toBe('image/webp');
    });

    it('accepts an uploaded image as a provider tile and serves it', async () => {
      const res = await bo(t, 'providers.create', {
        cookie: owner.cookie,
        body: {
          code: 'media-tiles',
          kind: 'slot',
          name: 'Media Tiles',
          wallet: 'seamless',
          launchUrl: 'https://tiles.example/launch',
          secret: 'x'.repeat(40),
          imgUrl,
        },
      });
      expect(res.body).toEqual({ status: 'success' });
      const catalog = await bo(t, 'providers.list', { cookie: owner.cookie });
      const provider = (catalog.body.providers as JsonBody[]).find((p) => p.code === 'media-tiles');
      expect(provider?.imgUrl).toBe(imgUrl);
      expect((await get(t, `${imgUrl}?w=${MEDIA_WIDTHS[0]}`)).statusCode).toBe(200);
    });
  });
});

describe('uploads at once (issue 22)', () => {
  it('decodes MEDIA_UPLOAD_CONCURRENCY at a time, queues MEDIA_UPLOAD_QUEUE, refuses the rest with 429 too_many; never a 500', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'media-queue-'));
    const t = await createCashierTestApp({
      DATA_DIR: dataDir,
      MEDIA_UPLOAD_CONCURRENCY: '1',
      MEDIA_UPLOAD_QUEUE: '1',
    });
    try {
      const operator = await createOperator(t, 'content');
      // Six different pictures big enough to take a while each (noise does not compress).
      const pictures = await Promise.all([1, 2, 3, 4, 5, 6].map((seed) => png(1400, 1400, seed)));
      const answers = await Promise.all(
        pictures.map((bytes) => upload(t, operator.cookie, bytes, 'image/png')),
      );
      const stored = answers.filter((a) => a.code === 200);
      const refused = answers.filter((a) => a.code !== 200);
      // One decoding, one waiting: the other four are told to come back.
      expect(stored.length).toBeGreaterThanOrEqual(1);
      expect(stored.length).toBeLessThanOrEqual(2);
      for (const a of stored) expect(a.body).toMatchObject({ status: 'success', width: 1400, height: 1400 });
      expect(refused.length).toBe(6 - stored.length);
      for (const a of refused) expect(a).toEqual({ code: 429, body: { status: 'too_many' } });
      expect(await mediaCount(t)).toBe(stored.length);
      const audited = await t.db
        .selectFrom('audit_log')
        .select('target')
        .where('action', '=', 'media.upload')
        .execute();
      expect(audited).toHaveLength(stored.length);
      // Told when to come back, and taken then.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/backoffice/media',
        headers: { ...SAME_ORIGIN, 'content-type': 'image/png', cookie: operator.cookie },
        payload: pictures[answers.findIndex((a) => a.code === 429)]!,
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a refused burst carries Retry-After, and the settings are read from the environment', async () => {
    expect(loadConfig({})).toMatchObject({ mediaUploadConcurrency: 1, mediaUploadQueue: 8 });
    expect(loadConfig({ MEDIA_UPLOAD_CONCURRENCY: '2', MEDIA_UPLOAD_QUEUE: '0' })).toMatchObject({
      mediaUploadConcurrency: 2,
      mediaUploadQueue: 0,
    });
    expect(() => loadConfig({ MEDIA_UPLOAD_CONCURRENCY: '0' })).toThrow(ConfigError);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'media-queue-'));
    const t = await createCashierTestApp({ DATA_DIR: dataDir, MEDIA_UPLOAD_QUEUE: '0' });
    try {
      const operator = await createOperator(t, 'content');
      const pictures = await Promise.all([7, 8, 9].map((seed) => png(1400, 1400, seed)));
      const responses = await Promise.all(
        pictures.map((payload) =>
          t.app.inject({
            method: 'POST',
            url: '/api/backoffice/media',
            headers: { ...SAME_ORIGIN, 'content-type': 'image/png', cookie: operator.cookie },
            payload,
          }),
        ),
      );
      const refused = responses.filter((r) => r.statusCode === 429);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const r of refused) {
        expect(r.json()).toEqual({ status: 'too_many' });
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
    } finally {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('media beside the portal', () => {
  it("/media/ is never answered by the portal's page fallback", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'media-portal-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>portal</title>');
    const t = await createCashierTestApp({ DATA_DIR: dir, PORTAL_DIST: dir });
    try {
      const operator = await createOperator(t, 'content');
      const stored = await upload(t, operator.cookie, await png(400, 200, 11), 'image/png');
      const image = await get(t, `${stored.body.url.replace('.png', '.webp')}?w=320`);
      expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/webp']);
      for (const missing of [`/media/${'1'.repeat(32)}.png`, '/media/a/b/c', '/media/banner', '/media/']) {
        const res = await get(t, missing);
        expect(res.statusCode, missing).toBe(404);
        expect(res.body, missing).toBe('{"status":"not_found"}');
      }
      expect((await get(t, '/deposit')).body).toContain('<title>portal</title>');
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// --- the two media stores, through the same interface ---

/**
 * A small S3-compatible server (path-style): PUT and GET of objects, 404 for missing ones, and the
 * Signature V4 of every request checked by signing it again with the same date.
 */
async function fakeS3(credentials: { accessKeyId: string; secretAccessKey: string; region: string }) {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: { method: string; path: string; signed: boolean }[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const url = `http://${request.headers.host}${request.url}`;
        const authorization = request.headers.authorization ?? '';
        const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
        const headers: Record<string, string> = {};
        for (const name of signedHeaders) headers[name] = String(request.headers[name] ?? '');
        const signer = new AwsV4Signer({
          method: request.method!,
          url,
          headers,
          ...credentials,
          service: 's3',
          datetime: String(request.headers['x-amz-date']),
        });
        const expected = (await signer.sign()).headers.get('authorization');
        const bodyHash = createHash('sha256').update(body).digest('hex');
        const hashOk = request.method !== 'PUT' || request.headers['x-amz-content-sha256'] === bodyHash;
        const signed = expected === authorization && hashOk;
        seen.push({ method: request.method!, path: request.url!, signed });
        if (!signed) return response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        if (request.method === 'PUT') {
          objects.set(request.url!, { body, type: String(request.headers['content-type']) });
          return response.writeHead(200).end();
        }
        const object = objects.get(request.url!);
        if (!object) return response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        response.writeHead(200, { 'content-type': object.type }).end(object.body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { endpoint: `http://127.0.0.1:${port}`, objects, seen, close: () => server.close() };
}

const S3_CREDENTIALS = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'ap-northeast-2',
};

describe('media stores', () => {
  let s3: Awaited<ReturnType<typeof fakeS3>>;
  let dir: string;

  beforeAll(async () => {
    s3 = await fakeS3(S3_CREDENTIALS);
    dir = await mkdtemp(path.join(tmpdir(), 'media-store-'));
  });
  afterAll(async () => {
    s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const stores: [string, () => MediaStore][] = [
    ['files', () => createFsMediaStore(dir)],
    [
      's3',
      () =>
        createS3MediaStore({
          kind: 's3',
          bucket: 'casino-media',
          endpoint: s3.endpoint,
          forcePathStyle: true,
          ...S3_CREDENTIALS,
        }),
    ],
  ];

  for (const [name, make] of stores) {
    it(`${name}: keeps bytes under a name, answers undefined for a missing one, and takes a repeated write`, async () => {
      const store = make();
      expect(await store.get('originals/abc.png')).toBeUndefined();
      const bytes = Buffer.from([0, 1, 2, 250, 255]);
      await store.put('originals/abc.png', bytes, 'image/png');
      expect(await store.get('originals/abc.png')).toEqual(bytes);
      await store.put('originals/abc.png', bytes, 'image/png');
      await store.put('variants/abc/320.avif', Buffer.from('x'), 'image/avif');
      expect(await store.get('variants/abc/320.avif')).toEqual(Buffer.from('x'));
      expect(await store.get('variants/abc/480.avif')).toBeUndefined();
      for (const bad of ['../escape.png', '/abs.png', 'a//b.png', 'Upper.png', 'a/../b.png'])
        await expect(store.get(bad)).rejects.toThrow(/bad name/);
    });
  }

  it('s3: signs every request (path-style), sends the content type, and fails loudly on refusals', async () => {
    expect(s3.seen.length).toBeGreaterThan(0);
    expect(s3.seen.every((r) => r.signed)).toBe(true);
    expect(s3.seen.every((r) => r.path.startsWith('/casino-media/'))).toBe(true);
    expect(s3.objects.get('/casino-media/originals/abc.png')?.type).toBe('image/png');
    const wrong = createS3MediaStore({
      kind: 's3',
      bucket: 'casino-media',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      ...S3_CREDENTIALS,
      secretAccessKey: 'not-the-secret',
    });
    await expect(wrong.get('originals/abc.png')).rejects.toThrow(/403/);
    await expect(wrong.put('originals/x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/403/);
  });

  it('an app on an S3 store uploads to the bucket and serves variants from it', async () => {
    const t = await createCashierTestApp({
      S3_BUCKET: 'casino-media',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: S3_CREDENTIALS.region,
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    try {
      const operator = await createOperator(t, 'content');
      const stored = await upload(t, operator.cookie, await png(700, 300, 9), 'image/png');
      expect(stored.code).toBe(200);
      const key = stored.body.url.slice(7, 39);
      expect(s3.objects.has(`/casino-media/originals/${key}.png`)).toBe(true);
      const row = await t.db
        .selectFrom('media')
        .select('storage')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      expect(row.storage).toBe('s3');
      const res = await get(t, `/media/${key}.webp?w=320`);
      expect(res.statusCode).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
      expect(s3.objects.get(`/casino-media/variants/${key}/320.webp`)?.type).toBe('image/webp');
    } finally {
      await t.close();
    }
  });

  it('reads the S3 settings from the environment, and refuses a bucket without credentials', () => {
    expect(loadConfig({ DATA_DIR: '/srv/data' }).mediaStore).toEqual({ kind: 'fs', dir: '/srv/data/media' });
    expect(
      loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }).mediaStore,
    ).toEqual({
      kind: 's3',
      bucket: 'media',
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ S3_BUCKET: 'Bad_Bucket', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
        S3_ENDPOINT: 'ftp://x',
      }),
    ).toThrow(ConfigError);
  });
});
