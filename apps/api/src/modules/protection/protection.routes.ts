import type { FastifyInstance } from 'fastify';
import { CSV_ANSWER } from '@casino/contracts/backoffice-route';
import { HISTORY_CSV_MAX_ROWS, ZAccountHistoryCsvQuery } from '@casino/contracts/protection';
import { refusal, type MemberPrincipal } from '../../lib/calls.ts';
import type { ModuleContext } from '../../lib/module-context.ts';
import { routesFor } from '../../lib/routes.ts';
import { clearCookie, MEMBER_COOKIE, readCookie } from '../auth/cookies.ts';
import type { MembersService } from '../members/members.service.ts';
import type { BreaksService } from './breaks.service.ts';
import type { HistoryService } from './history.service.ts';
import type { ProtectionService } from './protection.service.ts';
import type { MemberSessions } from './sessions.service.ts';

export interface ProtectionRouteDeps {
  protection: ProtectionService;
  breaks: Pick<BreaksService, 'takeBreak'>;
  memberSessions: MemberSessions;
  history: HistoryService;
}

/** The member calls of player protection (docs/protection.md). */
export function registerProtectionCalls(ctx: ModuleContext, deps: ProtectionRouteDeps): void {
  const { protection } = deps;
  const { calls } = ctx;

  // Limits and the reality check (limits.service.ts).
  calls.register('get-play-limits', (_input, { member }) => protection.getPlayLimits(member.memberId));
  calls.register('set-play-limit', (input, { member }) => protection.setPlayLimit(member.memberId, input));
  calls.register('set-reality-check', (input, { member }) =>
    protection.setRealityCheck(member.memberId, input.minutes),
  );

  // Breaks (breaks.service.ts): every session ends, this one too, so its cookie goes.
  calls.register('take-break', async (input, { member, request, reply }) => {
    const result = await deps.breaks.takeBreak(member, input, request.ip);
    if (result.status !== 'success') return result;
    clearCookie(reply, request, MEMBER_COOKIE);
    return { status: result.status, until: result.until?.toISOString() ?? null };
  });

  // The member's own sessions (sessions.service.ts): ending the current one signs out.
  calls.register('get-sessions', (_input, { member }) => deps.memberSessions.list(member));
  calls.register('end-session', async (input, { member, request, reply }) => {
    const result = await deps.memberSessions.end(member, input.id);
    if (result.status === 'success' && result.current) clearCookie(reply, request, MEMBER_COOKIE);
    return { status: result.status };
  });

  // The account history and the reality check's session result (history.service.ts).
  calls.register('get-account-history', (input, { member }) => deps.history.history(member.memberId, input));
  calls.register('get-session-summary', (_input, { member }) => deps.history.sessionSummary(member));
}

/**
 * `GET /api/account/history.csv?from&to&kind` (docs/protection.md "History"): the signed-in member's
 * account history as a CSV file, at most HISTORY_CSV_MAX_ROWS rows, newest first, declared through
 * the one route declaration as the back office's CSV routes are: 401 without the member session
 * (cookie `sid`), 403 while something must be done first that get-account-history would be refused
 * for (a forced password change), then 400 naming the field.
 */
export function registerAccountHistoryCsv(
  app: FastifyInstance,
  deps: { members: Pick<MembersService, 'resolve'>; history: HistoryService },
): void {
  const route = routesFor<MemberPrincipal, never>(app, {
    async resolve(request) {
      const member = await deps.members.resolve(readCookie(request, MEMBER_COOKIE), { touch: true });
      // The same data as get-account-history, under the same rules of what must be done first.
      const refused = member && refusal(member, 'get-account-history');
      if (refused) throw refused;
      return member;
    },
    allows: () => true,
  });
  route({
    method: 'GET',
    url: '/api/account/history.csv',
    auth: 'signed-in',
    query: ZAccountHistoryCsvQuery,
    response: CSV_ANSWER,
    handler: async ({ reply, principal: member, query }) => {
      const csv = await deps.history.csv(member.memberId, query, HISTORY_CSV_MAX_ROWS);
      reply
        .header('x-total-count', String(csv.total))
        .header('x-truncated', csv.total > csv.rows ? 'true' : 'false');
      return { filename: csv.filename, text: csv.text };
    },
  });
}
