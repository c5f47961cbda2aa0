import { useTranslation } from 'react-i18next';
import type { TJob } from '@casino/contracts/backoffice-reports';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import { formatNumber } from '@casino/web-kit/format';
import { FailureNotice } from '../../components/notice.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useJobs } from './queries.ts';
import './jobs.css';

/** The jobs this console describes; another (a newer server's) shows by its name alone. */
const KNOWN_JOBS = [
  'transfer-reconcile',
  'studio-recovery',
  'referral-settle',
  'payback-settle',
  'level-promotion',
  'fraud-prune',
] as const;

/** A job's state: running now, failing (its last run failed), fine, or not run yet. */
export function jobState(job: TJob): 'running' | 'failing' | 'ok' | 'never' {
  if (job.runningOn !== null) return 'running';
  if (job.lastErrorAt !== null && (job.lastSuccessAt === null || job.lastErrorAt > job.lastSuccessAt))
    return 'failing';
  return job.lastSuccessAt !== null ? 'ok' : 'never';
}

/** A period in the largest whole unit: `15 s`, `1 min`, `2 h`. */
function usePeriod() {
  const { t } = useTranslation();
  return (ms: number | null) => {
    if (ms === null) return t('jobs.notHere');
    if (ms % 3_600_000 === 0) return t('jobs.hours', { count: ms / 3_600_000 });
    if (ms % 60_000 === 0) return t('jobs.minutes', { count: ms / 60_000 });
    return t('jobs.seconds', { count: Math.round(ms / 1000) });
  };
}

/**
 * The periodic jobs (owner): each job with the instance holding its lease now, its next turn, its
 * last run (where, when it started and ended), its last success, its runs and failures and its last
 * error — what an operator on call checks when a reconciliation or a settlement seems late
 * (docs/operations.md "Periodic jobs"). Read again every few seconds while open.
 */
export function JobsPage() {
  const { t, i18n } = useTranslation();
  const jobs = useJobs();
  const period = usePeriod();
  const list = jobs.data?.jobs ?? [];
  const failing = list.filter((j) => jobState(j) === 'failing').length;
  const when = (iso: string | null) => (iso === null ? '—' : formatDateTime(iso));
  const columns: TColumn<TJob>[] = [
    {
      key: 'name',
      header: t('jobs.job'),
      cell: (j) => (
        <>
          <code className="jobs__name">{j.name}</code>
          {(KNOWN_JOBS as readonly string[]).includes(j.name) && (
            <span className="jobs__what">{t(`jobs.what.${j.name}`)}</span>
          )}
        </>
      ),
    },
    {
      key: 'state',
      header: t('jobs.state'),
      className: 'nowrap',
      cell: (j) => {
        const state = jobState(j);
        return <span className={`jobs__state jobs__state--${state}`}>{t(`jobs.states.${state}`)}</span>;
      },
    },
    { key: 'every', header: t('jobs.every'), className: 'nowrap', cell: (j) => period(j.everyMs) },
    {
      key: 'lease',
      header: t('jobs.lease'),
      cell: (j) =>
        j.runningOn === null ? (
          <span className="muted">{t('jobs.free')}</span>
        ) : (
          <code className="jobs__instance">{j.runningOn}</code>
        ),
    },
    { key: 'next', header: t('jobs.next'), className: 'nowrap', cell: (j) => when(j.nextRunAt) },
    {
      key: 'last',
      header: t('jobs.lastRun'),
      cell: (j) =>
        j.lastStartedAt === null ? (
          <span className="muted">{t('jobs.neverRun')}</span>
        ) : (
          <>
            <span className="nowrap">{when(j.lastStartedAt)}</span>
            <span className="jobs__sub nowrap">
              {j.lastFinishedAt === null
                ? t('jobs.unfinished')
                : t('jobs.ended', { at: when(j.lastFinishedAt) })}
            </span>
            {j.lastRunOn !== null && <code className="jobs__instance jobs__sub">{j.lastRunOn}</code>}
          </>
        ),
    },
    {
      key: 'success',
      header: t('jobs.lastSuccess'),
      className: 'nowrap',
      cell: (j) => when(j.lastSuccessAt),
    },
    {
      key: 'runs',
      header: t('jobs.runs'),
      className: 'num nowrap',
      cell: (j) => (
        <>
          {formatNumber(j.runs, i18n.language)}
          {j.failures > 0 && (
            <span className="jobs__failures">{t('jobs.failures', { count: j.failures })}</span>
          )}
        </>
      ),
    },
    {
      key: 'error',
      header: t('jobs.lastError'),
      cell: (j) =>
        j.lastError === null ? (
          <span className="muted">—</span>
        ) : (
          <>
            <span className="jobs__error">{j.lastError}</span>
            {j.lastErrorAt !== null && <span className="jobs__sub nowrap">{when(j.lastErrorAt)}</span>}
          </>
        ),
    },
  ];
  return (
    <div className="jobs">
      <div className="page-head">
        <h1 className="page-title">{t('jobs.title')}</h1>
        {jobs.data && (
          <span className={`badge${failing > 0 ? ' jobs__badge--failing' : ''}`}>
            {failing > 0
              ? t('jobs.failingCount', { count: failing })
              : t('jobs.count', { count: list.length })}
          </span>
        )}
      </div>
      <p className="muted jobs__lead">{t('jobs.lead')}</p>
      <FailureNotice error={jobs.error} />
      <DataTable
        columns={columns}
        rows={jobs.isSuccess ? list : undefined}
        rowKey={(j) => j.name}
        empty={t('jobs.empty')}
      />
      {jobs.isPending && <p className="muted">{t('jobs.loading')}</p>}
    </div>
  );
}
