import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { apiQuery } from '../../lib/api.ts';

/** The sites screen's read, from the typed client (`apiQuery`): a page of the sites and the default site. */
export function useSites(query: TBackofficeQuery<'sites.list'>) {
  return useQuery({ ...apiQuery('sites.list', { query }), placeholderData: keepPreviousData });
}
