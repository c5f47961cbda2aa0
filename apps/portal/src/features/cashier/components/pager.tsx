import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';

/** Previous / next with "page / pages" between them; nothing when everything fits on one page. */
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
  const { t } = useTranslation(['cashier', 'common']);
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('history.pager')}>
      <button
        type="button"
        className="icon-btn pager__btn"
        disabled={page <= 1 || isBusy}
        onClick={() => onPage(page - 1)}
        aria-label={t('history.prev')}
      >
        <Icon name="chevronRight" size={20} className="pager__prev" />
      </button>
      <span className="pager__count" aria-live="polite">
        {t('history.page', { page, pages })}
      </span>
      <button
        type="button"
        className="icon-btn pager__btn"
        disabled={page >= pages || isBusy}
        onClick={() => onPage(page + 1)}
        aria-label={t('history.next')}
      >
        <Icon name="chevronRight" size={20} />
      </button>
    </nav>
  );
}
