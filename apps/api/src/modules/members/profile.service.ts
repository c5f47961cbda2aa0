import type { TMemberAccount, TUser } from '@casino/contracts/members';
import type { Database } from '../../db/database.ts';
import type { CashierMember, MemberDetail, MembersParts } from './members.types.ts';

/** What a member's profile shows: to the member, to the cashier and to the back office. */
export function createProfile({ deps, repo }: MembersParts) {
  const { ledger } = deps;
  return {
    /** The member as the cashier decides on it; pass the transaction that locks the request. */
    forCashier(memberId: number, trx?: Database): Promise<CashierMember | undefined> {
      return repo.cashierView(memberId, trx);
    },

    /** The user ids of several members, for other modules' lists (the cashier's queue and ticker). */
    userIdsOf(memberIds: readonly number[], trx?: Database): Promise<Map<number, string>> {
      return repo.userIdsOf(memberIds, trx);
    },

    /** The member as the back office's detail shows it. */
    detailByUserId(userId: string, trx?: Database): Promise<MemberDetail | undefined> {
      return repo.detailByUserId(userId, trx);
    },

    /** The member as TUser: profile, balances from the ledger, unread notes and answered help posts. */
    async user(memberId: number): Promise<TUser | undefined> {
      const [profile, balances, counters] = await Promise.all([
        repo.findProfile(memberId),
        ledger.memberBalances(memberId),
        repo.counters(memberId),
      ]);
      if (!profile) return undefined;
      return {
        userId: profile.user_id,
        nick: profile.nick,
        phone: profile.phone,
        rolling: balances.comp ?? 0,
        balance: balances.cash ?? 0,
        in_balance: balances.game ?? 0,
        bankname: profile.bankname,
        bankOwner: profile.bank_owner,
        banknum: profile.banknum,
        level: profile.level,
        noteCount: counters.noteCount,
        helpCount: counters.helpCount,
      };
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
