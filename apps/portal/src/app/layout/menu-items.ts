import type { TIconName } from '../../components/ui/icon.tsx';
import type { TPageId } from '../../lib/pages.ts';

/** Icon and `common` label key of each page that menus show. */
export const MENU_ENTRY: Partial<Record<TPageId, { icon: TIconName; label: string }>> = {
  home: { icon: 'home', label: 'menu.home' },
  game: { icon: 'game', label: 'menu.game' },
  deposit: { icon: 'deposit', label: 'menu.deposit' },
  withdraw: { icon: 'withdraw', label: 'menu.withdraw' },
  comp: { icon: 'comp', label: 'menu.comp' },
  attendance: { icon: 'check', label: 'menu.attendance' },
  user: { icon: 'user', label: 'menu.user' },
  help: { icon: 'help', label: 'menu.help' },
  notice: { icon: 'notice', label: 'menu.notice' },
  note: { icon: 'note', label: 'menu.note' },
};
