import { errorOfResponse, postForm } from '../../api.ts';
import { fetchCsrfToken } from './auth-csrf.ts';

export interface SignInInput {
  userId: string;
  password: string;
}

/**
 * The outcome of a credentials sign-in: `ok`, or why not. `CredentialsSignin` (wrong id or
 * password), `AccessDenied` (blocked, pending approval or self-excluded) and `too_many` (rate
 * limited) come from the auth layer; any other failure is the ApiError thrown instead.
 */
export type TSignInResult =
  | { ok: true }
  | {
      ok: false;
      error: 'CredentialsSignin' | 'AccessDenied' | 'too_many';
      retryAfterSec?: number;
      /**
       * With `AccessDenied` for a member on a time-out or self-exclusion (docs/protection.md): when it
       * ends, null when it is permanent; absent for any other refusal (an operator's block, approval).
       */
      until?: string | null;
    };

/**
 * When the break that refused the sign-in ends: the body's `until` (null: permanent), else the
 * `until` of the error page's address (`permanent` or empty: permanent); undefined when the answer
 * names no break (docs/api/auth.md).
 */
export function untilOf(body: unknown): string | null | undefined {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if ('until' in record) return typeof record.until === 'string' && record.until ? record.until : null;
  if (typeof record.url !== 'string') return undefined;
  const until = new URL(record.url, 'http://portal.invalid').searchParams.get('until');
  if (until === null) return undefined;
  return until === '' || until === 'permanent' || until === 'null' ? null : until;
}

function errorOfUrl(url: unknown): 'CredentialsSignin' | 'AccessDenied' {
  if (typeof url !== 'string') return 'CredentialsSignin';
  const error = new URL(url, 'http://portal.invalid').searchParams.get('error');
  return error === 'AccessDenied' ? 'AccessDenied' : 'CredentialsSignin';
}

/**
 * The credentials sign-in without redirect (docs/api/auth.md): a fresh CSRF token, then
 * `POST /api/auth/callback/credentials` form-encoded with `json=true`. Success sets the HttpOnly
 * session cookie; the page never sees a token.
 */
export async function signInWithCredentials(input: SignInInput): Promise<TSignInResult> {
  const csrfToken = await fetchCsrfToken();
  const raw = await postForm('/api/auth/callback/credentials', {
    csrfToken,
    userId: input.userId,
    password: input.password,
    callbackUrl: window.location.href,
    json: 'true',
  });
  if (raw.httpStatus >= 200 && raw.httpStatus < 300) return { ok: true };
  if (raw.httpStatus === 401) {
    const error = errorOfUrl((raw.body as { url?: unknown } | null)?.url);
    const until = error === 'AccessDenied' ? untilOf(raw.body) : undefined;
    return { ok: false, error, ...(until !== undefined ? { until } : {}) };
  }
  if (raw.httpStatus === 429) {
    const retryAfter = Number(raw.headers.get('retry-after'));
    return { ok: false, error: 'too_many', ...(retryAfter > 0 ? { retryAfterSec: retryAfter } : {}) };
  }
  throw errorOfResponse(raw);
}
