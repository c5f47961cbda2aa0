import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { withdrawListKey } from './get-withdraw-list.ts';

/**
 * `del-withdraw {id}`: `success` (a waiting request is cancelled and its held amount returns to the
 * balance; a finished one is hidden) · `already` (an operator has taken it) · `not_found`.
 */
export function fetchDelWithdraw(id: number) {
  return callApi('del-withdraw', { id });
}

export function useDelWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['del-withdraw'],
    mutationFn: fetchDelWithdraw,
    // The header balance is the page's to refresh, once the member has read the answer.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: withdrawListKey }),
  });
}
