import {
  ZBackofficeHelpAnswerRequest,
  ZBackofficeHelpAnswerResponse,
  ZBackofficeHelpsQuery,
  ZBackofficeHelpsResponse,
  ZBackofficeIdParams,
  ZBackofficeNoteRequest,
  ZBackofficeNoteResponse,
  ZBackofficeNotesQuery,
  ZBackofficeNotesResponse,
} from './backoffice.ts';
import { backofficeRoute } from './backoffice-route.ts';

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
