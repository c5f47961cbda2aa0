import { z } from 'zod';
import { backofficeRoute } from './backoffice-route.ts';
import {
  patchOf,
  ZBackofficeIdParams,
  ZCreatedResponse,
  ZDomainField,
  ZOperatorHtml,
  ZOperatorTitle,
  ZSortOrder,
} from './backoffice.ts';
import {
  ZBannerChangeResponse,
  ZBannerCreateResponse,
  ZBannerIdParams,
  ZBannerPatchRequest,
  ZBannersResponse,
  ZBannerWriteRequest,
  ZMediaUploadResponse,
} from './banners.ts';
import { withCode } from './errors.ts';
import { MEDIA_MAX_UPLOAD_BYTES } from './media.ts';
import {
  pagedList,
  ZBankCode,
  ZBankNum,
  ZBankOwner,
  ZId,
  ZIsoDate,
  ZPageQuery,
  ZPopupPos,
  ZTitleColor,
} from './fields.ts';
import { LEGAL_BODY_MAX, LEGAL_TITLE_MAX, ZLegalDocument, ZLegalKind, ZSiteLocale } from './site.ts';
import { ZSuccessOrNotFound } from './status.ts';

/** `isActive` (default true): an inactive notice is kept for the operators and hidden from members. */
export const ZBackofficeNoticeRequest = z.strictObject({
  title: ZOperatorTitle,
  contents: ZOperatorHtml,
  domain: ZDomainField,
  isActive: z.boolean().optional(),
});

export type TBackofficeNoticeRequest = z.infer<typeof ZBackofficeNoticeRequest>;

export const ZBackofficeNoticeResponse = ZCreatedResponse;

export type TBackofficeNoticeResponse = z.infer<typeof ZBackofficeNoticeResponse>;

export const ZBackofficePopupRequest = z.strictObject({
  title: ZOperatorTitle,
  titleColor: ZTitleColor,
  contents: ZOperatorHtml,
  domain: ZDomainField,
  posX: ZPopupPos,
  posY: ZPopupPos,
  /** Default true; an inactive popup is not shown. */
  isActive: z.boolean().optional(),
  /** Popups are shown lower `sortOrder` first (default 0), equal ones newest first. */
  sortOrder: ZSortOrder.optional(),
});

export type TBackofficePopupRequest = z.infer<typeof ZBackofficePopupRequest>;

export const ZBackofficePopupResponse = ZCreatedResponse;

export type TBackofficePopupResponse = z.infer<typeof ZBackofficePopupResponse>;

/** `GET /api/backoffice/notices` and `/popups`: every one not deleted, active or not. */
export const ZBackofficeContentQuery = z.strictObject({ ...ZPageQuery });

export type TBackofficeContentQuery = z.infer<typeof ZBackofficeContentQuery>;

export const ZBackofficeNotice = z.object({
  id: ZId,
  title: z.string(),
  contents: z.string(),
  domain: z.string(),
  isActive: z.boolean(),
  operatorId: z.string().nullable(),
  regDate: ZIsoDate,
  lastDate: ZIsoDate,
});

export type TBackofficeNotice = z.infer<typeof ZBackofficeNotice>;

export const ZBackofficeNoticesResponse = pagedList(ZBackofficeNotice);

export type TBackofficeNoticesResponse = z.infer<typeof ZBackofficeNoticesResponse>;

/** `PATCH /api/backoffice/notices/:id`: the fields to change (at least one). */
export const ZBackofficeNoticePatch = patchOf(ZBackofficeNoticeRequest);

export type TBackofficeNoticePatch = z.infer<typeof ZBackofficeNoticePatch>;

export const ZBackofficePopup = z.object({
  id: ZId,
  title: z.string(),
  titleColor: z.string(),
  contents: z.string(),
  domain: z.string(),
  posX: z.int(),
  posY: z.int(),
  isActive: z.boolean(),
  sortOrder: z.int(),
  operatorId: z.string().nullable(),
  regDate: ZIsoDate,
  lastDate: ZIsoDate,
});

export type TBackofficePopup = z.infer<typeof ZBackofficePopup>;

export const ZBackofficePopupsResponse = pagedList(ZBackofficePopup);

export type TBackofficePopupsResponse = z.infer<typeof ZBackofficePopupsResponse>;

/** `PATCH /api/backoffice/popups/:id`: the fields to change (at least one). */
export const ZBackofficePopupPatch = patchOf(ZBackofficePopupRequest);

export type TBackofficePopupPatch = z.infer<typeof ZBackofficePopupPatch>;

/** The answer of a notice's or popup's change and deletion. */
export const ZBackofficeContentChangeResponse = ZSuccessOrNotFound;

export type TBackofficeContentChangeResponse = z.infer<typeof ZBackofficeContentChangeResponse>;

/** `GET /api/backoffice/legal`: every published text, newest version first. */
export const ZLegalListQuery = z.strictObject({
  kind: ZLegalKind.optional(),
  ...ZPageQuery,
});

export type TLegalListQuery = z.infer<typeof ZLegalListQuery>;

export const ZLegalListResponse = pagedList(
  ZLegalDocument.extend({ createdBy: z.string().nullable() }),
).extend({
  /** The version in force of each kind (null before the first). */
  current: z.object({ terms: z.int().positive().nullable(), privacy: z.int().positive().nullable() }),
});

export type TLegalListResponse = z.infer<typeof ZLegalListResponse>;

const ZLegalText = z.strictObject({
  locale: ZSiteLocale,
  title: z.string().trim().min(1).max(LEGAL_TITLE_MAX),
  body: z.string().trim().min(1).max(LEGAL_BODY_MAX),
});

/**
 * `POST /api/backoffice/legal`: publishes the next version of a document, in force at once. The
 * Korean text is required (the default locale, and the fallback of the others); each locale once.
 */
export const ZPublishLegalRequest = z.strictObject({
  kind: ZLegalKind,
  texts: z
    .array(ZLegalText)
    .min(1)
    .max(5)
    .refine((texts) => texts.some((t) => t.locale === 'ko'), withCode('required'))
    .refine((texts) => new Set(texts.map((t) => t.locale)).size === texts.length, withCode('pattern')),
});

export type TPublishLegalRequest = z.infer<typeof ZPublishLegalRequest>;

export const ZPublishLegalResponse = z.object({
  status: z.literal('success'),
  kind: ZLegalKind,
  version: z.int().positive(),
});

export type TPublishLegalResponse = z.infer<typeof ZPublishLegalResponse>;

// The help desk's and the content screens' own back-office calls (docs/api/backoffice-content.md).

/**
 * The site's deposit account: where members send the money of a deposit. Operators give it to a
 * member in the answer of an account inquiry (`user-ask-account`); it is never shown to members
 * otherwise. `bank` is a KFTC bank code (banks.ts), `number` digits only (spaces and dashes are
 * removed), `holder` the account holder's name.
 */
export const ZDepositAccount = z.strictObject({
  bank: ZBankCode,
  number: ZBankNum,
  holder: ZBankOwner,
});
export type TDepositAccount = z.infer<typeof ZDepositAccount>;

/** `GET /api/backoffice/deposit-account` (owner, support): null until an owner has set it. */
export const ZDepositAccountResponse = z.object({
  status: z.literal('success'),
  account: ZDepositAccount.nullable(),
});
export type TDepositAccountResponse = z.infer<typeof ZDepositAccountResponse>;

/**
 * The site's content: the deposit account, notices, popups, banners and uploaded images, legal
 * documents (docs/api/backoffice-content.md, docs/api/backoffice.md); part of BACKOFFICE_ROUTES.
 */
export const BACKOFFICE_CONTENT_ROUTES = {
  'depositAccount.get': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/deposit-account',
    permission: 'support',
    response: ZDepositAccountResponse,
  }),
  'depositAccount.set': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/deposit-account',
    permission: 'settingsWrite',
    body: ZDepositAccount,
    response: ZDepositAccountResponse,
  }),
  'depositAccount.remove': backofficeRoute({
    method: 'DELETE',
    path: '/api/backoffice/deposit-account',
    permission: 'settingsWrite',
    response: ZDepositAccountResponse,
  }),
  'notices.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/notices',
    permission: 'content',
    query: ZBackofficeContentQuery,
    response: ZBackofficeNoticesResponse,
  }),
  'notices.create': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/notices',
    permission: 'content',
    body: ZBackofficeNoticeRequest,
    response: ZBackofficeNoticeResponse,
  }),
  'notices.update': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/notices/:id',
    permission: 'content',
    params: ZBackofficeIdParams,
    body: ZBackofficeNoticePatch,
    response: ZBackofficeContentChangeResponse,
  }),
  'notices.delete': backofficeRoute({
    method: 'DELETE',
    path: '/api/backoffice/notices/:id',
    permission: 'content',
    params: ZBackofficeIdParams,
    response: ZBackofficeContentChangeResponse,
  }),
  'popups.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/popups',
    permission: 'content',
    query: ZBackofficeContentQuery,
    response: ZBackofficePopupsResponse,
  }),
  'popups.create': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/popups',
    permission: 'content',
    body: ZBackofficePopupRequest,
    response: ZBackofficePopupResponse,
  }),
  'popups.update': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/popups/:id',
    permission: 'content',
    params: ZBackofficeIdParams,
    body: ZBackofficePopupPatch,
    response: ZBackofficeContentChangeResponse,
  }),
  'popups.delete': backofficeRoute({
    method: 'DELETE',
    path: '/api/backoffice/popups/:id',
    permission: 'content',
    params: ZBackofficeIdParams,
    response: ZBackofficeContentChangeResponse,
  }),
  'banners.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/banners',
    permission: 'content',
    response: ZBannersResponse,
  }),
  'banners.create': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/banners',
    permission: 'content',
    body: ZBannerWriteRequest,
    response: ZBannerCreateResponse,
  }),
  'banners.replace': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/banners/:id',
    permission: 'content',
    params: ZBannerIdParams,
    body: ZBannerWriteRequest,
    response: ZBannerChangeResponse,
  }),
  'banners.patch': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/banners/:id',
    permission: 'content',
    params: ZBannerIdParams,
    body: ZBannerPatchRequest,
    response: ZBannerChangeResponse,
  }),
  'banners.delete': backofficeRoute({
    method: 'DELETE',
    path: '/api/backoffice/banners/:id',
    permission: 'content',
    params: ZBannerIdParams,
    response: ZBannerChangeResponse,
  }),
  // The image itself is the body (MEDIA_UPLOAD_TYPES, at most MEDIA_MAX_UPLOAD_BYTES).
  'media.upload': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/media',
    permission: 'content',
    upload: true,
    bodyLimit: MEDIA_MAX_UPLOAD_BYTES,
    response: ZMediaUploadResponse,
  }),
  'legal.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/legal',
    permission: 'content',
    query: ZLegalListQuery,
    response: ZLegalListResponse,
  }),
  'legal.publish': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/legal',
    permission: 'content',
    body: ZPublishLegalRequest,
    response: ZPublishLegalResponse,
  }),
};
