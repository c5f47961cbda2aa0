import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { markHelpReadInCache, refreshCommunity } from '../../../lib/community/queries.ts';

/** `read-help-message {id}`: `success` · `not_found` (not the member's, or deleted meanwhile). */
export function fetchReadHelpMessage(id: number) {
  return callApi('read-help-message', { id });
}

/**
 * Marks an answer read: the list and the header's help count change at once (the cached health
 * check is lowered), then both are fetched again to agree with the server.
 */
export function useReadHelpMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['read-help-message'],
    mutationFn: fetchReadHelpMessage,
    onMutate: (id) => {
      markHelpReadInCache(client, id);
    },
    onSettled: () => refreshCommunity(client, 'helps'),
  });
}
