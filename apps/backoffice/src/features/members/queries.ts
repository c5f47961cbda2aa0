import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { api, apiKey, apiQuery } from '../../lib/api.ts';

/** The members screens' reads, from the typed client (`apiQuery`): a page of the filtered list. */
export function useMemberList(query: TBackofficeQuery<'members.list'>) {
  return useQuery({ ...apiQuery('members.list', { query }), placeholderData: keepPreviousData });
}

/** A member's detail: balances, state, bank and sign-up. */
export function useMemberDetail(userId: string) {
  return useQuery(apiQuery('members.detail', { params: { userId } }));
}

/** A member's attendance: streak, last checked day, the last 30 days' checks and points (docs/api/promotions.md). */
export function useMemberAttendance(userId: string) {
  return useQuery(apiQuery('promotions.memberAttendance', { params: { userId } }));
}

/** A member's limits, breaks and reality check, with their history. */
export function useMemberProtection(userId: string) {
  return useQuery(apiQuery('members.protection', { params: { userId } }));
}

/** A member's money history, `limit` entries a page, the next page before the last entry. */
export function useMemberLedger(userId: string, limit: number) {
  return useInfiniteQuery({
    queryKey: apiKey('members.ledger', { params: { userId } }),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api('members.ledger', { params: { userId }, query: { beforeId: pageParam, limit }, signal }),
    getNextPageParam: (last) => (last.status === 'success' ? (last.nextBeforeId ?? undefined) : undefined),
  });
}
