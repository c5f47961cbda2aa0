import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** Rounds per page of the bet history. */
export const BETS_PAGE_SIZE = 10;

export const slotBetsListKey = ['get-slot-bets-list'] as const;

/** `get-slot-bets-list`: the member's own rounds, newest first, one page (the game named in the portal's locale). */
export function fetchSlotBetsList(page: number, signal?: AbortSignal) {
  return callApi('get-slot-bets-list', { page, pageSize: BETS_PAGE_SIZE }, { signal });
}

export function slotBetsListQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...slotBetsListKey, page],
    queryFn: ({ signal }) => fetchSlotBetsList(page, signal),
    // The previous page stays on screen while the next one loads, so the list never collapses.
    placeholderData: keepPreviousData,
  });
}

export function useSlotBetsList(page: number) {
  return useQuery(slotBetsListQueryOptions(page));
}
