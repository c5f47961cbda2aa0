import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** `get-banners` (public): the home banners in the operator's order, already filtered to this host. */
export function fetchBanners(signal?: AbortSignal) {
  return callApi('get-banners', {}, { signal });
}

export function bannersQueryOptions() {
  return queryOptions({
    queryKey: ['get-banners'] as const,
    queryFn: ({ signal }) => fetchBanners(signal),
    // Banners change a few times a day: one read per visit is enough.
    staleTime: 5 * 60_000,
  });
}

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
