import type { TCallName, TCallRequest, TCallResponse } from '@casino/contracts/calls';
import type { TFieldError } from '@casino/contracts/errors';

/** The portal's own limit (the specification's client had none); API.md section 1. */
export const API_TIMEOUT_MS = 15_000;

/**
 * A failed request. `status` is the wire status of the answer (`invalid`, `unauthenticated`,
 * `too_many` ...) or `network` when no answer came (offline, timeout), so the UI can always show
 * `status.<status>` or the generic network error; `errors` holds the field errors of a 400.
 */
export class ApiError extends Error {
  readonly status: string;
  readonly httpStatus: number;
  readonly errors: readonly TFieldError[];
  readonly retryAfterSec: number | undefined;
  readonly body: unknown;

  constructor(init: {
    status: string;
    httpStatus: number;
    errors?: readonly TFieldError[];
    retryAfterSec?: number;
    body?: unknown;
  }) {
    super(`request failed: ${init.status} (${init.httpStatus})`);
    this.name = 'ApiError';
    this.status = init.status;
    this.httpStatus = init.httpStatus;
    this.errors = init.errors ?? [];
    this.retryAfterSec = init.retryAfterSec;
    this.body = init.body;
  }

  get isNetwork(): boolean {
    return this.status === 'network';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The status an HTTP error answer stands for when its body did not say (a proxy's HTML page). */
function statusOfHttp(httpStatus: number): string {
  switch (httpStatus) {
    case 400:
      return 'invalid';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 413:
      return 'too_large';
    case 429:
      return 'too_many';
    default:
      return 'error';
  }
}

export interface RawResponse {
  httpStatus: number;
  body: unknown;
  headers: Headers;
}

export interface RequestOptions {
  /** Cancels the request (TanStack Query passes one); an abort is rethrown as the AbortError it is. */
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
}

/**
 * One HTTP exchange with a timeout: resolves with any HTTP answer (2xx or not) and its parsed JSON
 * body, and rejects with `ApiError('network')` only when no answer came in time.
 */
export async function requestJson(
  url: string,
  init: RequestInit,
  options: RequestOptions = {},
): Promise<RawResponse> {
  const controller = new AbortController();
  let hasTimedOut = false;
  const timer = window.setTimeout(() => {
    hasTimedOut = true;
    controller.abort();
  }, options.timeoutMs ?? API_TIMEOUT_MS);
  const outer = options.signal;
  const forwardAbort = () => controller.abort();
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', forwardAbort, { once: true });
  }
  try {
    let response: Response;
    try {
      response = await fetch(url, { credentials: 'same-origin', ...init, signal: controller.signal });
    } catch (error) {
      if (outer?.aborted && !hasTimedOut) throw error;
      throw new ApiError({ status: 'network', httpStatus: 0, body: hasTimedOut ? 'timeout' : String(error) });
    }
    let body: unknown = null;
    const text = await response.text().catch(() => '');
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    return { httpStatus: response.status, body, headers: response.headers };
  } finally {
    window.clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

function bodyStatus(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'status' in body && typeof body.status === 'string')
    return body.status;
  return undefined;
}

function bodyErrors(body: unknown): TFieldError[] {
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(
    (e: unknown): e is TFieldError =>
      !!e &&
      typeof e === 'object' &&
      typeof (e as TFieldError).path === 'string' &&
      typeof (e as TFieldError).code === 'string',
  );
}

/** Turns a non-2xx answer into the ApiError the UI reads (`status.*` or `field.*` messages). */
export function errorOfResponse(raw: RawResponse): ApiError {
  const retryAfter = Number(raw.headers.get('retry-after'));
  return new ApiError({
    status: bodyStatus(raw.body) ?? statusOfHttp(raw.httpStatus),
    httpStatus: raw.httpStatus,
    errors: bodyErrors(raw.body),
    retryAfterSec: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    body: raw.body,
  });
}

/** Calls that only read: they are retried once after a network failure, a timeout or a 5xx. */
export function isReadCall(name: string): boolean {
  return name.startsWith('get-') || name.startsWith('check-') || name === 'user-health-check';
}

function isRetryable(error: unknown): boolean {
  // A 503 `maintenance` is the operator's switch, not a passing failure: asking again cannot help.
  return (
    error instanceof ApiError &&
    (error.isNetwork || (error.httpStatus >= 500 && error.status !== 'maintenance'))
  );
}

export interface CallOptions extends RequestOptions {
  /** Overrides the read/write guess of `isReadCall` (only reads are retried). */
  isRead?: boolean;
}

let apiLocale: string | undefined;

/**
 * The portal's locale, sent with every call (`x-portal-locale`): the server names games and
 * launches them in it (API.md section 5, `lang`).
 */
export function setApiLocale(locale: string): void {
  apiLocale = locale;
}

/**
 * `POST /api/routes/<name>` with a JSON body, typed by the contracts' CALLS registry. Resolves with
 * the answer of any 2xx (a business outcome such as `alread_have_user` is a 200 and is returned);
 * rejects with ApiError for everything else.
 */
export async function callApi<N extends TCallName>(
  name: N,
  body: TCallRequest<N>,
  options: CallOptions = {},
): Promise<TCallResponse<N>> {
  const attempts = (options.isRead ?? isReadCall(name)) ? 2 : 1;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const raw = await requestJson(
        `/api/routes/${name}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(apiLocale ? { 'x-portal-locale': apiLocale } : {}),
          },
          body: JSON.stringify(body ?? {}),
        },
        options,
      );
      if (raw.httpStatus >= 200 && raw.httpStatus < 300) {
        if (bodyStatus(raw.body) === undefined)
          throw new ApiError({ status: 'error', httpStatus: raw.httpStatus, body: raw.body });
        return raw.body as TCallResponse<N>;
      }
      throw errorOfResponse(raw);
    } catch (error) {
      if (attempt < attempts && isRetryable(error) && !options.signal?.aborted) continue;
      throw error;
    }
  }
}

/** A form-encoded POST (the auth layer's sign-in and sign-out); never retried. */
export function postForm(
  url: string,
  fields: Record<string, string>,
  options: RequestOptions = {},
): Promise<RawResponse> {
  return requestJson(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields).toString(),
    },
    options,
  );
}
