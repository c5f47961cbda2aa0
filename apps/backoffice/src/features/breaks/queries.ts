import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { apiQuery } from '../../lib/api.ts';

/** The break screen's reads, from the typed client (`apiQuery`): a page of the members on a break. */
export function useBreaks(query: TBackofficeQuery<'protection.breaks'>) {
  return useQuery({ ...apiQuery('protection.breaks', { query }), placeholderData: keepPreviousData });
}
