import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TAuditEntry } from '@casino/contracts/backoffice-reports';
import { DataTable, FilterBar, type TColumn, type TFilterInput } from '@casino/web-kit/data-table.tsx';
import { pageOf, UrlPager } from '../../components/pager.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { changesOf, showValue } from './diff.ts';
import './audit.css';
import { useAuditLog } from './queries.ts';
import { FailureNotice } from '../../components/notice.tsx';

export const PAGE_SIZE = 20;
const FILTERS = ['operatorId', 'action', 'member', 'from', 'to'] as const;
type TFilter = (typeof FILTERS)[number];

/** Areas and actions the log holds, offered while typing (any other action may be typed). */
const ACTIONS = [
  'deposit',
  'deposit.approve',
  'deposit.reject',
  'withdraw',
  'withdraw.approve',
  'withdraw.reject',
  'member',
  'member.adjust',
  'member.approve',
  'member.block',
  'member.unblock',
  'member.level',
  'member.signout',
  'settings',
  'operator',
  'help.answer',
  'note.send',
  'notice',
  'popup',
  'banner',
  'provider',
  'game',
  'jackpots.update',
  'legal.publish',
  'media.upload',
  'regcode',
  'site',
];

function Changes({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation();
  const changes = changesOf(entry.before, entry.after);
  if (changes.length === 0) return <span className="muted">{t('audit.noChange')}</span>;
  return (
    <ul className="audit__diff">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="audit__field">{c.field || t('audit.value')}</span>{' '}
          {c.before === undefined ? (
            <span className="muted">–</span>
          ) : (
            <del>
              <span className="audit__sr">{t('audit.before')}: </span>
              {showValue(c.before)}
            </del>
          )}{' '}
          <span className="audit__arrow" aria-hidden="true">
            →
          </span>{' '}
          {c.after === undefined ? (
            <span className="muted">–</span>
          ) : (
            <ins>
              <span className="audit__sr">{t('audit.after')}: </span>
              {showValue(c.after)}
            </ins>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The audit log (owner): who changed what and when, newest first, filtered by operator, action (an
 * area such as `member` or one action such as `member.block`), member and the site's days. Each entry
 * shows its changed fields with the value before and after.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((f) => [f, search.get(f) ?? ''])) as Record<TFilter, string>;
  const page = pageOf(search);

  const list = useAuditLog({
    ...Object.fromEntries(FILTERS.map((f) => [f, filters[f].trim() || undefined])),
    page,
    pageSize: PAGE_SIZE,
  });

  function apply(values: Record<TFilter, string>) {
    const params = new URLSearchParams();
    for (const f of FILTERS) if (values[f]) params.set(f, values[f]);
    setSearch(params);
  }

  const data = list.data;
  const field = (input: TFilterInput, name: TFilter, type = 'text', extra: Record<string, string> = {}) => (
    <label className="inline-field">
      <span>{t(`audit.${name}`)}</span>
      <input type={type} maxLength={name === 'action' ? 60 : 32} {...input} {...extra} />
    </label>
  );
  const columns: TColumn<TAuditEntry>[] = [
    { key: 'id', header: t('audit.id'), className: 'num', cell: (entry) => entry.id },
    {
      key: 'date',
      header: t('audit.date'),
      className: 'audit__date',
      headerClassName: '',
      cell: (entry) => formatDateTime(entry.regDate),
    },
    {
      key: 'operator',
      header: t('audit.operatorIp'),
      className: 'nowrap',
      headerClassName: '',
      cell: (entry) => (
        <>
          {entry.operatorId}
          {entry.ip && (
            <span className="audit__ip">
              <span className="audit__sr">{t('audit.ip')}: </span>
              {entry.ip}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'action',
      header: t('audit.action'),
      className: 'nowrap',
      headerClassName: '',
      cell: (entry) => <code>{entry.action}</code>,
    },
    {
      key: 'target',
      header: t('audit.target'),
      className: 'audit__target',
      headerClassName: '',
      cell: (entry) => entry.target,
    },
    {
      key: 'changes',
      header: t('audit.changes'),
      className: 'audit__changes',
      headerClassName: '',
      cell: (entry) => <Changes entry={entry} />,
    },
  ];

  return (
    <section>
      <div className="page-head">
        <h1 className="page-title">{t('audit.title')}</h1>
        {data && <span className="muted">{t('audit.total', { count: data.maxCount })}</span>}
      </div>
      <FilterBar
        fields={FILTERS}
        applied={filters}
        onApply={apply}
        searchLabel={t('audit.search')}
        resetLabel={t('audit.reset')}
        className="audit__filters"
      >
        {(input) => (
          <>
            {field(input('operatorId'), 'operatorId')}
            {field(input('action'), 'action', 'text', { list: 'audit-actions', placeholder: 'member.block' })}
            <datalist id="audit-actions">
              {ACTIONS.map((a) => (
                <option key={a} value={a} />
              ))}
            </datalist>
            {field(input('member'), 'member')}
            {field(input('from'), 'from', 'date')}
            {field(input('to'), 'to', 'date')}
          </>
        )}
      </FilterBar>
      <FailureNotice error={list.error} />
      <DataTable
        columns={columns}
        rows={data?.list}
        rowKey={(entry) => entry.id}
        empty={t('audit.empty')}
        className="audit__table"
      />
      <UrlPager count={data?.maxCount} size={PAGE_SIZE} />
    </section>
  );
}
