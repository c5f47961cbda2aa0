import type { Database } from '../../db/database.ts';

export function createCommunityRepository(db: Database) {
  return {
    async insertNote(
      row: { memberId: number; title: string; contents: string; createdBy: string | null },
      trx: Database = db,
    ): Promise<number> {
      const inserted = await trx
        .insertInto('notes')
        .values({
          member_id: row.memberId,
          title: row.title,
          contents: row.contents,
          created_by: row.createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /**
     * Opens a help post unless the member already has one of this kind still unanswered (a partial
     * unique index guards account inquiries against a race). Returns the new id, or undefined when
     * one is open.
     */
    async insertHelpUnlessOpen(
      row: { memberId: number; kind: 'account_inquiry'; title: string; contents: string },
      trx: Database = db,
    ): Promise<number | undefined> {
      const open = await trx
        .selectFrom('helps')
        .select('id')
        .where('member_id', '=', row.memberId)
        .where('kind', '=', row.kind)
        .where('state', '=', 'wait')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (open) return undefined;
      const inserted = await trx
        .insertInto('helps')
        .values({ member_id: row.memberId, kind: row.kind, title: row.title, contents: row.contents })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },
  };
}
