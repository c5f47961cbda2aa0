import type { TFieldError } from '@casino/contracts/errors';

/** How long a call may take before the console says the network failed. */
export const API_TIMEOUT_MS = 15_000;

/**
 * A failed call: `status` is the wire status of the answer (`invalid`, `unauthenticated`,
 * `denied`, `too_many`, `error` ...) or `network` when no answer came, so a screen can always show
 * `errors.<status>`; `retryAfterSec` is the 429's Retry-After.
 */
export class ApiError extends Error {
  readonly status: string;
  readonly httpStatus: number;
  readonly errors: readonly TFieldError[];
  readonly retryAfterSec: number | undefined;

  constructor(init: {
    status: string;
    httpStatus: number;
    errors?: readonly TFieldError[];
    retryAfterSec?: number;
  }) {
    super(`request failed: ${init.status} (${init.httpStatus})`);
    this.name = 'ApiError';
    this.status = init.status;
    this.httpStatus = init.httpStatus;
    this.errors = init.errors ?? [];
    this.retryAfterSec = init.retryAfterSec;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const STATUS_OF_HTTP: Record<number, string> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'denied',
  404: 'not_found',
  413: 'too_large',
  429: 'too_many',
};

export interface CallOptions {
  body?: unknown;
  /** Sent as `Idempotency-Key` (money actions; lib/idempotency.ts keeps one per intended action). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/**
 * One call of the back-office API, same-origin with the operator's cookie. A 2xx answer resolves
 * with its JSON body (typed by the contract schema's type the caller names); any other answer
 * rejects with an ApiError, a missing answer with ApiError('network').
 */
export async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body:
        options.body === undefined ? (method === 'POST' ? '{}' : undefined) : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 'network', httpStatus: 0 });
  }
  // A proxy's HTML error page has no JSON body: the HTTP status then says what happened.
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body as T;
  const wire = body && typeof body === 'object' ? (body as { status?: unknown; errors?: unknown }) : {};
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new ApiError({
    status: typeof wire.status === 'string' ? wire.status : (STATUS_OF_HTTP[response.status] ?? 'error'),
    httpStatus: response.status,
    errors: Array.isArray(wire.errors) ? (wire.errors as TFieldError[]) : [],
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSec: retryAfter } : {}),
  });
}

/** A query string of the defined values. */
export function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

const SAID = ['network', 'denied', 'unauthenticated', 'invalid', 'too_many'];

/** The translation key of a failure: `errors.<status>` for the ones the console words, else `errors.error`. */
export function errorKey(error: unknown): string {
  return `errors.${isApiError(error) && SAID.includes(error.status) ? error.status : 'error'}`;
}
