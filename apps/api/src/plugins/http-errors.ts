import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * Turns every failure into the JSON shapes of API.md section 1. Bad input is never a 500: the
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
    if (request.url.startsWith('/api/')) {
      if (request.method === 'POST' && request.url.startsWith('/api/routes/')) {
        return reply.status(400).send({ status: 'invalid', errors: [{ path: '', code: 'unknown' }] });
      }
      return reply.status(404).send({ status: 'not_found' });
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
}
