import type { Database } from '../../db/database.ts';

export const MEMBER_ACCOUNT_KINDS = ['cash', 'comp', 'game'] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];

export function createLedgerRepository(db: Database) {
  return {
    async insertMemberAccounts(memberId: number, trx: Database = db): Promise<void> {
      await trx
        .insertInto('accounts')
        .values(MEMBER_ACCOUNT_KINDS.map((kind) => ({ member_id: memberId, kind, balance: 0 })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async memberBalances(memberId: number, trx: Database = db): Promise<Record<MemberAccountKind, number>> {
      const rows = await trx.selectFrom('accounts').select(['kind', 'balance']).where('member_id', '=', memberId).execute();
      const balances: Record<MemberAccountKind, number> = { cash: 0, comp: 0, game: 0 };
      for (const row of rows) {
        if ((MEMBER_ACCOUNT_KINDS as readonly string[]).includes(row.kind)) balances[row.kind as MemberAccountKind] = row.balance;
      }
      return balances;
    },
  };
}
