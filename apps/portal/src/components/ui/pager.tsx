import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.tsx';
import './pager.css';

/** The number of pages for `maxCount` rows (at least 1, so an empty list still reads "1 / 1"). */
export function pageCount(maxCount: number, pageSize: number): number {
  if (!Number.isFinite(maxCount) || maxCount <= 0) return 1;
  return Math.max(1, Math.ceil(maxCount / pageSize));
}

/**
 * The pages of a paged list (1 until a page of it is read: `query.data`, whose rows are its
 * `rowsKey` array), and the step back from a page emptied by deletions (or gone since, fewer rows
 * than before) to the last page that has rows, once the page read is no older page standing in.
 */
export function usePageCount<K extends string>(
  query: { data?: { maxCount: number } & Record<K, readonly unknown[]>; isPlaceholderData: boolean },
  rowsKey: K,
  page: number,
  onPage: (page: number) => void,
  pageSize: number,
): number {
  const maxCount = query.data?.maxCount;
  const rows = query.data?.[rowsKey].length;
  const { isPlaceholderData } = query;
  useEffect(() => {
    if (maxCount !== undefined && !isPlaceholderData && rows === 0 && page > 1)
      onPage(Math.min(page - 1, pageCount(maxCount, pageSize)));
  }, [maxCount, rows, isPlaceholderData, page, onPage, pageSize]);
  return maxCount === undefined ? 1 : pageCount(maxCount, pageSize);
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
