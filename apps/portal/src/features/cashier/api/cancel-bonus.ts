import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { depositBonusKey } from './get-deposit-bonus.ts';
import { rolloverKey } from './get-rollover.ts';

/** `cancel-bonus`: gives the bonus in play up (`success` with `returned` · `not_found`). */
export function fetchCancelBonus() {
  return callApi('cancel-bonus', {});
}

export function useCancelBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['cancel-bonus'],
    mutationFn: fetchCancelBonus,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: rolloverKey });
      void queryClient.invalidateQueries({ queryKey: depositBonusKey });
    },
  });
}
