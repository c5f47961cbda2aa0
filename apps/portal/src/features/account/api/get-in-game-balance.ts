import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const inGameBalanceKey = ['get-in-game-balance'] as const;

/**
 * `get-in-game-balance`: the money held by transfer-wallet game providers (`gameMoney`), with cash
 * and points; `data.status` is `fail` when a provider did not answer (the figure is the last known).
 */
export function fetchInGameBalance(signal?: AbortSignal) {
  return callApi('get-in-game-balance', {}, { signal });
}

export function inGameBalanceQueryOptions() {
  return queryOptions({
    queryKey: inGameBalanceKey,
    queryFn: ({ signal }) => fetchInGameBalance(signal),
    staleTime: 0,
  });
}

export function useInGameBalance() {
  return useQuery(inGameBalanceQueryOptions());
}
