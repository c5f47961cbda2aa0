import { useTranslation } from 'react-i18next';
import { Pager as KitPager } from '@casino/web-kit/data-table.tsx';

/**
 * Previous / next with "page of pages" between, under every paged table of the console: the web
 * kit's pager with the shared `queue.prev`, `queue.page` and `queue.next`.
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
    <KitPager
      page={page}
      pages={pages}
      onPage={onPage}
      labels={{ previous: t('queue.prev'), next: t('queue.next'), page: t('queue.page', { page, pages }) }}
    />
  );
}
