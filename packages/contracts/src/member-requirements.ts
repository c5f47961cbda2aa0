/**
 * What a signed-in member must do before the rest of the site, and which member calls each
 * requirement still allows. No schema library here: the portal's frame reads it on every page, and
 * zod stays out of the frame's script (apps/portal/README.md, "Budgets"); members.ts re-exports it
 * with the schemas.
 */

/**
 * What a signed-in member may have to do before anything else, in the order they are asked for:
 * - `change_password`: an operator reset the password (the member signed in with a temporary one);
 * - `accept_terms`: a newer version of the terms of use or of the privacy policy is in force than
 *   the one the member accepted (at registration or later, with `accept-terms`).
 * One mechanism for both: `TUser.requires` lists what stands, and while a requirement stands the
 * member calls it does not allow answer 403 with its status (`MEMBER_REQUIREMENT_RULES`).
 */
export const MEMBER_REQUIREMENTS = ['change_password', 'accept_terms'] as const;
export type TMemberRequirement = (typeof MEMBER_REQUIREMENTS)[number];

/** The member calls a member whose password an operator reset may still make (the rest: 403). */
export const CALLS_DURING_PASSWORD_CHANGE: ReadonlySet<string> = new Set([
  'change-password',
  'user-health-check',
]);

/**
 * The member calls that move money or start play: every cashier request and its cancellation, the
 * comp conversion, the transfer wallet, the game launch, the attendance check (it pays comp
 * points) and giving a deposit bonus up (it takes money back). A member who has not accepted the terms
 * in force may make every other member call (read, write to support, set limits, take a break).
 */
export const CALLS_THAT_MOVE_MONEY_OR_PLAY: ReadonlySet<string> = new Set([
  'apply-user-deposit',
  'apply-user-withdraw',
  'del-deposit',
  'del-withdraw',
  'roll-to-balance',
  'game-transfer-in',
  'game-transfer-out',
  'open-game',
  'check-attendance',
  'cancel-bonus',
]);

/** Each requirement's 403 status, and whether the member may make a call while it stands. */
export const MEMBER_REQUIREMENT_RULES: Record<
  TMemberRequirement,
  { status: 'must_change_password' | 'must_accept_terms'; allows: (call: string) => boolean }
> = {
  change_password: {
    status: 'must_change_password',
    allows: (call) => CALLS_DURING_PASSWORD_CHANGE.has(call),
  },
  accept_terms: { status: 'must_accept_terms', allows: (call) => !CALLS_THAT_MOVE_MONEY_OR_PLAY.has(call) },
};

/** The first of `requires` that refuses `call` (the 403 to answer), or undefined when none does. */
export function refusingRequirement(
  requires: readonly TMemberRequirement[],
  call: string,
): TMemberRequirement | undefined {
  return requires.find((requirement) => !MEMBER_REQUIREMENT_RULES[requirement].allows(call));
}
