import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** How often the home page asks for the pools (the server computes the answer at most once a second). */
export const JACKPOT_POLL_MS = 10_000;

/** `get-jackpot`: the MEGA, MAJOR and MINOR pools and the latest hits (public). */
export function fetchJackpot(signal?: AbortSignal) {
  return callApi('get-jackpot', {}, { signal });
}

export function jackpotQueryOptions() {
  return queryOptions({
    queryKey: ['get-jackpot'] as const,
    queryFn: ({ signal }) => fetchJackpot(signal),
    refetchInterval: JACKPOT_POLL_MS,
  });
}

export function useJackpot() {
  return useQuery(jackpotQueryOptions());
}
