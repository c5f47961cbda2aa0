import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { useFormat } from '../../i18n/use-format.ts';
import { Logo } from './logo.tsx';

/** The header below 1200 px: logo, the member's balance, the menu grid and the side-panel button. */
export function MobileHeader({
  isPanelOpen,
  onOpenPanel,
  onOpenMenu,
}: {
  isPanelOpen: boolean;
  onOpenPanel: () => void;
  onOpenMenu: () => void;
}) {
  const { t } = useTranslation('common');
  const session = useSession();
  const format = useFormat();
  return (
    <header className="mobile-header">
      <div className="mobile-header__inner">
        <Logo compact />
        <div className="mobile-header__actions">
          {session.status === 'authenticated' && session.user && (
            <span className="mobile-header__balance">
              <span className="visually-hidden">{t('user.balance')}</span>
              <Icon name="coin" size={16} />
              <span className="money">{format.money(session.user.balance)}</span>
            </span>
          )}
          <button
            type="button"
            className="icon-btn"
            onClick={onOpenMenu}
            aria-haspopup="dialog"
            aria-label={t('menu.all')}
          >
            <Icon name="grid" size={22} />
          </button>
          <button
            type="button"
            className="icon-btn"
            onClick={onOpenPanel}
            aria-haspopup="dialog"
            aria-expanded={isPanelOpen}
            aria-controls="side-panel"
            aria-label={t('panel.open')}
          >
            <Icon name="menu" size={24} />
          </button>
        </div>
      </div>
    </header>
  );
}
