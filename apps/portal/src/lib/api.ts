import type { TCallName, TCallRequest, TCallResponse } from '@casino/contracts/calls';
import {
  HttpError,
  bodyStatus,
  errorOfResponse,
  isSuccess,
  requestJson,
  type RawResponse,
  type RequestOptions,
} from '@casino/web-kit/http';

// The HTTP core and its one error type live in the web kit (packages/web-kit/src/http.ts); the portal
// keeps its names for them and adds the member calls typed by the contracts' CALLS registry.
export {
  HTTP_TIMEOUT_MS as API_TIMEOUT_MS,
  HttpError as ApiError,
  errorOfResponse,
  isHttpError as isApiError,
  requestJson,
  type RawResponse,
  type RequestOptions,
} from '@casino/web-kit/http';

/** Calls that only read: they are retried once after a network failure, a timeout or a 5xx. */
export function isReadCall(name: string): boolean {
  return name.startsWith('get-') || name.startsWith('check-') || name === 'user-health-check';
}

function isRetryable(error: unknown): boolean {
  // A 503 `maintenance` is the operator's switch, not a passing failure: asking again cannot help.
  return (
    error instanceof HttpError &&
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
 * launches them in it (docs/api/member-calls.md, `open-game`'s `lang`).
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
      if (isSuccess(raw)) {
        if (bodyStatus(raw.body) === undefined)
          throw new HttpError({ status: 'error', httpStatus: raw.httpStatus, body: raw.body });
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
