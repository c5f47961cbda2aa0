import { z } from 'zod';
import { DOMAIN_FIELD_MAX, OPERATOR_TITLE_MAX } from './backoffice.ts';
import { ZImageUrl } from './backoffice-games.ts';
import { withCode } from './errors.ts';
import { successList, ZId, ZIsoDate } from './fields.ts';
import { ZSuccessOrNotFound } from './status.ts';

// The back office's image uploads and home banners (docs/api/backoffice.md, "Media and banners").
// The member call `get-banners` is in games.ts with the catalog's other public calls.

/** `POST /api/backoffice/media` (a raw image body): the stored image and its URL. */
export const ZMediaUploadResponse = z.object({
  status: z.literal('success'),
  id: ZId,
  /** `/media/<key>.<ext>`: usable as any image URL of the catalog, a banner or a popup. */
  url: z.string(),
  width: z.int().positive(),
  height: z.int().positive(),
});
export type TMediaUploadResponse = z.infer<typeof ZMediaUploadResponse>;

/**
 * Where a banner leads: a path on this site (`/deposit`, `/game?tab=slot`) or an https URL; never
 * protocol-relative (`//host`) or another scheme. '' (a cleared field) means no link.
 */
export const ZBannerLink = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) =>
      value === '' || /^\/(?![/\\])[^\s\\]*$/.test(value) || /^https:\/\/[^\s\\/?#]+[^\s\\]*$/.test(value),
    withCode('pattern'),
  )
  .transform((value) => (value === '' ? null : value));

const ZBannerTitle = z.string().trim().min(1).max(OPERATOR_TITLE_MAX);
/** An uploaded image's URL (`/media/...`, which must exist) or another image of this site or https. */
const ZBannerImage = ZImageUrl.refine((value) => value !== '', withCode('required'));
const ZBannerOrder = z.int().min(0).max(1_000_000);
/** The hosts the banner is shown on (packages/contracts/src/host.ts); '' for every host. */
const ZBannerDomain = z.string().trim().max(DOMAIN_FIELD_MAX);

/** `POST /api/backoffice/banners` and `PUT /api/backoffice/banners/:id` (a whole banner). */
export const ZBannerWriteRequest = z.strictObject({
  title: ZBannerTitle,
  imgUrl: ZBannerImage,
  link: ZBannerLink.nullable().default(null),
  order: ZBannerOrder.default(0),
  active: z.boolean().default(true),
  domain: ZBannerDomain.default(''),
});
export type TBannerWriteRequest = z.infer<typeof ZBannerWriteRequest>;

/** `PATCH /api/backoffice/banners/:id`: the fields to change (at least one). */
export const ZBannerPatchRequest = z
  .strictObject({
    title: ZBannerTitle.optional(),
    imgUrl: ZBannerImage.optional(),
    link: ZBannerLink.nullable().optional(),
    order: ZBannerOrder.optional(),
    active: z.boolean().optional(),
    domain: ZBannerDomain.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, withCode('required'));
export type TBannerPatchRequest = z.infer<typeof ZBannerPatchRequest>;

export const ZBannerIdParams = z.strictObject({ id: z.coerce.number().pipe(ZId) });

export const ZBackofficeBanner = z.object({
  id: ZId,
  title: z.string(),
  imgUrl: z.string(),
  /** The uploaded image behind `imgUrl`, when it is one (its size lets the portal pick a width). */
  mediaId: ZId.nullable(),
  width: z.int().positive().nullable(),
  height: z.int().positive().nullable(),
  link: z.string().nullable(),
  order: z.int(),
  active: z.boolean(),
  domain: z.string(),
  regDate: ZIsoDate,
  updatedDate: ZIsoDate,
});
export type TBackofficeBanner = z.infer<typeof ZBackofficeBanner>;

export const ZBannersResponse = successList(ZBackofficeBanner);
export const ZBannerCreateResponse = z.object({ status: z.literal('success'), id: ZId });
export const ZBannerChangeResponse = ZSuccessOrNotFound;
