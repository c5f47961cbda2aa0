import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TBackofficeMemberRow } from '@casino/contracts/backoffice-members';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import { FailureNotice } from '../../components/notice.tsx';
import { pageOf, UrlPager } from '../../components/pager.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { usePartnerMembers } from './queries.ts';
import { useWon } from './figures.tsx';
import './partners.css';

const PAGE_SIZE = 20;

/**
 * The members of the partner's subtree (the server scopes the list; no bank numbers, no actions):
 * who they are, under which partner and code, their level, state and money.
 */
export function PartnerMembersPage() {
  const won = useWon();
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const list = usePartnerMembers({ page: pageOf(search), pageSize: PAGE_SIZE });
  const columns: TColumn<TBackofficeMemberRow>[] = [
    { key: 'userId', header: t('partners.members.userId'), cell: (m) => <strong>{m.userId}</strong> },
    { key: 'nick', header: t('partners.members.nick'), cell: (m) => m.nick },
    { key: 'partner', header: t('partners.members.partner'), cell: (m) => m.partnerId ?? '—' },
    { key: 'code', header: t('partners.members.code'), cell: (m) => m.regCode ?? '—' },
    { key: 'level', header: t('partners.members.level'), className: 'num', cell: (m) => m.level },
    { key: 'state', header: t('partners.members.state'), cell: (m) => t(`memberState.${m.state}`) },
    {
      key: 'balance',
      header: t('partners.members.balance'),
      className: 'num',
      cell: (m) => won(m.balance),
    },
    {
      key: 'joined',
      header: t('partners.members.joined'),
      className: 'nowrap',
      headerClassName: '',
      cell: (m) => formatDateTime(m.regDate),
    },
  ];
  return (
    <section className="partners">
      <div className="page-head">
        <h1 className="page-title">{t('partners.members.title')}</h1>
        {list.data && (
          <span className="muted">{t('partners.membersCount', { count: list.data.maxCount })}</span>
        )}
      </div>
      <FailureNotice error={list.error} />
      <DataTable
        columns={columns}
        rows={list.data?.list}
        rowKey={(m) => m.userId}
        empty={t('partners.members.empty')}
      />
      <UrlPager count={list.data?.maxCount} size={PAGE_SIZE} />
    </section>
  );
}
