import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** `get-payback`: last week's payback, paid or as it stands. */
export function fetchPayback(signal?: AbortSignal) {
  return callApi('get-payback', {}, { signal });
}

export function paybackQueryOptions() {
  return queryOptions({
    queryKey: ['get-payback'],
    queryFn: ({ signal }) => fetchPayback(signal),
    staleTime: 60_000,
  });
}

export function usePayback() {
  return useQuery(paybackQueryOptions());
}
