import type { TGetSessionsResponse } from '@casino/contracts/protection';
import type { MemberPrincipal } from '../../lib/calls.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { MembersService } from '../members/members.service.ts';

export interface MemberSessionsDeps {
  sessions: Pick<SessionService, 'listLive' | 'revokeOwn'>;
  /** The members module owns the sign-in history (`member_sign_ins`). */
  members: Pick<MembersService, 'previousSignIn'>;
  now: () => Date;
}

/**
 * The member's own sessions (`get-sessions`, `end-session`, docs/protection.md "Sessions"): the live
 * ones with where they came from, the sign-in before the current one, and signing one out.
 */
export function createMemberSessions(deps: MemberSessionsDeps) {
  const { sessions, members, now } = deps;
  return {
    /**
     * get-sessions: the member's live sessions, newest first, the current one marked, and
     * `lastLogin`: the latest successful sign-in before the current session began (null on a first).
     */
    async list(principal: MemberPrincipal): Promise<TGetSessionsResponse> {
      const live = await sessions.listLive('member', principal.memberId);
      const currentStart = live.find((s) => s.id === principal.sessionId)?.created_at ?? now();
      const previous = await members.previousSignIn(principal.memberId, currentStart);
      return {
        status: 'success',
        sessions: live.map((s) => ({
          id: s.id,
          current: s.id === principal.sessionId,
          ip: s.ip,
          userAgent: s.user_agent,
          createdAt: s.created_at.toISOString(),
          lastSeenAt: s.last_active_at.toISOString(),
        })),
        lastLogin: previous ? { at: previous.at.toISOString(), ip: previous.ip } : null,
      };
    },

    /**
     * end-session: signs out one of the member's own sessions; `not_found` for an id that is not
     * one (another member's included). `current` tells the caller to clear the cookie too.
     */
    async end(
      principal: MemberPrincipal,
      id: number,
    ): Promise<{ status: 'success'; current: boolean } | { status: 'not_found' }> {
      const ended = await sessions.revokeOwn('member', principal.memberId, id);
      return ended ? { status: 'success', current: id === principal.sessionId } : { status: 'not_found' };
    },
  };
}

export type MemberSessions = ReturnType<typeof createMemberSessions>;
