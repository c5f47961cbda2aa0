import { describe, expect, it } from 'vitest';
import { CALL_NAMES, CALLS } from './calls.ts';
import {
  CALLS_DURING_PASSWORD_CHANGE,
  CALLS_THAT_MOVE_MONEY_OR_PLAY,
  MEMBER_REQUIREMENT_RULES,
  refusingRequirement,
  ZAcceptTermsRequest,
} from './members.ts';
import { toFieldErrors } from './errors.ts';

/**
 * The member calls that neither move money nor start play: a member who has not accepted newer
 * terms may still make them. A new member call must be put in one list or the other.
 */
const NEITHER_MONEY_NOR_PLAY = [
  'user-health-check',
  'user-write-help',
  'get-help-list',
  'read-help-message',
  'del-help',
  'del-all-help',
  'user-ask-account',
  'get-user-note',
  'read-note-message',
  'read-all-note',
  'del-note',
  'del-all-note',
  'get-member-account',
  'get-deposit-list',
  'get-withdraw-list',
  'change-password',
  'accept-terms',
  'change-exchange-password',
  'get-in-game-balance',
  'get-slot-bets-list',
  'get-play-limits',
  'set-play-limit',
  'set-reality-check',
  'take-break',
  'get-sessions',
  'end-session',
  'get-account-history',
  'get-session-summary',
  'get-attendance',
  'get-referrals',
  'get-payback',
  'get-deposit-bonus',
  'get-rollover',
  'get-my-level',
];

describe('what a member must do first', () => {
  it('sorts every member call: money and play, or neither', () => {
    const memberCalls = CALL_NAMES.filter((name) => CALLS[name].who === 'member');
    const sorted = [...CALLS_THAT_MOVE_MONEY_OR_PLAY, ...NEITHER_MONEY_NOR_PLAY];
    expect([...memberCalls].sort()).toEqual([...sorted].sort());
    expect(new Set(sorted).size).toBe(sorted.length);
  });

  it('refuses everything but the password change during a forced change, with its status', () => {
    for (const name of CALL_NAMES.filter((n) => CALLS[n].who === 'member')) {
      const expected = CALLS_DURING_PASSWORD_CHANGE.has(name) ? undefined : 'change_password';
      expect(refusingRequirement(['change_password'], name), name).toBe(expected);
    }
    expect(MEMBER_REQUIREMENT_RULES.change_password.status).toBe('must_change_password');
  });

  it('refuses only money and play while newer terms wait, and the password change comes first', () => {
    expect(refusingRequirement(['accept_terms'], 'apply-user-deposit')).toBe('accept_terms');
    expect(refusingRequirement(['accept_terms'], 'open-game')).toBe('accept_terms');
    expect(refusingRequirement(['accept_terms'], 'take-break')).toBeUndefined();
    expect(refusingRequirement(['accept_terms'], 'accept-terms')).toBeUndefined();
    expect(refusingRequirement([], 'open-game')).toBeUndefined();
    expect(refusingRequirement(['change_password', 'accept_terms'], 'open-game')).toBe('change_password');
    expect(refusingRequirement(['change_password', 'accept_terms'], 'accept-terms')).toBe('change_password');
    expect(MEMBER_REQUIREMENT_RULES.accept_terms.status).toBe('must_accept_terms');
  });

  it('accepts at least one version, each a positive integer', () => {
    const errors = (body: unknown) => {
      const parsed = ZAcceptTermsRequest.safeParse(body);
      return parsed.success ? [] : toFieldErrors(parsed.error.issues, body);
    };
    expect(errors({ terms: 3 })).toEqual([]);
    expect(errors({ terms: 3, privacy: 2 })).toEqual([]);
    expect(errors({})).toEqual([{ path: '', code: 'required' }]);
    expect(errors({ privacy: 0 })).toEqual([{ path: 'privacy', code: 'min' }]);
    expect(errors({ terms: 1.5 })).toEqual([{ path: 'terms', code: 'type' }]);
  });
});
