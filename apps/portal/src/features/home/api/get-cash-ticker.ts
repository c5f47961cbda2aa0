import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** How often the home page reads the ticker again while it is open. */
export const CASH_TICKER_POLL_MS = 60_000;

/** `get-cash-ticker` (public): the latest completed deposits and withdrawals, ids masked by the server. */
export function fetchCashTicker(signal?: AbortSignal) {
  return callApi('get-cash-ticker', {}, { signal });
}

export function cashTickerQueryOptions() {
  return queryOptions({
    queryKey: ['get-cash-ticker'] as const,
    queryFn: ({ signal }) => fetchCashTicker(signal),
    refetchInterval: CASH_TICKER_POLL_MS,
  });
}

export function useCashTicker() {
  return useQuery(cashTickerQueryOptions());
}
