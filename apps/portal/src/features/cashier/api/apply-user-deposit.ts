import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';
import { depositListKey } from './get-deposit-list.ts';

/** `apply-user-deposit {amount, depositor?}`: `success` · `wait` · `time` · `blocked` · 400 (`amount` min/unit/max, `depositor`). */
export function fetchApplyUserDeposit(input: TCallRequest<'apply-user-deposit'>) {
  return callApi('apply-user-deposit', input);
}

export function useApplyUserDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['apply-user-deposit'],
    mutationFn: fetchApplyUserDeposit,
    // Whatever the answer (a new or an already pending request), the list follows. The header
    // balance is the page's to refresh, once the member has read the answer.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: depositListKey }),
  });
}
