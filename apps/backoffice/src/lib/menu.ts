import type { TOperatorRole } from '@casino/contracts/backoffice';

/** The console's screens, in menu order. `ready` is false for screens this console does not have yet. */
export const MENU = [
  { id: 'dashboard', path: '/', roles: ['owner', 'cashier', 'support'], ready: true },
  { id: 'deposits', path: '/deposits', roles: ['owner', 'cashier'], ready: true },
  { id: 'withdrawals', path: '/withdrawals', roles: ['owner', 'cashier'], ready: true },
  { id: 'members', path: '/members', roles: ['owner', 'cashier', 'support'], ready: true },
  { id: 'breaks', path: '/breaks', roles: ['owner', 'support'], ready: true },
  { id: 'helpdesk', path: '/helpdesk', roles: ['owner', 'support'], ready: true },
  { id: 'notices', path: '/notices', roles: ['owner', 'content'], ready: true },
  { id: 'popups', path: '/popups', roles: ['owner', 'content'], ready: true },
  { id: 'banners', path: '/banners', roles: ['owner', 'content'], ready: true },
  { id: 'games', path: '/games', roles: ['owner'], ready: true },
  { id: 'rounds', path: '/rounds', roles: ['owner', 'cashier', 'support'], ready: true },
  { id: 'settings', path: '/settings', roles: ['owner', 'cashier'], ready: true },
  { id: 'reports', path: '/reports', roles: ['owner'], ready: true },
  { id: 'audit', path: '/audit', roles: ['owner'], ready: true },
  { id: 'operators', path: '/operators', roles: ['owner'], ready: true },
  { id: 'account', path: '/account', roles: ['owner', 'cashier', 'support', 'content'], ready: true },
] as const satisfies readonly { id: string; path: string; roles: readonly TOperatorRole[]; ready: boolean }[];

export type TMenuItem = (typeof MENU)[number];
export type TMenuId = TMenuItem['id'];

/** The menu an operator of `role` sees: owner everything, the other roles their own work. */
export function menuFor(role: TOperatorRole): TMenuItem[] {
  return MENU.filter((item) => (item.roles as readonly TOperatorRole[]).includes(role));
}

/** Where an operator lands: the first ready screen of its menu, else its first screen. */
export function homeOf(role: TOperatorRole): string {
  const menu = menuFor(role);
  return (menu.find((item) => item.ready) ?? menu[0] ?? MENU[0]).path;
}

/** Whether `role` may open the screen at `path`. */
export function roleMayOpen(role: TOperatorRole, id: TMenuId): boolean {
  return menuFor(role).some((item) => item.id === id);
}
