import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBackofficeParams, TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { apiQuery } from '../../lib/api.ts';

/** The Mini-games screen's reads, from the typed client: settings, a page of rounds, one round. */
export function useMiniSettings(params: TBackofficeParams<'mini.settings'>) {
  return useQuery(apiQuery('mini.settings', { params }));
}

export function useMiniRounds(
  params: TBackofficeParams<'mini.rounds'>,
  query: TBackofficeQuery<'mini.rounds'>,
) {
  return useQuery({ ...apiQuery('mini.rounds', { params, query }), placeholderData: keepPreviousData });
}

export function useMiniRound(params: TBackofficeParams<'mini.round'>) {
  return useQuery(apiQuery('mini.round', { params }));
}
