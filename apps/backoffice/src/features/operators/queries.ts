import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api.ts';

/** The operator screen's reads, from the typed client (`apiQuery`): the operators. */
export function useOperators() {
  return useQuery(apiQuery('operators.list'));
}

/** The back-office IP allow-list, the caller's address and the server's floor. */
export function useIpAllowlist() {
  return useQuery(apiQuery('ipAllowlist.get'));
}
