import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api.ts';

export const sessionSummaryKey = ['get-session-summary'] as const;

/** `get-session-summary`: the current session's start, its bets, wins and net result, and the reality-check setting. */
export function fetchSessionSummary(signal?: AbortSignal) {
  return callApi('get-session-summary', {}, { signal });
}

export function sessionSummaryQueryOptions() {
  return queryOptions({
    queryKey: sessionSummaryKey,
    queryFn: ({ signal }) => fetchSessionSummary(signal),
    // The start and the setting change rarely; the dialog fetches the figures again when it opens.
    staleTime: 5 * 60_000,
  });
}

export function useSessionSummary(isEnabled: boolean) {
  return useQuery({ ...sessionSummaryQueryOptions(), enabled: isEnabled });
}
