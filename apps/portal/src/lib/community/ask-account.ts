import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api.ts';
import { communityKeys } from './queries.ts';

/**
 * `user-ask-account {}`: `success` (a "deposit account inquiry" help post is opened; an operator
 * answers it with the account) · `already` (one is still unanswered). Asked from /deposit and /help.
 */
export function fetchUserAskAccount() {
  return callApi('user-ask-account', {});
}

export function useUserAskAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user-ask-account'],
    mutationFn: fetchUserAskAccount,
    // The inquiry is a help post: the customer-service lists (/help, the home panel) show it next.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: communityKeys.helpsAll }),
  });
}
