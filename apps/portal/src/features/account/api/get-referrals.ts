import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** `get-referrals {page, pageSize}`: the members who joined naming this one, their points and the total. */
export function fetchReferrals(page: number, pageSize: number, signal?: AbortSignal) {
  return callApi('get-referrals', { page, pageSize }, { signal });
}

export function referralsQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: ['get-referrals', page, pageSize],
    queryFn: ({ signal }) => fetchReferrals(page, pageSize, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useReferrals(page: number, pageSize: number) {
  return useQuery(referralsQueryOptions(page, pageSize));
}
