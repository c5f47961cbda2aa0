import type { ModuleContext } from '../../lib/module-context.ts';
import type { RewardsService } from './rewards.service.ts';

/** Attendance, referral and payback member calls (docs/api/member-calls.md, docs/promotions.md). */
export function registerRewardsCalls(ctx: ModuleContext, deps: { rewards: RewardsService }): void {
  const { rewards } = deps;

  ctx.calls.register('get-attendance', (input, { member }) =>
    rewards.attendance(member.memberId, input.month),
  );

  ctx.calls.register('check-attendance', async (_input, { member }) => {
    const answer = await rewards.checkAttendance(member.memberId);
    // The member's other tabs hear of the new points (docs/api/events.md).
    if (answer.status === 'success' && answer.points > 0)
      ctx.events.member({ memberId: member.memberId }, 'balance');
    return answer;
  });

  ctx.calls.register('get-referrals', (input, { member }) =>
    rewards.referrals(member.memberId, { page: input.page ?? 1, pageSize: input.pageSize ?? 20 }),
  );

  ctx.calls.register('get-payback', (_input, { member }) => rewards.payback(member.memberId));
}
