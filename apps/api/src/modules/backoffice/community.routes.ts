import {
  ZBackofficeContentChangeResponse,
  ZBackofficeContentQuery,
  ZBackofficeHelpAnswerRequest,
  ZBackofficeHelpAnswerResponse,
  ZBackofficeHelpsQuery,
  ZBackofficeHelpsResponse,
  ZBackofficeIdParams,
  ZBackofficeNoteRequest,
  ZBackofficeNoteResponse,
  ZBackofficeNoticePatch,
  ZBackofficeNoticeRequest,
  ZBackofficeNoticeResponse,
  ZBackofficeNoticesResponse,
  ZBackofficeNotesQuery,
  ZBackofficeNotesResponse,
  ZBackofficePopupPatch,
  ZBackofficePopupRequest,
  ZBackofficePopupResponse,
  ZBackofficePopupsResponse,
} from '@casino/contracts/backoffice';
import type { routesFor } from '../../lib/routes.ts';
import type { CommunityService } from '../community/community.service.ts';
import { actorOf, type OperatorPrincipal, type Permission } from './backoffice.service.ts';

/** The back office's route declarer (`routesFor` bound to the operator session and its permissions). */
export type BackofficeRoute = ReturnType<typeof routesFor<OperatorPrincipal, Permission>>;

/**
 * The community's back-office routes (API.md section 4, docs/api/backoffice.md): help posts and
 * notes for `support`, notices and popups for `content`, everything for `owner`. Operator HTML is
 * sanitized when stored; every change is audited in its own transaction by the community service.
 */
export function registerCommunityBackofficeRoutes(
  route: BackofficeRoute,
  deps: { community: CommunityService },
): void {
  const { helps, notes, content } = deps.community;

  // --- help posts ---

  route({
    method: 'GET',
    url: '/api/backoffice/helps',
    auth: 'signed-in',
    permission: 'support',
    query: ZBackofficeHelpsQuery,
    response: ZBackofficeHelpsResponse,
    handler: async ({ query }) =>
      helps.queue({ state: query.state, kind: query.kind, userId: query.userId, search: query.q }, query),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/helps/:id/answer',
    auth: 'signed-in',
    permission: 'support',
    params: ZBackofficeIdParams,
    body: ZBackofficeHelpAnswerRequest,
    response: ZBackofficeHelpAnswerResponse,
    handler: async ({ request, principal, params, body }) =>
      helps.answer(params.id, body.answer, actorOf(principal, request.ip)),
  });

  // --- notes ---

  route({
    method: 'GET',
    url: '/api/backoffice/notes',
    auth: 'signed-in',
    permission: 'support',
    query: ZBackofficeNotesQuery,
    response: ZBackofficeNotesResponse,
    handler: async ({ query }) => notes.sent(query),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/notes',
    auth: 'signed-in',
    permission: 'support',
    body: ZBackofficeNoteRequest,
    response: ZBackofficeNoteResponse,
    handler: async ({ request, principal, body }) =>
      notes.sendFromOperator(body, actorOf(principal, request.ip)),
  });

  // --- notices ---

  route({
    method: 'GET',
    url: '/api/backoffice/notices',
    auth: 'signed-in',
    permission: 'content',
    query: ZBackofficeContentQuery,
    response: ZBackofficeNoticesResponse,
    handler: async ({ query }) => content.notices(query),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/notices',
    auth: 'signed-in',
    permission: 'content',
    body: ZBackofficeNoticeRequest,
    response: ZBackofficeNoticeResponse,
    handler: async ({ request, principal, body }) =>
      content.createNotice(body, actorOf(principal, request.ip)),
  });

  route({
    method: 'PATCH',
    url: '/api/backoffice/notices/:id',
    auth: 'signed-in',
    permission: 'content',
    params: ZBackofficeIdParams,
    body: ZBackofficeNoticePatch,
    response: ZBackofficeContentChangeResponse,
    handler: async ({ request, principal, params, body }) => ({
      status: await content.updateNotice(params.id, body, actorOf(principal, request.ip)),
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/backoffice/notices/:id',
    auth: 'signed-in',
    permission: 'content',
    params: ZBackofficeIdParams,
    response: ZBackofficeContentChangeResponse,
    handler: async ({ request, principal, params }) => ({
      status: await content.deleteNotice(params.id, actorOf(principal, request.ip)),
    }),
  });

  // --- popups ---

  route({
    method: 'GET',
    url: '/api/backoffice/popups',
    auth: 'signed-in',
    permission: 'content',
    query: ZBackofficeContentQuery,
    response: ZBackofficePopupsResponse,
    handler: async ({ query }) => content.popups(query),
  });

  route({
    method: 'POST',
    url: '/api/backoffice/popups',
    auth: 'signed-in',
    permission: 'content',
    body: ZBackofficePopupRequest,
    response: ZBackofficePopupResponse,
    handler: async ({ request, principal, body }) =>
      content.createPopup(body, actorOf(principal, request.ip)),
  });

  route({
    method: 'PATCH',
    url: '/api/backoffice/popups/:id',
    auth: 'signed-in',
    permission: 'content',
    params: ZBackofficeIdParams,
    body: ZBackofficePopupPatch,
    response: ZBackofficeContentChangeResponse,
    handler: async ({ request, principal, params, body }) => ({
      status: await content.updatePopup(params.id, body, actorOf(principal, request.ip)),
    }),
  });

  route({
    method: 'DELETE',
    url: '/api/backoffice/popups/:id',
    auth: 'signed-in',
    permission: 'content',
    params: ZBackofficeIdParams,
    response: ZBackofficeContentChangeResponse,
    handler: async ({ request, principal, params }) => ({
      status: await content.deletePopup(params.id, actorOf(principal, request.ip)),
    }),
  });
}
