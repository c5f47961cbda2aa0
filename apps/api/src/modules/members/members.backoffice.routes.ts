import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { actorOf, type BackofficeRoute } from '../../lib/operator-principal.ts';
import type { MemberConsoleService } from './member-console.service.ts';

/**
 * The member detail's lists and the password reset (docs/api/backoffice-members.md): reads for
 * `memberRead` (owner, cashier, support), the reset for `memberManage`. The list, the profile and
 * the other member actions are declared in modules/backoffice/backoffice.routes.ts.
 */
export function registerMemberBackofficeRoutes(
  route: BackofficeRoute,
  deps: { memberConsole: MemberConsoleService },
): void {
  const { memberConsole } = deps;

  route(BACKOFFICE_ROUTES['members.ledger'], async ({ params, query }) =>
    memberConsole.ledger(params.userId, query),
  );

  route(BACKOFFICE_ROUTES['members.requests'], async ({ params, query }) =>
    memberConsole.requests(params.userId, query.kind, query),
  );

  route(BACKOFFICE_ROUTES['members.rounds'], async ({ params, query }) =>
    memberConsole.rounds(params.userId, query, query.lang),
  );

  route(BACKOFFICE_ROUTES['members.notes'], async ({ params, query }) =>
    memberConsole.notes(params.userId, query),
  );

  route(BACKOFFICE_ROUTES['members.helps'], async ({ params, query }) =>
    memberConsole.helps(params.userId, query),
  );

  route(BACKOFFICE_ROUTES['members.signIns'], async ({ params, query }) =>
    memberConsole.signIns(params.userId, query),
  );

  route(BACKOFFICE_ROUTES['members.resetPassword'], async ({ request, reply, principal, params }) => {
    // The temporary password is shown once: never kept by a cache on the way.
    reply.header('cache-control', 'no-store');
    return memberConsole.resetPassword(params.userId, actorOf(principal, request.ip));
  });
}
