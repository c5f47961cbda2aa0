import type { TMemberAccount, TUser } from '@casino/contracts/members';
import type { Database } from '../../db/database.ts';
import type { MemberState } from '../../db/schema.ts';
import type { MemberViewRow } from './members.repository.ts';
import type { CashierMember, MemberDetail, MembersParts } from './members.types.ts';
import { requirementsOf, termsToAccept } from './requirements.ts';

/** TUser from the member view row that the hot statements read (members.repository.ts). */
export function userFromView(row: MemberViewRow): TUser {
  return {
    userId: row.user_id,
    nick: row.nick,
    phone: row.phone,
    rolling: row.comp,
    balance: row.cash,
    in_balance: row.game,
    bankname: row.bankname,
    bankOwner: row.bank_owner,
    banknum: row.banknum,
    level: row.level,
    noteCount: row.note_count,
    helpCount: row.help_count,
    mustChangePassword: row.must_change_password,
    requires: requirementsOf(row),
    termsToAccept: termsToAccept(row),
  };
}

/** What a member's profile shows: to the member, to the cashier and to the back office. */
export function createProfile({ repo }: MembersParts) {
  return {
    /**
     * The member's reality-check interval in minutes (0: off; undefined for an unknown member): the
     * protection module's setting, kept on the member's row, so it reads and writes it through here.
     */
    realityCheckMinutes(memberId: number, trx?: Database): Promise<number | undefined> {
      return repo.realityCheckMinutes(memberId, trx);
    },

    setRealityCheckMinutes(memberId: number, minutes: number, trx?: Database): Promise<void> {
      return repo.setRealityCheckMinutes(memberId, minutes, trx);
    },

    /** The member as the cashier decides on it; pass the transaction that locks the request. */
    forCashier(memberId: number, trx?: Database): Promise<CashierMember | undefined> {
      return repo.cashierView(memberId, trx);
    },

    /** The user ids of several members, for other modules' lists (the cashier's queue and ticker). */
    /** The member's registration address and latest successful sign-in addresses (withdrawal checks). */
    reviewAddresses(memberId: number, trx?: Database) {
      return repo.reviewAddresses(memberId, 10, trx);
    },

    /** Other members that registered or signed in from these addresses (withdrawal checks). */
    membersOnAddresses(ips: readonly string[], exceptId: number, trx?: Database) {
      return repo.membersOnAddresses(ips, exceptId, 20, trx);
    },

    /** Another member registered with this bank account number (withdrawal checks). */
    membersWithBanknum(banknum: string, exceptId: number, trx?: Database) {
      return repo.membersWithBanknum(banknum, exceptId, trx);
    },

    userIdsOf(memberIds: readonly number[], trx?: Database): Promise<Map<number, string>> {
      return repo.userIdsOf(memberIds, trx);
    },

    /** A member's id and state by user id, for the provider wallet. */
    byUserId(
      userId: string,
      trx?: Database,
    ): Promise<{ id: number; user_id: string; state: MemberState } | undefined> {
      return repo.idAndState(userId, trx);
    },

    /** The member as the back office's detail shows it. */
    detailByUserId(userId: string, trx?: Database): Promise<MemberDetail | undefined> {
      return repo.detailByUserId(userId, trx);
    },

    /** The member as TUser: profile, balances, unread notes and answered help posts, in one statement. */
    async user(memberId: number): Promise<TUser | undefined> {
      const row = await repo.viewById(memberId);
      return row && userFromView(row);
    },

    async account(memberId: number): Promise<TMemberAccount | undefined> {
      const profile = await repo.findProfile(memberId);
      return (
        profile && {
          userId: profile.user_id,
          bankOwner: profile.bank_owner ?? '',
          bankname: profile.bankname ?? '',
          banknum: profile.banknum ?? '',
        }
      );
    },
  };
}
