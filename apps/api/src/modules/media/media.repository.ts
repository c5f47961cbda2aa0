import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BannersTable, MediaContentType, MediaTable } from '../../db/schema.ts';

export type MediaRow = Selectable<MediaTable>;
export type BannerRow = Selectable<BannersTable>;

/** A banner with the uploaded image it shows, when it shows one. */
export type BannerWithMedia = BannerRow & {
  media_key: string | null;
  media_content_type: MediaContentType | null;
  media_width: number | null;
  media_height: number | null;
};

export interface NewMedia {
  key: string;
  contentType: MediaContentType;
  width: number;
  height: number;
  byteSize: number;
  animated: boolean;
  storage: 'fs' | 's3';
  createdBy: number | null;
}

export interface BannerFields {
  title: string;
  mediaId: number | null;
  imgUrl: string | null;
  link: string | null;
  order: number;
  active: boolean;
  domain: string;
}

/** A banner's columns as an operator sets them (insert and update alike). */
function bannerColumns(fields: BannerFields) {
  return {
    title: fields.title,
    media_id: fields.mediaId,
    img_url: fields.imgUrl,
    link: fields.link,
    sort_order: fields.order,
    active: fields.active,
    domain: fields.domain,
  };
}

/** The SQL of the media module's tables: `media` (uploaded images) and `banners`. */
export function createMediaRepository(db: Database) {
  const bannersWithMedia = (trx: Database) =>
    trx
      .selectFrom('banners as b')
      .leftJoin('media as m', 'm.id', 'b.media_id')
      .selectAll('b')
      .select([
        'm.key as media_key',
        'm.content_type as media_content_type',
        'm.width as media_width',
        'm.height as media_height',
      ])
      .where('b.deleted_at', 'is', null);

  return {
    mediaByKey(key: string, trx: Database = db): Promise<MediaRow | undefined> {
      return trx.selectFrom('media').selectAll().where('key', '=', key).executeTakeFirst();
    },

    /** Inserts an image unless its key is there; returns the row of that key either way. */
    async insertMedia(row: NewMedia, trx: Database = db): Promise<{ media: MediaRow; created: boolean }> {
      const inserted = await trx
        .insertInto('media')
        .values({
          key: row.key,
          content_type: row.contentType,
          width: row.width,
          height: row.height,
          byte_size: row.byteSize,
          animated: row.animated,
          storage: row.storage,
          created_by: row.createdBy,
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { media: inserted, created: true };
      const existing = await trx
        .selectFrom('media')
        .selectAll()
        .where('key', '=', row.key)
        .executeTakeFirstOrThrow();
      return { media: existing, created: false };
    },

    /** Banners not deleted, in their order (the back office's list). */
    listBanners(trx: Database = db): Promise<BannerWithMedia[]> {
      return bannersWithMedia(trx).orderBy('b.sort_order').orderBy('b.id').execute();
    },

    /** Active banners in their order (what members see, before the host filter). */
    activeBanners(trx: Database = db): Promise<BannerWithMedia[]> {
      return bannersWithMedia(trx)
        .where('b.active', '=', true)
        .orderBy('b.sort_order')
        .orderBy('b.id')
        .execute();
    },

    /** A banner not deleted, locked for the change about to be made. */
    bannerForUpdate(id: number, trx: Database): Promise<BannerWithMedia | undefined> {
      return bannersWithMedia(trx).where('b.id', '=', id).forUpdate('b').executeTakeFirst();
    },

    banner(id: number, trx: Database = db): Promise<BannerWithMedia | undefined> {
      return bannersWithMedia(trx).where('b.id', '=', id).executeTakeFirst();
    },

    async insertBanner(fields: BannerFields, trx: Database = db): Promise<number> {
      const row = await trx
        .insertInto('banners')
        .values(bannerColumns(fields))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateBanner(id: number, fields: BannerFields, at: Date, trx: Database = db): Promise<void> {
      await trx
        .updateTable('banners')
        .set({ ...bannerColumns(fields), updated_at: at })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
    },

    async deleteBanner(id: number, at: Date, trx: Database = db): Promise<void> {
      await trx
        .updateTable('banners')
        .set({ deleted_at: at, updated_at: at })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
    },
  };
}
