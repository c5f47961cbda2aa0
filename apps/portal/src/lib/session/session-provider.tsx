import { useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api.ts';
import { userHealthCheckKey, useUserHealthCheck } from './api/user-health-check.ts';
import { SessionContext, type HealthSnapshot, type SessionValue } from './session-context.ts';
import { initialSessionState, sessionReducer } from './session-state.ts';

/**
 * Holds the session. The health check runs on load and, while a member is signed
 * in, every 30 seconds: its user fields are merged into the current user, and a 401 moves the
 * session to `unauthenticated`. A network failure changes nothing (the next check decides).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(sessionReducer, initialSessionState);
  const query = useUserHealthCheck(state.status !== 'unauthenticated');
  const { data, dataUpdatedAt, error, errorUpdatedAt } = query;

  useEffect(() => {
    if (data?.status !== 'success') return;
    dispatch({
      type: 'authenticated',
      user: {
        ...data.user,
        noteCount: data.noteCount ?? data.user?.noteCount,
        helpCount: data.helpCount ?? data.user?.helpCount,
      },
    });
  }, [data, dataUpdatedAt]);

  useEffect(() => {
    if (isApiError(error) && error.status === 'unauthenticated') dispatch({ type: 'unauthenticated' });
  }, [error, errorUpdatedAt]);

  const health = useMemo<HealthSnapshot | null>(() => {
    if (data?.status !== 'success') return null;
    return {
      noteCount: Number(data.noteCount ?? data.user?.noteCount ?? 0),
      helpCount: Number(data.helpCount ?? data.user?.helpCount ?? 0),
      checkedAt: dataUpdatedAt,
    };
  }, [data, dataUpdatedAt]);

  const value = useMemo<SessionValue>(
    () => ({
      ...state,
      health: state.status === 'authenticated' ? health : null,
      refresh: () => queryClient.invalidateQueries({ queryKey: userHealthCheckKey }),
    }),
    [state, health, queryClient],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
