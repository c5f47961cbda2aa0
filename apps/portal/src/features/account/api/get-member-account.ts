import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const memberAccountKey = ['get-member-account'] as const;

/** `get-member-account`: the member's withdrawal account (user id, holder, bank code, number; each "" when absent). */
export function fetchMemberAccount(signal?: AbortSignal) {
  return callApi('get-member-account', {}, { signal });
}

export function memberAccountQueryOptions() {
  return queryOptions({
    queryKey: memberAccountKey,
    queryFn: ({ signal }) => fetchMemberAccount(signal),
    staleTime: 60_000,
  });
}

export function useMemberAccount() {
  return useQuery(memberAccountQueryOptions());
}
