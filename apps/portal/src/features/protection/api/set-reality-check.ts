import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';
import { playLimitsKey } from '../../../lib/protection/api/get-play-limits.ts';
import { sessionSummaryKey } from '../../../lib/protection/api/get-session-summary.ts';

/** `set-reality-check {minutes: 0 | 15 | 30 | 60}`: `success`. */
export function fetchSetRealityCheck(input: TCallRequest<'set-reality-check'>) {
  return callApi('set-reality-check', input);
}

export function useSetRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['set-reality-check'],
    mutationFn: fetchSetRealityCheck,
    // The page shows the setting; the watcher of the frame times its checks by it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playLimitsKey }),
        queryClient.invalidateQueries({ queryKey: sessionSummaryKey }),
      ]),
  });
}
