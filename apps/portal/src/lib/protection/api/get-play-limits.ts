import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api.ts';

export const playLimitsKey = ['get-play-limits'] as const;

/**
 * `get-play-limits`: the member's deposit and loss limits, what each rolling window has used, the
 * changes waiting for their 24 hours (`pending`), the reality-check setting and the lifetime totals.
 * Shared: the responsible-gaming page, my page (lifetime) and the deposit page (first-deposit offer).
 */
export function fetchPlayLimits(signal?: AbortSignal) {
  return callApi('get-play-limits', {}, { signal });
}

export function playLimitsQueryOptions() {
  return queryOptions({ queryKey: playLimitsKey, queryFn: ({ signal }) => fetchPlayLimits(signal) });
}

export function usePlayLimits(isEnabled = true) {
  return useQuery({ ...playLimitsQueryOptions(), enabled: isEnabled });
}
