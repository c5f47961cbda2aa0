import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
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

/** The page of a list kept in the address (`?page=`; 1 when it is absent or no page). */
export function pageOf(search: URLSearchParams): number {
  return Math.max(1, Number(search.get('page')) || 1);
}

/** How many pages `count` rows fill, `size` a page (at least one). */
export function pageCount(count: number | undefined, size: number): number {
  return Math.max(1, Math.ceil((count ?? 0) / size));
}

/** The pager of a list whose page is in the address: another page keeps the other parameters. */
export function UrlPager({ count, size }: { count: number | undefined; size: number }) {
  const [search, setSearch] = useSearchParams();
  return (
    <Pager
      page={pageOf(search)}
      pages={pageCount(count, size)}
      onPage={(next) => {
        const params = new URLSearchParams(search);
        params.set('page', String(next));
        setSearch(params);
      }}
    />
  );
}
