import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLocale } from '@casino/contracts/locales';
import { callApi } from '../api.ts';

/** Every locale's answer shares this prefix: a 503 `maintenance` anywhere refetches them all. */
export const siteStatusKeyPrefix = ['get-site-status'] as const;
export const siteStatusKey = (locale: TLocale) => [...siteStatusKeyPrefix, locale] as const;

/** How often the maintenance page asks whether the site is open again. */
export const MAINTENANCE_POLL_MS = 30_000;

/** `get-site-status` (public, served during maintenance too): the switch and the operator's message. */
export function fetchSiteStatus(locale: TLocale, signal?: AbortSignal) {
  return callApi('get-site-status', { locale }, { signal });
}

/**
 * The site status, read once when the app starts and again whenever a call answers 503
 * `maintenance` (providers.tsx); while the site is in maintenance it is polled, so the portal
 * comes back by itself when the operator switches maintenance off.
 */
export function siteStatusQueryOptions(locale: TLocale) {
  return queryOptions({
    queryKey: siteStatusKey(locale),
    queryFn: ({ signal }) => fetchSiteStatus(locale, signal),
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.maintenance.enabled ? MAINTENANCE_POLL_MS : false),
    refetchIntervalInBackground: false,
  });
}

export function useSiteStatus(locale: TLocale) {
  return useQuery(siteStatusQueryOptions(locale));
}
