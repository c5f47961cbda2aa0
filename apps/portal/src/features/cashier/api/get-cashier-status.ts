import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const cashierStatusKey = ['get-cashier-status'] as const;

/** Lock windows change on the minute: the forms look again every minute while they are open. */
const CASHIER_STATUS_REFRESH_MS = 60_000;

/** `get-cashier-status`: both lock windows as they stand now, the minimums, the unit (and maxAmount, minConversion). */
export function fetchCashierStatus(signal?: AbortSignal) {
  return callApi('get-cashier-status', {}, { signal });
}

export function cashierStatusQueryOptions() {
  return queryOptions({
    queryKey: cashierStatusKey,
    queryFn: ({ signal }) => fetchCashierStatus(signal),
    staleTime: 30_000,
    refetchInterval: CASHIER_STATUS_REFRESH_MS,
  });
}

export function useCashierStatus() {
  return useQuery(cashierStatusQueryOptions());
}
