import { randomInt } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { MemberState } from '../../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { MemberListRow, MemberSearch, MemberSignInRow } from './members.repository.ts';
import type { MembersParts } from './members.types.ts';

/** A member state change the back office asks for, and the states it applies to. */
export const MEMBER_STATE_ACTIONS = {
  approve: { from: ['pending'], to: 'active' },
  block: { from: ['active', 'pending'], to: 'blocked' },
  unblock: { from: ['blocked'], to: 'active' },
} as const satisfies Record<string, { from: readonly MemberState[]; to: MemberState }>;

export type MemberStateAction = keyof typeof MEMBER_STATE_ACTIONS;

export type MemberChange<T> =
  | { status: 'not_found' }
  | { status: 'already' }
  | { status: 'success'; memberId: number; before: T; after: T };

/** Letters and digits a member reads off a phone or a chat without confusion (no 0/O, 1/l/I). */
const TEMPORARY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 10 characters of 31: about 49.5 bits, for a password the member must replace at once. */
const TEMPORARY_LENGTH = 10;

export function temporaryPassword(): string {
  let out = '';
  for (let i = 0; i < TEMPORARY_LENGTH; i++)
    out += TEMPORARY_ALPHABET[randomInt(0, TEMPORARY_ALPHABET.length)];
  return out;
}

/**
 * The member changes the back office makes (approve, block, level, exchange password reset). Each
 * runs in the caller's transaction, which also writes the audit record and ends sessions.
 */
export function createMemberAdmin({ deps, repo }: MembersParts) {
  return {
    /** The back office's member list (members.repository.ts `search`). */
    searchMembers(
      filter: MemberSearch,
      page: { offset: number; limit: number },
    ): Promise<{ rows: MemberListRow[]; total: number }> {
      return repo.search(filter, page);
    },

    /** Moves a member to a partner or directly under the house (docs/api/backoffice-partners.md); undefined: no such member. */
    setPartner(userId: string, partnerId: number | null, trx: Database) {
      return repo.setPartner(userId, partnerId, trx);
    },

    /** How many members each partner holds directly. */
    memberCountsByPartner(partnerIds: readonly number[], trx?: Database) {
      return repo.countByPartner(partnerIds, trx);
    },

    /** The ids of the members of these partners. */
    memberIdsOfPartners(partnerIds: readonly number[], trx?: Database) {
      return repo.idsOfPartners(partnerIds, trx);
    },

    /** Moves a member to the action's state; `already` when the member is not in one it applies to. */
    async changeState(
      userId: string,
      action: MemberStateAction,
      trx: Database,
    ): Promise<MemberChange<{ state: MemberState }>> {
      const member = await repo.lockState(userId, trx);
      if (!member) return { status: 'not_found' };
      const rule = MEMBER_STATE_ACTIONS[action];
      if (!(rule.from as readonly MemberState[]).includes(member.state)) return { status: 'already' };
      await repo.setState(member.id, rule.to, deps.now(), trx);
      return {
        status: 'success',
        memberId: member.id,
        before: { state: member.state },
        after: { state: rule.to },
      };
    },

    async changeLevel(
      userId: string,
      level: number,
      trx: Database,
    ): Promise<MemberChange<{ level: number }>> {
      const member = await repo.lockState(userId, trx);
      if (!member) return { status: 'not_found' };
      await repo.setLevel(member.id, level, deps.now(), trx);
      return { status: 'success', memberId: member.id, before: { level: member.level }, after: { level } };
    },

    /**
     * A temporary login password (returned once; only its hash is stored) that the member must
     * change at the next sign-in (`must_change_password`). The caller ends the member's sessions
     * in the same transaction.
     */
    async resetPassword(
      userId: string,
      trx: Database,
    ): Promise<
      | { status: 'not_found' }
      | { status: 'success'; memberId: number; password: string; before: { mustChangePassword: boolean } }
    > {
      const password = temporaryPassword();
      const hash = await hashPassword(password);
      const member = await repo.lockState(userId, trx);
      if (!member) return { status: 'not_found' };
      await repo.setPasswordHash(member.id, hash, deps.now(), trx, true);
      return {
        status: 'success',
        memberId: member.id,
        password,
        before: { mustChangePassword: member.must_change_password },
      };
    },

    /** A member's sign-in attempts (known ids only), newest first. */
    signIns(
      memberId: number,
      page: { offset: number; limit: number },
    ): Promise<{ rows: MemberSignInRow[]; total: number }> {
      return repo.signIns(memberId, page);
    },

    /** A new random 6-digit exchange password (returned once; only its hash is stored). */
    async resetExchangePassword(
      userId: string,
      trx: Database,
    ): Promise<{ status: 'not_found' } | { status: 'success'; memberId: number; exchangePassword: string }> {
      // Hashed before the member's row is locked: the lock lasts no longer than the write.
      const exchangePassword = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const hash = await hashPassword(exchangePassword);
      const member = await repo.lockState(userId, trx);
      if (!member) return { status: 'not_found' };
      await repo.setExchangePasswordHash(member.id, hash, deps.now(), trx);
      return { status: 'success', memberId: member.id, exchangePassword };
    },
  };
}
