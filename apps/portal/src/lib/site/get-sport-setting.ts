import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api.ts';

export const sportSettingKey = ['get-sport-setting'] as const;

/**
 * `get-sport-setting` (public): the sports providers. The specification fetches them without
 * showing a sports screen; the portal does the same, once when the app starts, and keeps the
 * answer for whatever comes to need it.
 */
export function fetchSportSetting(signal?: AbortSignal) {
  return callApi('get-sport-setting', {}, { signal });
}

export function sportSettingQueryOptions() {
  return queryOptions({
    queryKey: sportSettingKey,
    queryFn: ({ signal }) => fetchSportSetting(signal),
    // Read once per visit: nothing on screen depends on it, so it is never refetched or dropped.
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
