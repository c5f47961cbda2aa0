import { OPERATOR_ROLES, type TOperatorRole } from './backoffice.ts';

/**
 * What each operator role may do: the one permission table of the back office. The server checks
 * it on every route (the route table names each route's permission, `backoffice-routes.ts`), and
 * the console's menu shows a screen to the roles of the permission it needs. `owner` may do
 * everything.
 */
export const OPERATOR_PERMISSIONS = {
  /** The deposit and withdrawal queues: list, take, approve, reject. */
  queue: ['owner', 'cashier'],
  /** Signed balance and comp-point adjustments. */
  adjust: ['owner', 'cashier'],
  /** A member's detail (bank number only with `bankDetails`). */
  memberRead: ['owner', 'cashier', 'support'],
  /** Member bank account numbers. */
  bankDetails: ['owner', 'cashier'],
  settingsRead: ['owner', 'cashier'],
  settingsWrite: ['owner'],
  auditRead: ['owner'],
  /** Game providers and games (docs/api/backoffice.md). */
  catalog: ['owner'],
  /** A provider round with its wallet calls (disputes). */
  rounds: ['owner', 'cashier', 'support'],
  operatorsManage: ['owner'],
  /** Help posts (answers) and notes to members (role `support`). */
  support: ['owner', 'support'],
  /** Site content: notices, popups, banners and uploaded images (role `content`). */
  content: ['owner', 'content'],
  /** The dashboard: queue counts and today's and this month's money totals. */
  dashboard: ['owner', 'cashier', 'support'],
  /** Member state actions: approve, block, unblock, level, sign-out, exchange password reset. */
  memberManage: ['owner', 'cashier', 'support'],
  /** The site-wide maintenance switch (docs/operations.md). */
  maintenance: ['owner'],
  /** Daily and monthly figures per provider, and their CSV (docs/api/backoffice-reports.md). */
  reports: ['owner'],
  /** The report of members under a break (docs/api/backoffice-protection.md); read only, as breaks cannot be ended. */
  protectionReport: ['owner', 'support'],
  /** The member list and a member's profile: a partner sees its subtree's members only, without bank numbers. */
  memberList: ['owner', 'cashier', 'support', 'partner'],
  /** Partners (docs/api/backoffice-partners.md): the tree, codes, figures, settlements, balance; a partner its subtree only. */
  partnersRead: ['owner', 'partner'],
  /** Adding partners and codes, changing a partner (an ancestor or the owner), asking a payout (the partner). */
  partnersManage: ['owner', 'partner'],
  /** Settling a partner's period, approving or rejecting its payouts, moving a member to another partner. */
  partnersSettle: ['owner'],
} as const satisfies Record<string, readonly TOperatorRole[]>;

export type TOperatorPermission = keyof typeof OPERATOR_PERMISSIONS;
export const OPERATOR_PERMISSION_NAMES = Object.keys(OPERATOR_PERMISSIONS) as TOperatorPermission[];

/** Whether `role` holds `permission`; `null` is "every signed-in operator" (the routes and screens open to all roles). */
export function roleCan(role: TOperatorRole, permission: TOperatorPermission | null): boolean {
  return permission === null || (OPERATOR_PERMISSIONS[permission] as readonly TOperatorRole[]).includes(role);
}

/** The roles that hold `permission` (every role for `null`), in the order of OPERATOR_ROLES. */
export function rolesOf(permission: TOperatorPermission | null): TOperatorRole[] {
  return OPERATOR_ROLES.filter((role) => roleCan(role, permission));
}
