import type { TUser } from '@casino/contracts/members';
import { mergeUser, type TUserUpdate } from './merge-user.ts';

export type TSessionStatus = 'loading' | 'unauthenticated' | 'authenticated';

export interface SessionState {
  status: TSessionStatus;
  user: TUser | null;
  /**
   * The specification's logged-out flag: cleared by `loading` and `authenticated`, set by
   * `unauthenticated`.
   */
  isLoggedOut: boolean;
}

export type SessionAction =
  { type: 'loading' } | { type: 'unauthenticated' } | { type: 'authenticated'; user: TUserUpdate };

export const initialSessionState: SessionState = { status: 'loading', user: null, isLoggedOut: false };

/** The session transitions; unchanged input returns the same state object. */
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'loading':
      if (state.status === 'loading' && !state.isLoggedOut) return state;
      return { ...state, status: 'loading', isLoggedOut: false };
    case 'unauthenticated':
      if (state.status === 'unauthenticated' && state.isLoggedOut && state.user === null) return state;
      return { status: 'unauthenticated', user: null, isLoggedOut: true };
    case 'authenticated': {
      const user = mergeUser(state.user, action.user);
      if (!user) return state;
      if (state.status === 'authenticated' && user === state.user && !state.isLoggedOut) return state;
      return { status: 'authenticated', user, isLoggedOut: false };
    }
  }
}
