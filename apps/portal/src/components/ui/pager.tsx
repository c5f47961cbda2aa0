import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';
import './pager.css';

/** The number of pages for `maxCount` rows (at least 1, so an empty list still reads "1 / 1"). */
export function pageCount(maxCount: number, pageSize: number): number {
  if (!Number.isFinite(maxCount) || maxCount <= 0) return 1;
  return Math.max(1, Math.ceil(maxCount / pageSize));
}

/**
 * Previous / next with "page / pages" between them, for the member's paged lists (cashier requests,
 * bets); nothing when everything fits on one page.
 */
export function Pager({
  page,
  pages,
  onPage,
  isBusy = false,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  isBusy?: boolean;
}) {
  const { t } = useTranslation('common');
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button
        type="button"
        className="icon-btn pager__btn"
        disabled={page <= 1 || isBusy}
        onClick={() => onPage(page - 1)}
        aria-label={t('pager.prev')}
      >
        <Icon name="chevronRight" size={20} className="pager__prev" />
      </button>
      <span className="pager__count" aria-live="polite">
        {t('pager.page', { page, pages })}
      </span>
      <button
        type="button"
        className="icon-btn pager__btn"
        disabled={page >= pages || isBusy}
        onClick={() => onPage(page + 1)}
        aria-label={t('pager.next')}
      >
        <Icon name="chevronRight" size={20} />
      </button>
    </nav>
  );
}
