import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { AppError } from '../lib/app-error.ts';

const UNKNOWN_CALL = { status: 'invalid', errors: [{ path: '', code: 'unknown' }] } as const;

/**
 * The path of a request line, origin-form or absolute-form (`POST http://host/api/...`), without
 * the query string; undefined when it cannot be parsed. Never decoded: only its prefix is judged.
 */
function pathOf(url: string): string | undefined {
  try {
    return new URL(url, 'http://site.invalid').pathname;
  } catch {
    return undefined;
  }
}

const isApi = (url: string) => pathOf(url)?.startsWith('/api/') === true;
/**
 * The house studio's API, mounted on this server under its default prefix (apps/studio, `main.ts`):
 * its errors have the studio's shape `{status: "error", code}` (docs/api/studio-mini.md), also
 * when the router refuses the path or finds no route there.
 */
const STUDIO_API = '/studio/api/';
const isStudioApi = (url: string) => pathOf(url)?.startsWith(STUDIO_API) === true;
/** Methods that read (or ask about) a resource rather than make a call. */
const isReading = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/**
 * Turns every failure into the JSON shapes of docs/api/README.md. Bad input is never a 500: the
 * framework's own 4xx errors (malformed JSON, a body too large, an unsupported content type) are
 * mapped here too. A 500 tells only the request id; the details go to the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSec !== undefined) reply.header('retry-after', String(error.retryAfterSec));
      const body = error.body ?? {
        status: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.code === 'error' ? { requestId: request.id } : {}),
      };
      return reply.status(error.httpStatus).send(body);
    }
    const code = (error as FastifyError).code;
    const statusCode = (error as FastifyError).statusCode ?? 500;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) {
      return reply.status(413).send({ status: 'too_large' });
    }
    if (statusCode === 429) {
      return reply.status(429).send({ status: 'too_many' });
    }
    if (statusCode >= 400 && statusCode < 500) {
      // Malformed JSON, wrong content type, an empty body where one is required...: the body as a whole is bad.
      const errorCode = code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'type' : 'pattern';
      return reply.status(400).send({ status: 'invalid', errors: [{ path: '', code: errorCode }] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status: 'error', requestId: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    if (isStudioApi(request.url)) return reply.status(404).send({ status: 'error', code: 'not_found' });
    if (isApi(request.url)) {
      // A read of nothing is `not_found`; any other method names a call this server does not have
      // (a PUT of a member call, a POST to `/api/routes/..` that a client resolved to `/api/`).
      if (isReading(request.method)) return reply.status(404).send({ status: 'not_found' });
      return reply.status(400).send(UNKNOWN_CALL);
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
}

/**
 * The router's own failures (Fastify's `frameworkErrors`), which never reach the error handler:
 * a malformed percent-encoding (FST_ERR_BAD_URL) and a path parameter over the router's length
 * limit (FST_ERR_MAX_PARAM_LENGTH, a 3,000-character call name or a 4,000-digit id). Fastify's
 * default answer echoed the URL in its own shape; these answer the contract's (issue 8, defect 5).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    if (isStudioApi(request.url)) {
      // No game, round or call of the studio has such a name.
      void reply.status(404).send({ status: 'error', code: 'not_found' });
      return;
    }
    if (!isApi(request.url)) {
      void reply
        .status(isReading(request.method) ? 404 : 400)
        .type('text/plain')
        .send(isReading(request.method) ? 'Not found' : 'Bad request');
      return;
    }
    // No call or entry can have such a name: an unknown call, or a malformed path parameter.
    const onCall = request.method === 'POST' && pathOf(request.url)?.startsWith('/api/routes/') === true;
    const code = onCall ? 'unknown' : error.code === 'FST_ERR_BAD_URL' ? 'pattern' : 'length';
    void reply.status(400).send({ status: 'invalid', errors: [{ path: '', code }] });
    return;
  }
  request.log.error({ err: error }, 'router error');
  void reply.status(500).send({ status: 'error', requestId: request.id });
}

const CLIENT_ERROR_BODY = JSON.stringify({ status: 'invalid', errors: [{ path: '', code: 'pattern' }] });

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an unknown method, a malformed
 * header or chunk, headers too large, a request that took too long) answer the contract's 400 too,
 * then the connection is closed as Node does. Fastify's default wrote its own shape.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (
  error,
  socket: Socket,
) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 400 Bad Request\r\nContent-Length: ${Buffer.byteLength(CLIENT_ERROR_BODY)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${CLIENT_ERROR_BODY}`,
    );
  }
  socket.destroy(error);
};
