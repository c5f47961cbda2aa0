import { z } from 'zod';
import {
  pagedList,
  successList,
  ZEmptyRequest,
  ZHelpContents,
  ZHelpTitle,
  ZId,
  ZIdRequest,
  ZIsoDate,
  ZPaging,
  ZPhone,
  ZPopupPos,
  ZTitleColor,
  ZUserId,
} from './fields.ts';
import { statusOnly, ZHelpState, ZSuccess, ZSuccessOrNotFound } from './status.ts';

export const ZUserWriteHelpRequest = z.strictObject({ title: ZHelpTitle, contents: ZHelpContents });
export type TUserWriteHelpRequest = z.infer<typeof ZUserWriteHelpRequest>;
export const ZUserWriteHelpResponse = ZSuccess;
export type TUserWriteHelpResponse = z.infer<typeof ZUserWriteHelpResponse>;

export const ZGuestWriteHelpRequest = z.strictObject({
  userId: ZUserId.optional(),
  phone: ZPhone,
  title: ZHelpTitle,
  contents: ZHelpContents,
});
export type TGuestWriteHelpRequest = z.infer<typeof ZGuestWriteHelpRequest>;
export const ZGuestWriteHelpResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('authenticated'),
]);
export type TGuestWriteHelpResponse = z.infer<typeof ZGuestWriteHelpResponse>;

/**
 * What a help post is: a member's question, a member's deposit-account inquiry (`user-ask-account`,
 * its title shown translated by the portal), or a guest's inquiry from the login page.
 */
export const HELP_KINDS = ['help', 'account_inquiry', 'guest'] as const;
export const ZHelpKind = z.enum(HELP_KINDS);
export type THelpKind = z.infer<typeof ZHelpKind>;

/**
 * A help post; `answer` is operator HTML (to be rendered only through createHtmlSanitizer of
 * sanitize-html.ts), `contents` the member's plain text.
 */
export const ZHelp = z.object({
  id: ZId,
  kind: ZHelpKind,
  title: z.string(),
  contents: z.string(),
  answer: z.string().nullable(),
  answerDate: ZIsoDate.nullable(),
  state: ZHelpState,
  isRead: z.boolean(),
  regDate: ZIsoDate,
  lastDate: ZIsoDate.nullable(),
});
export type THelp = z.infer<typeof ZHelp>;

export const ZGetHelpListRequest = ZPaging;
export type TGetHelpListRequest = z.infer<typeof ZGetHelpListRequest>;
export const ZGetHelpListResponse = pagedList(ZHelp, 'helps');
export type TGetHelpListResponse = z.infer<typeof ZGetHelpListResponse>;

export const ZReadHelpMessageRequest = ZIdRequest;
export type TReadHelpMessageRequest = z.infer<typeof ZReadHelpMessageRequest>;
export const ZReadHelpMessageResponse = ZSuccessOrNotFound;
export type TReadHelpMessageResponse = z.infer<typeof ZReadHelpMessageResponse>;

export const ZDelHelpRequest = ZIdRequest;
export type TDelHelpRequest = z.infer<typeof ZDelHelpRequest>;
export const ZDelHelpResponse = ZSuccessOrNotFound;
export type TDelHelpResponse = z.infer<typeof ZDelHelpResponse>;

export const ZDelAllHelpRequest = ZEmptyRequest;
export type TDelAllHelpRequest = z.infer<typeof ZDelAllHelpRequest>;
export const ZDelAllHelpResponse = ZSuccess;
export type TDelAllHelpResponse = z.infer<typeof ZDelAllHelpResponse>;

/** `domain` lists the hosts it is shown on (see host.ts); '' for every host. */
export const ZNotice = z.object({
  id: ZId,
  title: z.string(),
  contents: z.string(),
  lastDate: ZIsoDate.nullable(),
  domain: z.string(),
});
export type TNotice = z.infer<typeof ZNotice>;

export const ZGetUserNoticesRequest = ZEmptyRequest;
export type TGetUserNoticesRequest = z.infer<typeof ZGetUserNoticesRequest>;
export const ZGetUserNoticesResponse = successList(ZNotice, 'notices');
export type TGetUserNoticesResponse = z.infer<typeof ZGetUserNoticesResponse>;

/** A site popup: `posX`/`posY` are pixels from the top left. */
export const ZPopup = z.object({
  id: ZId,
  title: z.string(),
  titleColor: ZTitleColor,
  contents: z.string(),
  domain: z.string(),
  posX: ZPopupPos,
  posY: ZPopupPos,
});
export type TPopup = z.infer<typeof ZPopup>;

/** How long 'hide' keeps a popup hidden: the specification's 288e5 ms. */
export const POPUP_HIDE_MS = 28_800_000;

export const ZGetNoticePopupRequest = ZEmptyRequest;
export type TGetNoticePopupRequest = z.infer<typeof ZGetNoticePopupRequest>;
export const ZGetNoticePopupResponse = successList(ZPopup, 'note');
export type TGetNoticePopupResponse = z.infer<typeof ZGetNoticePopupResponse>;

export const ZNote = z.object({
  id: ZId,
  title: z.string(),
  contents: z.string(),
  isRead: z.boolean(),
  regDate: ZIsoDate,
});
export type TNote = z.infer<typeof ZNote>;

export const ZGetUserNoteRequest = ZPaging;
export type TGetUserNoteRequest = z.infer<typeof ZGetUserNoteRequest>;
export const ZGetUserNoteResponse = pagedList(ZNote, 'notes');
export type TGetUserNoteResponse = z.infer<typeof ZGetUserNoteResponse>;

export const ZReadNoteMessageRequest = ZIdRequest;
export type TReadNoteMessageRequest = z.infer<typeof ZReadNoteMessageRequest>;
export const ZReadNoteMessageResponse = ZSuccessOrNotFound;
export type TReadNoteMessageResponse = z.infer<typeof ZReadNoteMessageResponse>;

export const ZReadAllNoteRequest = ZEmptyRequest;
export type TReadAllNoteRequest = z.infer<typeof ZReadAllNoteRequest>;
export const ZReadAllNoteResponse = ZSuccess;
export type TReadAllNoteResponse = z.infer<typeof ZReadAllNoteResponse>;

export const ZDelNoteRequest = ZIdRequest;
export type TDelNoteRequest = z.infer<typeof ZDelNoteRequest>;
export const ZDelNoteResponse = ZSuccessOrNotFound;
export type TDelNoteResponse = z.infer<typeof ZDelNoteResponse>;

export const ZDelAllNoteRequest = ZEmptyRequest;
export type TDelAllNoteRequest = z.infer<typeof ZDelAllNoteRequest>;
export const ZDelAllNoteResponse = ZSuccess;
export type TDelAllNoteResponse = z.infer<typeof ZDelAllNoteResponse>;
