import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import type { CommunityService } from './community.service.ts';
import type { EventPublisher } from '../../lib/event-bus.ts';
import { actorOf, type BackofficeRoute } from '../../lib/operator-principal.ts';

/**
 * The community's back-office routes (docs/api/backoffice.md): help posts and
 * notes for `support`, notices and popups for `content`, everything for `owner`. Operator HTML is
 * sanitized when stored; every change is audited in its own transaction by the community service.
 */
export function registerCommunityBackofficeRoutes(
  route: BackofficeRoute,
  deps: { community: CommunityService; events: EventPublisher },
): void {
  const { helps, notes, content } = deps.community;
  const { events } = deps;

  // --- help posts ---

  route(BACKOFFICE_ROUTES['helps.list'], async ({ query }) =>
    helps.queue({ state: query.state, kind: query.kind, userId: query.userId, search: query.q }, query),
  );

  // After the change committed, the member's streams hear the new help count and the operators'
  // the queue (docs/api/events.md).
  route(BACKOFFICE_ROUTES['helps.answer'], async ({ request, principal, params, body }) => {
    const { status, memberId } = await helps.answer(params.id, body.answer, actorOf(principal, request.ip));
    if (status === 'success') {
      events.queue();
      if (memberId) events.member({ memberId }, 'help');
    }
    return { status };
  });

  // --- notes ---

  route(BACKOFFICE_ROUTES['notes.list'], async ({ query }) => notes.sent(query));

  route(BACKOFFICE_ROUTES['notes.send'], async ({ request, principal, body }) => {
    const answer = await notes.sendFromOperator(body, actorOf(principal, request.ip));
    if (answer.status === 'success')
      events.member(body.userId === null ? 'everyone' : { userId: body.userId }, 'note');
    return answer;
  });

  // --- notices ---

  route(BACKOFFICE_ROUTES['notices.list'], async ({ query }) => content.notices(query));

  route(BACKOFFICE_ROUTES['notices.create'], async ({ request, principal, body }) =>
    content.createNotice(body, actorOf(principal, request.ip)),
  );

  route(BACKOFFICE_ROUTES['notices.update'], async ({ request, principal, params, body }) => ({
    status: await content.updateNotice(params.id, body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['notices.delete'], async ({ request, principal, params }) => ({
    status: await content.deleteNotice(params.id, actorOf(principal, request.ip)),
  }));

  // --- popups ---

  route(BACKOFFICE_ROUTES['popups.list'], async ({ query }) => content.popups(query));

  route(BACKOFFICE_ROUTES['popups.create'], async ({ request, principal, body }) =>
    content.createPopup(body, actorOf(principal, request.ip)),
  );

  route(BACKOFFICE_ROUTES['popups.update'], async ({ request, principal, params, body }) => ({
    status: await content.updatePopup(params.id, body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['popups.delete'], async ({ request, principal, params }) => ({
    status: await content.deletePopup(params.id, actorOf(principal, request.ip)),
  }));
}
