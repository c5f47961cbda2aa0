/**
 * The HTTP core of the three web apps (portal, back office, studio client) and its one error type.
 * Every request the apps make goes through `requestJson`: same-origin credentials (the session
 * cookie; the server's origin check is the CSRF guard of JSON calls), an optional
 * `Idempotency-Key`, a timeout, the caller's abort signal, and the JSON body parsed whatever the
 * status. A non-2xx answer in the contract's error shape (`{status, errors?, code?}`) becomes an
 * `HttpError` through `errorOfResponse`; no answer at all becomes `HttpError('network')`.
 */

/** How long a request may take before the apps say the network failed. */
export const HTTP_TIMEOUT_MS = 15_000;

/** A field error of a 400 answer (structurally the contracts' `TFieldError`). */
export interface HttpFieldError {
  path: string;
  code: string;
}

export interface HttpErrorInit {
  status: string;
  httpStatus: number;
  /** A finer reason than `status` (the studio's `{status: "error", code}`); `status` when not given. */
  code?: string;
  errors?: readonly HttpFieldError[];
  retryAfterSec?: number;
  body?: unknown;
}

/**
 * A failed request. `status` is the wire status of the answer (`invalid`, `unauthenticated`,
 * `too_many` ...) or `network` when no answer came (offline, timeout), so the UI can always show
 * `status.<status>` or the generic network error; `errors` holds the field errors of a 400,
 * `retryAfterSec` a 429's Retry-After, `body` the parsed answer (or `'timeout'` and the fetch
 * failure's text for a network error).
 */
export class HttpError extends Error {
  readonly status: string;
  readonly httpStatus: number;
  readonly code: string;
  readonly errors: readonly HttpFieldError[];
  readonly retryAfterSec: number | undefined;
  readonly body: unknown;

  constructor(init: HttpErrorInit) {
    super(`request failed: ${init.status} (${init.httpStatus})`);
    this.name = 'HttpError';
    this.status = init.status;
    this.httpStatus = init.httpStatus;
    this.code = init.code ?? init.status;
    this.errors = init.errors ?? [];
    this.retryAfterSec = init.retryAfterSec;
    this.body = init.body;
  }

  get isNetwork(): boolean {
    return this.status === 'network';
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** What an HTTP status stands for when the answer's body did not say (a proxy's HTML page). */
export type StatusOfHttp = (httpStatus: number) => string;

const DEFAULT_STATUS_OF_HTTP: Readonly<Record<number, string>> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  413: 'too_large',
  429: 'too_many',
};

/** The portal's reading of a bare HTTP status; an app whose server words it otherwise passes its own. */
export const statusOfHttp: StatusOfHttp = (httpStatus) => DEFAULT_STATUS_OF_HTTP[httpStatus] ?? 'error';

export interface RawResponse {
  httpStatus: number;
  /** The parsed JSON body, or null when there was none or it was not JSON. */
  body: unknown;
  headers: Headers;
}

export interface RequestOptions {
  /** Cancels the request (TanStack Query passes one); an abort is rethrown as the AbortError it is. */
  signal?: AbortSignal | undefined;
  /** `HTTP_TIMEOUT_MS` when not given; `null` waits as long as the browser does. */
  timeoutMs?: number | null;
  /** Sent as the `Idempotency-Key` header (money actions: one key per intended action). */
  idempotencyKey?: string | undefined;
}

function withIdempotencyKey(init: RequestInit, key: string | undefined): RequestInit {
  if (!key) return init;
  const headers = new Headers(init.headers);
  headers.set('idempotency-key', key);
  return { ...init, headers };
}

/**
 * One HTTP exchange with a timeout: resolves with any HTTP answer (2xx or not) and its parsed JSON
 * body, and rejects with `HttpError('network')` only when no answer came in time. An abort by the
 * caller's signal rejects with the fetch's own AbortError.
 */
export async function requestJson(
  url: string,
  init: RequestInit,
  options: RequestOptions = {},
): Promise<RawResponse> {
  const controller = new AbortController();
  let hasTimedOut = false;
  const timeoutMs = options.timeoutMs === undefined ? HTTP_TIMEOUT_MS : options.timeoutMs;
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          hasTimedOut = true;
          controller.abort();
        }, timeoutMs);
  const outer = options.signal;
  const forwardAbort = () => controller.abort();
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', forwardAbort, { once: true });
  }
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        credentials: 'same-origin',
        ...withIdempotencyKey(init, options.idempotencyKey),
        signal: controller.signal,
      });
    } catch (error) {
      if (outer?.aborted && !hasTimedOut) throw error;
      throw new HttpError({
        status: 'network',
        httpStatus: 0,
        body: hasTimedOut ? 'timeout' : String(error),
      });
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
    if (timer !== undefined) clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

export function isSuccess(raw: RawResponse): boolean {
  return raw.httpStatus >= 200 && raw.httpStatus < 300;
}

/** The `status` string of a contract-shaped body, if it has one. */
export function bodyStatus(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'status' in body && typeof body.status === 'string')
    return body.status;
  return undefined;
}

/** The `code` string of an error body (`{status: "error", code}`), if it has one. */
export function bodyCode(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') return body.code;
  return undefined;
}

function bodyErrors(body: unknown): HttpFieldError[] {
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(
    (e: unknown): e is HttpFieldError =>
      !!e &&
      typeof e === 'object' &&
      typeof (e as HttpFieldError).path === 'string' &&
      typeof (e as HttpFieldError).code === 'string',
  );
}

/**
 * Turns a non-2xx answer into the HttpError the UI reads: the body's `status` (else what the HTTP
 * status stands for), its field errors, its `code`, and the Retry-After header.
 */
export function errorOfResponse(raw: RawResponse, statusOf: StatusOfHttp = statusOfHttp): HttpError {
  const retryAfter = Number(raw.headers.get('retry-after'));
  const status = bodyStatus(raw.body) ?? statusOf(raw.httpStatus);
  return new HttpError({
    status,
    httpStatus: raw.httpStatus,
    code: bodyCode(raw.body) ?? status,
    errors: bodyErrors(raw.body),
    retryAfterSec: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    body: raw.body,
  });
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface JsonCallOptions extends RequestOptions {
  /** The JSON body; a POST without one sends `{}`. */
  body?: unknown;
  /** Extra headers (a locale header, ...). */
  headers?: Record<string, string>;
  /** How a bare HTTP status reads when the answer's body did not say (`statusOfHttp` by default). */
  statusOf?: StatusOfHttp;
}

/**
 * One JSON call: resolves with the body of a 2xx answer (typed by the contract schema's type the
 * caller names); rejects with the HttpError of any other answer, or `HttpError('network')`.
 */
export async function callJson<T>(
  method: HttpMethod,
  url: string,
  options: JsonCallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body =
    options.body === undefined ? (method === 'POST' ? '{}' : undefined) : JSON.stringify(options.body);
  const raw = await requestJson(url, { method, headers, ...(body === undefined ? {} : { body }) }, options);
  if (isSuccess(raw)) return raw.body as T;
  throw errorOfResponse(raw, options.statusOf);
}
