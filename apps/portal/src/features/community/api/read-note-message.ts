import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { markNotesReadInCache, refreshCommunity } from '../../../lib/community/queries.ts';

/** `read-note-message {id}`: `success` · `not_found`. */
export function fetchReadNoteMessage(id: number) {
  return callApi('read-note-message', { id });
}

/** Marks a note read: the list and the header's note count change at once, then both are fetched again. */
export function useReadNoteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['read-note-message'],
    mutationFn: fetchReadNoteMessage,
    onMutate: (id) => {
      markNotesReadInCache(client, [id]);
    },
    onSettled: () => refreshCommunity(client, 'notes'),
  });
}
