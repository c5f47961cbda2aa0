import type { FastifyInstance } from 'fastify';
import type { EventHub } from '../../lib/event-hub.ts';
import { lastEventIdOf, streamEvents } from '../../lib/event-stream.ts';
import type { MemberResolver } from '../../lib/calls.ts';
import { AppError } from '../../lib/app-error.ts';

/** The member's event stream (docs/api/events.md). */
export const MEMBER_EVENTS_PATH = '/api/events';

/**
 * A member's streams one instance holds at most (tabs, a game window): a session cannot take an
 * instance's memory by opening streams without end. More answer 429.
 */
export const MAX_STREAMS_PER_MEMBER = 8;

/**
 * `GET /api/events` (member session): the member's stream of `balance`, `note`, `help`, `cashier`
 * and `jackpot` events. A request without a valid session answers 401 as a member call does.
 */
export function registerMemberEvents(
  app: FastifyInstance,
  deps: { hub: EventHub; resolveMember: MemberResolver },
): void {
  app.get(MEMBER_EVENTS_PATH, async (request, reply) => {
    // Opening a stream is not activity: a page left open signs out after the idle time as before.
    const member = await deps.resolveMember(request, { touch: false, withUser: false });
    if (!member) throw new AppError('unauthenticated');
    // Counted and opened in one turn of the event loop: parallel requests cannot all pass.
    if (deps.hub.memberStreams(member.memberId) >= MAX_STREAMS_PER_MEMBER)
      throw new AppError('too_many', { retryAfterSec: 30 });
    streamEvents(request, reply, (sink) =>
      deps.hub.openMember({
        memberId: member.memberId,
        userId: member.userId,
        lastEventId: lastEventIdOf(request),
        sink,
      }),
    );
  });
}
