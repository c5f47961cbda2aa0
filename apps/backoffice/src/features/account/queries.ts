import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api.ts';

/** The own account's reads, from the typed client (`apiQuery`): the signed-in operator's sessions. */
export function useSessions() {
  return useQuery(apiQuery('sessions.list'));
}

/** The signed-in operator's account (TOTP, password age). */
export function useAccount() {
  return useQuery(apiQuery('account.get'));
}
