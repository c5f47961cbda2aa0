import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { markNotesReadInCache, refreshCommunity } from '../../../lib/community/queries.ts';

/** `read-all-note {}`: `success` (every note of the member is read). */
export function fetchReadAllNote() {
  return callApi('read-all-note', {});
}

export function useReadAllNote() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['read-all-note'],
    mutationFn: fetchReadAllNote,
    onMutate: () => {
      markNotesReadInCache(client, 'all');
    },
    onSettled: () => refreshCommunity(client, 'notes'),
  });
}
