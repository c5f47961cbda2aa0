import { describe, expect, it } from 'vitest';
import { isStatus, REQUEST_STATES, requestStateLabelKey, STATUSES, ZStatus } from './status.ts';

describe('statuses', () => {
  it('lists every status of docs/api/README.md, verbatim', () => {
    expect(STATUSES).toEqual([
      'success',
      'fail',
      'invalid',
      'authenticated',
      'alread_have_user',
      'alread',
      'cant_find_code',
      'already',
      'wait',
      'time',
      'balance',
      'low_point',
      'pass',
      'blocked',
      'not_found',
      'denied',
      'totp_required',
      'unauthenticated',
      'forbidden',
      'too_many',
      'too_large',
      'error',
      'maintenance',
      'must_change_password',
      // This platform's addition: newer terms wait for the member's acceptance (docs/api/member-calls.md).
      'must_accept_terms',
      'rolling',
    ]);
    expect(ZStatus.safeParse('already_have_user').success).toBe(false);
    expect(isStatus('alread')).toBe(true);
    expect(isStatus('network')).toBe(false);
  });
});

describe('requestStateLabelKey', () => {
  it('shows wait and reg as waiting, already as complete, cansel as cancelled', () => {
    expect(REQUEST_STATES).toEqual(['wait', 'reg', 'already', 'cansel']);
    expect(requestStateLabelKey('wait')).toBe('requestState.waiting');
    expect(requestStateLabelKey('reg')).toBe('requestState.waiting');
    expect(requestStateLabelKey('already')).toBe('requestState.complete');
    expect(requestStateLabelKey('cansel')).toBe('requestState.cancelled');
  });
  it('leaves any other value to be shown unchanged', () => {
    for (const state of ['cancel', 'WAIT', '', 'done', 'toString'])
      expect(requestStateLabelKey(state)).toBeNull();
  });
});
