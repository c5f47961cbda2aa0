import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

/** `check-user-id`: `success` when the id is free, `alread_have_user` when taken, 400 when malformed. */
export function fetchCheckUserId(userId: string, signal?: AbortSignal) {
  return callApi('check-user-id', { userId }, { signal });
}

export function checkUserIdQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['check-user-id', userId],
    queryFn: ({ signal }) => fetchCheckUserId(userId, signal),
    staleTime: 60_000,
  });
}

/** Checks `userId` (already debounced and locally valid) while `isEnabled`. */
export function useCheckUserId(userId: string, isEnabled: boolean) {
  return useQuery({ ...checkUserIdQueryOptions(userId), enabled: isEnabled });
}
