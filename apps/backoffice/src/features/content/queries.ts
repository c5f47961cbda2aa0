import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { apiQuery } from '../../lib/api.ts';

/** The content screens' reads, from the typed client (`apiQuery`): the banners. */
export function useBanners() {
  return useQuery(apiQuery('banners.list'));
}

/** A page of the notices or the popups. */
export function useContentList(
  kind: 'notices' | 'popups',
  query: TBackofficeQuery<`${'notices' | 'popups'}.list`>,
) {
  return useQuery({ ...apiQuery(`${kind}.list`, { query }), placeholderData: keepPreviousData });
}
