import type { TOperatorRole } from '@casino/contracts/backoffice';
import { rolesOf, type TOperatorPermission } from '@casino/contracts/backoffice-permissions';

/**
 * The console's screens, in menu order, each with the permission of the routes it needs: a screen
 * shows to the roles of that permission in the contracts' one permission table (the server checks
 * the same table on every route), `null` to every role; `only` keeps a screen of a role's own
 * console (the partner's) to that role. `ready` is false for screens this console does not have yet.
 */
const SCREENS = [
  { id: 'dashboard', path: '/', permission: 'dashboard', ready: true },
  { id: 'partnerHome', path: '/partner', permission: 'partnersRead', only: 'partner', ready: true },
  { id: 'deposits', path: '/deposits', permission: 'queue', ready: true },
  { id: 'withdrawals', path: '/withdrawals', permission: 'queue', ready: true },
  { id: 'members', path: '/members', permission: 'memberRead', ready: true },
  { id: 'breaks', path: '/breaks', permission: 'protectionReport', ready: true },
  { id: 'helpdesk', path: '/helpdesk', permission: 'support', ready: true },
  { id: 'notices', path: '/notices', permission: 'content', ready: true },
  { id: 'popups', path: '/popups', permission: 'content', ready: true },
  { id: 'banners', path: '/banners', permission: 'content', ready: true },
  { id: 'games', path: '/games', permission: 'catalog', ready: true },
  { id: 'rounds', path: '/rounds', permission: 'rounds', ready: true },
  { id: 'mini', path: '/mini', permission: 'rounds', ready: true },
  { id: 'settings', path: '/settings', permission: 'settingsRead', ready: true },
  { id: 'promotions', path: '/promotions', permission: 'settingsRead', ready: true },
  { id: 'levels', path: '/levels', permission: 'settingsRead', ready: true },
  { id: 'depositEvents', path: '/deposit-events', permission: 'settingsRead', ready: true },
  { id: 'sites', path: '/sites', permission: 'settingsWrite', ready: true },
  { id: 'blacklist', path: '/blacklist', permission: 'settingsWrite', ready: true },
  { id: 'fraud', path: '/fraud', permission: 'memberRead', ready: true },
  { id: 'partners', path: '/partners', permission: 'partnersRead', ready: true },
  {
    id: 'partnerMembers',
    path: '/partner-members',
    permission: 'partnersRead',
    only: 'partner',
    ready: true,
  },
  { id: 'partnerCodes', path: '/partner-codes', permission: 'partnersRead', only: 'partner', ready: true },
  { id: 'settlements', path: '/settlements', permission: 'partnersRead', ready: true },
  { id: 'payouts', path: '/payouts', permission: 'partnersRead', ready: true },
  { id: 'reports', path: '/reports', permission: 'reports', ready: true },
  { id: 'audit', path: '/audit', permission: 'auditRead', ready: true },
  { id: 'jobs', path: '/jobs', permission: 'reports', ready: true },
  { id: 'operators', path: '/operators', permission: 'operatorsManage', ready: true },
  { id: 'account', path: '/account', permission: null, ready: true },
] as const satisfies readonly {
  id: string;
  path: string;
  permission: TOperatorPermission | null;
  /** A screen of one role's own console (a partner's dashboard, members, codes): that role's alone. */
  only?: TOperatorRole;
  ready: boolean;
}[];

export const MENU = SCREENS.map((screen) => ({
  ...screen,
  roles: rolesOf(screen.permission).filter((role) => !('only' in screen) || role === screen.only),
}));

export type TMenuItem = (typeof MENU)[number];
export type TMenuId = (typeof SCREENS)[number]['id'];

/** The menu an operator of `role` sees: owner everything, the other roles their own work. */
export function menuFor(role: TOperatorRole): TMenuItem[] {
  return MENU.filter((item) => item.roles.includes(role));
}

/** Where an operator lands: the first ready screen of its menu, else its first screen. */
export function homeOf(role: TOperatorRole): string {
  const menu = menuFor(role);
  return (menu.find((item) => item.ready) ?? menu[0] ?? SCREENS[0]).path;
}

/** Whether `role` may open the screen at `path`. */
export function roleMayOpen(role: TOperatorRole, id: TMenuId): boolean {
  return menuFor(role).some((item) => item.id === id);
}
