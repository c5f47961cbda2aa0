import type { z } from 'zod';
import { BACKOFFICE_BLACKLIST_ROUTES } from './backoffice-blacklist.ts';
import { BACKOFFICE_CASHIER_ROUTES } from './backoffice-cashier.ts';
import { BACKOFFICE_CONTENT_ROUTES } from './backoffice-content.ts';
import { BACKOFFICE_FRAUD_ROUTES } from './backoffice-fraud.ts';
import { BACKOFFICE_GAME_ROUTES } from './backoffice-games.ts';
import { BACKOFFICE_HELPDESK_ROUTES } from './backoffice-helpdesk.ts';
import { BACKOFFICE_LEVEL_ROUTES } from './backoffice-levels.ts';
import { BACKOFFICE_MEMBER_ROUTES } from './backoffice-members.ts';
import { BACKOFFICE_MINI_ROUTES } from './backoffice-mini.ts';
import { BACKOFFICE_OPERATOR_ROUTES } from './backoffice-operators.ts';
import { BACKOFFICE_PARTNER_ROUTES } from './backoffice-partners.ts';
import { BACKOFFICE_PROTECTION_ROUTES } from './backoffice-protection.ts';
import { BACKOFFICE_REPORT_ROUTES } from './backoffice-reports.ts';
import { BACKOFFICE_REWARD_ROUTES } from './backoffice-rewards.ts';
import type { CSV_ANSWER, EVENT_STREAM_ANSWER, TBackofficeRoute } from './backoffice-route.ts';
import { BACKOFFICE_SETTINGS_ROUTES } from './backoffice-settings.ts';
import { BACKOFFICE_SITE_ROUTES } from './backoffice-sites.ts';

/**
 * Every back-office route (`/api/backoffice/*`), as CALLS is for member calls: method, path,
 * request schemas, response schema and the permission it needs. The server registers each route
 * from its entry (`route(BACKOFFICE_ROUTES[name], handler)`), the console calls it by name through
 * its typed client (`apps/backoffice/src/lib/api.ts`); a route the table does not name is not
 * registered (apps/api/test/backoffice-routes.test.ts). One domain file holds each group.
 */
export const BACKOFFICE_ROUTES = {
  ...BACKOFFICE_OPERATOR_ROUTES,
  ...BACKOFFICE_CASHIER_ROUTES,
  ...BACKOFFICE_MEMBER_ROUTES,
  ...BACKOFFICE_PROTECTION_ROUTES,
  ...BACKOFFICE_REPORT_ROUTES,
  ...BACKOFFICE_SETTINGS_ROUTES,
  ...BACKOFFICE_GAME_ROUTES,
  ...BACKOFFICE_HELPDESK_ROUTES,
  ...BACKOFFICE_CONTENT_ROUTES,
  ...BACKOFFICE_PARTNER_ROUTES,
  ...BACKOFFICE_LEVEL_ROUTES,
  ...BACKOFFICE_REWARD_ROUTES,
  ...BACKOFFICE_SITE_ROUTES,
  ...BACKOFFICE_BLACKLIST_ROUTES,
  ...BACKOFFICE_FRAUD_ROUTES,
  ...BACKOFFICE_MINI_ROUTES,
} satisfies Record<string, TBackofficeRoute>;

export type TBackofficeRoutes = typeof BACKOFFICE_ROUTES;
export type TBackofficeRouteName = keyof TBackofficeRoutes;
export const BACKOFFICE_ROUTE_NAMES = Object.keys(BACKOFFICE_ROUTES) as TBackofficeRouteName[];

type Part<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;

/** What a client sends: the path's params, the query and the JSON body, as the schemas accept them. */
export type TBackofficeParams<N extends TBackofficeRouteName> = Part<TBackofficeRoutes[N], 'params'>;
export type TBackofficeQuery<N extends TBackofficeRouteName> = Part<TBackofficeRoutes[N], 'query'>;
export type TBackofficeBody<N extends TBackofficeRouteName> = Part<TBackofficeRoutes[N], 'body'>;

/** What the server answers (the JSON body; the file's text for a CSV route). */
export type TBackofficeAnswer<N extends TBackofficeRouteName> =
  TBackofficeRoutes[N]['response'] extends z.ZodType ? z.output<TBackofficeRoutes[N]['response']> : string;

/**
 * The routes that answer JSON (the console's client calls these; CSV routes are links, the event
 * stream an EventSource).
 */
export type TBackofficeJsonRouteName = {
  [N in TBackofficeRouteName]: TBackofficeRoutes[N]['response'] extends
    typeof CSV_ANSWER | typeof EVENT_STREAM_ANSWER
    ? never
    : N;
}[TBackofficeRouteName];

/** The path of a route with its params filled in, each encoded as one path segment. */
export function backofficePath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value as string | number));
  });
}
