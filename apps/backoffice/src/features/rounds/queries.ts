import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBackofficeParams, TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { apiQuery } from '../../lib/api.ts';

/** The round lookup's reads, from the typed client (`apiQuery`): a round with its wallet calls. */
export function useRound(params: TBackofficeParams<'rounds.get'>) {
  return useQuery(apiQuery('rounds.get', { params }));
}

/** A page of a member's rounds, newest first. */
export function useMemberRounds(query: TBackofficeQuery<'rounds.ofMember'>) {
  return useQuery({ ...apiQuery('rounds.ofMember', { query }), placeholderData: keepPreviousData });
}
