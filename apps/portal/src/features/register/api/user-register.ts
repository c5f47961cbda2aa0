import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';

/** `user-register`: `success`, `alread_have_user`, `alread`, `cant_find_code`, `authenticated`, or 400. */
export function fetchUserRegister(input: TCallRequest<'user-register'>) {
  return callApi('user-register', input);
}

export function useUserRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user-register'],
    mutationFn: fetchUserRegister,
    // The new id and nickname are no longer free: drop the cached availability answers.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['check-user-id'] });
      void queryClient.invalidateQueries({ queryKey: ['check-user-nick'] });
    },
  });
}
