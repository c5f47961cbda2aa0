import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { refreshCommunity } from '../../../lib/community/queries.ts';

/** `del-note {id}`: `success` · `not_found`. */
export function fetchDelNote(id: number) {
  return callApi('del-note', { id });
}

export function useDelNote() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['del-note'],
    mutationFn: fetchDelNote,
    onSettled: () => refreshCommunity(client, 'notes'),
  });
}
