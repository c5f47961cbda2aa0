import type { THelp } from '@casino/contracts/community';
import type { TBackofficeHelp } from '@casino/contracts/backoffice-helpdesk';
import type { THelpKind } from '@casino/contracts/community';
import type { THelpState } from '@casino/contracts/status';
import type { Database } from '../../db/database.ts';
import { operatorHtmlToStore } from '../../lib/operator-html.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import type { HelpRow } from './community.repository.ts';
import { offsetOf, type ChangeStatus, type CommunityParts, type Paging } from './community.types.ts';

export const ACCOUNT_INQUIRY_TITLE = '입금계좌문의';
const ACCOUNT_INQUIRY_CONTENTS = '입금계좌를 문의합니다. 입금하실 계좌를 쪽지 또는 답변으로 안내해 주세요.';

/** A member's help post as get-help-list shows it. */
function memberHelp(row: HelpRow): THelp {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    contents: row.contents,
    answer: row.answer,
    answerDate: row.answered_at?.toISOString() ?? null,
    state: row.state,
    isRead: row.is_read,
    regDate: row.created_at.toISOString(),
    lastDate: row.updated_at.toISOString(),
  };
}

/** What the audit log keeps of a post's answer, before and after a change. */
function answerSnapshot(row: Pick<HelpRow, 'state' | 'answer' | 'answered_by'>) {
  return { state: row.state, answer: row.answer, answeredBy: row.answered_by };
}

/**
 * The help desk (고객센터): members' and guests' help posts, and the operators' answers. Member
 * text is stored as written (plain text, rendered as text); answers are operator HTML, sanitized
 * when stored. An answer makes the post `already` and unread, which is what `helpCount` counts.
 */
export function createHelpDesk({ deps, repo }: CommunityParts) {
  const { db, audit, members, now } = deps;

  return {
    /** user-write-help. */
    async write(memberId: number, post: { title: string; contents: string }): Promise<{ status: 'success' }> {
      await repo.insertHelp({
        memberId,
        kind: 'help',
        title: post.title,
        contents: post.contents,
        at: now(),
      });
      return { status: 'success' };
    },

    /**
     * guest-write-help: the login page's inquiry of someone who cannot sign in. The user id is what
     * the guest typed and proves nothing; the phone is how an operator answers. The caller applies
     * the rate limits first.
     */
    async writeAsGuest(post: {
      userId?: string | undefined;
      phone: string;
      title: string;
      contents: string;
    }): Promise<{ status: 'success' }> {
      await repo.insertHelp({
        memberId: null,
        kind: 'guest',
        guestUserId: post.userId ?? null,
        guestPhone: post.phone,
        title: post.title,
        contents: post.contents,
        at: now(),
      });
      return { status: 'success' };
    },

    /** get-help-list: the member's own posts, newest first. */
    async list(memberId: number, paging: Paging) {
      const [rows, maxCount] = await Promise.all([
        repo.listHelpsOfMember(memberId, paging.pageSize, offsetOf(paging)),
        repo.countOwn('helps', memberId),
      ]);
      return { status: 'success' as const, helps: rows.map(memberHelp), maxCount };
    },

    /** read-help-message: the member has seen the post (and its answer); `helpCount` drops. */
    async read(memberId: number, id: number): Promise<{ status: ChangeStatus }> {
      return { status: (await repo.markHelpRead(memberId, id)) ? 'success' : 'not_found' };
    },

    /** del-help: hidden from the member (the back office keeps the row for its records). */
    async remove(memberId: number, id: number): Promise<{ status: ChangeStatus }> {
      return { status: (await repo.deleteOwn('helps', memberId, id, now())) ? 'success' : 'not_found' };
    },

    /** del-all-help. */
    async removeAll(memberId: number): Promise<{ status: 'success' }> {
      await repo.deleteOwn('helps', memberId, undefined, now());
      return { status: 'success' };
    },

    /**
     * user-ask-account: opens the help post "입금계좌문의" that an operator answers with the deposit
     * account. Returns false when one is still unanswered.
     */
    async openAccountInquiry(memberId: number, trx?: Database): Promise<boolean> {
      const id = await repo.insertHelpUnlessOpen(
        {
          memberId,
          kind: 'account_inquiry',
          title: ACCOUNT_INQUIRY_TITLE,
          contents: ACCOUNT_INQUIRY_CONTENTS,
        },
        trx,
      );
      return id !== undefined;
    },

    /** The back office's queue: filtered by state, kind and member, newest first. */
    async queue(
      filter: {
        state?: THelpState | undefined;
        kind?: THelpKind | undefined;
        userId?: string | undefined;
        search?: string | undefined;
      },
      paging: Paging,
    ): Promise<{ status: 'success'; list: TBackofficeHelp[]; maxCount: number }> {
      let memberId: number | undefined;
      if (filter.userId !== undefined) {
        const member = await members.byUserId(filter.userId);
        if (!member) return { status: 'success', list: [], maxCount: 0 };
        memberId = member.id;
      }
      const where = { state: filter.state, kind: filter.kind, memberId, search: filter.search };
      const [rows, maxCount] = await Promise.all([
        repo.helpQueue(where, paging.pageSize, offsetOf(paging)),
        repo.countHelpQueue(where),
      ]);
      const memberIds = [...new Set(rows.flatMap((r) => (r.member_id === null ? [] : [r.member_id])))];
      const userIds = await members.userIdsOf(memberIds);
      const list = rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        userId: row.member_id === null ? null : (userIds.get(row.member_id) ?? null),
        guestUserId: row.guest_user_id,
        guestPhone: row.guest_phone,
        title: row.title,
        contents: row.contents,
        answer: row.answer,
        answerDate: row.answered_at?.toISOString() ?? null,
        answeredBy: row.answered_by,
        state: row.state,
        isRead: row.is_read,
        regDate: row.created_at.toISOString(),
        lastDate: row.updated_at.toISOString(),
      }));
      return { status: 'success', list, maxCount };
    },

    /**
     * An operator's answer (sanitized HTML). Answering again replaces the answer; each time the
     * post turns unread, so the member's `helpCount` tells them, and the audit log keeps the
     * answer before and after. A post the member deleted is `not_found`.
     */
    async answer(
      id: number,
      html: string,
      who: AuditActor,
    ): Promise<{ status: ChangeStatus; memberId?: number | null }> {
      const answer = await operatorHtmlToStore(html, 'answer');
      return db.transaction().execute(async (trx) => {
        const before = await repo.helpForUpdate(id, trx);
        if (!before) return { status: 'not_found' as const };
        await repo.answerHelp(id, { html: answer, by: who.actor, at: now() }, trx);
        await audit.record(
          who,
          {
            action: 'help.answer',
            target: `help:${id}`,
            before: answerSnapshot(before),
            after: answerSnapshot({ state: 'already', answer, answered_by: who.actor }),
          },
          trx,
        );
        // The member it belongs to (null for a guest's inquiry), for the member's event.
        return { status: 'success' as const, memberId: before.member_id };
      });
    },
  };
}
