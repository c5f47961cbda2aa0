import {
  ZMemberHelpsResponse,
  ZMemberLedgerQuery,
  ZMemberLedgerResponse,
  ZMemberNotesResponse,
  ZMemberPageQuery,
  ZMemberRequestsQuery,
  ZMemberRequestsResponse,
  ZMemberResetPasswordResponse,
  ZMemberRoundsQuery,
  ZMemberRoundsResponse,
  ZMemberSignInsResponse,
} from '@casino/contracts/backoffice-members';
import { ZBackofficeUserIdParams } from '@casino/contracts/backoffice';
import { actorOf } from './backoffice.service.ts';
import type { BackofficeRoute } from './community.routes.ts';
import type { MemberConsoleService } from './member-console.service.ts';

/**
 * The member detail's lists and the password reset (docs/api/backoffice-members.md): reads for
 * `memberRead` (owner, cashier, support), the reset for `memberManage`. The list, the profile and
 * the other member actions are declared in backoffice.routes.ts.
 */
export function registerMemberBackofficeRoutes(
  route: BackofficeRoute,
  deps: { memberConsole: MemberConsoleService },
): void {
  const { memberConsole } = deps;
  const base = '/api/backoffice/members/:userId';

  route({
    method: 'GET',
    url: `${base}/ledger`,
    auth: 'signed-in',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    query: ZMemberLedgerQuery,
    response: ZMemberLedgerResponse,
    handler: async ({ params, query }) => memberConsole.ledger(params.userId, query),
  });

  route({
    method: 'GET',
    url: `${base}/requests`,
    auth: 'signed-in',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    query: ZMemberRequestsQuery,
    response: ZMemberRequestsResponse,
    handler: async ({ params, query }) => memberConsole.requests(params.userId, query.kind, query),
  });

  route({
    method: 'GET',
    url: `${base}/rounds`,
    auth: 'signed-in',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    query: ZMemberRoundsQuery,
    response: ZMemberRoundsResponse,
    handler: async ({ params, query }) => memberConsole.rounds(params.userId, query, query.lang),
  });

  route({
    method: 'GET',
    url: `${base}/notes`,
    auth: 'signed-in',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    query: ZMemberPageQuery,
    response: ZMemberNotesResponse,
    handler: async ({ params, query }) => memberConsole.notes(params.userId, query),
  });

  route({
    method: 'GET',
    url: `${base}/helps`,
    auth: 'signed-in',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    query: ZMemberPageQuery,
    response: ZMemberHelpsResponse,
    handler: async ({ params, query }) => memberConsole.helps(params.userId, query),
  });

  route({
    method: 'GET',
    url: `${base}/sign-ins`,
    auth: 'signed-in',
    permission: 'memberRead',
    params: ZBackofficeUserIdParams,
    query: ZMemberPageQuery,
    response: ZMemberSignInsResponse,
    handler: async ({ params, query }) => memberConsole.signIns(params.userId, query),
  });

  route({
    method: 'POST',
    url: `${base}/reset-password`,
    auth: 'signed-in',
    permission: 'memberManage',
    params: ZBackofficeUserIdParams,
    response: ZMemberResetPasswordResponse,
    handler: async ({ request, reply, principal, params }) => {
      // The temporary password is shown once: never kept by a cache on the way.
      reply.header('cache-control', 'no-store');
      return memberConsole.resetPassword(params.userId, actorOf(principal, request.ip));
    },
  });
}
