import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  signinErrorUrl,
  ZClientLogRequest,
  ZClientLogResponse,
  ZCredentialsCallbackForm,
  ZCredentialsCallbackResponse,
  ZCsrfResponse,
  ZProvidersResponse,
  ZSessionResponse,
  ZSignoutForm,
  ZSignoutResponse,
  type TProvidersResponse,
} from '@casino/contracts/auth';
import type { ModuleContext } from '../../lib/module-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseInput, routesFor } from '../../lib/routes.ts';
import { siteOrigin } from '../../plugins/origin-check.ts';
import {
  clearCookie,
  CSRF_COOKIE,
  MEMBER_COOKIE,
  readCookie,
  setCookie,
  setSessionCookie,
} from './cookies.ts';
import type { MemberSignIn } from './auth.types.ts';
import { clientDevice } from './device.ts';
import type { CsrfService } from './csrf.service.ts';
import type { SessionService } from './session.service.ts';

/** The longest client log entry written to the server log, in characters. */
export const CLIENT_LOG_MAX_CHARS = 2_000;
const CLIENT_LOG_PER_MINUTE = 60;

export interface AuthRoutesDeps {
  sessions: SessionService;
  csrf: CsrfService;
  members: MemberSignIn;
}

function formOf(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * Where to send the browser after a sign-in or sign-out: only a path on this site. An absolute URL
 * of the site's own origin (what the portal sends: `window.location.href`) is reduced to its path;
 * anything else (another host, `//host`, `javascript:`, backslashes, control characters) is `/`.
 */
export function safeCallbackUrl(raw: string | undefined, request: FastifyRequest): string {
  if (!raw) return '/';
  // Browsers read a backslash as a slash, so `/\evil.com` would leave the site.
  if (raw.includes('\\') || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return '/';
  let own: string;
  let url: URL;
  try {
    own = new URL(siteOrigin(request)).origin;
    url = new URL(raw, `${own}/`);
  } catch {
    return '/';
  }
  if (url.origin !== own) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

async function requireCsrf(
  csrf: CsrfService,
  request: FastifyRequest,
  form: Record<string, unknown>,
): Promise<void> {
  if (!(await csrf.verify(readCookie(request, CSRF_COOKIE), form.csrfToken))) throw new AppError('forbidden');
}

function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/**
 * The authentication layer of docs/api/auth.md (`/api/auth/*`). The CSRF origin check of
 * plugins/origin-check.ts runs before every POST here; the credentials sign-in and sign-out also
 * need the double-submit token of `GET /api/auth/csrf`.
 *
 * A member who is blocked, pending approval or self-excluded and gives the right password gets
 * `401 {url: "/admin/error?error=AccessDenied"}`: the same status as wrong credentials (both are
 * "not signed in"), told apart by the error in the URL. A member on a time-out or self-exclusion
 * gets `&until=<ISO instant>` (or `&until=permanent`) added.
 */
export function registerAuthRoutes(app: FastifyInstance, ctx: ModuleContext, deps: AuthRoutesDeps): void {
  const { sessions, csrf, members } = deps;

  // Public routes: the member session is read where a route needs it. The forms are validated
  // inside the handlers, after the CSRF check, so a forged request learns nothing about the form.
  const route = routesFor(app);

  route({
    method: 'GET',
    url: '/api/auth/csrf',
    auth: 'public',
    response: ZCsrfResponse,
    handler: async ({ request, reply }) => {
      noStore(reply);
      const issued = await csrf.issue(readCookie(request, CSRF_COOKIE));
      if (issued.isNew) setCookie(reply, request, CSRF_COOKIE, issued.cookie);
      return { csrfToken: issued.token };
    },
  });

  route({
    method: 'GET',
    url: '/api/auth/session',
    auth: 'public',
    response: ZSessionResponse,
    handler: async ({ request, reply }) => {
      noStore(reply);
      return (await members.sessionView(readCookie(request, MEMBER_COOKIE))) ?? {};
    },
  });

  route({
    method: 'GET',
    url: '/api/auth/providers',
    auth: 'public',
    response: ZProvidersResponse,
    handler: async ({ request }): Promise<TProvidersResponse> => {
      const origin = siteOrigin(request);
      return {
        credentials: {
          id: 'credentials',
          name: 'Credentials',
          type: 'credentials',
          signinUrl: `${origin}/login`,
          callbackUrl: `${origin}/api/auth/callback/credentials`,
        },
      };
    },
  });

  route({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    auth: 'public',
    response: ZCredentialsCallbackResponse,
    handler: async ({ request, reply }) => {
      noStore(reply);
      const form = formOf(request.body);
      await requireCsrf(csrf, request, form);
      const input = parseInput(ZCredentialsCallbackForm, form);

      const result = await members.signIn({
        userId: input.userId,
        password: input.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        device: clientDevice(request, reply),
      });
      // Not signed in: 401 with the error page's address (docs/api/auth.md), in the same body shape.
      if (result.status === 'fail') {
        reply.code(401);
        return { url: signinErrorUrl('CredentialsSignin') };
      }
      if (result.status === 'blocked') {
        reply.code(401);
        // A time-out or self-exclusion adds its end (`permanent` when it has none), so the portal's
        // page can say until when (docs/api/auth.md); an operator's block adds nothing.
        const until =
          result.until === undefined
            ? ''
            : `&until=${result.until === null ? 'permanent' : encodeURIComponent(result.until.toISOString())}`;
        return { url: `${signinErrorUrl('AccessDenied')}${until}` };
      }

      // Signing in again from the same browser replaces its previous session.
      await sessions.revokeToken('member', readCookie(request, MEMBER_COOKIE));
      setSessionCookie(request, reply, MEMBER_COOKIE, result.created);
      return { url: safeCallbackUrl(input.callbackUrl, request) };
    },
  });

  route({
    method: 'POST',
    url: '/api/auth/signout',
    auth: 'public',
    response: ZSignoutResponse,
    handler: async ({ request, reply }) => {
      noStore(reply);
      const form = formOf(request.body);
      await requireCsrf(csrf, request, form);
      const input = parseInput(ZSignoutForm, form);
      await sessions.revokeToken('member', readCookie(request, MEMBER_COOKIE));
      clearCookie(reply, request, MEMBER_COOKIE);
      return { url: safeCallbackUrl(input.callbackUrl, request) };
    },
  });

  route({
    method: 'POST',
    url: '/api/auth/_log',
    auth: 'public',
    response: ZClientLogResponse,
    handler: async ({ request }) => {
      // A flood of client logs must not flood the server log: over the limit they are dropped quietly.
      const hit = await ctx.rateLimiter.hit(`client-log:${request.ip}`, 60_000);
      if (hit.count > CLIENT_LOG_PER_MINUTE) return {};
      // A client log is written as sent even when it does not match the schema: it is a report
      // of something that went wrong, so it is never refused.
      const form = formOf(request.body);
      const parsed = ZClientLogRequest.safeParse(form);
      let entry = JSON.stringify(parsed.success ? parsed.data : form) ?? '';
      if (entry.length > CLIENT_LOG_MAX_CHARS) entry = `${entry.slice(0, CLIENT_LOG_MAX_CHARS)}…`;
      request.log.warn(
        { clientLog: entry, userAgent: request.headers['user-agent']?.slice(0, 200) },
        'client log',
      );
      return {};
    },
  });
}
