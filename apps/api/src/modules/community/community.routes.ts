import { AppError } from '../../lib/app-error.ts';
import type { ModuleContext } from '../../lib/module-context.ts';
import { requestHostSource } from '../../lib/request-host.ts';
import type { CommunityService } from './community.service.ts';

/** Counts one hit against a limit and refuses it with 429 when over (each hit is one atomic count). */
async function limit(ctx: ModuleContext, key: string, max: number, windowMs: number): Promise<void> {
  const hit = await ctx.rateLimiter.hit(key, windowMs);
  if (hit.count > max) throw new AppError('too_many', { retryAfterSec: hit.retryAfterSec });
}

/**
 * The community's member calls of docs/api/member-calls.md: help posts, notes, notices and popups. A
 * member's calls reach only the member's own rows (another member's id is `not_found`).
 */
export function registerCommunityCalls(ctx: ModuleContext, deps: { community: CommunityService }): void {
  const { helps, notes, content } = deps.community;
  const { calls, config, events } = ctx;

  /**
   * After a change of the member's help posts or notes committed (an answer read, a note deleted),
   * the member's other tabs hear the new count (docs/api/events.md).
   */
  const telling =
    <A extends { status: string }>(type: 'note' | 'help', memberId: number) =>
    (answer: A): A => {
      if (answer.status === 'success') events.member({ memberId }, type);
      return answer;
    };

  // --- help posts (고객센터) ---

  calls.register('user-write-help', async (input, { member }) => {
    const answer = await helps.write(member.memberId, input);
    if (answer.status === 'success') events.queue();
    return answer;
  });

  // The login page's inquiry for members who cannot sign in: anyone can send it, so it is limited
  // per address and per phone number, each counted atomically before anything is written.
  calls.register('guest-write-help', async (input, { request }) => {
    const window = config.guestHelpWindowMs;
    await limit(ctx, `guest-help-ip:${request.ip}`, config.guestHelpMaxPerIp, window);
    await limit(ctx, `guest-help-phone:${input.phone}`, config.guestHelpMaxPerPhone, window);
    const answer = await helps.writeAsGuest(input);
    if (answer.status === 'success') events.queue();
    return answer;
  });

  calls.register('get-help-list', (input, { member }) => helps.list(member.memberId, input));
  calls.register('read-help-message', (input, { member }) =>
    helps.read(member.memberId, input.id).then(telling('help', member.memberId)),
  );
  calls.register('del-help', (input, { member }) =>
    helps.remove(member.memberId, input.id).then(telling('help', member.memberId)),
  );
  calls.register('del-all-help', (_input, { member }) =>
    helps.removeAll(member.memberId).then(telling('help', member.memberId)),
  );

  // --- notes (쪽지) ---

  calls.register('get-user-note', (input, { member }) => notes.list(member.memberId, input));
  calls.register('read-note-message', (input, { member }) =>
    notes.read(member.memberId, input.id).then(telling('note', member.memberId)),
  );
  calls.register('read-all-note', (_input, { member }) =>
    notes.readAll(member.memberId).then(telling('note', member.memberId)),
  );
  calls.register('del-note', (input, { member }) =>
    notes.remove(member.memberId, input.id).then(telling('note', member.memberId)),
  );
  calls.register('del-all-note', (_input, { member }) =>
    notes.removeAll(member.memberId).then(telling('note', member.memberId)),
  );

  // --- notices and popups: public, for the host the page was loaded from ---

  calls.register('get-user-notices', (_input, { request }) => content.noticesFor(requestHostSource(request)));
  calls.register('get-notice-popup', (_input, { request }) => content.popupsFor(requestHostSource(request)));
}
