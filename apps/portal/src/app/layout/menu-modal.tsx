import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { ModalLayer, ModalTitle } from '@casino/web-kit/modal-layer.tsx';
import { MENU_PAGES } from '../../lib/pages.ts';
import { GuardedLink } from '../guarded-link.tsx';
import { useCurrentPage } from '../use-current-page.ts';
import { balancedGrid } from './menu-grid.ts';
import { MENU_ENTRY } from './menu-items.ts';

/** Three tiles a row on phones, four from 480 px (layout.css), in balanced rows. */
const PHONE_GRID = balancedGrid(MENU_PAGES.length, 3);
const WIDE_GRID = balancedGrid(MENU_PAGES.length, 4);
const GRID_STYLE = {
  '--menu-columns': PHONE_GRID.columns,
  '--menu-columns-wide': WIDE_GRID.columns,
} as CSSProperties;

/**
 * The modal menu: deposit, withdraw, comp, my page, help, notice and note, with
 * the current entry highlighted. Guests see the same menu; the guard answers their clicks. Its
 * eight tiles sit in balanced rows (3 + 3 + 2 on phones, 4 + 4 wider): none is left alone.
 */
export function MenuModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const current = useCurrentPage();

  return (
    <ModalLayer
      isOpen={isOpen}
      onEscape={onClose}
      onBackdrop={onClose}
      overlayClassName="modal-overlay--center"
      className="menu-modal"
      aria-modal="true"
      // The menu has a title and no description.
      aria-describedby={undefined}
    >
      <div className="menu-modal__head">
        <ModalTitle className="menu-modal__title">{t('menu.all')}</ModalTitle>
        <button type="button" className="icon-btn" onClick={onClose} aria-label={t('action.close')}>
          <Icon name="close" size={22} />
        </button>
      </div>
      <nav aria-label={t('menu.label')}>
        <ul className="menu-grid" style={GRID_STYLE}>
          {MENU_PAGES.map((page, index) => {
            const entry = MENU_ENTRY[page]!;
            const isCurrent = current === page;
            const span = {
              '--menu-span': PHONE_GRID.spans[index],
              '--menu-span-wide': WIDE_GRID.spans[index],
            } as CSSProperties;
            return (
              <li key={page} style={span}>
                <GuardedLink
                  page={page}
                  className={`menu-tile${isCurrent ? ' menu-tile--current' : ''}`}
                  isCurrent={isCurrent}
                  onNavigate={onClose}
                >
                  <span className="menu-tile__icon">
                    <Icon name={entry.icon} size={26} />
                  </span>
                  <span className="menu-tile__label">{t(entry.label)}</span>
                </GuardedLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </ModalLayer>
  );
}
