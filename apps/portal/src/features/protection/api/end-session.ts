import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { sessionsKey } from './get-sessions.ts';

/** `end-session {id}`: `success` (that session is signed out) · `not_found` (already ended, or not the member's). */
export function fetchEndSession(id: number) {
  return callApi('end-session', { id });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['end-session'],
    mutationFn: fetchEndSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
