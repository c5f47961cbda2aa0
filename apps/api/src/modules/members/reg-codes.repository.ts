import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RegCodesTable } from '../../db/schema.ts';

export type RegCodeAdminRow = Selectable<RegCodesTable>;

/** The codes (of one partner, or all), oldest first, each with the number of members registered with it. */
async function codesWithMembers(
  trx: Database,
  partnerId: number | undefined,
): Promise<(RegCodeAdminRow & { members: number })[]> {
  let q = trx
    .selectFrom('reg_codes as rc')
    .selectAll('rc')
    .select((eb) =>
      eb
        .selectFrom('members as m')
        .whereRef('m.reg_code', '=', 'rc.code')
        .select(eb.fn.countAll<string>().as('n'))
        .as('members'),
    );
  if (partnerId !== undefined) q = q.where('rc.partner_id', '=', partnerId);
  const rows = await q.orderBy('rc.created_at').orderBy('rc.code').execute();
  return rows.map((r) => ({ ...r, members: Number(r.members ?? 0) }));
}

/**
 * SQL of the registration codes (`reg_codes`, written only here: the back office's codes and the
 * first start's demo code) and of member counts by code and level.
 */
export function createRegCodesRepository(db: Database) {
  return {
    /** Every code, oldest first, with the number of members registered with it. */
    list(trx: Database = db): Promise<(RegCodeAdminRow & { members: number })[]> {
      return codesWithMembers(trx, undefined);
    },

    async anyExists(trx: Database = db): Promise<boolean> {
      const row = await trx.selectFrom('reg_codes').select('code').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async forUpdate(code: string, trx: Database): Promise<RegCodeAdminRow | undefined> {
      return trx.selectFrom('reg_codes').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
    },

    /** Whether a code equal to `code` in any letter case exists. */
    async existsAnyCase(code: string, trx: Database): Promise<boolean> {
      const row = await trx
        .selectFrom('reg_codes')
        .select('code')
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(
      row: { code: string; domain: string; memo: string; enabled: boolean; partnerId?: number | undefined },
      trx: Database,
    ): Promise<boolean> {
      const result = await trx
        .insertInto('reg_codes')
        .values({
          code: row.code,
          domain: row.domain,
          memo: row.memo,
          is_enabled: row.enabled,
          partner_id: row.partnerId ?? null,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async update(
      code: string,
      change: Partial<{ domain: string; memo: string; is_enabled: boolean }>,
      trx: Database,
    ): Promise<void> {
      if (Object.keys(change).length === 0) return;
      await trx.updateTable('reg_codes').set(change).where('code', '=', code).execute();
    },

    /** The codes of a partner (docs/api/backoffice-partners.md), oldest first, with their member counts. */
    ofPartner(partnerId: number, trx: Database = db): Promise<(RegCodeAdminRow & { members: number })[]> {
      return codesWithMembers(trx, partnerId);
    },

    /** How many members hold each level (levels nobody holds are absent). */
    async levelCounts(trx: Database = db): Promise<Map<number, number>> {
      const rows = await trx
        .selectFrom('members')
        .select(['level', (eb) => eb.fn.countAll<string>().as('n')])
        .groupBy('level')
        .execute();
      return new Map(rows.map((r) => [r.level, Number(r.n)]));
    },
  };
}
