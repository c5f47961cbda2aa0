import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { toFieldErrors } from '@casino/contracts/errors';
import { CSV_ANSWER, EVENT_STREAM_ANSWER } from '@casino/contracts/backoffice-route';
import { AppError } from './app-error.ts';
import { sendJson } from './encoded-body.ts';

/**
 * The one way the API declares a route (docs/decisions/0006-one-route-declaration.md): every
 * request part is validated with a schema from `packages/contracts` (a failure is the contract's
 * 400 with field errors), the principal is resolved before the handler runs (401 without one,
 * 403 `denied` without the permission), and the answer goes through the response schema, so only
 * the fields the contract names leave the server. Member calls (`lib/calls.ts`), the auth routes
 * and the back office all use `parseInput` and `pickResponse` from here. A back-office route is
 * declared from its entry of the contracts' route table (`route(BACKOFFICE_ROUTES[name], handler)`):
 * method, path, schemas, permission and body limit all come from the entry. A route whose answer is a file
 * (`response: CSV_ANSWER`) goes through the same checks and answers the handler's `CsvFile`.
 */

/** Validates one request part; an absent part counts as `{}`, as the contract's empty bodies do. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const input = value ?? {};
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError('invalid', { errors: toFieldErrors(parsed.error.issues, input) });
  return parsed.data;
}

/** Whatever a handler returned, only what the response schema names is sent. */
export function pickResponse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  return schema.parse(value);
}

/**
 * How a family of routes finds its principal: `resolve` reads the session of a request (null
 * without one) and `allows` answers whether that principal holds a permission.
 */
export interface PrincipalSource<P, Permission extends string> {
  resolve(request: FastifyRequest): Promise<P | null>;
  allows(principal: P, permission: Permission): boolean;
}

type Schema = z.ZodType;
type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Response = Schema | typeof CSV_ANSWER | typeof EVENT_STREAM_ANSWER;

/** The answer of a CSV route: sent as an attachment named `filename`, never cached. */
export interface CsvFile {
  filename: string;
  /** The whole file (a byte order mark first where Excel must read it as UTF-8). */
  text: string;
}

/** What a handler returns: a value the response schema picks from, or the file of a CSV route. */
type HandlerAnswer<RS> = RS extends typeof CSV_ANSWER
  ? CsvFile
  : RS extends typeof EVENT_STREAM_ANSWER
    ? void
    : unknown;

function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.text);
}

/**
 * One entry of a route table in `packages/contracts` (`TBackofficeRoute` of
 * `backoffice-route.ts`): everything of a route but its handler.
 */
export interface RouteEntry<Permission extends string> {
  method: RouteSpec<unknown, Permission, 'public', unknown, unknown, unknown, Response>['method'];
  path: string;
  auth?: 'public';
  permission: Permission | null;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The entry's own body limit (bytes), when it is not the server's 64 KiB. */
  bodyLimit?: number;
  response: Response;
}

type SchemaOf<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends Schema }
  ? S
  : undefined;

/** The handler of a table entry: its input typed by the entry's schemas. */
export type EntryHandler<E extends RouteEntry<string>, P> = (
  input: RouteInput<
    E extends { auth: 'public' } ? null : P,
    SchemaOf<E, 'params'>,
    SchemaOf<E, 'query'>,
    SchemaOf<E, 'body'>
  >,
) => Promise<HandlerAnswer<E['response']>>;

export interface RouteInput<P, PS, QS, BS> {
  request: FastifyRequest;
  reply: FastifyReply;
  principal: P;
  params: Parsed<PS>;
  query: Parsed<QS>;
  body: Parsed<BS>;
}

export interface RouteSpec<
  P,
  Permission extends string,
  Auth extends 'public' | 'signed-in',
  PS,
  QS,
  BS,
  RS extends Response,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** `public`: no session needed (the principal is null); `signed-in`: 401 without a session. */
  auth: Auth;
  /** Checked after the session: 403 `denied` when the principal does not hold it. */
  permission?: Permission;
  params?: PS;
  query?: QS;
  body?: BS;
  /**
   * The largest body (bytes, as sent) this route reads, when it is not the server's
   * (`BODY_LIMIT_BYTES` of app.ts): a larger one answers 413 `too_large` and changes nothing. A
   * signed-in route with one checks the session (401) and the permission (403) before the body is
   * read, so only a principal allowed to call it can make the server read that much.
   */
  bodyLimit?: number;
  /**
   * The answer's schema; CSV_ANSWER: the handler returns a `CsvFile`; EVENT_STREAM_ANSWER: the
   * handler takes the response over and streams.
   */
  response: RS;
  /**
   * Answers with a value the response schema picks from. A handler that needs another status
   * code or a header sets it on `reply` and still returns the body. The answer is typed
   * `unknown` on purpose: service results carry more (and wider) fields than the contract names,
   * and the response schema, not the compiler, decides at run time what leaves the server.
   */
  handler: (input: RouteInput<Auth extends 'public' ? null : P, PS, QS, BS>) => Promise<HandlerAnswer<RS>>;
}

/**
 * A route declarer bound to one principal source (none for a family of public routes). The order
 * is fixed for every route: session (401), permission (403), params, query, body (400), handler,
 * response schema.
 */
export function routesFor<P = never, Permission extends string = never>(
  app: FastifyInstance,
  principals?: PrincipalSource<P, Permission>,
) {
  function declare<
    Auth extends 'public' | 'signed-in',
    RS extends Response,
    PS extends Schema | undefined = undefined,
    QS extends Schema | undefined = undefined,
    BS extends Schema | undefined = undefined,
  >(spec: RouteSpec<P, Permission, Auth, PS, QS, BS, RS>): void {
    if (spec.auth === 'signed-in' && !principals)
      throw new Error(`${spec.method} ${spec.url}: signed-in route without a principal source`);
    async function authorize(request: FastifyRequest): Promise<P> {
      const principal = await principals!.resolve(request);
      if (!principal) throw new AppError('unauthenticated');
      if (spec.permission && !principals!.allows(principal, spec.permission)) throw new AppError('denied');
      return principal;
    }
    // A larger body is read only for a principal allowed to call the route: checked on the
    // request, before the body parser, and kept for the handler.
    const checked = new WeakMap<FastifyRequest, P>();
    const checkFirst = spec.bodyLimit !== undefined && spec.auth === 'signed-in';
    app.route({
      method: spec.method,
      url: spec.url,
      ...(spec.bodyLimit !== undefined ? { bodyLimit: spec.bodyLimit } : {}),
      ...(checkFirst
        ? {
            onRequest: async (request: FastifyRequest) => {
              checked.set(request, await authorize(request));
            },
          }
        : {}),
      handler: async (request, reply) => {
        let principal: P | null = null;
        if (spec.auth === 'signed-in') principal = checked.get(request) ?? (await authorize(request));
        const params = (spec.params ? parseInput(spec.params, request.params) : undefined) as Parsed<PS>;
        const query = (spec.query ? parseInput(spec.query, request.query) : undefined) as Parsed<QS>;
        const body = (spec.body ? parseInput(spec.body, request.body) : undefined) as Parsed<BS>;
        const answer = await spec.handler({
          request,
          reply,
          principal: principal as Auth extends 'public' ? null : P,
          params,
          query,
          body,
        });
        if (spec.response === CSV_ANSWER) return sendCsv(reply, answer as CsvFile);
        // The handler took the response over (`reply.hijack()`) and streams until the client goes.
        if (spec.response === EVENT_STREAM_ANSWER) return reply;
        return sendJson(request, reply, pickResponse(spec.response as Schema, answer));
      },
    });
  }

  /**
   * Declares a route: from a spec, or from a route table's entry and the handler (the entry's
   * path, schemas and permission, `auth: 'public'` or else signed in).
   */
  function route<
    Auth extends 'public' | 'signed-in',
    RS extends Response,
    PS extends Schema | undefined = undefined,
    QS extends Schema | undefined = undefined,
    BS extends Schema | undefined = undefined,
  >(spec: RouteSpec<P, Permission, Auth, PS, QS, BS, RS>): void;
  function route<E extends RouteEntry<Permission>>(entry: E, handler: EntryHandler<E, P>): void;
  function route(
    specOrEntry:
      | RouteSpec<P, Permission, 'public' | 'signed-in', unknown, unknown, unknown, Response>
      | RouteEntry<Permission>,
    handler?: EntryHandler<RouteEntry<Permission>, P>,
  ): void {
    if (!handler) {
      declare(
        specOrEntry as RouteSpec<P, Permission, 'public' | 'signed-in', Schema, Schema, Schema, Response>,
      );
      return;
    }
    const entry = specOrEntry as RouteEntry<Permission>;
    declare({
      method: entry.method,
      url: entry.path,
      auth: entry.auth ?? 'signed-in',
      ...(entry.permission ? { permission: entry.permission } : {}),
      params: entry.params,
      query: entry.query,
      body: entry.body,
      ...(entry.bodyLimit !== undefined ? { bodyLimit: entry.bodyLimit } : {}),
      response: entry.response,
      handler: handler as unknown as RouteSpec<
        P,
        Permission,
        'public' | 'signed-in',
        Schema,
        Schema,
        Schema,
        Response
      >['handler'],
    });
  }

  return route;
}
