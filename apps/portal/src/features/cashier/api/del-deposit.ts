import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { depositListKey } from './get-deposit-list.ts';

/**
 * `del-deposit {id}`: `success` (a waiting request is cancelled, a finished one hidden) ·
 * `already` (an operator has taken it) · `not_found`.
 */
export function fetchDelDeposit(id: number) {
  return callApi('del-deposit', { id });
}

export function useDelDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['del-deposit'],
    mutationFn: fetchDelDeposit,
    // The header balance is the page's to refresh, once the member has read the answer.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: depositListKey }),
  });
}
