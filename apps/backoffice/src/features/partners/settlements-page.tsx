import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleCan } from '@casino/contracts/backoffice-permissions';
import {
  PARTNER_KINDS,
  type TPartnerDay,
  type TPartnerSettlement,
} from '@casino/contracts/backoffice-partners';
import { addDays, siteDay } from '@casino/contracts/site-time';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import { siteTimeZone } from '@casino/web-kit/format';
import { useOperator } from '../../app/session.ts';
import { useFailureText } from '../../components/field.tsx';
import { FailureNotice, Notice } from '../../components/notice.tsx';
import { api, apiKey, apiUrl, isApiError, useApiWrite } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { createIdempotencyKeys } from '../../lib/idempotency.ts';
import { usePartners, useSelfPartner, useSettlement, useSettlementDays, useSettlements } from './queries.ts';
import { useWon } from './figures.tsx';
import './partners.css';

const keys = createIdempotencyKeys();

/** The last seven finished days of the site's calendar. */
function lastWeek(now = new Date()): { from: string; to: string } {
  const to = addDays(siteDay(now, siteTimeZone()), -1);
  return { from: addDays(to, -6), to };
}

/**
 * Settlements: a partner's commission for a period (the formula's figures: stakes, wins, rolling by
 * game kind, losing, total), its days with a CSV, and the settlements made. The owner picks any
 * partner and settles a finished period (paid once; a negative total is carried into the next); a
 * partner sees its own and its subtree's.
 */
export function SettlementsPage() {
  const won = useWon();
  const { t, i18n } = useTranslation();
  const me = useOperator();
  const { partnerId: self } = useSelfPartner();
  const canSettle = me.data ? roleCan(me.data.role, 'partnersSettle') : false;
  const partners = usePartners({ page: 1, pageSize: 100 });
  const [chosen, setChosen] = useState<string>('');
  const [period, setPeriod] = useState(lastWeek);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error' | 'warn'; text: string } | null>(null);
  const failure = useFailureText('partners');
  const partnerId = chosen || self || partners.data?.list[0]?.partnerId || '';
  const params = partnerId ? { partnerId } : null;
  const lang = i18n.language === 'en' ? 'en' : 'ko';
  const settlement = useSettlement(params, period);
  const days = useSettlementDays(params, { ...period, lang });
  const history = useSettlements(params);
  const figures = settlement.data?.status === 'success' ? settlement.data : null;

  const settle = useApiWrite(
    () =>
      keys.run(`settle:${partnerId}:${period.from}:${period.to}`, (idempotencyKey) =>
        api('partners.settle', { params: { partnerId }, body: period, idempotencyKey }),
      ),
    {
      invalidates: [
        apiKey('partners.settlement', { params: { partnerId } }),
        apiKey('partners.days', { params: { partnerId } }),
        apiKey('partners.settlements', { params: { partnerId } }),
      ],
      onSuccess: (answer) => {
        if (answer.status === 'success')
          setMessage({
            tone: 'ok',
            text: t('partners.settle.done', {
              id: partnerId,
              paid: won(answer.paid),
              total: won(answer.total),
            }),
          });
        else setMessage({ tone: 'warn', text: t(`partners.settle.${answer.status}`) });
      },
      onError: (error) => {
        setMessage({
          tone: 'error',
          text:
            isApiError(error) && error.status === 'invalid' && error.errors.some((e) => e.path === 'to')
              ? t('partners.settle.notFinished')
              : failure(error),
        });
      },
    },
  );

  const dayColumns: TColumn<TPartnerDay>[] = [
    {
      key: 'day',
      header: t('partners.settle.day'),
      className: 'nowrap',
      headerClassName: '',
      cell: (d) => d.day,
    },
    {
      key: 'stakes',
      header: t('partners.figure.stakes'),
      className: 'num',
      cell: (d) => won(d.stakes),
    },
    { key: 'wins', header: t('partners.figure.wins'), className: 'num', cell: (d) => won(d.wins) },
    {
      key: 'rolling',
      header: t('partners.settle.rolling'),
      className: 'num',
      cell: (d) => won(d.rolling),
    },
    {
      key: 'losing',
      header: t('partners.settle.losing'),
      className: 'num',
      cell: (d) => won(d.losing),
    },
    {
      key: 'total',
      header: t('partners.settle.total'),
      className: 'num',
      cell: (d) => <strong>{won(d.total)}</strong>,
    },
    {
      key: 'settled',
      header: t('partners.settle.state'),
      cell: (d) => t(d.settled ? 'partners.settle.settled' : 'partners.settle.open'),
    },
  ];
  const historyColumns: TColumn<TPartnerSettlement>[] = [
    {
      key: 'period',
      header: t('partners.settle.period'),
      className: 'nowrap',
      headerClassName: '',
      cell: (s) => `${s.from} ~ ${s.to}`,
    },
    { key: 'total', header: t('partners.settle.total'), className: 'num', cell: (s) => won(s.total) },
    {
      key: 'carriedIn',
      header: t('partners.settle.carriedIn'),
      className: 'num',
      cell: (s) => won(s.carriedIn),
    },
    {
      key: 'adjustment',
      header: t('partners.settle.adjustment'),
      className: 'num',
      cell: (s) => won(s.adjustment),
    },
    {
      key: 'paid',
      header: t('partners.settle.paid'),
      className: 'num',
      cell: (s) => <strong>{won(s.paid)}</strong>,
    },
    {
      key: 'carriedOut',
      header: t('partners.settle.carriedOut'),
      className: 'num',
      cell: (s) => won(s.carriedOut),
    },
    {
      key: 'at',
      header: t('partners.settle.at'),
      className: 'nowrap',
      headerClassName: '',
      cell: (s) => formatDateTime(s.regDate),
    },
  ];

  return (
    <section className="partners">
      <div className="page-head">
        <h1 className="page-title">{t('partners.settle.title')}</h1>
      </div>
      <Notice tone={message?.tone} text={message?.text} />
      <FailureNotice error={partners.error ?? settlement.error} />
      <div className="partners__filters box">
        <label className="field">
          <span>{t('partners.settle.partner')}</span>
          <select
            value={partnerId}
            onChange={(event) => {
              setMessage(null);
              setChosen(event.target.value);
            }}
          >
            {self && !partners.data?.list.some((p) => p.partnerId === self) && (
              <option value={self}>{self}</option>
            )}
            {partners.data?.list.map((p) => (
              <option key={p.partnerId} value={p.partnerId}>
                {`${'· '.repeat(Math.max(0, p.depth - 1))}${p.name} (${p.partnerId})`}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('partners.settle.from')}</span>
          <input
            type="date"
            value={period.from}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
          />
        </label>
        <label className="field">
          <span>{t('partners.settle.to')}</span>
          <input
            type="date"
            value={period.to}
            onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
          />
        </label>
      </div>

      {figures && (
        <section className="box" aria-labelledby="settlement-preview">
          <h2 id="settlement-preview" className="partners__heading">
            {t('partners.settle.preview', { id: figures.partnerId, from: figures.from, to: figures.to })}
          </h2>
          <table className="table partners__figures">
            <thead>
              <tr>
                <th scope="col">{t('partners.settle.kind')}</th>
                <th scope="col" className="num">
                  {t('partners.figure.stakes')}
                </th>
                <th scope="col" className="num">
                  {t('partners.figure.wins')}
                </th>
                <th scope="col" className="num">
                  {t('partners.settle.rolling')}
                </th>
              </tr>
            </thead>
            <tbody>
              {PARTNER_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row">{t(`partners.rate.${kind}`)}</th>
                  <td className="num">{won(figures.stakes[kind])}</td>
                  <td className="num">{won(figures.wins[kind])}</td>
                  <td className="num">{won(figures.rolling[kind])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="partners__totals">
            <dt>{t('partners.settle.losing')}</dt>
            <dd>{won(figures.losing)}</dd>
            <dt>{t('partners.settle.carried')}</dt>
            <dd>{won(figures.carried)}</dd>
            {figures.adjustment !== 0 && (
              <>
                <dt>{t('partners.settle.lateAdjustment')}</dt>
                <dd title={t('partners.settle.lateAdjustmentHint')}>{won(figures.adjustment)}</dd>
              </>
            )}
            <dt>{t('partners.settle.total')}</dt>
            <dd>
              <strong>{won(figures.total)}</strong>
            </dd>
            <dt>{t('partners.settle.activeMembers')}</dt>
            <dd>{figures.members.toLocaleString()}</dd>
          </dl>
          <div className="partners__actions">
            <a
              className="btn"
              href={apiUrl('partners.daysCsv', { params: { partnerId }, query: { ...period, lang } })}
            >
              {t('partners.settle.csv')}
            </a>
            {canSettle && (
              <button
                type="button"
                className="btn btn--primary"
                disabled={settle.isPending || figures.settled}
                onClick={() => {
                  setMessage(null);
                  settle.mutate();
                }}
              >
                {figures.settled ? t('partners.settle.settled') : t('partners.settle.submit')}
              </button>
            )}
          </div>
        </section>
      )}

      <h2 className="partners__heading">{t('partners.settle.days')}</h2>
      <DataTable
        columns={dayColumns}
        rows={days.data?.status === 'success' ? days.data.list : undefined}
        rowKey={(d) => d.day}
        empty={t('partners.settle.noDays')}
      />
      <h2 className="partners__heading">{t('partners.settle.history')}</h2>
      <DataTable
        columns={historyColumns}
        rows={history.data?.status === 'success' ? history.data.list : undefined}
        rowKey={(s) => s.id}
        empty={t('partners.settle.noHistory')}
      />
    </section>
  );
}
