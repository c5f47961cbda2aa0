import type { TNotice, TPopup } from '@casino/contracts/community';
import type {
  TBackofficeNotice,
  TBackofficeNoticePatch,
  TBackofficeNoticeRequest,
  TBackofficePopup,
  TBackofficePopupPatch,
  TBackofficePopupRequest,
} from '@casino/contracts/backoffice-content';
import { domainMatches } from '@casino/contracts/host';
import type { Updateable } from 'kysely';
import type { NoticesTable, PopupsTable } from '../../db/schema.ts';
import { keptRead } from '../../lib/kept-reads.ts';
import { createSharedCaches } from '../../lib/shared-caches.ts';
import { operatorHtmlToStore } from '../../lib/operator-html.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { NoticeRow, PopupRow } from './community.repository.ts';
import { offsetOf, type ChangeStatus, type CommunityParts, type Paging } from './community.types.ts';

/**
 * How long an instance keeps the active notices and popups it read. Every home page asks for both,
 * so they are read once per instance and period (single flight); a change made through this
 * instance is seen at once, one made through another instance within this time.
 */
export const SITE_CONTENT_CACHE_MS = 2_000;
/** The most notices get-user-notices answers (the newest); the portal's list shows them all. */
export const MEMBER_NOTICES_MAX = 100;
/** The most popups get-notice-popup answers (in their order). */
export const MEMBER_POPUPS_MAX = 20;

function memberNotice(row: NoticeRow): TNotice {
  return {
    id: row.id,
    title: row.title,
    contents: row.contents,
    lastDate: row.updated_at.toISOString(),
    domain: row.domain,
  };
}

function memberPopup(row: PopupRow): TPopup {
  return {
    id: row.id,
    title: row.title,
    titleColor: row.title_color,
    contents: row.contents,
    domain: row.domain,
    posX: row.pos_x,
    posY: row.pos_y,
  };
}

function operatorNotice(row: NoticeRow): TBackofficeNotice {
  return {
    id: row.id,
    title: row.title,
    contents: row.contents,
    domain: row.domain,
    isActive: row.is_active,
    operatorId: row.created_by,
    regDate: row.created_at.toISOString(),
    lastDate: row.updated_at.toISOString(),
  };
}

function operatorPopup(row: PopupRow): TBackofficePopup {
  return {
    id: row.id,
    title: row.title,
    titleColor: row.title_color,
    contents: row.contents,
    domain: row.domain,
    posX: row.pos_x,
    posY: row.pos_y,
    isActive: row.is_active,
    sortOrder: row.sort_order,
    operatorId: row.created_by,
    regDate: row.created_at.toISOString(),
    lastDate: row.updated_at.toISOString(),
  };
}

/** The audit log's picture of a notice or popup: what operators set, without bookkeeping columns. */
function contentSnapshot(row: NoticeRow | PopupRow): Record<string, unknown> {
  const { id: _id, created_at: _c, updated_at: _u, deleted_at: _d, created_by: _b, ...fields } = row;
  return fields;
}

/**
 * Site content: notices (공지사항) and popups, operator HTML sanitized when stored, each shown on
 * the hosts its `domain` lists (all when empty), matched by `domainMatches` of
 * packages/contracts/src/host.ts. Every change is audited with the row before and after.
 */
export function createSiteContent({ deps, repo }: CommunityParts) {
  const { db, audit, now } = deps;
  const activeNotices = keptRead(() => repo.activeNotices(), { maxAgeMs: SITE_CONTENT_CACHE_MS, now });
  const activePopups = keptRead(() => repo.activePopups(), { maxAgeMs: SITE_CONTENT_CACHE_MS, now });
  const caches = deps.caches ?? createSharedCaches(undefined);
  /** Each kind's locked read and its one update (a change or a soft delete). */
  const stores = {
    notice: { load: repo.noticeForUpdate, update: repo.updateNotice },
    popup: { load: repo.popupForUpdate, update: repo.updatePopup },
  };
  caches.register('notices', () => activeNotices.forget());
  caches.register('popups', () => activePopups.forget());

  /**
   * Runs a change with its audit record in one transaction; the cached lists are dropped after it,
   * on every instance (lib/shared-caches.ts).
   */
  async function change<T>(kind: 'notice' | 'popup', work: (trx: typeof db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } finally {
      caches.changed(kind === 'notice' ? 'notices' : 'popups');
    }
  }

  /**
   * An operator's change to one notice or popup: the row locked, changed (or soft-deleted), and
   * the audit record with its before and after, in one transaction; `not_found` changes nothing.
   */
  function editAudited<Row extends NoticeRow | PopupRow>(
    kind: 'notice' | 'popup',
    id: number,
    who: AuditActor,
    ops: {
      load: (trx: typeof db) => Promise<Row | undefined>;
      write: (trx: typeof db) => Promise<Row | undefined>;
    },
  ): Promise<ChangeStatus> {
    return change(kind, async (trx) => {
      const before = await ops.load(trx);
      if (!before) return 'not_found';
      const after = await ops.write(trx);
      await audit.record(
        who,
        {
          action: `${kind}.${after ? 'update' : 'delete'}`,
          target: `${kind}:${id}`,
          before: contentSnapshot(before),
          ...(after ? { after: contentSnapshot(after) } : {}),
        },
        trx,
      );
      return 'success';
    });
  }

  /** An operator's new notice or popup and its audit record, in one transaction. */
  function createAudited(
    kind: 'notice' | 'popup',
    who: AuditActor,
    insert: (trx: typeof db) => Promise<NoticeRow | PopupRow>,
  ): Promise<{ status: 'success'; id: number }> {
    return change(kind, async (trx) => {
      const row = await insert(trx);
      await audit.record(
        who,
        { action: `${kind}.create`, target: `${kind}:${row.id}`, after: contentSnapshot(row) },
        trx,
      );
      return { status: 'success' as const, id: row.id };
    });
  }

  /** An operator's soft delete of a notice or popup, audited with the row before it. */
  function deleteAudited(kind: 'notice' | 'popup', id: number, who: AuditActor): Promise<ChangeStatus> {
    const { load, update } = stores[kind];
    return editAudited(kind, id, who, {
      load: (trx) => load(id, trx),
      write: async (trx) => {
        await update(id, { deleted_at: now() }, trx);
        return undefined;
      },
    });
  }

  /**
   * An operator's change to the fields a patch names of a notice or popup (those it leaves
   * undefined stay as they are; its HTML contents sanitized first), audited with the row before
   * and after.
   */
  async function updateAudited(
    kind: 'notice' | 'popup',
    id: number,
    who: AuditActor,
    contentsHtml: string | undefined,
    fields: Updateable<NoticesTable> & Updateable<PopupsTable>,
  ): Promise<ChangeStatus> {
    const contents =
      contentsHtml === undefined ? undefined : await operatorHtmlToStore(contentsHtml, 'contents');
    const named: typeof fields = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    );
    const { load, update } = stores[kind];
    return editAudited(kind, id, who, {
      load: (trx) => load(id, trx),
      write: (trx) =>
        update(id, { ...named, ...(contents !== undefined ? { contents } : {}), updated_at: now() }, trx),
    });
  }

  return {
    /** get-user-notices: the active notices of the request's host, newest first. */
    async noticesFor(host: string): Promise<{ status: 'success'; notices: TNotice[] }> {
      const rows = (await activeNotices.get()).filter((r) => domainMatches(r.domain, host));
      return { status: 'success', notices: rows.slice(0, MEMBER_NOTICES_MAX).map(memberNotice) };
    },

    /** get-notice-popup: the active popups of the request's host, in their order. */
    async popupsFor(host: string): Promise<{ status: 'success'; note: TPopup[] }> {
      const rows = (await activePopups.get()).filter((r) => domainMatches(r.domain, host));
      return { status: 'success', note: rows.slice(0, MEMBER_POPUPS_MAX).map(memberPopup) };
    },

    async notices(paging: Paging) {
      const [rows, maxCount] = await Promise.all([
        repo.listNotices(paging.pageSize, offsetOf(paging)),
        repo.countLive('notices'),
      ]);
      return { status: 'success' as const, list: rows.map(operatorNotice), maxCount };
    },

    async popups(paging: Paging) {
      const [rows, maxCount] = await Promise.all([
        repo.listPopups(paging.pageSize, offsetOf(paging)),
        repo.countLive('popups'),
      ]);
      return { status: 'success' as const, list: rows.map(operatorPopup), maxCount };
    },

    async createNotice(
      input: TBackofficeNoticeRequest,
      who: AuditActor,
    ): Promise<{ status: 'success'; id: number }> {
      const contents = await operatorHtmlToStore(input.contents, 'contents');
      return createAudited('notice', who, (trx) =>
        repo.insertNotice(
          {
            title: input.title,
            contents,
            domain: input.domain,
            isActive: input.isActive ?? true,
            createdBy: who.actor,
            at: now(),
          },
          trx,
        ),
      );
    },

    updateNotice(id: number, patch: TBackofficeNoticePatch, who: AuditActor): Promise<ChangeStatus> {
      return updateAudited('notice', id, who, patch.contents, {
        title: patch.title,
        domain: patch.domain,
        is_active: patch.isActive,
      });
    },

    deleteNotice(id: number, who: AuditActor): Promise<ChangeStatus> {
      return deleteAudited('notice', id, who);
    },

    async createPopup(
      input: TBackofficePopupRequest,
      who: AuditActor,
    ): Promise<{ status: 'success'; id: number }> {
      const contents = await operatorHtmlToStore(input.contents, 'contents');
      return createAudited('popup', who, (trx) =>
        repo.insertPopup(
          {
            title: input.title,
            titleColor: input.titleColor,
            contents,
            domain: input.domain,
            posX: input.posX,
            posY: input.posY,
            isActive: input.isActive ?? true,
            sortOrder: input.sortOrder ?? 0,
            createdBy: who.actor,
            at: now(),
          },
          trx,
        ),
      );
    },

    updatePopup(id: number, patch: TBackofficePopupPatch, who: AuditActor): Promise<ChangeStatus> {
      return updateAudited('popup', id, who, patch.contents, {
        title: patch.title,
        title_color: patch.titleColor,
        domain: patch.domain,
        pos_x: patch.posX,
        pos_y: patch.posY,
        is_active: patch.isActive,
        sort_order: patch.sortOrder,
      });
    },

    deletePopup(id: number, who: AuditActor): Promise<ChangeStatus> {
      return deleteAudited('popup', id, who);
    },
  };
}
