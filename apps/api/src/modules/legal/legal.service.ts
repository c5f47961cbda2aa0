import type { TLegalListQuery, TPublishLegalRequest } from '@casino/contracts/backoffice-content';
import { LOCALES, type TLocale } from '@casino/contracts/locales';
import { LEGAL_KINDS, type TGetLegalDocumentResponse, type TLegalKind } from '@casino/contracts/site';
import type { Database } from '../../db/database.ts';
import { operatorHtmlToStore } from '../../lib/operator-html.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import { firstVersionText } from './legal-texts.ts';
import { createLegalRepository, type LegalDocumentRow, type LegalTextRow } from './legal.repository.ts';

export interface LegalDeps {
  db: Database;
  audit: AuditService;
  now: () => Date;
}

function documentOf(row: LegalDocumentRow) {
  return {
    kind: row.kind,
    version: row.version,
    locale: row.locale,
    title: row.title,
    body: row.body,
    publishedAt: row.published_at.toISOString(),
  };
}

/**
 * The terms of use and the privacy policy: versions published by operators (owner, content) and
 * read by everyone. A version is never changed once published; the highest is in force, and
 * registration records the versions in force (members module).
 */
export function createLegalService(deps: LegalDeps) {
  const { db, audit, now } = deps;
  const repo = createLegalRepository(db);

  return {
    /** The version in force of each kind (null before the first). */
    currentVersions(trx?: Database): Promise<Record<TLegalKind, number | null>> {
      return repo.currentVersions(trx);
    },

    /** `get-legal-document`: the version in force in `locale` (Korean when it has no such text). */
    async document(kind: TLegalKind, locale: TLocale): Promise<TGetLegalDocumentResponse> {
      const row = await repo.current(kind, locale);
      return row ? { status: 'success', document: documentOf(row) } : { status: 'not_found' };
    },

    /**
     * Publishes the next version of a document, in force at once, with its audit record in one
     * transaction. Each body is sanitized with the one HTML policy first; a body the policy leaves
     * empty is refused (400 `texts` `required`) and nothing is published.
     */
    async publish(
      input: TPublishLegalRequest,
      who: AuditActor,
    ): Promise<{ kind: TLegalKind; version: number }> {
      const texts: LegalTextRow[] = [];
      for (const text of input.texts) {
        texts.push({
          locale: text.locale,
          title: text.title,
          body: await operatorHtmlToStore(text.body, 'texts'),
        });
      }
      return db.transaction().execute(async (trx) => {
        await repo.lockForPublishing(trx);
        const before = (await repo.currentVersions(trx))[input.kind];
        const version = (before ?? 0) + 1;
        await repo.insertVersion(input.kind, version, texts, { createdBy: who.actor, at: now() }, trx);
        await audit.record(
          who,
          {
            action: 'legal.publish',
            target: `legal:${input.kind}`,
            before: { version: before },
            after: { version, locales: texts.map((t) => t.locale) },
          },
          trx,
        );
        return { kind: input.kind, version };
      });
    },

    /**
     * Records a member's acceptance of versions of the documents, in the caller's transaction (the
     * members module, which keeps the latest accepted versions on the member's row, opens it).
     */
    recordAcceptances(
      memberId: number,
      versions: ReadonlyArray<{ kind: TLegalKind; version: number }>,
      meta: { at: Date; ip: string | null; userAgent: string | null; context: 'registration' | 'update' },
      trx: Database,
    ): Promise<void> {
      return repo.insertAcceptances(
        versions.map((v) => ({ memberId, kind: v.kind, version: v.version, ...meta })),
        trx,
      );
    },

    /** Every published text, newest version first (back office). */
    async list(query: TLegalListQuery) {
      const [rows, maxCount, current] = await Promise.all([
        repo.list({ kind: query.kind, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
        repo.count({ kind: query.kind }),
        repo.currentVersions(),
      ]);
      return {
        current,
        maxCount,
        list: rows.map((row) => ({ ...documentOf(row), createdBy: row.created_by })),
      };
    },

    /**
     * First start: version 1 of each document that has none yet, in every locale (legal-texts.ts),
     * audited as the system's. Several instances starting together write it once. Returns the
     * kinds it published.
     */
    async ensureFirstVersions(): Promise<TLegalKind[]> {
      const published: TLegalKind[] = [];
      for (const kind of LEGAL_KINDS) {
        if (await repo.hasAny(kind)) continue;
        const texts = LOCALES.map((locale) => ({ locale, ...firstVersionText(kind, locale) }));
        const inserted = await db.transaction().execute(async (trx) => {
          const count = await repo.insertVersion(kind, 1, texts, { createdBy: 'system', at: now() }, trx);
          if (count > 0) {
            await audit.record(
              { operatorId: null, actor: 'system', ip: null },
              {
                action: 'legal.publish',
                target: `legal:${kind}`,
                before: { version: null },
                after: { version: 1, locales: [...LOCALES] },
              },
              trx,
            );
          }
          return count;
        });
        if (inserted > 0) published.push(kind);
      }
      return published;
    },
  };
}

export type LegalService = ReturnType<typeof createLegalService>;
