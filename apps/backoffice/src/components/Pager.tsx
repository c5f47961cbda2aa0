import { useTranslation } from 'react-i18next';

/**
 * Previous / next with "page of pages" between, under every paged table of the console. The strings are
 * the shared `queue.prev`, `queue.page` and `queue.next`.
 */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pager">
      <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('queue.prev')}
      </button>
      <span>{t('queue.page', { page, pages })}</span>
      <button
        type="button"
        className="btn btn--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('queue.next')}
      </button>
    </div>
  );
}
