import { createHash } from 'node:crypto';
import {
  MEDIA_CONTENT_TYPE_OF,
  MEDIA_UPLOAD_TYPES,
  mediaUrl,
  type TMediaExt,
  type TMediaFormat,
} from '@casino/contracts/media';
import type { Database } from '../../db/database.ts';
import { AppError, invalid } from '../../lib/app-error.ts';
import { KeptReads } from '../../lib/kept-reads.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import { ByteCache, QueueFullError, TaskLimiter } from './byte-cache.ts';
import { contentTypeOf, encodeVariant, inspectImage, normalizeImage, variantFormat } from './image.ts';
import { createMediaRepository, type MediaRow } from './media.repository.ts';
import type { MediaStore } from './media.store.ts';

/** An uploaded image as the server serves it. */
export interface MediaInfo {
  id: number;
  key: string;
  /** The stored original's type. */
  ext: TMediaExt;
  width: number;
  height: number;
  animated: boolean;
  /** `/media/<key>.<ext>`. */
  url: string;
}

/** One encoded variant, ready to send. */
export interface MediaVariant {
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface MediaServiceDeps {
  db: Database;
  audit: AuditService;
  store: MediaStore;
  /** The memory budget of encoded variants (config MEDIA_MEMORY_CACHE_MB). */
  memoryCacheBytes: number;
  /** Uploads decoded at once (config MEDIA_UPLOAD_CONCURRENCY; default 1). */
  uploadConcurrency?: number;
  /** Uploads waiting beyond those; more are refused 429 (config MEDIA_UPLOAD_QUEUE; default 8). */
  uploadQueue?: number;
}

/** Image rows are immutable: this many are kept in memory per instance. */
const MAX_KNOWN_MEDIA = 5_000;
/** Encodings running at once per instance (each may use a thread of libuv's pool). */
const MAX_PARALLEL_ENCODES = 2;
/**
 * When a refused upload may come back: about what one decoding of the largest accepted picture
 * takes on one core, times the uploads ahead of it.
 */
const UPLOAD_RETRY_AFTER_SEC = 5;

const EXT_OF_CONTENT_TYPE: Record<string, TMediaExt> = MEDIA_UPLOAD_TYPES;

function infoOf(row: MediaRow): MediaInfo {
  const ext = MEDIA_UPLOAD_TYPES[row.content_type];
  return {
    id: row.id,
    key: row.key,
    ext,
    width: row.width,
    height: row.height,
    animated: row.animated,
    url: mediaUrl(row.key, ext),
  };
}

/** The audit record of an upload; `created` false when the same bytes were there already. */
function uploadEntry(info: MediaInfo, created: boolean) {
  return {
    action: 'media.upload',
    target: `media:${info.id}`,
    after: { key: info.key, url: info.url, width: info.width, height: info.height, created },
  };
}

const originalName = (info: Pick<MediaInfo, 'key' | 'ext'>) => `originals/${info.key}.${info.ext}`;

/**
 * Uploaded images (issue 12): checked and normalized once when an operator uploads them, stored in
 * the media store under their content hash, and served resized and re-encoded. Each variant
 * (format × width) is encoded once: concurrent first requests wait for the same encoding (single
 * flight), the result is written to the store for every instance and kept in a bounded memory cache.
 */
export function createMediaService(deps: MediaServiceDeps) {
  const { db, audit, store } = deps;
  const repo = createMediaRepository(db);
  const memory = new ByteCache(deps.memoryCacheBytes);
  const known = new Map<string, MediaInfo>();
  // Kept while in flight only (max age 0): the memory cache and the store keep what is made.
  const encodings = new KeptReads<Buffer>(() => new Date(), { maxEntries: Number.POSITIVE_INFINITY });
  const encoder = new TaskLimiter(MAX_PARALLEL_ENCODES);
  // Uploads are decoded whole (up to MEDIA_MAX_INPUT_PIXELS each), so they take their turn in a
  // line of their own, bounded: six 25-megapixel pictures at once must not take six times the memory.
  const uploads = new TaskLimiter(deps.uploadConcurrency ?? 1, { maxWaiting: deps.uploadQueue ?? 8 });
  let encodes = 0;

  function remember(info: MediaInfo): MediaInfo {
    known.set(info.key, info);
    if (known.size > MAX_KNOWN_MEDIA) known.delete(known.keys().next().value!);
    return info;
  }

  async function make(
    name: string,
    info: MediaInfo,
    width: number | undefined,
    format: TMediaExt | TMediaFormat,
  ) {
    const stored = await store.get(name);
    if (stored) return stored;
    const original = await store.get(originalName(info));
    if (!original) throw new Error(`media ${info.key}: the original is missing from the ${store.kind} store`);
    const body = await encoder.run(() => {
      encodes += 1;
      return encodeVariant(original, { animated: info.animated, width, format });
    });
    await store.put(name, body, contentTypeOf(format));
    return body;
  }

  return {
    /** The image of a key, or undefined when no such image was uploaded. */
    async byKey(key: string, trx?: Database): Promise<MediaInfo | undefined> {
      const cached = known.get(key);
      if (cached) return cached;
      const row = await repo.mediaByKey(key, trx);
      return row ? remember(infoOf(row)) : undefined;
    },

    /**
     * `POST /api/backoffice/media`: stores an operator's upload. `contentType` is the request's
     * (one of MEDIA_UPLOAD_TYPES; the body must really be that type). The same bytes uploaded again
     * are the same image. Audited as `media.upload`.
     */
    upload(bytes: Buffer | undefined, contentType: string | undefined, who: AuditActor): Promise<MediaInfo> {
      const type = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
      const ext = Object.hasOwn(EXT_OF_CONTENT_TYPE, type) ? EXT_OF_CONTENT_TYPE[type] : undefined;
      if (!ext) throw invalid('', 'type');
      if (!bytes || bytes.length === 0) throw invalid('', 'required');
      return this.ingest(bytes, ext, who);
    },

    /**
     * Stores an image: `declared` is its type, or `svg` for the server's own art (the demo banners),
     * which is rasterized to PNG. Operators cannot upload SVG (it may carry script). Its header is
     * checked first (400 `pattern`, or `max` past MEDIA_MAX_INPUT_PIXELS, before any decoding);
     * then it waits its turn to be decoded, and when the line is full it is refused
     * (429 `too_many` with Retry-After), nothing stored.
     */
    async ingest(bytes: Buffer, declared: TMediaExt | 'svg', who: AuditActor): Promise<MediaInfo> {
      const key = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
      const existing = await this.byKey(key);
      if (existing) {
        await audit.record(who, uploadEntry(existing, false));
        return existing;
      }
      const inspected = await inspectImage(bytes, declared);
      let image;
      try {
        image = await uploads.run(() => normalizeImage(bytes, inspected));
      } catch (error) {
        if (error instanceof QueueFullError)
          throw new AppError('too_many', { retryAfterSec: UPLOAD_RETRY_AFTER_SEC });
        throw error;
      }
      // The bytes first: a row never names an image the store does not have.
      await store.put(originalName({ key, ext: image.ext }), image.body, MEDIA_CONTENT_TYPE_OF[image.ext]);
      const info = await db.transaction().execute(async (trx) => {
        const { media, created } = await repo.insertMedia(
          {
            key,
            contentType: MEDIA_CONTENT_TYPE_OF[image.ext],
            width: image.width,
            height: image.height,
            byteSize: image.body.length,
            animated: image.animated,
            storage: store.kind,
            createdBy: who.operatorId,
          },
          trx,
        );
        const stored = infoOf(media);
        await audit.record(who, uploadEntry(stored, created), trx);
        return stored;
      });
      return remember(info);
    },

    /**
     * One variant of an image: `format` (avif, webp, or the original's own type) at `width` (a
     * ladder width; undefined, or one at or above the image's own, is the image at its own width).
     * An animated image asked for as AVIF is sent as WebP (AVIF cannot hold the animation).
     */
    async variant(
      info: MediaInfo,
      requested: { format: TMediaExt | TMediaFormat; width: number | undefined },
    ): Promise<MediaVariant> {
      const width =
        requested.width !== undefined && requested.width < info.width ? requested.width : undefined;
      const format = variantFormat(requested.format, info.animated);
      const name =
        format === info.ext && width === undefined
          ? originalName(info)
          : `variants/${info.key}/${width ?? 'full'}.${format}`;
      const variant = (body: Buffer): MediaVariant => ({
        body,
        contentType: contentTypeOf(format),
        etag: `"${info.key}-${width ?? 'full'}-${format}"`,
      });

      const cached = memory.get(name);
      if (cached) return variant(cached);
      const body = await encodings.get(name, 0, async () => {
        const made = await make(name, info, width, format);
        memory.set(name, made);
        return made;
      });
      return variant(body);
    },

    /** Counters for tests and the operations page: encodings made, bytes held in memory, uploads in line. */
    stats(): {
      encodes: number;
      memoryEntries: number;
      memoryBytes: number;
      uploadsRunning: number;
      uploadsWaiting: number;
    } {
      const size = memory.size;
      const line = uploads.load;
      return {
        encodes,
        memoryEntries: size.entries,
        memoryBytes: size.bytes,
        uploadsRunning: line.running,
        uploadsWaiting: line.waiting,
      };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
