import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { refreshCommunity } from '../../../lib/community/queries.ts';

/** `del-all-help {}`: `success` (every help post of the member is gone). */
export function fetchDelAllHelp() {
  return callApi('del-all-help', {});
}

export function useDelAllHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['del-all-help'],
    mutationFn: fetchDelAllHelp,
    onSettled: () => refreshCommunity(client, 'helps'),
  });
}
