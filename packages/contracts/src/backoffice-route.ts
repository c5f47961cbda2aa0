import type { z } from 'zod';
import type { TOperatorPermission } from './backoffice-permissions.ts';

/** Where every back-office route lives (and the path of the operator's session cookie). */
export const BACKOFFICE_API_PREFIX = '/api/backoffice';

export const BACKOFFICE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type TBackofficeMethod = (typeof BACKOFFICE_METHODS)[number];

/**
 * The largest request body (bytes, as sent) the API reads for a route that names no `bodyLimit`
 * of its own: a larger one answers 413 `{status:"too_large"}` and changes nothing.
 */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** The answer of a route that sends a file (`text/csv`) instead of a JSON body. */
export const CSV_ANSWER = 'csv';

/** The answer of a route that streams events (`text/event-stream`, docs/api/events.md). */
export const EVENT_STREAM_ANSWER = 'event-stream';

/**
 * One back-office route: what the server registers (`route(entry, handler)` of
 * `apps/api/src/lib/routes.ts`) and what the console's typed client calls
 * (`apps/backoffice/src/lib/api.ts`), so neither can name another path, schema or role.
 */
export interface TBackofficeRoute {
  method: TBackofficeMethod;
  /** Full path; `:name` segments are the `params` schema's keys. */
  path: `${typeof BACKOFFICE_API_PREFIX}/${string}`;
  /** `public`: no session (sign-in and sign-out); every other route needs an operator session (401). */
  auth?: 'public';
  /** The permission the route needs (403 `denied` without it); `null`: every signed-in role. */
  permission: TOperatorPermission | null;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * `upload`: the body is the file itself (an image), not JSON, and no `body` schema applies.
   */
  upload?: true;
  /**
   * The largest body (bytes, as sent) the server reads for this route, when it is not
   * DEFAULT_BODY_LIMIT_BYTES: a larger one answers 413 `{status:"too_large"}` and changes nothing.
   * The console checks a body against it before sending; the session and the permission are
   * checked before such a body is read (a stranger cannot make the server read it).
   */
  bodyLimit?: number;
  /** The JSON answer's schema, CSV_ANSWER for a file, or EVENT_STREAM_ANSWER for an event stream. */
  response: z.ZodType | typeof CSV_ANSWER | typeof EVENT_STREAM_ANSWER;
}

/** Declares one table entry, its literal method, path and permission kept for the types. */
export function backofficeRoute<const R extends TBackofficeRoute>(route: R): R {
  return route;
}

/** A group of routes named `<prefix>.<name>` (the deposit and withdrawal queues share their shape). */
export function prefixedRoutes<P extends string, T extends Record<string, TBackofficeRoute>>(
  prefix: P,
  routes: T,
): { [K in keyof T & string as `${P}.${K}`]: T[K] } {
  return Object.fromEntries(Object.entries(routes).map(([name, route]) => [`${prefix}.${name}`, route])) as {
    [K in keyof T & string as `${P}.${K}`]: T[K];
  };
}
