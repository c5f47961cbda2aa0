import { useTranslation } from 'react-i18next';
import { DataTable, NOWRAP, type TColumn } from '@casino/web-kit/data-table.tsx';
import type { TMemberBreak } from '@casino/contracts/backoffice-protection';
import { PLAY_LIMIT_KINDS, PLAY_LIMIT_PERIODS } from '@casino/contracts/protection';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import './protection.css';
import { useMemberProtection } from './queries.ts';
import { FailureNotice } from '../../components/notice.tsx';

/** A break's end as operators read it: the date and time, or "permanent". */
function BreakEnd({ until }: { until: string | null }) {
  const { t } = useTranslation();
  return <>{until === null ? t('members.protection.permanent') : formatDateTime(until)}</>;
}

/** The break in force, said plainly at the top of the tab. */
function ActiveBreak({ current }: { current: TMemberBreak | null }) {
  const { t } = useTranslation();
  if (!current)
    return (
      <p role="status" className="notice notice--ok">
        {t('members.protection.noActiveBreak')}
      </p>
    );
  const what = `${t(`members.protection.kinds.${current.kind}`)} (${t(
    `members.protection.periods.${current.period}`,
  )})`;
  return (
    <p role="status" className="notice notice--warn protection__active">
      {current.until === null
        ? t('members.protection.activePermanent', { what })
        : t('members.protection.activeUntil', { what, until: formatDateTime(current.until) })}
    </p>
  );
}

/**
 * A member's player protection, read only (the member detail's "player protection" tab): the
 * break in force, the limits in force and pending, the reality-check setting, every break and
 * every change of a limit. Nobody can end or shorten a break, operators included, so the tab has
 * no action; the member alone sets limits, from the portal.
 */
export function ProtectionTab({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const result = useMemberProtection(userId);
  const won = (n: number | null) => (n === null ? t('members.protection.none') : formatWon(n, i18n.language));

  if (result.isPending) return <p className="muted">{t('members.loading')}</p>;
  if (result.isError) return <FailureNotice error={result.error} />;
  const data = result.data;
  if (data.status !== 'success')
    return (
      <p role="alert" className="notice notice--warn">
        {t('members.notFound', { userId })}
      </p>
    );

  const breakColumns: TColumn<(typeof data.breaks)[number]>[] = [
    {
      key: 'kind',
      header: t('members.protection.kind'),
      ...NOWRAP,
      cell: (b) => t(`members.protection.kinds.${b.kind}`),
    },
    {
      key: 'period',
      header: t('members.protection.period'),
      ...NOWRAP,
      cell: (b) => t(`members.protection.periods.${b.period}`),
    },
    {
      key: 'started',
      header: t('members.protection.started'),
      ...NOWRAP,
      cell: (b) => formatDateTime(b.startedAt),
    },
    {
      key: 'until',
      header: t('members.protection.until'),
      ...NOWRAP,
      cell: (b) => <BreakEnd until={b.until} />,
    },
    {
      key: 'state',
      header: t('members.protection.state'),
      ...NOWRAP,
      cell: (b) => (
        <span className={`protection__state--${b.active ? 'active' : 'ended'}`}>
          {t(b.active ? 'members.protection.inForce' : 'members.protection.ended')}
        </span>
      ),
    },
  ];
  const historyColumns: TColumn<(typeof data.history)[number]>[] = [
    {
      key: 'requested',
      header: t('members.protection.requested'),
      ...NOWRAP,
      cell: (h) => formatDateTime(h.requestedAt),
    },
    {
      key: 'limit',
      header: t('members.protection.limit'),
      ...NOWRAP,
      cell: (h) =>
        `${t(`members.protection.limitKinds.${h.kind}`)} · ${t(`members.protection.window.${h.period}`)}`,
    },
    { key: 'amount', header: t('members.protection.amount'), className: 'num', cell: (h) => won(h.amount) },
    {
      key: 'effective',
      header: t('members.protection.effective'),
      ...NOWRAP,
      cell: (h) => formatDateTime(h.effectiveAt),
    },
    {
      key: 'cancelled',
      header: t('members.protection.cancelled'),
      ...NOWRAP,
      cell: (h) => (h.cancelledAt ? formatDateTime(h.cancelledAt) : ''),
    },
    {
      key: 'state',
      header: t('members.protection.state'),
      ...NOWRAP,
      cell: (h) => (
        <span className={`protection__change--${h.state}`}>
          {t(`members.protection.changeStates.${h.state}`)}
        </span>
      ),
    },
  ];

  return (
    <div className="protection">
      <p className="notice protection__rule">{t('members.protection.readOnly')}</p>
      <ActiveBreak current={data.activeBreak} />

      <section aria-labelledby="protection-limits" className="protection__section">
        <h3 id="protection-limits" className="protection__title">
          {t('members.protection.limits')}
        </h3>
        <div className="table-wrap">
          <table className="table protection__limits">
            <thead>
              <tr>
                <th scope="col">{t('members.protection.limit')}</th>
                {PLAY_LIMIT_PERIODS.map((p) => (
                  <th key={p} scope="col" className="num">
                    {t(`members.protection.window.${p}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {PLAY_LIMIT_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row">{t(`members.protection.limitKinds.${kind}`)}</th>
                  {PLAY_LIMIT_PERIODS.map((p) => (
                    <td key={p} className="num">
                      {won(data.limits[kind][p])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {data.pending.length > 0 && (
          <ul className="protection__pending" aria-label={t('members.protection.pending')}>
            {data.pending.map((p) => (
              <li key={`${p.kind}:${p.period}:${p.effectiveAt}`}>
                {t('members.protection.pendingItem', {
                  limit: `${t(`members.protection.limitKinds.${p.kind}`)} · ${t(
                    `members.protection.window.${p.period}`,
                  )}`,
                  amount: won(p.amount),
                  at: formatDateTime(p.effectiveAt),
                })}
              </li>
            ))}
          </ul>
        )}
        <dl className="member-facts protection__facts">
          <div>
            <dt>{t('members.protection.realityCheck')}</dt>
            <dd>
              {data.realityCheckMinutes === 0
                ? t('members.protection.realityOff')
                : t('members.protection.realityEvery', { minutes: data.realityCheckMinutes })}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="protection-breaks" className="protection__section">
        <h3 id="protection-breaks" className="protection__title">
          {t('members.protection.breaks')}
        </h3>
        <DataTable
          columns={breakColumns}
          rows={data.breaks}
          rowKey={(b) => b.id}
          rowClassName={(b) => (b.active ? 'protection__row--active' : undefined)}
          empty={t('members.protection.noBreaks')}
        />
      </section>

      <section aria-labelledby="protection-history" className="protection__section">
        <h3 id="protection-history" className="protection__title">
          {t('members.protection.history')}
        </h3>
        {data.historyCount > data.history.length && (
          <p className="muted">
            {t('members.protection.historyCut', { shown: data.history.length, count: data.historyCount })}
          </p>
        )}
        <DataTable
          columns={historyColumns}
          rows={data.history}
          rowKey={(h) => h.id}
          empty={t('members.protection.noHistory')}
        />
      </section>
    </div>
  );
}
