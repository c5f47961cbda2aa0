import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SitesTable } from '../../db/schema.ts';

export type SiteRow = Selectable<SitesTable>;
/** A site's row with its hosts, in the order the operator gave them. */
export type SiteWithDomains = SiteRow & { domains: string[] };

/** The columns of a site an operator sets. */
export interface SiteFields {
  name: string;
  partner_id: string | null;
  reg_code: string | null;
  theme_primary: string | null;
  logo_url: string | null;
}

/** SQL of the sites (`sites` and `site_domains`, 0023_sites; written only here). */
export function createSitesRepository(db: Database) {
  async function withDomains(rows: SiteRow[], trx: Database): Promise<SiteWithDomains[]> {
    if (rows.length === 0) return [];
    const hosts = await trx
      .selectFrom('site_domains')
      .select(['site_id', 'host'])
      .where(
        'site_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('site_id')
      .orderBy('position')
      .execute();
    const bySite = new Map<number, string[]>();
    for (const { site_id, host } of hosts) {
      const id = Number(site_id);
      bySite.set(id, [...(bySite.get(id) ?? []), host]);
    }
    return rows.map((row) => ({ ...row, id: Number(row.id), domains: bySite.get(Number(row.id)) ?? [] }));
  }

  return {
    /** Every site with its hosts, oldest first. */
    async all(trx: Database = db): Promise<SiteWithDomains[]> {
      const rows = await trx.selectFrom('sites').selectAll().orderBy('id').execute();
      return withDomains(rows, trx);
    },

    /** One page of the sites, oldest first, and how many there are. */
    async page(
      page: number,
      pageSize: number,
      trx: Database = db,
    ): Promise<{ rows: SiteWithDomains[]; total: number }> {
      const [rows, count] = await Promise.all([
        trx
          .selectFrom('sites')
          .selectAll()
          .orderBy('id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        trx
          .selectFrom('sites')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: await withDomains(rows, trx), total: Number(count.n) };
    },

    /** A site locked until the transaction ends, with its hosts. */
    async forUpdate(id: number, trx: Database): Promise<SiteWithDomains | undefined> {
      const row = await trx
        .selectFrom('sites')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row ? (await withDomains([row], trx))[0] : undefined;
    },

    async insert(fields: SiteFields, at: Date, trx: Database): Promise<number> {
      const row = await trx
        .insertInto('sites')
        .values({ ...fields, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(id: number, fields: Partial<SiteFields>, at: Date, trx: Database): Promise<void> {
      await trx
        .updateTable('sites')
        .set({ ...fields, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes a site (its hosts go with it); whether there was one. */
    async delete(id: number, trx: Database): Promise<boolean> {
      const result = await trx.deleteFrom('sites').where('id', '=', id).executeTakeFirst();
      return (result.numDeletedRows ?? 0n) > 0n;
    },

    /**
     * Gives the site these hosts in this order, replacing its others: false (nothing changed once
     * the caller rolls back) when one of them belongs to another site.
     */
    async setDomains(siteId: number, hosts: readonly string[], trx: Database): Promise<boolean> {
      await trx.deleteFrom('site_domains').where('site_id', '=', siteId).execute();
      if (hosts.length === 0) return true;
      const result = await trx
        .insertInto('site_domains')
        .values(hosts.map((host, position) => ({ host, site_id: siteId, position })))
        .onConflict((oc) => oc.column('host').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === hosts.length;
    },
  };
}
