import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const rolloverKey = ['get-rollover'] as const;

/** `get-rollover`: the bonus in play's requirement and the stakes counted so far (docs/api/levels.md). */
export function fetchRollover(signal?: AbortSignal) {
  return callApi('get-rollover', {}, { signal });
}

export function useRollover() {
  return useQuery(queryOptions({ queryKey: rolloverKey, queryFn: ({ signal }) => fetchRollover(signal) }));
}
