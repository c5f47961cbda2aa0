import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCallRequest } from '@casino/contracts/calls';
import { callApi } from '../../../lib/api.ts';
import { refreshCommunity } from '../../../lib/community/queries.ts';

/** `user-write-help {title (1..100), contents (1..5000)}`: `success` · 400 naming the field. */
export function fetchUserWriteHelp(input: TCallRequest<'user-write-help'>) {
  return callApi('user-write-help', input);
}

export function useUserWriteHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['user-write-help'],
    mutationFn: fetchUserWriteHelp,
    onSuccess: () => refreshCommunity(client, 'helps'),
  });
}
