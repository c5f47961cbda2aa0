import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Requests too frequent to be worth a line each at `info`: the polls (the member calls that
 * `isPoll` names: the health poll, and the public answers kept for everyone, which every home
 * page asks for), and the static site (the portal's page, which every client route answers with,
 * its assets, fonts and images: files that a load balancer or CDN in front logs anyway). They are
 * logged at `debug`; every other call of the API, the back office and the auth layer at `info`.
 */
function isRoutine(request: FastifyRequest, isPoll: (url: string) => boolean): boolean {
  if (request.method === 'POST') return isPoll(request.url);
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
  readonly #isPoll: (url: string) => boolean;

  /** `isPoll` tells a poll's URL (the call registry knows which calls are polls). */
  constructor(isPoll: (url: string) => boolean) {
    super();
    this.#isPoll = isPoll;
  }

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
    else reply.log[isRoutine(request, this.#isPoll) ? 'debug' : 'info'](line, 'request');
  }
}
