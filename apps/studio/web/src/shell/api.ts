/**
 * The studio's browser API (packages/studio-engine/src/contract.ts): `POST <base>api/<action>` with
 * JSON. The launch token lives only in the page's memory and in each request's body, never in a
 * cookie, so the API has no CSRF surface. Requests and their one error type are the web kit's
 * (`@casino/web-kit/http`): an error answer (`{status: "error", code}` with HTTP 4xx/5xx) rejects
 * with an HttpError whose `code` says why, `network` when nothing came back.
 */
import { HttpError, bodyCode, bodyStatus, isSuccess, requestJson } from '@casino/web-kit/http';

/** A business refusal of a round (HTTP 200): `not_enough_money`, `bet_out_of_range`, `invalid_token`, ... */
export interface StudioRefusal {
  status: 'refused';
  code: string;
  balance?: number;
}

export function isRefusal(value: unknown): value is StudioRefusal {
  return typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'refused';
}

/** Where the API lives: next to the page, under the build's base (`/studio/`). */
export function apiUrl(action: string): string {
  return `${import.meta.env.BASE_URL}api/${encodeURIComponent(action)}`;
}

/**
 * Posts one action. Resolves with the success answer or a refusal; rejects with an HttpError for an
 * error answer, an answer that is not JSON, or no answer at all. No timeout: a round's answer is
 * awaited as long as the browser waits (the studio recovers an interrupted round on its own).
 */
export async function postAction<T>(
  action: string,
  body: object,
  signal?: AbortSignal,
): Promise<T | StudioRefusal> {
  const raw = await requestJson(
    apiUrl(action),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      cache: 'no-store',
    },
    { signal, timeoutMs: null },
  );
  const status = bodyStatus(raw.body);
  if (!isSuccess(raw) || status === 'error') {
    const code = bodyCode(raw.body) ?? httpCode(raw.httpStatus);
    throw new HttpError({ status: 'error', code, httpStatus: raw.httpStatus, body: raw.body });
  }
  if (status === 'refused') return raw.body as StudioRefusal;
  if (status !== 'success')
    throw new HttpError({ status: 'error', httpStatus: raw.httpStatus, body: raw.body });
  return raw.body as T;
}

function httpCode(status: number): string {
  if (status === 401) return 'invalid_token';
  if (status === 404) return 'not_found';
  if (status === 503) return 'unavailable';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'error';
}
