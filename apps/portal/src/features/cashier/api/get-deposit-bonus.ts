import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const depositBonusKey = ['get-deposit-bonus'] as const;

/** `get-deposit-bonus`: the bonus options the member's level and the running events offer now (docs/api/levels.md). */
export function fetchDepositBonus(signal?: AbortSignal) {
  return callApi('get-deposit-bonus', {}, { signal });
}

export function useDepositBonus() {
  return useQuery(
    queryOptions({ queryKey: depositBonusKey, queryFn: ({ signal }) => fetchDepositBonus(signal) }),
  );
}
