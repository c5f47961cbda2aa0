import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { actorOf, type BackofficeRoute } from '../../lib/operator-principal.ts';
import type { RewardsService } from './rewards.service.ts';

/**
 * The back office's attendance, referral and payback settings with their figures, and the flagged
 * referral links (docs/api/promotions.md). Each change is audited with its before and
 * after in its own transaction (rewards.service.ts).
 */
export function registerRewardsBackofficeRoutes(
  route: BackofficeRoute,
  deps: { rewards: RewardsService },
): void {
  const { rewards } = deps;

  const attendance = async () => ({
    status: 'success' as const,
    settings: await rewards.attendanceSettings(),
    figures: await rewards.figures('attendance'),
  });
  const referral = async () => ({
    status: 'success' as const,
    settings: await rewards.referralSettings(),
    figures: { ...(await rewards.figures('referral')), ...(await rewards.referralLinkCounts()) },
  });
  const payback = async () => ({
    status: 'success' as const,
    settings: await rewards.paybackSettings(),
    figures: await rewards.figures('payback'),
  });

  route(BACKOFFICE_ROUTES['promotions.attendance'], attendance);
  route(BACKOFFICE_ROUTES['promotions.updateAttendance'], async ({ request, principal, body }) => {
    await rewards.updateAttendanceSettings(body, actorOf(principal, request.ip));
    return attendance();
  });
  route(BACKOFFICE_ROUTES['promotions.referral'], referral);
  route(BACKOFFICE_ROUTES['promotions.updateReferral'], async ({ request, principal, body }) => {
    await rewards.updateReferralSettings(body, actorOf(principal, request.ip));
    return referral();
  });
  route(BACKOFFICE_ROUTES['promotions.flaggedReferrals'], ({ query }) => rewards.flaggedReferrals(query));
  route(BACKOFFICE_ROUTES['promotions.memberAttendance'], ({ params }) =>
    rewards.memberAttendance(params.userId),
  );
  route(BACKOFFICE_ROUTES['promotions.payback'], payback);
  route(BACKOFFICE_ROUTES['promotions.updatePayback'], async ({ request, principal, body }) => {
    await rewards.updatePaybackSettings(body, actorOf(principal, request.ip));
    return payback();
  });
}
