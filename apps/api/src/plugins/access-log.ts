import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The member call every signed-in browser makes every 30 seconds and after each action. */
const HEALTH_POLL = '/api/routes/user-health-check';

/**
 * Requests too frequent to be worth a line each at `info`: the health poll, and GETs of static
 * files (the portal's assets, fonts, images). They are logged at `debug`.
 */
function isRoutine(request: FastifyRequest): boolean {
  const url = request.url;
  if (request.method === 'POST') return url === HEALTH_POLL;
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !url.startsWith('/api/') &&
    /\.[a-z0-9]+$/i.test(url.split('?', 1)[0]!)
  );
}

/**
 * One access line per request, written when the answer has gone (method, path, status, time,
 * client address). Fastify's default wrote two lines at `info` for every request, the health
 * poll included: at 10,000 members online that is 660 lines a second of polls alone, and they
 * cost as much as the rest of the poll (issue 9). Fastify's other lines (errors, streams cut
 * short) are kept as they are.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // pino turns a disabled level into a no-op, so a routine request at `info` costs one call.
    else reply.log[isRoutine(request) ? 'debug' : 'info'](line, 'request');
  }
}
