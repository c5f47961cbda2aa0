import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** `check-user-nick`: `success` when the nickname is free, `alread_have_user` when taken, 400 when malformed. */
export function fetchCheckUserNick(nick: string, signal?: AbortSignal) {
  return callApi('check-user-nick', { nick }, { signal });
}

export function checkUserNickQueryOptions(nick: string) {
  return queryOptions({
    queryKey: ['check-user-nick', nick],
    queryFn: ({ signal }) => fetchCheckUserNick(nick, signal),
    staleTime: 60_000,
  });
}

/** Checks `nick` (already debounced and locally valid) while `isEnabled`. */
export function useCheckUserNick(nick: string, isEnabled: boolean) {
  return useQuery({ ...checkUserNickQueryOptions(nick), enabled: isEnabled });
}
