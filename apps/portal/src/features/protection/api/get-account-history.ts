import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';

export const accountHistoryKey = ['get-account-history'] as const;

export type THistoryQuery = Required<
  Pick<TCallRequest<'get-account-history'>, 'from' | 'to' | 'kind' | 'page'>
>;

/** Rows per page of the history on screen. */
export const HISTORY_PAGE_SIZE = 20;

/** `get-account-history {from, to, kind, page, pageSize}`: one page of the member's money movements, newest first. */
export function fetchAccountHistory(query: THistoryQuery, signal?: AbortSignal) {
  return callApi('get-account-history', { ...query, pageSize: HISTORY_PAGE_SIZE }, { signal });
}

export function accountHistoryQueryOptions(query: THistoryQuery) {
  return queryOptions({
    queryKey: [...accountHistoryKey, query],
    queryFn: ({ signal }) => fetchAccountHistory(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAccountHistory(query: THistoryQuery) {
  return useQuery(accountHistoryQueryOptions(query));
}
