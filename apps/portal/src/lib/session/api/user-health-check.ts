import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { HEALTH_CHECK_INTERVAL_MS } from '../../../lib/constants.ts';

export const userHealthCheckKey = ['user-health-check'] as const;

/** `POST /api/routes/user-health-check {}`: the member, unread note and help counts; 401 for guests. */
export function fetchUserHealthCheck(signal?: AbortSignal) {
  return callApi('user-health-check', {}, { signal });
}

/**
 * `mayHaveSession` is false once the check answered 401: a guest is never polled (nor checked again
 * when a call invalidates the check); signing in reloads the page, which starts over.
 */
export function userHealthCheckQueryOptions(mayHaveSession: boolean) {
  return queryOptions({
    queryKey: userHealthCheckKey,
    queryFn: ({ signal }) => fetchUserHealthCheck(signal),
    enabled: mayHaveSession,
    // callApi already retries a read once; a 401 must not be retried at all.
    retry: false,
    refetchInterval: mayHaveSession ? HEALTH_CHECK_INTERVAL_MS : false,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: mayHaveSession,
    staleTime: 0,
  });
}

export function useUserHealthCheck(mayHaveSession: boolean) {
  return useQuery(userHealthCheckQueryOptions(mayHaveSession));
}
