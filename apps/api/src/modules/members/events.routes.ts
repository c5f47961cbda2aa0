import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EventHub, EventSink } from '../../lib/event-hub.ts';
import type { MemberResolver } from '../../lib/calls.ts';
import { AppError } from '../../lib/app-error.ts';

/** The member's event stream (docs/api/events.md). */
export const MEMBER_EVENTS_PATH = '/api/events';

/** The last event a reconnecting client saw: EventSource's header, or `?lastEventId=` (a proxy may drop headers). */
export function lastEventIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  const query = (request.query as { lastEventId?: unknown } | undefined)?.lastEventId;
  const value = typeof header === 'string' && header ? header : typeof query === 'string' ? query : undefined;
  // An id is short; anything else is not one of ours and resumes nothing.
  return value && value.length <= 64 ? value : undefined;
}

/**
 * Takes the response over as a `text/event-stream` (Fastify sends nothing more), and hands the hub
 * its writer; `open` returns the function that detaches it, called when the client goes.
 */
export function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  open: (sink: EventSink) => () => void,
): void {
  reply.hijack();
  const res = reply.raw;
  // What the hooks set (the security headers, the request id), then the stream's own.
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) headers[name] = value;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx and the like pass each event on at once instead of buffering the answer.
    'x-accel-buffering': 'no',
  });
  const sink: EventSink = {
    write: (chunk) => void res.write(chunk),
    get backlog() {
      return res.writableLength;
    },
    end: () => res.end(),
  };
  const detach = open(sink);
  request.raw.on('close', detach);
  res.on('close', detach);
}

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
