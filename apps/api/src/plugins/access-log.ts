import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The member call every signed-in browser makes every 30 seconds and after each action. */
const HEALTH_POLL = '/api/routes/user-health-check';

/**
 * Requests too frequent to be worth a line each at `info`: the health poll, and the static site
 * (the portal's page, which every client route answers with, its assets, fonts and images: files
 * that a load balancer or CDN in front logs anyway). They are logged at `debug`; every call of
 * the API, the back office and the auth layer gets its line at `info`.
 */
function isRoutine(request: FastifyRequest): boolean {
  if (request.method === 'POST') return request.url === HEALTH_POLL;
  return (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
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
