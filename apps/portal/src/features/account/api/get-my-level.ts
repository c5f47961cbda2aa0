import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const myLevelKey = ['get-my-level'] as const;

/** `get-my-level`: the member's level, its benefits, the totals and what the next level needs (docs/api/levels.md). */
export function fetchMyLevel(signal?: AbortSignal) {
  return callApi('get-my-level', {}, { signal });
}

export function useMyLevel() {
  return useQuery(queryOptions({ queryKey: myLevelKey, queryFn: ({ signal }) => fetchMyLevel(signal) }));
}
