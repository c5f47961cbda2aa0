import type { Database } from '../../db/database.ts';
import { createCommunityRepository } from './community.repository.ts';

/**
 * Text the server composes into HTML is escaped. Operator HTML is a different matter: the routes
 * that will store it must pass it through createHtmlSanitizer (packages/contracts/src/sanitize-html.ts).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const ACCOUNT_INQUIRY_TITLE = '입금계좌문의';
const ACCOUNT_INQUIRY_CONTENTS = '입금계좌를 문의합니다. 입금하실 계좌를 쪽지 또는 답변으로 안내해 주세요.';

export function createCommunityService(deps: { db: Database }) {
  const repo = createCommunityRepository(deps.db);
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
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
