import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../api.ts';
import { playLimitsKey } from './get-play-limits.ts';

/**
 * `set-play-limit {kind, period, amount}`: `success` (a lower limit, applied at once) · `wait` (a
 * higher or removed limit, applied after 24 hours: `pending` of get-play-limits shows when).
 */
export function fetchSetPlayLimit(input: TCallRequest<'set-play-limit'>) {
  return callApi('set-play-limit', input);
}

export function useSetPlayLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['set-play-limit'],
    mutationFn: fetchSetPlayLimit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: playLimitsKey }),
  });
}
