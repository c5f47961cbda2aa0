import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** `get-reg-domain`: the registration code bound to this site's host, to pre-fill (or `cant_find_code`). */
export function fetchRegDomain(signal?: AbortSignal) {
  return callApi('get-reg-domain', {}, { signal });
}

export function regDomainQueryOptions() {
  return queryOptions({
    queryKey: ['get-reg-domain'],
    queryFn: ({ signal }) => fetchRegDomain(signal),
    staleTime: Infinity,
  });
}

export function useRegDomain() {
  return useQuery(regDomainQueryOptions());
}
