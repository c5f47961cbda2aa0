import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { inGameBalanceKey } from './get-in-game-balance.ts';

/**
 * `game-transfer-out {}`: brings the member's money back from every transfer-wallet provider into
 * the cash balance · `fail` (a provider did not answer; the money stays there).
 */
export function fetchGameTransferOut() {
  return callApi('game-transfer-out', {});
}

export function useGameTransferOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['game-transfer-out'],
    mutationFn: fetchGameTransferOut,
    // The header balance is the page's to refresh, once the member has read the answer.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: inGameBalanceKey }),
  });
}
