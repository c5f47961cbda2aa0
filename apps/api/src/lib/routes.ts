import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { toFieldErrors } from '@casino/contracts/errors';
import { AppError } from './app-error.ts';
import { sendJson } from './encoded-body.ts';

/**
 * The one way the API declares a route (docs/decisions/0006-one-route-declaration.md): every
 * request part is validated with a schema from `packages/contracts` (a failure is the contract's
 * 400 with field errors), the principal is resolved before the handler runs (401 without one,
 * 403 `denied` without the permission), and the answer goes through the response schema, so only
 * the fields the contract names leave the server. Member calls (`lib/calls.ts`), the auth routes
 * and the back office all use `parseInput` and `pickResponse` from here.
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
  RS extends Schema,
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
  response: RS;
  /**
   * Answers with a value the response schema picks from. A handler that needs another status
   * code or a header sets it on `reply` and still returns the body. The answer is typed
   * `unknown` on purpose: service results carry more (and wider) fields than the contract names,
   * and the response schema, not the compiler, decides at run time what leaves the server.
   */
  handler: (input: RouteInput<Auth extends 'public' ? null : P, PS, QS, BS>) => Promise<unknown>;
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
  return function route<
    Auth extends 'public' | 'signed-in',
    RS extends Schema,
    PS extends Schema | undefined = undefined,
    QS extends Schema | undefined = undefined,
    BS extends Schema | undefined = undefined,
  >(spec: RouteSpec<P, Permission, Auth, PS, QS, BS, RS>): void {
    if (spec.auth === 'signed-in' && !principals)
      throw new Error(`${spec.method} ${spec.url}: signed-in route without a principal source`);
    app.route({
      method: spec.method,
      url: spec.url,
      handler: async (request, reply) => {
        let principal: P | null = null;
        if (spec.auth === 'signed-in') {
          principal = await principals!.resolve(request);
          if (!principal) throw new AppError('unauthenticated');
          if (spec.permission && !principals!.allows(principal, spec.permission))
            throw new AppError('denied');
        }
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
        return sendJson(request, reply, pickResponse(spec.response, answer));
      },
    });
  };
}
