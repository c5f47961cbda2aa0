import { z } from 'zod';
import { ZBackofficeIdParams, ZCreatedResponse } from './backoffice.ts';
import { backofficeRoute } from './backoffice-route.ts';
import { ZRegCodeValue } from './backoffice-settings.ts';
import { withCode } from './errors.ts';
import { pagedList, ZId, ZIsoDate, ZPageQuery } from './fields.ts';
import { normalizeHost } from './host.ts';
import { LOGO_URL_MAX, LOGO_URL_PATTERN, SITE_NAME_MAX, THEME_COLOR_PATTERN } from './site-info.ts';
import { statusOnly, ZSuccess } from './status.ts';

// The sites of issue 25 (docs/api/backoffice-sites.md): several domains, each with
// its own name, theme colour and logo, default partner and registration code. A request whose host
// is one of a site's domains shows that site; any other host shows the default site (SITE_NAME).

/** How many domains one site may have. */
export const SITE_DOMAINS_MAX = 20;
/** A host name as browsers send it (after punycode): labels of letters, digits and hyphens. */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * Whether `value` is one bare host (`casino.example`, `www.casino.example`, an IPv4 address, a
 * Unicode domain): no scheme, port, path or list. Stored as `normalizeHost` makes it.
 */
export function isSiteHost(value: string): boolean {
  if (/[\s,|/:@?#\\]/.test(value)) return false;
  return HOST_NAME.test(normalizeHost(value));
}

/** One domain of a site, stored normalized (lower case, no leading `www.`, punycode). */
export const ZSiteDomain = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .refine(isSiteHost, withCode('pattern'))
  .transform((value) => normalizeHost(value));

/**
 * A site's domains: a list, or one text of hosts separated by comma, `|` or whitespace (as the
 * domain fields of notices are typed); at least one, each once.
 */
export const ZSiteDomains = z
  .union([
    z.array(z.string()),
    z.string().transform((text) => text.split(/[\s,|]+/).filter((token) => token !== '')),
  ])
  .pipe(z.array(ZSiteDomain).min(1).max(SITE_DOMAINS_MAX))
  .transform((hosts) => [...new Set(hosts)]);

export const ZSiteName = z
  .string()
  .trim()
  .min(1)
  .max(SITE_NAME_MAX)
  // One line: a control character would not show in a title.
  // eslint-disable-next-line no-control-regex
  .refine((name) => !/[\u0000-\u001f\u007f-\u009f]/.test(name), withCode('pattern'));

export const ZThemeColor = z
  .string()
  .trim()
  .regex(THEME_COLOR_PATTERN)
  .transform((value) => value.toLowerCase());
export const ZLogoUrl = z.string().trim().max(LOGO_URL_MAX).regex(LOGO_URL_PATTERN);

/** A site's look: each part optional, `null` (or absent) for the portal's own. */
export const ZSiteThemeInput = z.strictObject({
  primary: ZThemeColor.nullable().optional(),
  logoUrl: ZLogoUrl.nullable().optional(),
});

/** A partner's id (an operator id). */
export const ZSitePartnerId = z.string().trim().toLowerCase().min(1).max(32);

/** `POST /api/backoffice/sites`. */
export const ZSiteCreateRequest = z.strictObject({
  domains: ZSiteDomains,
  name: ZSiteName,
  partnerId: ZSitePartnerId.nullable().optional(),
  regCode: ZRegCodeValue.nullable().optional(),
  theme: ZSiteThemeInput.nullable().optional(),
});
export type TSiteCreateRequest = z.input<typeof ZSiteCreateRequest>;
export type TSiteCreateParsed = z.output<typeof ZSiteCreateRequest>;

/**
 * `success` with the new site's id · `already` (a domain belongs to another site) · `not_found` (no
 * such partner) · `cant_find_code` (no such enabled registration code).
 */
export const ZSiteCreateResponse = z.discriminatedUnion('status', [
  ZCreatedResponse,
  statusOnly('already'),
  statusOnly('not_found'),
  statusOnly('cant_find_code'),
]);
export type TSiteCreateResponse = z.infer<typeof ZSiteCreateResponse>;

/** `PATCH /api/backoffice/sites/:id`: any field, at least one; `null` clears the partner, code or theme. */
export const ZSitePatch = ZSiteCreateRequest.partial().refine(
  (patch) => Object.values(patch).some((v) => v !== undefined),
  withCode('required'),
);
export type TSitePatch = z.input<typeof ZSitePatch>;
export type TSitePatchParsed = z.output<typeof ZSitePatch>;

export const ZSiteChangeResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('already'),
  statusOnly('not_found'),
  statusOnly('cant_find_code'),
]);
export type TSiteChangeResponse = z.infer<typeof ZSiteChangeResponse>;

export const ZSiteDeleteResponse = z.discriminatedUnion('status', [ZSuccess, statusOnly('not_found')]);

/** A site as the back office lists it. */
export const ZSite = z.object({
  id: ZId,
  name: z.string(),
  domains: z.array(z.string()),
  partnerId: z.string().nullable(),
  regCode: z.string().nullable(),
  theme: z.object({ primary: z.string().nullable(), logoUrl: z.string().nullable() }),
  regDate: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TSite = z.infer<typeof ZSite>;

export const ZSitesQuery = z.strictObject({ ...ZPageQuery });

/** `GET /api/backoffice/sites`: the sites, oldest first, and the default site every other host shows. */
export const ZSitesResponse = pagedList(ZSite).extend({
  default: z.object({ name: z.string() }),
});
export type TSitesResponse = z.infer<typeof ZSitesResponse>;

/** The sites (owner): part of BACKOFFICE_ROUTES. */
export const BACKOFFICE_SITE_ROUTES = {
  'sites.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/sites',
    permission: 'settingsWrite',
    query: ZSitesQuery,
    response: ZSitesResponse,
  }),
  'sites.create': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/sites',
    permission: 'settingsWrite',
    body: ZSiteCreateRequest,
    response: ZSiteCreateResponse,
  }),
  'sites.update': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/sites/:id',
    permission: 'settingsWrite',
    params: ZBackofficeIdParams,
    body: ZSitePatch,
    response: ZSiteChangeResponse,
  }),
  'sites.delete': backofficeRoute({
    method: 'DELETE',
    path: '/api/backoffice/sites/:id',
    permission: 'settingsWrite',
    params: ZBackofficeIdParams,
    response: ZSiteDeleteResponse,
  }),
};
