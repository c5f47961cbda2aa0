/**
 * The studio's browser API (packages/studio-engine/src/contract.ts): `POST <base>api/<action>` with
 * JSON. The launch token lives only in the page's memory and in each request's body, never in a
 * cookie, so the API has no CSRF surface.
 */

/** An error answer (`{status: "error", code}` with HTTP 4xx/5xx), or `network` when nothing came back. */
export class StudioError extends Error {
  readonly code: string;
  readonly httpStatus: number | null;

  constructor(code: string, httpStatus: number | null) {
    super(`studio API error: ${code}`);
    this.name = 'StudioError';
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

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
 * Posts one action. Resolves with the success answer or a refusal; rejects with a StudioError for an
 * error answer, an answer that is not JSON, or no answer at all.
 */
export async function postAction<T>(
  action: string,
  body: object,
  signal?: AbortSignal,
): Promise<T | StudioRefusal> {
  let response: Response;
  try {
    response = await fetch(apiUrl(action), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      cache: 'no-store',
      signal: signal ?? null,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new StudioError('network', null);
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new StudioError(response.ok ? 'error' : httpCode(response.status), response.status);
  }
  const status = (data as { status?: unknown } | null)?.status;
  if (!response.ok || status === 'error') {
    const code = (data as { code?: unknown } | null)?.code;
    throw new StudioError(typeof code === 'string' ? code : httpCode(response.status), response.status);
  }
  if (status === 'refused') return data as StudioRefusal;
  if (status !== 'success') throw new StudioError('error', response.status);
  return data as T;
}

function httpCode(status: number): string {
  if (status === 401) return 'invalid_token';
  if (status === 404) return 'not_found';
  if (status === 503) return 'unavailable';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'error';
}
