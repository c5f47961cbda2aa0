import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CreatedSession } from './session.service.ts';

/** The member session cookie. */
export const MEMBER_COOKIE = 'sid';
/** The operator session cookie (back office). */
export const OPERATOR_COOKIE = 'bo_sid';
/** The CSRF double-submit cookie of the credentials sign-in. */
export const CSRF_COOKIE = 'csrf';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The request's host name without its port, lower-cased (`[::1]` keeps its brackets). */
export function requestHostname(request: FastifyRequest): string {
  const host = request.host.toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/**
 * Cookies are `Secure` everywhere except plain http on a loopback host, where a developer runs the
 * server without TLS (a browser would drop a Secure cookie sent over http).
 */
export function isSecureCookieRequest(request: FastifyRequest): boolean {
  return !(request.protocol === 'http' && LOOPBACK_HOSTS.has(requestHostname(request)));
}

function baseOptions(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: isSecureCookieRequest(request) };
}

/** Sets an HttpOnly, SameSite=Lax cookie on `/` that lives `maxAgeMs` (a browser-session cookie when undefined). */
export function setCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  name: string,
  value: string,
  maxAgeMs?: number,
): void {
  reply.setCookie(name, value, {
    ...baseOptions(request),
    ...(maxAgeMs !== undefined ? { maxAge: Math.max(0, Math.floor(maxAgeMs / 1000)) } : {}),
  });
}

export function clearCookie(reply: FastifyReply, request: FastifyRequest, name: string): void {
  reply.clearCookie(name, baseOptions(request));
}

/** A cookie of the request, or undefined (also when the header held it twice or not as text). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const value = request.cookies?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Sets a session cookie. It lives as long as the session's absolute timeout; the idle timeout is
 * enforced by the server, which ignores the cookie once the session is over.
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: typeof MEMBER_COOKIE | typeof OPERATOR_COOKIE,
  created: CreatedSession,
): void {
  setCookie(
    reply,
    request,
    name,
    created.token,
    created.session.absoluteExpiresAt.getTime() - created.session.createdAt.getTime(),
  );
}
