import type { TBackofficeBanner, TBannerPatchRequest, TBannerWriteRequest } from '@casino/contracts/banners';
import type { TBanner } from '@casino/contracts/games';
import { domainMatches } from '@casino/contracts/host';
import { mediaUrl, MEDIA_UPLOAD_TYPES, parseMediaUrl } from '@casino/contracts/media';
import type { Database } from '../../db/database.ts';
import { invalid } from '../../lib/app-error.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import { createMediaRepository, type BannerFields, type BannerWithMedia } from './media.repository.ts';
import type { MediaService } from './media.service.ts';

/**
 * How long an instance answers `get-banners` from the active banners it read last. A change made
 * on this instance is seen at once; one made on another instance within this time.
 */
const ACTIVE_BANNERS_MS = 10_000;

function imageOf(row: BannerWithMedia): { imgUrl: string; width: number | null; height: number | null } {
  if (row.media_key && row.media_content_type)
    return {
      imgUrl: mediaUrl(row.media_key, MEDIA_UPLOAD_TYPES[row.media_content_type]),
      width: row.media_width,
      height: row.media_height,
    };
  return { imgUrl: row.img_url ?? '', width: null, height: null };
}

function backofficeView(row: BannerWithMedia): TBackofficeBanner {
  return {
    id: row.id,
    title: row.title,
    ...imageOf(row),
    mediaId: row.media_id,
    link: row.link,
    order: row.sort_order,
    active: row.active,
    domain: row.domain,
    regDate: row.created_at.toISOString(),
    updatedDate: row.updated_at.toISOString(),
  };
}

interface LiveBanner {
  banner: TBanner;
  domain: string;
}

function liveView(row: BannerWithMedia): LiveBanner {
  const { imgUrl, width, height } = imageOf(row);
  return {
    domain: row.domain,
    banner: {
      id: row.id,
      title: row.title,
      imgUrl,
      link: row.link,
      ...(width !== null && height !== null ? { width, height } : {}),
    },
  };
}

/**
 * The home banners (docs/api/member-calls.md `get-banners`, back office `/api/backoffice/banners`): an
 * uploaded image or another picture of the site, a title the portal lays over it, a link, an order,
 * and the hosts it is shown on (empty: every host). Every change is audited as `banner.<verb>`.
 */
export function createBannerService(deps: {
  db: Database;
  audit: AuditService;
  media: MediaService;
  now: () => Date;
}) {
  const { db, audit, media, now } = deps;
  const repo = createMediaRepository(db);
  let live: { expiresAtMs: number; banners: Promise<LiveBanner[]> } | undefined;

  /** The image columns of a banner: an uploaded image's URL must name an image that exists. */
  async function imageFields(
    imgUrl: string,
    trx: Database,
  ): Promise<Pick<BannerFields, 'mediaId' | 'imgUrl'>> {
    const parts = parseMediaUrl(imgUrl);
    if (!parts) return { mediaId: null, imgUrl };
    const image = await media.byKey(parts.key, trx);
    if (!image) throw invalid('imgUrl', 'unknown');
    return { mediaId: image.id, imgUrl: null };
  }

  /** A whole banner as a create or a `PUT` writes it. */
  async function writtenFields(input: TBannerWriteRequest, trx: Database): Promise<BannerFields> {
    return {
      title: input.title,
      ...(await imageFields(input.imgUrl, trx)),
      link: input.link,
      order: input.order,
      active: input.active,
      domain: input.domain,
    };
  }

  function fieldsOf(row: BannerWithMedia): BannerFields {
    return {
      title: row.title,
      mediaId: row.media_id,
      imgUrl: row.img_url,
      link: row.link,
      order: row.sort_order,
      active: row.active,
      domain: row.domain,
    };
  }

  /** Runs a change to one banner with its audit record; `not_found` when it is not there. */
  async function change(
    id: number,
    who: AuditActor,
    action: 'update' | 'delete',
    apply: (row: BannerWithMedia, trx: Database) => Promise<void>,
  ): Promise<'success' | 'not_found'> {
    const result = await db.transaction().execute(async (trx) => {
      const row = await repo.bannerForUpdate(id, trx);
      if (!row) return 'not_found' as const;
      await apply(row, trx);
      const after = action === 'delete' ? undefined : backofficeView((await repo.banner(id, trx))!);
      await audit.record(
        who,
        { action: `banner.${action}`, target: `banner:${id}`, before: backofficeView(row), after },
        trx,
      );
      return 'success' as const;
    });
    live = undefined;
    return result;
  }

  return {
    /** The back office's list: every banner not deleted, in order. */
    async list(): Promise<TBackofficeBanner[]> {
      return (await repo.listBanners()).map(backofficeView);
    },

    async create(input: TBannerWriteRequest, who: AuditActor): Promise<number> {
      const id = await db.transaction().execute(async (trx) => {
        const created = await repo.insertBanner(await writtenFields(input, trx), trx);
        const after = backofficeView((await repo.banner(created, trx))!);
        await audit.record(who, { action: 'banner.create', target: `banner:${created}`, after }, trx);
        return created;
      });
      live = undefined;
      return id;
    },

    /** `PUT`: the whole banner; the fields a request leaves out take their defaults. */
    replace(id: number, input: TBannerWriteRequest, who: AuditActor): Promise<'success' | 'not_found'> {
      return change(id, who, 'update', async (_row, trx) => {
        await repo.updateBanner(id, await writtenFields(input, trx), now(), trx);
      });
    },

    /** `PATCH`: the fields the request names. */
    patch(id: number, input: TBannerPatchRequest, who: AuditActor): Promise<'success' | 'not_found'> {
      return change(id, who, 'update', async (row, trx) => {
        const fields = fieldsOf(row);
        if (input.title !== undefined) fields.title = input.title;
        if (input.imgUrl !== undefined) Object.assign(fields, await imageFields(input.imgUrl, trx));
        if (input.link !== undefined) fields.link = input.link;
        if (input.order !== undefined) fields.order = input.order;
        if (input.active !== undefined) fields.active = input.active;
        if (input.domain !== undefined) fields.domain = input.domain;
        await repo.updateBanner(id, fields, now(), trx);
      });
    },

    /** Deletes a banner (kept in the table with `deleted_at`, as the audit log refers to it). */
    remove(id: number, who: AuditActor): Promise<'success' | 'not_found'> {
      return change(id, who, 'delete', (_row, trx) => repo.deleteBanner(id, now(), trx));
    },

    /**
     * `get-banners`: the active banners of the request's host, in order. The active banners are
     * read once per ACTIVE_BANNERS_MS per instance (callers arriving meanwhile share the read) and
     * filtered per host here, so each host gets its own answer.
     */
    async forHost(host: string): Promise<TBanner[]> {
      const at = now().getTime();
      if (!live || live.expiresAtMs <= at) {
        const entry = {
          expiresAtMs: at + ACTIVE_BANNERS_MS,
          banners: repo.activeBanners().then((rows) => rows.map(liveView)),
        };
        live = entry;
        entry.banners.catch(() => {
          if (live === entry) live = undefined;
        });
      }
      const banners = await live.banners;
      return banners.filter((b) => domainMatches(b.domain, host)).map((b) => b.banner);
    },
  };
}

export type BannerService = ReturnType<typeof createBannerService>;
