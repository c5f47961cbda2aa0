import type { TNote } from '@casino/contracts/community';
import type { TBackofficeNoteSend } from '@casino/contracts/backoffice-helpdesk';
import type { Database } from '../../db/database.ts';
import { operatorHtmlToStore } from '../../lib/operator-html.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { NoteRow } from './community.repository.ts';
import { offsetOf, type ChangeStatus, type CommunityParts, type Paging } from './community.types.ts';

function memberNote(row: NoteRow): TNote {
  return {
    id: row.id,
    title: row.title,
    contents: row.contents,
    isRead: row.is_read,
    regDate: row.created_at.toISOString(),
  };
}

/**
 * Notes (쪽지): private messages to members, from the system (a deposit approved, ...) or from an
 * operator. A note to all members is one copy per member that exists when it is sent; each member
 * reads and deletes their own copy. `noteCount` counts the unread copies that are not deleted.
 */
export function createNotes({ deps, repo }: CommunityParts) {
  const { db, audit, members, now } = deps;

  return {
    /**
     * Sends one member a private note (쪽지). `contents` is HTML as the portal renders notes: text
     * that did not come from a sanitizer must be passed through `escapeHtml` first. Pass the
     * transaction of the action the note tells about, so both commit together.
     */
    sendNote(
      memberId: number,
      note: { title: string; contents: string; createdBy?: string | null },
      trx?: Database,
    ): Promise<number> {
      return repo.insertNote(
        { memberId, title: note.title, contents: note.contents, createdBy: note.createdBy ?? null },
        trx,
      );
    },

    /** get-user-note: the member's own notes, newest first. */
    async list(memberId: number, paging: Paging) {
      const [rows, maxCount] = await Promise.all([
        repo.listNotes(memberId, paging.pageSize, offsetOf(paging)),
        repo.countOwn('notes', memberId),
      ]);
      return { status: 'success' as const, notes: rows.map(memberNote), maxCount };
    },

    /** read-note-message. */
    async read(memberId: number, id: number): Promise<{ status: ChangeStatus }> {
      return { status: (await repo.markNotesRead(memberId, id, now())) ? 'success' : 'not_found' };
    },

    /** read-all-note. */
    async readAll(memberId: number): Promise<{ status: 'success' }> {
      await repo.markNotesRead(memberId, undefined, now());
      return { status: 'success' };
    },

    /** del-note. */
    async remove(memberId: number, id: number): Promise<{ status: ChangeStatus }> {
      return { status: (await repo.deleteOwn('notes', memberId, id, now())) ? 'success' : 'not_found' };
    },

    /** del-all-note. */
    async removeAll(memberId: number): Promise<{ status: 'success' }> {
      await repo.deleteOwn('notes', memberId, undefined, now());
      return { status: 'success' };
    },

    /**
     * An operator's note (`POST /api/backoffice/notes`): to one member (`not_found` when the id
     * does not exist), or with `userId` null to every member that exists now, written by one
     * INSERT … SELECT in the same transaction as the sending's record and its audit entry.
     */
    async sendFromOperator(
      input: { userId: string | null; title: string; contents: string },
      who: AuditActor,
    ): Promise<{ status: ChangeStatus }> {
      const contents = await operatorHtmlToStore(input.contents, 'contents');
      const title = input.title;
      const member = input.userId === null ? null : await members.byUserId(input.userId);
      if (input.userId !== null && !member) return { status: 'not_found' };
      const at = now();
      await db.transaction().execute(async (trx) => {
        const send = {
          memberId: member?.id ?? null,
          title,
          contents,
          createdBy: who.actor,
          at,
        };
        const sendId = await repo.insertSend(send, trx);
        const recipients = member
          ? (await repo.insertNote({ ...send, memberId: member.id, sendId }, trx), 1)
          : await repo.insertCopiesForAllMembers({ ...send, id: sendId }, trx);
        await repo.setSendRecipients(sendId, recipients, trx);
        await audit.record(
          who,
          {
            action: 'note.send',
            target: member ? `member:${member.user_id}` : 'members:all',
            after: { sendId, title, contents, recipients },
          },
          trx,
        );
      });
      return { status: 'success' };
    },

    /** The notes operators sent, newest first, with how many copies were written and read. */
    async sent(
      paging: Paging,
    ): Promise<{ status: 'success'; list: TBackofficeNoteSend[]; maxCount: number }> {
      const [rows, maxCount] = await Promise.all([
        repo.listSends(paging.pageSize, offsetOf(paging)),
        repo.countSends(),
      ]);
      const ids = rows.map((r) => r.id);
      const memberIds = [...new Set(rows.flatMap((r) => (r.member_id === null ? [] : [r.member_id])))];
      const [readCounts, userIds] = await Promise.all([repo.readCountsOf(ids), members.userIdsOf(memberIds)]);
      const list = rows.map((row) => ({
        id: row.id,
        userId: row.member_id === null ? null : (userIds.get(row.member_id) ?? null),
        title: row.title,
        contents: row.contents,
        recipients: row.recipients,
        readCount: readCounts.get(row.id) ?? 0,
        operatorId: row.created_by,
        regDate: row.created_at.toISOString(),
      }));
      return { status: 'success', list, maxCount };
    },
  };
}
