import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { apiQuery } from '../../lib/api.ts';

type TKind = 'deposit' | 'withdraw';

/**
 * The cashier queues' reads, from the typed client (`apiQuery`): a page of the history, read again
 * on each `queue` event of the operators' stream (app/operator-events.ts), once a minute otherwise.
 */
export function useQueueHistory(kind: TKind, query: TBackofficeQuery<`${TKind}s.history`>) {
  return useQuery({
    ...apiQuery(`${kind}s.history`, { query }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** A request's review: the member's balances, latest requests and a withdrawal's checks. */
export function useReview(kind: TKind, id: number) {
  return useQuery(apiQuery(`${kind}s.review`, { params: { id } }));
}
