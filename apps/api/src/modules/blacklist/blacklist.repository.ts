import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BlacklistContext, BlacklistKind } from '../../db/schema.ts';

/** The blacklist's tables (0026_blacklist, the `device` kind 0030): its entries and the hits recorded for the operator. */
export function createBlacklistRepository(db: Database) {
  return {
    /** The new entry's id, or undefined when the same kind and value is listed already. */
    async insert(
      entry: { kind: BlacklistKind; value: string; reason: string; createdBy: string },
      trx: Database = db,
    ): Promise<number | undefined> {
      const row = await trx
        .insertInto('blacklist_entries')
        .values({
          kind: entry.kind,
          value: entry.value,
          network: entry.kind === 'ip' ? entry.value : null,
          reason: entry.reason,
          created_by: entry.createdBy,
        })
        .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * Many entries in one statement (at most a few thousand: 5 parameters each): those added, with
     * their ids; one listed already (or twice in `entries`) is skipped.
     */
    async insertMany(
      entries: readonly { kind: BlacklistKind; value: string; reason: string }[],
      createdBy: string,
      trx: Database = db,
    ) {
      if (entries.length === 0) return [];
      return trx
        .insertInto('blacklist_entries')
        .values(
          entries.map((entry) => ({
            kind: entry.kind,
            value: entry.value,
            network: entry.kind === 'ip' ? entry.value : null,
            reason: entry.reason,
            created_by: createdBy,
          })),
        )
        .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
        .returning(['id', 'kind', 'value', 'reason'])
        .execute();
    },

    async remove(id: number, trx: Database = db) {
      return trx
        .deleteFrom('blacklist_entries')
        .where('id', '=', id)
        .returning(['id', 'kind', 'value', 'reason', 'created_by', 'created_at'])
        .executeTakeFirst();
    },

    async list(filter: {
      kind?: BlacklistKind | undefined;
      search?: string | undefined;
      page: number;
      pageSize: number;
    }) {
      let query = db.selectFrom('blacklist_entries');
      if (filter.kind) query = query.where('kind', '=', filter.kind);
      if (filter.search) {
        const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('value', 'ilike', like), eb('reason', 'ilike', like)]));
      }
      const [rows, count] = await Promise.all([
        query
          .select(['id', 'kind', 'value', 'reason', 'created_by', 'created_at'])
          .orderBy('id', 'desc')
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Every entry, oldest first (the CSV export). */
    all() {
      return db
        .selectFrom('blacklist_entries')
        .select(['kind', 'value', 'reason', 'created_by', 'created_at'])
        .orderBy('id')
        .execute();
    },

    /**
     * The first entry matching any of `probes`: an address through the GiST index of `network`
     * (`network >>= address`: a range holding it or the address itself), a phone or bank account by
     * its unique (kind, value), as is a device id. One statement however many probes.
     */
    async match(probes: {
      ip?: string | undefined;
      phone?: string | undefined;
      bank?: string | undefined;
      device?: string | undefined;
    }) {
      const arms = [];
      if (probes.ip !== undefined)
        arms.push(
          sql<{
            id: number;
            kind: BlacklistKind;
            value: string;
          }>`(select id, kind, value from blacklist_entries where kind = 'ip' and network >>= ${probes.ip}::inet limit 1)`,
        );
      for (const kind of ['phone', 'bank', 'device'] as const) {
        const value = probes[kind];
        if (value !== undefined)
          arms.push(
            sql`(select id, kind, value from blacklist_entries where kind = ${kind} and value = ${value} limit 1)`,
          );
      }
      if (arms.length === 0) return undefined;
      const result = await sql<{
        id: number | string;
        kind: BlacklistKind;
        value: string;
      }>`select * from (${sql.join(arms, sql` union all `)}) as hits limit 1`.execute(db);
      const row = result.rows[0];
      return row ? { id: Number(row.id), kind: row.kind, value: row.value } : undefined;
    },

    async insertHit(hit: {
      kind: BlacklistKind;
      value: string;
      entryId: number;
      context: BlacklistContext;
      memberId: number | null;
      userId: string | null;
      ip: string | null;
    }) {
      await db
        .insertInto('blacklist_hits')
        .values({
          kind: hit.kind,
          value: hit.value,
          entry_id: hit.entryId,
          context: hit.context,
          member_id: hit.memberId,
          user_id: hit.userId,
          ip: hit.ip,
        })
        .execute();
    },

    /** Drops the hits recorded before `before` (the retention of docs/security.md); how many. */
    async pruneHits(before: Date): Promise<number> {
      const result = await db.deleteFrom('blacklist_hits').where('at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async hits(page: number, pageSize: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('blacklist_hits')
          .select(['id', 'kind', 'value', 'context', 'user_id', 'ip', 'at'])
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db
          .selectFrom('blacklist_hits')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
