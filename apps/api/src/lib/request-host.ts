import type { FastifyRequest } from 'fastify';

/**
 * The host a request was made for, as domain fields are matched against it (`domainMatches` of
 * packages/contracts/src/host.ts): its Origin when it has a usable one, else its Host.
 */
export function requestHostSource(request: FastifyRequest): string {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/\s]+/i.test(origin.trim())) return origin.trim();
  return request.host;
}
