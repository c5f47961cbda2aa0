// The rules from their zod-free module: this file is in every page's first script (decision 0016).
import { MEMBER_REQUIREMENT_RULES, type TMemberRequirement } from '@casino/contracts/member-requirements';
import type { TUser } from '@casino/contracts/members';

/**
 * What the signed-in member must do before the rest of the site (`TUser.requires`, the first one
 * first): change the password after an operator's reset, or accept newer terms. `mustChangePassword`
 * alone (a server that does not send `requires`) still counts.
 */
export function firstRequirement(user: TUser | null | undefined): TMemberRequirement | undefined {
  if (!user) return undefined;
  return user.requires?.[0] ?? (user.mustChangePassword ? 'change_password' : undefined);
}

const REQUIREMENT_STATUSES: ReadonlySet<string> = new Set(
  Object.values(MEMBER_REQUIREMENT_RULES).map((rule) => rule.status),
);

/**
 * Whether a call's refusal says something must be done first (403 `must_change_password`,
 * `must_accept_terms`): the session is then checked again, and its `requires` shows the way.
 */
export function isRequirementStatus(status: string): boolean {
  return REQUIREMENT_STATUSES.has(status);
}
