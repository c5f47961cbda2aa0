import { z } from 'zod';
import { backofficeRoute } from './backoffice-route.ts';
import { ZBackofficeIdParams, ZOperatorHtml, ZOperatorTitle } from './backoffice.ts';
import { ZHelpKind } from './community.ts';
import { pagedList, ZCount, ZId, ZIsoDate, ZPageQuery, ZUserId } from './fields.ts';
import { ZHelpState, ZSuccessOrNotFound } from './status.ts';

/** `userId` null sends the note to every member that exists now. */
export const ZBackofficeNoteRequest = z.strictObject({
  userId: ZUserId.nullable(),
  title: ZOperatorTitle,
  contents: ZOperatorHtml,
});

export type TBackofficeNoteRequest = z.infer<typeof ZBackofficeNoteRequest>;

// `not_found` answers a note to a user id that does not exist.
export const ZBackofficeNoteResponse = ZSuccessOrNotFound;

export type TBackofficeNoteResponse = z.infer<typeof ZBackofficeNoteResponse>;

export const ZBackofficeHelpAnswerRequest = z.strictObject({ answer: ZOperatorHtml });

export type TBackofficeHelpAnswerRequest = z.infer<typeof ZBackofficeHelpAnswerRequest>;

export const ZBackofficeHelpAnswerResponse = ZSuccessOrNotFound;

export type TBackofficeHelpAnswerResponse = z.infer<typeof ZBackofficeHelpAnswerResponse>;

/** `GET /api/backoffice/helps?state=wait&kind=guest&userId=…`: newest first, without deleted posts. */
export const ZBackofficeHelpsQuery = z.strictObject({
  state: ZHelpState.optional(),
  kind: ZHelpKind.optional(),
  userId: ZUserId.optional(),
  /** Words in the title, the text, or a guest's id or phone (docs/api/backoffice-content.md). */
  q: z.string().trim().min(1).max(100).optional(),
  ...ZPageQuery,
});

export type TBackofficeHelpsQuery = z.infer<typeof ZBackofficeHelpsQuery>;

/**
 * A help post as operators see it: a member's (`userId`), or a guest's from the login page
 * (`guestPhone`, and the unverified `guestUserId` the guest typed). `contents` is the writer's
 * plain text, `answer` sanitized operator HTML.
 */
export const ZBackofficeHelp = z.object({
  id: ZId,
  kind: ZHelpKind,
  userId: z.string().nullable(),
  guestUserId: z.string().nullable(),
  guestPhone: z.string().nullable(),
  title: z.string(),
  contents: z.string(),
  answer: z.string().nullable(),
  answerDate: ZIsoDate.nullable(),
  answeredBy: z.string().nullable(),
  state: ZHelpState,
  isRead: z.boolean(),
  regDate: ZIsoDate,
  lastDate: ZIsoDate,
});

export type TBackofficeHelp = z.infer<typeof ZBackofficeHelp>;

export const ZBackofficeHelpsResponse = pagedList(ZBackofficeHelp);

export type TBackofficeHelpsResponse = z.infer<typeof ZBackofficeHelpsResponse>;

/** `GET /api/backoffice/notes`: the notes operators sent, newest first. */
export const ZBackofficeNotesQuery = z.strictObject({ ...ZPageQuery });

export type TBackofficeNotesQuery = z.infer<typeof ZBackofficeNotesQuery>;

/** One sending: `userId` null for a note to all; `recipients` copies written, `readCount` read so far. */
export const ZBackofficeNoteSend = z.object({
  id: ZId,
  userId: z.string().nullable(),
  title: z.string(),
  contents: z.string(),
  recipients: ZCount,
  readCount: ZCount,
  operatorId: z.string(),
  regDate: ZIsoDate,
});

export type TBackofficeNoteSend = z.infer<typeof ZBackofficeNoteSend>;

export const ZBackofficeNotesResponse = pagedList(ZBackofficeNoteSend);

export type TBackofficeNotesResponse = z.infer<typeof ZBackofficeNotesResponse>;

/** Help posts and notes to members (`support`; docs/api/backoffice.md); part of BACKOFFICE_ROUTES. */
export const BACKOFFICE_HELPDESK_ROUTES = {
  'helps.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/helps',
    permission: 'support',
    query: ZBackofficeHelpsQuery,
    response: ZBackofficeHelpsResponse,
  }),
  'helps.answer': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/helps/:id/answer',
    permission: 'support',
    params: ZBackofficeIdParams,
    body: ZBackofficeHelpAnswerRequest,
    response: ZBackofficeHelpAnswerResponse,
  }),
  'notes.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/notes',
    permission: 'support',
    query: ZBackofficeNotesQuery,
    response: ZBackofficeNotesResponse,
  }),
  'notes.send': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/notes',
    permission: 'support',
    body: ZBackofficeNoteRequest,
    response: ZBackofficeNoteResponse,
  }),
};
