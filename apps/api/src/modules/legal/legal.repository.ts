import { sql, type Selectable } from 'kysely';
import type { TLocale } from '@casino/contracts/locales';
import type { TLegalKind } from '@casino/contracts/site';
import type { Database } from '../../db/database.ts';
import type { LegalDocumentsTable } from '../../db/schema.ts';

export type LegalDocumentRow = Selectable<LegalDocumentsTable>;

/** The text of one locale of a version, ready to store. */
export interface LegalTextRow {
  locale: TLocale;
  title: string;
  body: string;
}

/** One acceptance of one version by a member (`legal_acceptances`, 0018). */
export interface LegalAcceptanceRow {
  memberId: number;
  kind: TLegalKind;
  version: number;
  at: Date;
  ip: string | null;
  userAgent: string | null;
  /** At registration, or of a newer version later (`accept-terms`). */
  context: 'registration' | 'update';
}

/**
 * The SQL of `legal_documents` (published versions are only ever inserted: a trigger refuses edits)
 * and of `legal_acceptances` (likewise).
 */
export function createLegalRepository(db: Database) {
  return {
    /** The version in force of each kind: its highest (null before the first). */
    async currentVersions(trx: Database = db): Promise<Record<TLegalKind, number | null>> {
      const rows = await trx
        .selectFrom('legal_documents')
        .select(['kind', (eb) => eb.fn.max('version').as('version')])
        .groupBy('kind')
        .execute();
      const current: Record<TLegalKind, number | null> = { terms: null, privacy: null };
      for (const row of rows) current[row.kind] = Number(row.version);
      return current;
    },

    /**
     * The version in force of a kind in `locale`, or in Korean when that version has no text in
     * `locale` (Korean is required of every version).
     */
    async current(
      kind: TLegalKind,
      locale: TLocale,
      trx: Database = db,
    ): Promise<LegalDocumentRow | undefined> {
      return trx
        .selectFrom('legal_documents')
        .selectAll()
        .where('kind', '=', kind)
        .where('version', '=', (eb) =>
          eb
            .selectFrom('legal_documents')
            .select((e) => e.fn.max('version').as('v'))
            .where('kind', '=', kind),
        )
        .where('locale', 'in', [locale, 'ko'])
        .orderBy(sql`locale = ${locale}`, 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Serializes publications (of every kind) until the caller's transaction ends, so that two
     * operators publishing at once get consecutive versions instead of one mixed version.
     */
    async lockForPublishing(trx: Database): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext('legal_documents'))`.execute(trx);
    },

    async insertVersion(
      kind: TLegalKind,
      version: number,
      texts: readonly LegalTextRow[],
      meta: { createdBy: string; at: Date },
      trx: Database = db,
    ): Promise<number> {
      const inserted = await trx
        .insertInto('legal_documents')
        .values(
          texts.map((t) => ({
            kind,
            version,
            locale: t.locale,
            title: t.title,
            body: t.body,
            published_at: meta.at,
            created_by: meta.createdBy,
          })),
        )
        // The first start of several instances at once: the first one's rows stay.
        .onConflict((oc) => oc.columns(['kind', 'version', 'locale']).doNothing())
        .returning('locale')
        .execute();
      return inserted.length;
    },

    /** Records a member's acceptance of versions (append-only: a trigger refuses edits). */
    async insertAcceptances(rows: readonly LegalAcceptanceRow[], trx: Database = db): Promise<void> {
      if (rows.length === 0) return;
      await trx
        .insertInto('legal_acceptances')
        .values(
          rows.map((r) => ({
            member_id: r.memberId,
            kind: r.kind,
            version: r.version,
            accepted_at: r.at,
            ip: r.ip,
            user_agent: r.userAgent,
            context: r.context,
          })),
        )
        .execute();
    },

    async hasAny(kind: TLegalKind, trx: Database = db): Promise<boolean> {
      const row = await trx
        .selectFrom('legal_documents')
        .select('version')
        .where('kind', '=', kind)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    list(
      options: { kind?: TLegalKind | undefined; limit: number; offset: number },
      trx: Database = db,
    ): Promise<LegalDocumentRow[]> {
      let q = trx.selectFrom('legal_documents').selectAll();
      if (options.kind) q = q.where('kind', '=', options.kind);
      return q
        .orderBy('kind', 'desc')
        .orderBy('version', 'desc')
        .orderBy(sql`array_position(array['ko','en','jp','vn','cn'], locale)`)
        .limit(options.limit)
        .offset(options.offset)
        .execute();
    },

    async count(options: { kind?: TLegalKind | undefined }, trx: Database = db): Promise<number> {
      let q = trx.selectFrom('legal_documents').select((eb) => eb.fn.countAll<string>().as('n'));
      if (options.kind) q = q.where('kind', '=', options.kind);
      const row = await q.executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
