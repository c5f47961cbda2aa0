import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';
import { withdrawListKey } from './get-withdraw-list.ts';

/**
 * `apply-user-withdraw {amount, exchangePassword}`: `success` (the amount is held at once) · `wait` ·
 * `time` · `balance` · `pass` · `blocked` · 400; 429 after too many wrong exchange passwords.
 */
export function fetchApplyUserWithdraw(input: TCallRequest<'apply-user-withdraw'>) {
  return callApi('apply-user-withdraw', input);
}

export function useApplyUserWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['apply-user-withdraw'],
    mutationFn: fetchApplyUserWithdraw,
    // The header balance is the page's to refresh, once the member has read the answer.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: withdrawListKey }),
  });
}
