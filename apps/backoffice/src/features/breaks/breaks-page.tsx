import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TBreakReportRow } from '@casino/contracts/backoffice-protection';
import { BREAK_KINDS, type TBreakKind } from '@casino/contracts/protection';
import { DataTable, NOWRAP, type TColumn } from '@casino/web-kit/data-table.tsx';
import { pageOf, pageCount, Pager } from '../../components/pager.tsx';
import { formatDateTime } from '../../lib/format.ts';
import './breaks.css';
import { useBreaks } from './queries.ts';
import { FailureNotice } from '../../components/notice.tsx';

export const BREAKS_PAGE_SIZE = 50;

function kindOf(value: string | null): TBreakKind | undefined {
  return (BREAK_KINDS as readonly string[]).includes(value ?? '') ? (value as TBreakKind) : undefined;
}

/**
 * Members under a break (owner, support): every member on a time-out or self-exclusion now, newest
 * first, by kind. Read only: nobody can end or shorten a break, operators included; a time-out leaves
 * the list at its end by itself. The filter and page live in the URL.
 */
export function BreaksPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const kind = kindOf(search.get('kind'));
  const page = pageOf(search);
  const result = useBreaks({ kind, page, pageSize: BREAKS_PAGE_SIZE });
  const list = result.data?.list ?? [];
  const total = result.data?.maxCount ?? 0;
  const pages = pageCount(total, BREAKS_PAGE_SIZE);

  const go = (next: { kind?: TBreakKind | undefined; page?: number }) => {
    const params = new URLSearchParams();
    if (next.kind) params.set('kind', next.kind);
    if (next.page && next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };

  const columns: TColumn<TBreakReportRow>[] = [
    {
      key: 'userId',
      header: t('breaks.userId'),
      ...NOWRAP,
      cell: (r) => <Link to={`/members/${encodeURIComponent(r.userId)}`}>{r.userId}</Link>,
    },
    { key: 'nick', header: t('breaks.nick'), ...NOWRAP, cell: (r) => r.nick },
    {
      key: 'kind',
      header: t('breaks.kind'),
      ...NOWRAP,
      cell: (r) => <span className={`breaks__kind--${r.kind}`}>{t(`breaks.kinds.${r.kind}`)}</span>,
    },
    { key: 'period', header: t('breaks.period'), ...NOWRAP, cell: (r) => t(`breaks.periods.${r.period}`) },
    { key: 'started', header: t('breaks.started'), ...NOWRAP, cell: (r) => formatDateTime(r.startedAt) },
    {
      key: 'until',
      header: t('breaks.until'),
      ...NOWRAP,
      cell: (r) => (r.until === null ? t('breaks.permanent') : formatDateTime(r.until)),
    },
  ];

  return (
    <div className="breaks">
      <div className="page-head">
        <h1 className="page-title">{t('breaks.title')}</h1>
        {result.data && <span className="badge">{t('breaks.total', { count: total })}</span>}
      </div>
      <p className="notice breaks__rule">{t('breaks.readOnly')}</p>
      <div className="breaks__filter">
        <label className="inline-field">
          <span>{t('breaks.kind')}</span>
          <select value={kind ?? ''} onChange={(e) => go({ kind: kindOf(e.target.value) })}>
            <option value="">{t('breaks.all')}</option>
            {BREAK_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`breaks.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FailureNotice error={result.error} />
      <DataTable
        columns={columns}
        rows={result.isSuccess ? list : undefined}
        rowKey={(r) => r.id}
        empty={t('breaks.empty')}
      />
      {result.isPending && <p className="muted">{t('breaks.loading')}</p>}
      <Pager page={page} pages={pages} onPage={(next) => go({ kind, page: next })} />
    </div>
  );
}
