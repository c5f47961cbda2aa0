import { errorOfResponse, requestJson } from '../../api.ts';

/**
 * `GET /api/auth/csrf` -> `{csrfToken}`. The token is bound to a cookie the same answer sets
 * (double submit), so it is fetched right before each sign-in or sign-out and never cached.
 */
export async function fetchCsrfToken(signal?: AbortSignal): Promise<string> {
  const raw = await requestJson(
    '/api/auth/csrf',
    { method: 'GET', headers: { accept: 'application/json' } },
    { signal },
  );
  const body = raw.body as { csrfToken?: unknown } | null;
  if (raw.httpStatus < 200 || raw.httpStatus >= 300 || typeof body?.csrfToken !== 'string')
    throw errorOfResponse(raw);
  return body.csrfToken;
}
