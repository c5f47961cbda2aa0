import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** `get-banks`: the Korean banks a member can register a withdrawal account at. */
export function fetchBanks(signal?: AbortSignal) {
  return callApi('get-banks', {}, { signal });
}

export function banksQueryOptions() {
  return queryOptions({
    queryKey: ['get-banks'],
    queryFn: ({ signal }) => fetchBanks(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}
