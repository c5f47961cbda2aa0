import { useTranslation } from 'react-i18next';

/** Previous / next with "page of pages" between (the member screens' lists). */
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
        {t('members.prev')}
      </button>
      <span>{t('members.page', { page, pages })}</span>
      <button
        type="button"
        className="btn btn--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('members.next')}
      </button>
    </div>
  );
}
