import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBackofficeMeResponse } from '@casino/contracts/backoffice-operators';
import { api, apiKey, isApiError } from '../lib/api.ts';

export const ME_KEY = apiKey('session.me');
export type TOperator = TBackofficeMeResponse['operator'];

/** The signed-in operator, or null when there is no session (the console then shows the sign-in). */
export function useOperator() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async ({ signal }): Promise<TOperator | null> => {
      try {
        return (await api('session.me', { signal })).operator;
      } catch (error) {
        if (isApiError(error) && error.status === 'unauthenticated') return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return async () => {
    try {
      await api('session.logout');
    } finally {
      client.clear();
      client.setQueryData(ME_KEY, null);
    }
  };
}
