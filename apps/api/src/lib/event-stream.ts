import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventSink } from './event-hub.ts';

// The HTTP side of an event stream (docs/api/events.md), the members' and the operators'.

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
