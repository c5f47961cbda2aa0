import { createCommunityRepository } from './community.repository.ts';
import type { CommunityServiceDeps } from './community.types.ts';
import { createHelpDesk } from './help-desk.service.ts';
import { createNotes } from './notes.service.ts';
import { createSiteContent } from './site-content.service.ts';

/**
 * Text the server composes into HTML is escaped. Operator HTML is a different matter: it is stored
 * only through `operatorHtmlToStore` (lib/operator-html.ts), the one sanitizer policy of
 * packages/contracts/src/sanitize-html.ts.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The community module (docs/api/member-calls.md and docs/api/backoffice.md): help posts and their answers,
 * notes, notices and popups. Each concern lives in its own file over the one community repository; this is
 * the service the rest of the API receives.
 */
export function createCommunityService(deps: CommunityServiceDeps) {
  const parts = { deps, repo: createCommunityRepository(deps.db) };
  const helps = createHelpDesk(parts);
  const notes = createNotes(parts);
  const content = createSiteContent(parts);
  return {
    helps,
    notes,
    content,
    /** Sends one member a note (see `notes.sendNote`); kept here for the modules that tell members things. */
    sendNote: notes.sendNote,
    /** user-ask-account (see `helps.openAccountInquiry`). */
    openAccountInquiry: helps.openAccountInquiry,
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
