import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/**
 * `user-ask-account {}`: `success` (a "deposit account inquiry" help post is opened; an operator
 * answers it with the account) · `already` (one is still unanswered).
 */
export function fetchUserAskAccount() {
  return callApi('user-ask-account', {});
}

export function useUserAskAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user-ask-account'],
    mutationFn: fetchUserAskAccount,
    // The inquiry is a help post: the customer-service list (keyed by its call name) shows it next.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['get-help-list'] }),
  });
}
