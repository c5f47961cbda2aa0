import type { TOperatorRole } from '@casino/contracts/backoffice';

/** The console's screens, in menu order. `ready` is false for screens this console does not have yet. */
export const MENU = [
  { id: 'dashboard', path: '/', roles: ['owner', 'cashier', 'support'], ready: true },
  { id: 'deposits', path: '/deposits', roles: ['owner', 'cashier'], ready: true },
  { id: 'withdrawals', path: '/withdrawals', roles: ['owner', 'cashier'], ready: true },
  { id: 'members', path: '/members', roles: ['owner', 'cashier', 'support'], ready: false },
  { id: 'helpdesk', path: '/helpdesk', roles: ['owner', 'support'], ready: false },
  { id: 'notices', path: '/notices', roles: ['owner', 'content'], ready: false },
  { id: 'popups', path: '/popups', roles: ['owner', 'content'], ready: false },
  { id: 'banners', path: '/banners', roles: ['owner', 'content'], ready: false },
  { id: 'games', path: '/games', roles: ['owner'], ready: false },
  { id: 'rounds', path: '/rounds', roles: ['owner', 'cashier', 'support'], ready: false },
  { id: 'settings', path: '/settings', roles: ['owner', 'cashier'], ready: false },
  { id: 'reports', path: '/reports', roles: ['owner'], ready: false },
  { id: 'audit', path: '/audit', roles: ['owner'], ready: false },
  { id: 'operators', path: '/operators', roles: ['owner'], ready: false },
  { id: 'account', path: '/account', roles: ['owner', 'cashier', 'support', 'content'], ready: false },
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
