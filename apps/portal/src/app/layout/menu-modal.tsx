import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { useModalLayer } from '../../components/ui/use-modal-layer.ts';
import { MENU_PAGES } from '../../lib/pages.ts';
import { GuardedLink } from '../guarded-link.tsx';
import { useCurrentPage } from '../use-current-page.ts';
import { MENU_ENTRY } from './menu-items.ts';

/**
 * The modal menu (spec section 2): deposit, withdraw, comp, my page, help, notice and note, with
 * the current entry highlighted. Guests see the same menu; the guard answers their clicks.
 */
export function MenuModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const layerRef = useRef<HTMLDivElement>(null);
  const current = useCurrentPage();
  useModalLayer(layerRef, { isOpen, onEscape: onClose });
  if (!isOpen) return null;

  return createPortal(
    <div
      className="modal-overlay modal-overlay--center"
      ref={layerRef}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="menu-modal" role="dialog" aria-modal="true" aria-labelledby="menu-modal-title">
        <div className="menu-modal__head">
          <h2 className="menu-modal__title" id="menu-modal-title">
            {t('menu.all')}
          </h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('action.close')}>
            <Icon name="close" size={22} />
          </button>
        </div>
        <nav aria-label={t('menu.label')}>
          <ul className="menu-grid">
            {MENU_PAGES.map((page) => {
              const entry = MENU_ENTRY[page]!;
              const isCurrent = current === page;
              return (
                <li key={page}>
                  <GuardedLink page={page} className={`menu-tile${isCurrent ? ' menu-tile--current' : ''}`} isCurrent={isCurrent} onNavigate={onClose}>
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
      </div>
    </div>,
    document.body,
  );
}
