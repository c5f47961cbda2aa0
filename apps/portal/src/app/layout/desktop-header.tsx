import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { MENU_PAGES } from '../../lib/pages.ts';
import { GuardedLink } from '../guarded-link.tsx';
import { useCurrentPage } from '../use-current-page.ts';
import { Logo } from './logo.tsx';
import { MENU_ENTRY } from './menu-items.ts';
import { UserStrip } from './user-strip.tsx';

/**
 * The desktop header (1200 px and wider): logo, user strip, menu buttons and the full-menu button.
 * Both rows fit the content width (1024 px, 1280 px from 1439 px) in every locale without wrapping
 * a label: e2e/layout.e2e.ts measures them.
 */
export function DesktopHeader({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation('common');
  const current = useCurrentPage();
  return (
    <header className="desktop-header">
      <div className="desktop-header__top container">
        <Logo />
        <UserStrip />
      </div>
      <nav className="desktop-nav" aria-label={t('menu.label')}>
        <div className="container desktop-nav__inner">
          <ul className="desktop-nav__list">
            {MENU_PAGES.map((page) => {
              const entry = MENU_ENTRY[page]!;
              return (
                <li key={page}>
                  <GuardedLink page={page} className="desktop-nav__link" isCurrent={current === page}>
                    <Icon name={entry.icon} size={18} />
                    {t(entry.label)}
                  </GuardedLink>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="btn btn--ghost btn--sm desktop-nav__all"
            onClick={onOpenMenu}
            aria-haspopup="dialog"
            title={t('menu.all')}
          >
            <Icon name="grid" size={18} />
            <span className="desktop-nav__all-label">{t('menu.all')}</span>
          </button>
        </div>
      </nav>
    </header>
  );
}
