import { z } from 'zod';
import {
  ZBackofficeContentChangeResponse,
  ZBackofficeContentQuery,
  ZBackofficeIdParams,
  ZBackofficeNoticePatch,
  ZBackofficeNoticeRequest,
  ZBackofficeNoticeResponse,
  ZBackofficeNoticesResponse,
  ZBackofficePopupPatch,
  ZBackofficePopupRequest,
  ZBackofficePopupResponse,
  ZBackofficePopupsResponse,
  ZLegalListQuery,
  ZLegalListResponse,
  ZPublishLegalRequest,
  ZPublishLegalResponse,
} from './backoffice.ts';
import { backofficeRoute } from './backoffice-route.ts';
import {
  ZBannerChangeResponse,
  ZBannerCreateResponse,
  ZBannerIdParams,
  ZBannerPatchRequest,
  ZBannersResponse,
  ZBannerWriteRequest,
  ZMediaUploadResponse,
} from './banners.ts';
import { ZBankCode, ZBankNum, ZBankOwner } from './fields.ts';

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
