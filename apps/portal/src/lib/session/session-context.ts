import { createContext, useContext } from 'react';
import type { SessionState } from './session-state.ts';

export interface HealthSnapshot {
  noteCount: number;
  helpCount: number;
  /** When the answer arrived (ms); a new value means a new health check answered. */
  checkedAt: number;
}

export interface SessionValue extends SessionState {
  /** The counts of the latest health check, or null before the first successful one. */
  health: HealthSnapshot | null;
  /** Runs the health check now (after a deposit, a comp conversion ...). */
  refresh(): Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

/**
 * The signed-in member. Session is the one feature that every other feature may read: the
 * balance, the nickname and the sign-in state are the frame every page lives in.
 */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}
