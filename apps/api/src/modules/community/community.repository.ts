import { sql, type Selectable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type {
  DB,
  HelpsTable,
  NoticesTable,
  NoteSendsTable,
  NotesTable,
  PopupsTable,
} from '../../db/schema.ts';

export type HelpKind = 'help' | 'account_inquiry' | 'guest';
export type HelpState = 'wait' | 'already';
export type NoteRow = Pick<Selectable<NotesTable>, 'id' | 'title' | 'contents' | 'is_read' | 'created_at'>;
export type HelpRow = Selectable<HelpsTable>;
export type NoticeRow = Selectable<NoticesTable>;
export type PopupRow = Selectable<PopupsTable>;
export type NoteSendRow = Selectable<NoteSendsTable>;

/** What the back office's help queue is filtered by. */
export interface HelpQueueFilter {
  state?: HelpState | undefined;
  kind?: HelpKind | undefined;
  memberId?: number | undefined;
  /** Words in the title, the text, or a guest's typed id or phone (case-insensitive). */
  search?: string | undefined;
}

const NOTE_COLUMNS = ['id', 'title', 'contents', 'is_read', 'created_at'] as const;

/**
 * The SQL of the community module's tables: notes (and the operators' sendings), help posts,
 * notices and popups. A member's rows are always looked up by the member's id as well, so another
 * member's id finds nothing and changes nothing.
 */
export function createCommunityRepository(db: Database) {
  return {
    // --- notes ---

    async insertNote(
      row: {
        memberId: number;
        title: string;
        contents: string;
        createdBy: string | null;
        sendId?: number | null;
        at?: Date;
      },
      trx: Database = db,
    ): Promise<number> {
      const inserted = await trx
        .insertInto('notes')
        .values({
          member_id: row.memberId,
          title: row.title,
          contents: row.contents,
          created_by: row.createdBy,
          send_id: row.sendId ?? null,
          ...(row.at ? { created_at: row.at } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    listNotes(memberId: number, limit: number, offset: number, trx: Database = db): Promise<NoteRow[]> {
      return live(trx, 'notes')
        .where('member_id', '=', memberId)
        .select(NOTE_COLUMNS)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** How many of the member's notes or help posts are not deleted. */
    async countOwn(table: 'notes' | 'helps', memberId: number, trx: Database = db): Promise<number> {
      const row = await live(trx, table)
        .where('member_id', '=', memberId)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks one of the member's notes read (`id` undefined: all of them); false when there is no such note. */
    async markNotesRead(
      memberId: number,
      id: number | undefined,
      at: Date,
      trx: Database = db,
    ): Promise<boolean> {
      let q = trx
        .updateTable('notes')
        .set({ is_read: true, read_at: sql<Date>`coalesce(read_at, ${at})` })
        .where('member_id', '=', memberId)
        .where('deleted_at', 'is', null);
      if (id !== undefined) q = q.where('id', '=', id);
      else q = q.where('is_read', '=', false);
      const result = await q.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Soft-deletes one of the member's notes or help posts (`id` undefined: all of them); false when
     * there is no such entry of this member.
     */
    async deleteOwn(
      table: 'notes' | 'helps',
      memberId: number,
      id: number | undefined,
      at: Date,
      trx: Database = db,
    ): Promise<boolean> {
      let q = trx
        .updateTable(table)
        .set({ deleted_at: at })
        .where('member_id', '=', memberId)
        .where('deleted_at', 'is', null);
      if (id !== undefined) q = q.where('id', '=', id);
      const result = await q.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertSend(
      row: { memberId: number | null; title: string; contents: string; createdBy: string; at: Date },
      trx: Database = db,
    ): Promise<number> {
      const inserted = await trx
        .insertInto('note_sends')
        .values({
          member_id: row.memberId,
          title: row.title,
          contents: row.contents,
          created_by: row.createdBy,
          created_at: row.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /**
     * One copy of a sending for every member that exists now, in one INSERT … SELECT: a member who
     * registers while it runs gets none, and none gets two. It reads `members` (the members
     * module's table) for that one statement, reading only ids. Returns how many were written.
     */
    async insertCopiesForAllMembers(
      send: { id: number; title: string; contents: string; createdBy: string; at: Date },
      trx: Database = db,
    ): Promise<number> {
      const result = await trx
        .insertInto('notes')
        .columns(['member_id', 'title', 'contents', 'created_by', 'send_id', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('members')
            .select([
              'members.id',
              sql<string>`${send.title}::text`.as('title'),
              sql<string>`${send.contents}::text`.as('contents'),
              sql<string>`${send.createdBy}::text`.as('created_by'),
              sql<number>`${send.id}::bigint`.as('send_id'),
              sql<Date>`${send.at}::timestamptz`.as('created_at'),
            ]),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    async setSendRecipients(sendId: number, recipients: number, trx: Database = db): Promise<void> {
      await trx.updateTable('note_sends').set({ recipients }).where('id', '=', sendId).execute();
    },

    listSends(limit: number, offset: number, trx: Database = db): Promise<NoteSendRow[]> {
      return trx
        .selectFrom('note_sends')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countSends(trx: Database = db): Promise<number> {
      const row = await trx
        .selectFrom('note_sends')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** How many copies of each sending their members have read. */
    async readCountsOf(sendIds: readonly number[], trx: Database = db): Promise<Map<number, number>> {
      if (sendIds.length === 0) return new Map();
      const rows = await trx
        .selectFrom('notes')
        .select(['send_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('send_id', 'in', sendIds)
        .where('is_read', '=', true)
        .groupBy('send_id')
        .execute();
      return new Map(rows.map((r) => [Number(r.send_id), Number(r.n)]));
    },

    // --- help posts ---

    async insertHelp(
      row: {
        memberId: number | null;
        kind: HelpKind;
        guestUserId?: string | null;
        guestPhone?: string | null;
        title: string;
        contents: string;
        at: Date;
      },
      trx: Database = db,
    ): Promise<number> {
      const inserted = await trx
        .insertInto('helps')
        .values({
          member_id: row.memberId,
          kind: row.kind,
          guest_user_id: row.guestUserId ?? null,
          guest_phone: row.guestPhone ?? null,
          title: row.title,
          contents: row.contents,
          created_at: row.at,
          updated_at: row.at,
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

    listHelpsOfMember(
      memberId: number,
      limit: number,
      offset: number,
      trx: Database = db,
    ): Promise<HelpRow[]> {
      return live(trx, 'helps')
        .where('member_id', '=', memberId)
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Marks one of the member's help posts read; false when there is no such post. */
    async markHelpRead(memberId: number, id: number, trx: Database = db): Promise<boolean> {
      const result = await trx
        .updateTable('helps')
        .set({ is_read: true })
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    helpQueue(
      filter: HelpQueueFilter,
      limit: number,
      offset: number,
      trx: Database = db,
    ): Promise<HelpRow[]> {
      return filteredHelps(trx, filter)
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countHelpQueue(filter: HelpQueueFilter, trx: Database = db): Promise<number> {
      const row = await filteredHelps(trx, filter)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A help post that is not deleted, locked for an answer (pass the answer's transaction). */
    helpForUpdate(id: number, trx: Database): Promise<HelpRow | undefined> {
      return live(trx, 'helps').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** Stores an answer: the post becomes `already` and unread again, so the member is told. */
    async answerHelp(
      id: number,
      answer: { html: string; by: string; at: Date },
      trx: Database = db,
    ): Promise<void> {
      await trx
        .updateTable('helps')
        .set({
          answer: answer.html,
          answered_by: answer.by,
          answered_at: answer.at,
          state: 'already',
          is_read: false,
          updated_at: answer.at,
        })
        .where('id', '=', id)
        .execute();
    },

    // --- notices and popups ---

    /** Every active notice, newest first. */
    activeNotices(trx: Database = db): Promise<NoticeRow[]> {
      return live(trx, 'notices').selectAll().where('is_active', '=', true).orderBy('id', 'desc').execute();
    },

    /** Every active popup, lower sort order first, then newest first. */
    activePopups(trx: Database = db): Promise<PopupRow[]> {
      return live(trx, 'popups')
        .selectAll()
        .where('is_active', '=', true)
        .orderBy('sort_order')
        .orderBy('id', 'desc')
        .execute();
    },

    listNotices(limit: number, offset: number, trx: Database = db): Promise<NoticeRow[]> {
      return live(trx, 'notices').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },

    listPopups(limit: number, offset: number, trx: Database = db): Promise<PopupRow[]> {
      return live(trx, 'popups')
        .selectAll()
        .orderBy('sort_order')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countLive(table: 'notices' | 'popups', trx: Database = db): Promise<number> {
      const row = await live(trx, table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertNotice(
      row: {
        title: string;
        contents: string;
        domain: string;
        isActive: boolean;
        createdBy: string;
        at: Date;
      },
      trx: Database = db,
    ): Promise<NoticeRow> {
      return trx
        .insertInto('notices')
        .values({
          title: row.title,
          contents: row.contents,
          domain: row.domain,
          is_active: row.isActive,
          created_by: row.createdBy,
          created_at: row.at,
          updated_at: row.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertPopup(
      row: {
        title: string;
        titleColor: string;
        contents: string;
        domain: string;
        posX: number;
        posY: number;
        isActive: boolean;
        sortOrder: number;
        createdBy: string;
        at: Date;
      },
      trx: Database = db,
    ): Promise<PopupRow> {
      return trx
        .insertInto('popups')
        .values({
          title: row.title,
          title_color: row.titleColor,
          contents: row.contents,
          domain: row.domain,
          pos_x: row.posX,
          pos_y: row.posY,
          is_active: row.isActive,
          sort_order: row.sortOrder,
          created_by: row.createdBy,
          created_at: row.at,
          updated_at: row.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A notice that is not deleted, locked for a change (pass the change's transaction). */
    noticeForUpdate(id: number, trx: Database): Promise<NoticeRow | undefined> {
      return live(trx, 'notices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    popupForUpdate(id: number, trx: Database): Promise<PopupRow | undefined> {
      return live(trx, 'popups').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    updateNotice(id: number, set: Updateable<NoticesTable>, trx: Database = db): Promise<NoticeRow> {
      return trx
        .updateTable('notices')
        .set(set)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    updatePopup(id: number, set: Updateable<PopupsTable>, trx: Database = db): Promise<PopupRow> {
      return trx.updateTable('popups').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },
  };
}

type LiveTable = 'notes' | 'helps' | 'notices' | 'popups';

/** The rows of one of the module's tables that are not (soft-)deleted. */
function live<T extends LiveTable>(trx: Database, table: T): SelectQueryBuilder<DB, T, object>;
function live(trx: Database, table: LiveTable) {
  return trx.selectFrom(table).where('deleted_at', 'is', null);
}

function filteredHelps(trx: Database, filter: HelpQueueFilter) {
  let q = live(trx, 'helps');
  if (filter.state) q = q.where('state', '=', filter.state);
  if (filter.kind) q = q.where('kind', '=', filter.kind);
  if (filter.memberId !== undefined) q = q.where('member_id', '=', filter.memberId);
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or(
        (['title', 'contents', 'guest_user_id', 'guest_phone'] as const).map((column) =>
          eb(column, 'ilike', like),
        ),
      ),
    );
  }
  return q;
}

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
