import { sql, type Kysely } from 'kysely';

// Uploaded images and the home banners (issue 12). The image bytes live in the media store (files
// under DATA_DIR/media or an S3-compatible bucket); a row here names them by content hash.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // The first 128 bits of the upload's SHA-256: the same bytes uploaded twice are one image.
    .addColumn('key', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`key ~ '^[0-9a-f]{32}$'`),
    )
    .addColumn('content_type', 'text', (c) =>
      c
        .notNull()
        .check(sql`content_type in ('image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif')`),
    )
    // The stored original's size (after the upload was scaled down to the dimension cap).
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('byte_size', 'integer', (c) => c.notNull().check(sql`byte_size >= 0`))
    .addColumn('animated', 'boolean', (c) => c.notNull().defaultTo(false))
    // Where the original was written: the media store in use at upload time.
    .addColumn('storage', 'text', (c) => c.notNull().check(sql`storage in ('fs', 's3')`))
    .addColumn('created_by', 'bigint', (c) => c.references('operators.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull())
    // An uploaded image, or the URL of another picture of this site (or https): exactly one.
    .addColumn('media_id', 'bigint', (c) => c.references('media.id'))
    .addColumn('img_url', 'text')
    // A path on this site or an https URL; null for a banner that leads nowhere.
    .addColumn('link', 'text', (c) => c.check(sql`link ~ '^(/[^/\\\\]|/$|https://)'`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    // The hosts it is shown on, as notices and popups have them (contracts' host.ts); '' for all.
    .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint('banners_image_check', sql`(media_id is null) <> (img_url is null)`)
    .execute();
  await db.schema
    .createIndex('banners_order_idx')
    .on('banners')
    .columns(['sort_order', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('banners').execute();
  await db.schema.dropTable('media').execute();
}
