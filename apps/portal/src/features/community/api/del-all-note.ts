import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { refreshCommunity } from '../../../lib/community/queries.ts';

/** `del-all-note {}`: `success` (every note of the member is gone). */
export function fetchDelAllNote() {
  return callApi('del-all-note', {});
}

export function useDelAllNote() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['del-all-note'],
    mutationFn: fetchDelAllNote,
    onSettled: () => refreshCommunity(client, 'notes'),
  });
}
