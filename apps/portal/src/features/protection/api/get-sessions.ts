import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const sessionsKey = ['get-sessions'] as const;

/** `get-sessions`: the member's open sessions (this one marked `current`) and the previous sign-in. */
export function fetchSessions(signal?: AbortSignal) {
  return callApi('get-sessions', {}, { signal });
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsKey, queryFn: ({ signal }) => fetchSessions(signal) });
}

export function useSessions(isEnabled = true) {
  return useQuery({ ...sessionsQueryOptions(), enabled: isEnabled });
}
