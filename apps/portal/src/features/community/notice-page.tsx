import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { domainMatches } from '@casino/contracts/host';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { entryAnchor, useLinkedEntryId, useOpenLinkedEntry } from './use-linked-entry.ts';
import { pageCount, Pager } from '../../components/ui/pager.tsx';
import { SafeHtml } from '../../components/ui/safe-html.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { COMMUNITY_PAGE_SIZE, noticesQueryOptions } from '../../lib/community/queries.ts';
import { EntryCard, EntryRow, EntrySummary } from './components/entry-row.tsx';
import './community.css';

/**
 * /notice (public): the operator's notices for this site, newest first, a page at a time; a row
 * opens to its contents (operator HTML, sanitized). The server already filters by host; the portal
 * applies the shared host matcher too, so a notice never shows on the wrong site.
 */
export function NoticePage() {
  const { t } = useTranslation(['community', 'common']);
  const format = useFormat();
  const query = useQuery(noticesQueryOptions());
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const linkedId = useLinkedEntryId();

  const notices = useMemo(
    () => (query.data?.notices ?? []).filter((notice) => domainMatches(notice.domain, window.location.host)),
    [query.data],
  );
  const pages = pageCount(notices.length, COMMUNITY_PAGE_SIZE);
  const current = Math.min(page, pages);
  const rows = notices.slice((current - 1) * COMMUNITY_PAGE_SIZE, current * COMMUNITY_PAGE_SIZE);
  const ids = useMemo(
    () => (query.data ? notices.map((notice) => notice.id) : undefined),
    [query.data, notices],
  );
  // A link from the home panel opens its notice, on whichever page it is.
  useOpenLinkedEntry('notice', linkedId, ids, (id) => {
    setPage(Math.floor(notices.findIndex((notice) => notice.id === id) / COMMUNITY_PAGE_SIZE) + 1);
    setOpenId(id);
  });

  return (
    <PageShell title={t('common:menu.notice')} lead={t('notice.lead')} icon="notice">
      <EntryCard
        name="notice-list"
        heading={t('notice.heading')}
        total={t('list.total', { total: format.number(notices.length) })}
        query={query}
        hasData={query.data !== undefined}
        loadFailed={t('notice.loadFailed')}
        hasRows={rows.length > 0}
        empty={{ icon: 'notice', text: t('notice.empty') }}
        footer={
          <Pager
            page={current}
            pages={pages}
            onPage={(next) => {
              setOpenId(null);
              setPage(next);
            }}
          />
        }
      >
        {rows.map((notice) => (
          <EntryRow
            key={notice.id}
            anchorId={entryAnchor('notice', notice.id)}
            isOpen={openId === notice.id}
            onToggle={() => setOpenId(openId === notice.id ? null : notice.id)}
            summary={<EntrySummary title={notice.title} date={notice.lastDate} />}
          >
            <SafeHtml html={notice.contents} />
          </EntryRow>
        ))}
      </EntryCard>
    </PageShell>
  );
}
