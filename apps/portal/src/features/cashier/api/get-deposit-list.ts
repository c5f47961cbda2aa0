import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { HISTORY_PAGE_SIZE } from '../history-paging.ts';

export const depositListKey = ['get-deposit-list'] as const;

/** `get-deposit-list`: the member's own deposit requests, newest first, one page. */
export function fetchDepositList(page: number, signal?: AbortSignal) {
  return callApi('get-deposit-list', { page, pageSize: HISTORY_PAGE_SIZE }, { signal });
}

export function depositListQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...depositListKey, page],
    queryFn: ({ signal }) => fetchDepositList(page, signal),
    // The previous page stays on screen while the next one loads, so the list never collapses.
    placeholderData: keepPreviousData,
  });
}

export function useDepositList(page: number) {
  return useQuery(depositListQueryOptions(page));
}
