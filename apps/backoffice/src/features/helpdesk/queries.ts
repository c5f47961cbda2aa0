import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { apiQuery } from '../../lib/api.ts';

/**
 * The help desk's reads, from the typed client (`apiQuery`): a page of the posts, read again on each
 * `queue` event of the operators' stream (app/operator-events.ts), once a minute otherwise.
 */
export function useHelps(query: TBackofficeQuery<'helps.list'>) {
  return useQuery({
    ...apiQuery('helps.list', { query }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** The site's deposit account (what an answer to an account inquiry gives). */
export function useDepositAccount() {
  return useQuery({ ...apiQuery('depositAccount.get'), staleTime: 30_000 });
}
