import { describe, expect, it } from 'vitest';
import type { TUser } from '@casino/contracts/members';
import { mergeUser } from './merge-user.ts';

const user: TUser = {
  userId: 'gildong7',
  nick: '길동',
  phone: '01012345678',
  rolling: 100,
  balance: 5000,
  in_balance: 0,
  bankname: '004',
  bankOwner: '홍길동',
  banknum: '123456789012',
  level: 1,
  noteCount: 0,
  helpCount: 0,
};

describe('mergeUser', () => {
  it('takes the returned fields', () => {
    expect(mergeUser(user, { balance: 7000, noteCount: 2 })).toEqual({
      ...user,
      balance: 7000,
      noteCount: 2,
    });
  });

  it('keeps old values where the answer has none (absent, undefined or null)', () => {
    const merged = mergeUser(user, { balance: 9000, nick: undefined, phone: null });
    expect(merged).toEqual({ ...user, balance: 9000 });
  });

  it('returns the same object when nothing changed, so no state update happens', () => {
    expect(mergeUser(user, { ...user })).toBe(user);
    expect(mergeUser(user, { balance: 5000, nick: '길동' })).toBe(user);
    expect(mergeUser(user, {})).toBe(user);
    expect(mergeUser(user, null)).toBe(user);
  });

  it('never changes the current object', () => {
    const before = { ...user };
    mergeUser(user, { balance: 1 });
    expect(user).toEqual(before);
  });

  it('keeps a zero that arrives (0 is a value, not a missing one)', () => {
    expect(mergeUser({ ...user, balance: 10 }, { balance: 0 })?.balance).toBe(0);
  });

  it('starts from the answer when there is no current user, if it names the member', () => {
    expect(mergeUser(null, user)).toEqual(user);
    expect(mergeUser(null, { balance: 1 })).toBeNull();
  });
});
