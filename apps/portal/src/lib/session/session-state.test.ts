import { describe, expect, it } from 'vitest';
import { TEST_USER } from '../../test/test-app.tsx';
import { initialSessionState, sessionReducer } from './session-state.ts';

describe('sessionReducer', () => {
  it('starts loading with the logged-out flag cleared', () => {
    expect(initialSessionState).toEqual({ status: 'loading', user: null, isLoggedOut: false });
  });

  it('unauthenticated sets the logged-out flag and drops the user', () => {
    const signedIn = sessionReducer(initialSessionState, { type: 'authenticated', user: TEST_USER });
    expect(sessionReducer(signedIn, { type: 'unauthenticated' })).toEqual({
      status: 'unauthenticated',
      user: null,
      isLoggedOut: true,
    });
  });

  it('loading and authenticated clear the logged-out flag', () => {
    const out = sessionReducer(initialSessionState, { type: 'unauthenticated' });
    expect(sessionReducer(out, { type: 'loading' }).isLoggedOut).toBe(false);
    const back = sessionReducer(out, { type: 'authenticated', user: TEST_USER });
    expect(back).toMatchObject({ status: 'authenticated', isLoggedOut: false, user: TEST_USER });
  });

  it('merges a health answer into the user and keeps the state object when nothing changed', () => {
    const signedIn = sessionReducer(initialSessionState, { type: 'authenticated', user: TEST_USER });
    expect(sessionReducer(signedIn, { type: 'authenticated', user: { balance: TEST_USER.balance } })).toBe(
      signedIn,
    );
    const richer = sessionReducer(signedIn, { type: 'authenticated', user: { balance: 1, nick: undefined } });
    expect(richer.user).toEqual({ ...TEST_USER, balance: 1 });
  });
});
