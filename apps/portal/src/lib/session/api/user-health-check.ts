import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { HEALTH_CHECK_INTERVAL_MS } from '../../../lib/constants.ts';

export const userHealthCheckKey = ['user-health-check'] as const;

/** `POST /api/routes/user-health-check {}`: the member, unread note and help counts; 401 for guests. */
export function fetchUserHealthCheck(signal?: AbortSignal) {
  return callApi('user-health-check', {}, { signal });
}

export function userHealthCheckQueryOptions(isSignedIn: boolean) {
  return queryOptions({
    queryKey: userHealthCheckKey,
    queryFn: ({ signal }) => fetchUserHealthCheck(signal),
    // callApi already retries a read once; a 401 must not be retried at all.
    retry: false,
    refetchInterval: isSignedIn ? HEALTH_CHECK_INTERVAL_MS : false,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: isSignedIn,
    staleTime: 0,
  });
}

export function useUserHealthCheck(isSignedIn: boolean) {
  return useQuery(userHealthCheckQueryOptions(isSignedIn));
}
