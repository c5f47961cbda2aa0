import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { ModalLayer, ModalTitle } from '@casino/web-kit/modal-layer.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useLogout } from '../../features/auth/use-logout.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { MENU_PAGES, type TPageId } from '../../lib/pages.ts';
import { GuardedLink } from '../guarded-link.tsx';
import { useCurrentPage } from '../use-current-page.ts';
import { Balances } from './balances.tsx';
import { Counters } from './counters.tsx';
import { LanguagePicker } from './language-picker.tsx';
import { LogoMark } from './logo.tsx';
import { MENU_ENTRY } from './menu-items.ts';

const PANEL_PAGES: readonly TPageId[] = ['home', ...MENU_PAGES];

/**
 * The mobile side panel, opened and closed by one flag. Member: welcome,
 * balances, counters, the menu and logout. Guest: the sign-in form and the register link. It is a
 * modal layer: focus stays inside, Escape and the backdrop close it, focus returns to the opener.
 */
export function SidePanel({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const closeRef = useRef<HTMLButtonElement>(null);
  const session = useSession();
  const logout = useLogout();
  const current = useCurrentPage();

  return (
    <ModalLayer
      isOpen={isOpen}
      onEscape={onClose}
      onBackdrop={onClose}
      initialFocusRef={closeRef}
      overlayClassName="modal-overlay--side"
      className="side-panel"
      id="side-panel"
      aria-modal="true"
      // The panel has a title and no description.
      aria-describedby={undefined}
    >
      <div className="side-panel__head">
        <LogoMark size={32} />
        <ModalTitle className="side-panel__title">
          {session.status === 'authenticated' && session.user
            ? t('user.welcome', { nick: session.user.nick })
            : t('panel.title')}
        </ModalTitle>
        <button
          ref={closeRef}
          type="button"
          className="icon-btn"
          onClick={onClose}
          aria-label={t('action.close')}
        >
          <Icon name="close" size={22} />
        </button>
      </div>
      <div className="side-panel__body">
        {session.status === 'authenticated' && session.user ? (
          <>
            <p className="side-panel__id">{session.user.userId}</p>
            <Balances user={session.user} variant="cards" />
            <Counters user={session.user} onNavigate={onClose} />
            <nav aria-label={t('menu.label')}>
              <ul className="side-menu">
                {PANEL_PAGES.map((page) => {
                  const entry = MENU_ENTRY[page]!;
                  return (
                    <li key={page}>
                      <GuardedLink
                        page={page}
                        className="side-menu__link"
                        isCurrent={current === page}
                        onNavigate={onClose}
                      >
                        <Icon name={entry.icon} size={20} />
                        <span>{t(entry.label)}</span>
                        <Icon name="chevronRight" size={18} className="side-menu__chevron" />
                      </GuardedLink>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <button type="button" className="btn btn--secondary btn--block" onClick={() => void logout()}>
              <Icon name="logout" size={18} />
              {t('auth.logout')}
            </button>
          </>
        ) : session.status === 'loading' ? (
          <div className="skeleton skeleton--block" aria-busy="true" />
        ) : (
          <>
            <p className="side-panel__hint">{t('panel.guestHint')}</p>
            <LoginForm variant="panel" />
          </>
        )}
        <div className="side-panel__lang">
          <span className="side-panel__lang-label">{t('language.label')}</span>
          <LanguagePicker />
        </div>
      </div>
    </ModalLayer>
  );
}
