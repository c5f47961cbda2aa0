import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BACKOFFICE_API_PREFIX,
  DEFAULT_BODY_LIMIT_BYTES,
  type TBackofficeRoute,
} from '@casino/contracts/backoffice-route';
import {
  BACKOFFICE_ROUTES,
  backofficePath,
  type TBackofficeAnswer,
  type TBackofficeBody,
  type TBackofficeJsonRouteName,
  type TBackofficeParams,
  type TBackofficeQuery,
  type TBackofficeRouteName,
} from '@casino/contracts/backoffice-routes';
import {
  callJson,
  errorOfResponse,
  HTTP_TIMEOUT_MS,
  HttpError,
  isHttpError,
  isSuccess,
  requestJson,
  type StatusOfHttp,
} from '@casino/web-kit/http';

/**
 * The console's one way to the server: the typed client of the contracts' back-office route table
 * (`BACKOFFICE_ROUTES`), on the web kit's HTTP core. A screen names a route and gives its params,
 * query and body as the route's schemas accept them; the answer is typed by its response schema,
 * and its query key comes from `apiKey` (made from the same path), so no URL, cast or key is
 * written by hand.
 */

/**
 * A failed call (the kit's HttpError): `status` is the wire status of the answer (`invalid`,
 * `unauthenticated`, `denied`, `too_many`, `error` ...) or `network` when no answer came, so a
 * screen can always show `errors.<status>`; `retryAfterSec` is the 429's Retry-After.
 */
export const ApiError = HttpError;
export type ApiError = HttpError;
export const isApiError = isHttpError;

const STATUS_OF_HTTP: Record<number, string> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'denied',
  404: 'not_found',
  413: 'too_large',
  429: 'too_many',
};
const statusOf: StatusOfHttp = (httpStatus) => STATUS_OF_HTTP[httpStatus] ?? 'error';

type Slot<K extends string, T, Required extends boolean> = [T] extends [undefined]
  ? { [P in K]?: never }
  : Required extends true
    ? { [P in K]: T }
    : { [P in K]?: T };

/** What a call of route `N` takes: its path params, query and JSON body, each as its schema accepts it. */
export type TApiInput<N extends TBackofficeRouteName> = Slot<'params', TBackofficeParams<N>, true> &
  Slot<'query', TBackofficeQuery<N>, false> &
  Slot<'body', TBackofficeBody<N>, true>;

export interface TApiOptions {
  /** Sent as `Idempotency-Key` (money actions; lib/idempotency.ts keeps one per intended action). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** A route whose input has nothing required may be called without one. */
type InputArgs<N extends TBackofficeRouteName> =
  object extends TApiInput<N> ? [input?: TApiInput<N> & TApiOptions] : [input: TApiInput<N> & TApiOptions];

interface LooseInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** A query string of the defined values, in the order given. */
function queryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) search.set(key, String(value as string | number | boolean));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The address of route `name` (a CSV route's download link, or the upload's target). */
export function apiUrl<N extends TBackofficeRouteName>(name: N, ...[input]: InputArgs<N>): string {
  const loose = (input ?? {}) as LooseInput;
  return backofficePath(BACKOFFICE_ROUTES[name].path, loose.params) + queryString(loose.query);
}

/** The largest body route `name` takes (bytes as sent): its entry's `bodyLimit` or the server's 64 KiB. */
export function bodyLimitOf(name: TBackofficeRouteName): number {
  const route: TBackofficeRoute = BACKOFFICE_ROUTES[name];
  return route.bodyLimit ?? DEFAULT_BODY_LIMIT_BYTES;
}

/**
 * One call of a JSON route, same-origin with the operator's cookie. A 2xx answer resolves with its
 * body, typed by the route's response schema; any other answer rejects with an ApiError, a missing
 * answer with ApiError('network'). A body over the route's limit (`bodyLimitOf`) is not sent: it
 * rejects at once with the ApiError('too_large') the server's 413 would give.
 */
export function api<N extends TBackofficeJsonRouteName>(
  name: N,
  ...args: InputArgs<N>
): Promise<TBackofficeAnswer<N>> {
  const route = BACKOFFICE_ROUTES[name];
  const input = (args[0] ?? {}) as LooseInput & TApiOptions;
  if (input.body !== undefined && new Blob([JSON.stringify(input.body)]).size > bodyLimitOf(name))
    return Promise.reject(new ApiError({ status: 'too_large', httpStatus: 413 }));
  return callJson<TBackofficeAnswer<N>>(route.method, apiUrl(name, ...args), {
    ...(input.body !== undefined ? { body: input.body } : {}),
    ...(input.idempotencyKey ? { headers: { 'idempotency-key': input.idempotencyKey } } : {}),
    signal: input.signal,
    statusOf,
  });
}

/** The routes whose body is a file (`upload: true`). */
type UploadRouteName = {
  [N in TBackofficeRouteName]: (typeof BACKOFFICE_ROUTES)[N] extends { upload: true } ? N : never;
}[TBackofficeRouteName];

/** How long an upload may take (an image of up to 8 MiB). */
const UPLOAD_TIMEOUT_MS = HTTP_TIMEOUT_MS * 4;

/** Sends a file as the body of an upload route (its own content type); errors as `api` reports them. */
export async function apiUpload<N extends UploadRouteName>(
  name: N,
  file: File,
): Promise<TBackofficeAnswer<N>> {
  const raw = await requestJson(
    backofficePath(BACKOFFICE_ROUTES[name].path, undefined),
    {
      method: BACKOFFICE_ROUTES[name].method,
      headers: { accept: 'application/json', 'content-type': file.type || 'application/octet-stream' },
      body: file,
    },
    { timeoutMs: UPLOAD_TIMEOUT_MS },
  );
  if (isSuccess(raw)) return raw.body as TBackofficeAnswer<N>;
  throw errorOfResponse(raw, statusOf);
}

/** The prefix of every back-office answer's key (a decision changes the queues, counts and members alike). */
export const API_KEY_ROOT = ['backoffice'] as const;

/**
 * The query key of a route's answer: `['backoffice', ...path segments with the params filled in,
 * query]`. Keys follow the paths, so the key of a path without its query (`apiKey(name, {params})`)
 * is the prefix that invalidates everything under it: a member's detail and all its tabs, every
 * page of a list.
 */
export function apiKey<N extends TBackofficeRouteName>(
  name: N,
  ...[input]: InputArgs<N>
): readonly unknown[] {
  const loose = (input ?? {}) as LooseInput;
  const path = backofficePath(BACKOFFICE_ROUTES[name].path, loose.params).slice(
    BACKOFFICE_API_PREFIX.length + 1,
  );
  const segments = path.split('/').map((segment) => decodeURIComponent(segment));
  return [...API_KEY_ROOT, ...segments, ...(loose.query ? [loose.query] : [])];
}

/** The query of a JSON route for TanStack Query: its key (`apiKey`) and its fetcher (`api`). */
export function apiQuery<N extends TBackofficeJsonRouteName>(name: N, ...[input]: InputArgs<N>) {
  const args = [input] as InputArgs<N>;
  return queryOptions({
    queryKey: apiKey(name, ...args),
    queryFn: ({ signal }) => api(name, ...([{ ...input, signal }] as InputArgs<N>)),
  });
}

/** What a write does with its answer beside the screen's own `onSuccess` (`useApiMutation`, `useApiWrite`). */
export interface TApiWriteOptions<A, V> {
  /** The query key whose cached answer becomes this answer (a settings save answers the settings). */
  sets?: readonly unknown[];
  /** Query keys made stale after the write succeeds (`apiKey(name)` of a list, or a prefix of it). */
  invalidates?: readonly (readonly unknown[])[];
  onSuccess?: (answer: A, variables: V) => unknown;
  onError?: (error: unknown, variables: V) => unknown;
}

export interface TApiMutationOptions<N extends TBackofficeJsonRouteName, V> extends TApiWriteOptions<
  TBackofficeAnswer<N>,
  V
> {
  /** The route's params, query, body and idempotency key for the screen's variables. */
  input: (variables: V) => InputArgs<N>[0];
}

/**
 * A write of the typed client whose route depends on what is written (create or replace, one of
 * several actions): `run` makes the `api` call, and the answer goes as `useApiMutation` sends it.
 */
export function useApiWrite<A, V = void>(run: (variables: V) => Promise<A>, options: TApiWriteOptions<A, V>) {
  const client = useQueryClient();
  return useMutation<A, unknown, V>({
    mutationFn: run,
    onSuccess: (answer, variables) => {
      if (options.sets) client.setQueryData(options.sets, answer);
      for (const queryKey of options.invalidates ?? []) void client.invalidateQueries({ queryKey });
      return options.onSuccess?.(answer, variables);
    },
    onError: (error, variables) => options.onError?.(error, variables),
  });
}

/**
 * The console's one way to write: a TanStack mutation of route `name` through the typed client
 * (`api`), as `apiQuery` is for reads. The answer is typed by the route's response schema; after a
 * success the `sets` key takes the answer and the `invalidates` keys are refetched, then the screen's
 * `onSuccess` runs (copy `features/promotions/promotions-page.tsx`). A write whose route depends on
 * what is written takes `useApiWrite`.
 */
export function useApiMutation<N extends TBackofficeJsonRouteName, V = void>(
  name: N,
  options: TApiMutationOptions<N, V>,
) {
  return useApiWrite((variables: V) => api(name, ...([options.input(variables)] as InputArgs<N>)), options);
}

const SAID = ['network', 'denied', 'unauthenticated', 'invalid', 'too_large', 'too_many'];

/** The translation key of a failure: `errors.<status>` for the ones the console words, else `errors.error`. */
export function errorKey(error: unknown): string {
  return `errors.${isApiError(error) && SAID.includes(error.status) ? error.status : 'error'}`;
}
