import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { refreshCommunity } from '../../../lib/community/queries.ts';

/** `del-help {id}`: `success` · `not_found`. */
export function fetchDelHelp(id: number) {
  return callApi('del-help', { id });
}

export function useDelHelp() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['del-help'],
    mutationFn: fetchDelHelp,
    onSettled: () => refreshCommunity(client, 'helps'),
  });
}
