import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { HISTORY_PAGE_SIZE } from '../history-paging.ts';

export const withdrawListKey = ['get-withdraw-list'] as const;

/** `get-withdraw-list`: the member's own withdrawal requests, newest first, one page. */
export function fetchWithdrawList(page: number, signal?: AbortSignal) {
  return callApi('get-withdraw-list', { page, pageSize: HISTORY_PAGE_SIZE }, { signal });
}

export function withdrawListQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...withdrawListKey, page],
    queryFn: ({ signal }) => fetchWithdrawList(page, signal),
    // The previous page stays on screen while the next one loads, so the list never collapses.
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawList(page: number) {
  return useQuery(withdrawListQueryOptions(page));
}
