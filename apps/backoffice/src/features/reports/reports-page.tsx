import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  REPORT_MAX_DAYS,
  REPORT_MAX_MONTHS,
  isReportPeriod,
  periodCount,
  ZReportsQuery,
  type TPromotionFigures,
  type TReportFigures,
  type TReportUnit,
} from '@casino/contracts/backoffice-reports';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { addDays, siteDay, siteMonth } from '@casino/contracts/site-time';
import { siteTimeZone } from '@casino/web-kit/format';
import { useContractForm } from '@casino/web-kit/contract-form';
import { Form } from '@casino/web-kit/form.tsx';
import { Field, useFieldText } from '../../components/field.tsx';
import { FiguresChart, type ChartSeries } from '../../components/figures-chart.tsx';
import { apiUrl, errorKey, isApiError } from '../../lib/api.ts';
import { formatWon } from '../../lib/format.ts';
import { useReport } from './queries.ts';
import './reports.css';

/** What the page opens with: the last 14 days of the site's calendar, or the last 12 months. */
export function defaultRange(unit: TReportUnit, now = new Date()): { from: string; to: string } {
  const zone = siteTimeZone();
  if (unit === 'day') {
    const to = siteDay(now, zone);
    return { from: addDays(to, -13), to };
  }
  const to = siteMonth(now, zone);
  const [y, m] = to.split('-').map(Number) as [number, number];
  const first = y * 12 + (m - 1) - 11;
  return { from: `${Math.floor(first / 12)}-${String((first % 12) + 1).padStart(2, '0')}`, to };
}

/** Why a range cannot be asked for, as a translation key; null when it can. */
export function rangeProblem(unit: TReportUnit, from: string, to: string): string | null {
  if (!isReportPeriod(unit, from) || !isReportPeriod(unit, to)) return 'reports.badDate';
  const n = periodCount(unit, from, to);
  if (n < 1) return 'reports.reversed';
  if (n > (unit === 'day' ? REPORT_MAX_DAYS : REPORT_MAX_MONTHS)) return `reports.tooLong.${unit}`;
  return null;
}

function unitOf(value: string | null): TReportUnit {
  return value === 'month' ? 'month' : 'day';
}

const ALL = '';

interface TReportFilter {
  unit: TReportUnit;
  from: string;
  to: string;
}
const FILTER_FIELDS = ['unit', 'from', 'to'] as const;

/**
 * The period of a report on the web kit's form layer, checked by the route's query schema; the
 * range's problem shows as it is edited (Show waits for a good one), a 400 goes onto its field.
 */
function ReportFilters({
  applied,
  failure,
  csvUrl,
  csvOff,
  onApply,
}: {
  applied: TReportFilter;
  failure: unknown;
  csvUrl: string;
  csvOff: boolean;
  onApply: (values: TReportFilter) => void;
}) {
  const { t } = useTranslation();
  const fieldText = useFieldText('reports');
  const form = useContractForm<TReportFilter>({
    fields: FILTER_FIELDS,
    defaultValues: applied,
    validate: (values) => schemaCodes(ZReportsQuery, values, FILTER_FIELDS),
  });
  // A 400 of the report's read (a range in the address the server refuses) goes onto its field.
  useEffect(() => {
    if (failure) form.showServerErrors(failure);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure, not per render
  }, [failure]);
  const [draftUnit, draftFrom, draftTo] = form.watch(['unit', 'from', 'to']);
  const draftProblem = rangeProblem(draftUnit, draftFrom, draftTo);
  const unitField = form.register('unit');
  const dateType = draftUnit === 'day' ? 'date' : 'month';

  return (
    <Form form={form} className="reports__filters" onValid={onApply}>
      <Field
        label={t('reports.unit')}
        status={form.statusOf('unit', fieldText('unit'))}
        className="inline-field"
      >
        {(aria) => (
          <select
            {...aria}
            {...unitField}
            onChange={(event) => {
              const next = unitOf(event.target.value);
              form.reset({ unit: next, ...defaultRange(next) });
            }}
          >
            <option value="day">{t('reports.byDay')}</option>
            <option value="month">{t('reports.byMonth')}</option>
          </select>
        )}
      </Field>
      <Field
        label={t('reports.from')}
        status={form.statusOf('from', fieldText('from'))}
        className="inline-field"
      >
        {(aria) => <input type={dateType} {...aria} {...form.register('from')} />}
      </Field>
      <Field label={t('reports.to')} status={form.statusOf('to', fieldText('to'))} className="inline-field">
        {(aria) => <input type={dateType} {...aria} {...form.register('to')} />}
      </Field>
      <button type="submit" className="btn btn--primary" disabled={draftProblem !== null}>
        {t('reports.show')}
      </button>
      {draftProblem && (
        <span className="reports__hint" role="status">
          {t(draftProblem)}
        </span>
      )}
      <a className="btn reports__csv" href={csvUrl} download aria-disabled={csvOff || undefined}>
        {t('reports.csv')}
      </a>
    </Form>
  );
}

/**
 * Reports (owner): deposits, withdrawals, bets, wins, GGR and comp conversions per day or month of
 * the site's calendar, in total or for one provider, as a chart and the table it summarises, and a
 * CSV file of the same figures. The period is kept in the address, so a report can be reloaded and shared.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const unit = unitOf(search.get('unit'));
  const fallback = defaultRange(unit);
  const from = search.get('from') ?? fallback.from;
  const to = search.get('to') ?? fallback.to;
  const problem = rangeProblem(unit, from, to);
  const [scope, setScope] = useState(ALL);
  const tableId = useId();
  const lang = i18n.language === 'en' ? 'en' : 'ko';

  const report = useReport({ unit, from, to }, problem === null);

  const data = report.data;
  const providers = data?.totals.providers.map((p) => p.provider) ?? [];
  const activeScope = providers.includes(scope) ? scope : ALL;
  const won = (amount: number) => formatWon(amount, i18n.language);
  const compact = new Intl.NumberFormat(lang === 'ko' ? 'ko-KR' : 'en-US', { notation: 'compact' });
  const game = (f: TReportFigures) =>
    activeScope === ALL
      ? f
      : (f.providers.find((p) => p.provider === activeScope) ?? { bets: 0, wins: 0, ggr: 0 });

  const series: ChartSeries[] =
    activeScope === ALL
      ? [
          { key: 'deposits', label: t('reports.deposits'), kind: 'bar', tone: 'in' },
          { key: 'withdrawals', label: t('reports.withdrawals'), kind: 'bar', tone: 'out' },
          { key: 'ggr', label: t('reports.ggr'), kind: 'line', tone: 'ggr' },
        ]
      : [
          { key: 'bets', label: t('reports.bets'), kind: 'bar', tone: 'bet' },
          { key: 'wins', label: t('reports.wins'), kind: 'bar', tone: 'win' },
          { key: 'ggr', label: t('reports.ggr'), kind: 'line', tone: 'ggr' },
        ];
  const rows = data?.rows ?? [];
  const values: Record<string, number[]> = {
    deposits: rows.map((r) => r.deposits),
    withdrawals: rows.map((r) => r.withdrawals),
    bets: rows.map((r) => game(r).bets),
    wins: rows.map((r) => game(r).wins),
    ggr: rows.map((r) => game(r).ggr),
  };
  // Days as `MM-DD` when the range stays in one year, else in full.
  const oneYear = from.slice(0, 4) === to.slice(0, 4);
  const label = (period: string) => (unit === 'day' && oneYear ? period.slice(5) : period);
  const csvUrl = apiUrl('reports.csv', { query: { unit, from, to, lang } });
  const tooLong = isApiError(report.error) && report.error.errors.some((e) => e.code === 'max');

  // The amount columns' headers (`reports.<key>`), right-aligned.
  const numHeads = (keys: string[]) =>
    keys.map((key, index) => (
      <th key={`${key}${index}`} scope="col" className="num">
        {t(`reports.${key}`)}
      </th>
    ));
  const line = (name: string, f: TReportFigures, key?: string) => {
    const g = game(f);
    return (
      <tr key={key ?? name}>
        <th scope="row" className="nowrap">
          {name}
        </th>
        {activeScope === ALL && (
          <>
            <td className="num">{won(f.deposits)}</td>
            <td className="num">{f.depositCount}</td>
            <td className="num">{won(f.withdrawals)}</td>
            <td className="num">{f.withdrawalCount}</td>
            <td className="num">{won(f.deposits - f.withdrawals)}</td>
          </>
        )}
        <td className="num">{won(g.bets)}</td>
        <td className="num">{won(g.wins)}</td>
        <td className={`num${g.ggr < 0 ? ' reports__loss' : ''}`}>{won(g.ggr)}</td>
        {activeScope === ALL && <td className="num">{won(f.compConverted)}</td>}
      </tr>
    );
  };

  // What the promotions paid in a period (docs/api/backoffice-reports.md).
  const promotionLine = (name: string, p: TPromotionFigures, key?: string) => (
    <tr key={key ?? name}>
      <th scope="row" className="nowrap">
        {name}
      </th>
      <td className="num">{won(p.bonuses)}</td>
      <td className="num">{p.bonusCount}</td>
      <td className="num">{won(p.bonusesReturned)}</td>
      <td className="num">{won(p.attendance)}</td>
      <td className="num">{won(p.referral)}</td>
      <td className="num">{won(p.payback)}</td>
      <td className="num">{won(p.cost)}</td>
    </tr>
  );

  return (
    <section>
      <div className="page-head">
        <h1 className="page-title">{t('reports.title')}</h1>
        <span className="muted">{t('reports.zone', { zone: siteTimeZone() })}</span>
      </div>
      <ReportFilters
        applied={{ unit, from, to }}
        failure={report.error}
        csvUrl={csvUrl}
        csvOff={problem !== null}
        onApply={(values) => setSearch(new URLSearchParams({ ...values }))}
      />
      {problem && (
        <p role="alert" className="notice notice--error">
          {t(problem)}
        </p>
      )}
      {report.isError && (
        <p role="alert" className="notice notice--error">
          {tooLong ? t(`reports.tooLong.${unit}`) : t(errorKey(report.error))}
        </p>
      )}
      {data && (
        <>
          <div className="reports__scope">
            <label className="inline-field">
              <span>{t('reports.scope')}</span>
              <select value={activeScope} onChange={(e) => setScope(e.target.value)}>
                <option value={ALL}>{t('reports.allProviders')}</option>
                {providers.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <FiguresChart
            title={t(activeScope === ALL ? 'reports.chartAll' : 'reports.chartProvider', {
              provider: activeScope,
              from: data.from,
              to: data.to,
            })}
            tableId={tableId}
            labels={rows.map((r) => label(r.period))}
            series={series}
            values={values}
            format={won}
            formatTick={(v) => compact.format(v)}
          />
          <div className="table-wrap">
            <table className="table" id={tableId}>
              <caption className="reports__caption">
                {activeScope === ALL
                  ? t('reports.tableAll')
                  : t('reports.tableProvider', { provider: activeScope })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t(unit === 'day' ? 'reports.day' : 'reports.month')}</th>
                  {numHeads([
                    ...(activeScope === ALL ? ['deposits', 'count', 'withdrawals', 'count', 'net'] : []),
                    'bets',
                    'wins',
                    'ggr',
                    ...(activeScope === ALL ? ['comp'] : []),
                  ])}
                </tr>
              </thead>
              <tbody>{rows.map((r) => line(r.period, r))}</tbody>
              <tfoot>{line(t('reports.total'), data.totals, 'total')}</tfoot>
            </table>
          </div>
          {activeScope === ALL && (
            <>
              <h2 className="reports__subtitle">{t('reports.promotions.title')}</h2>
              <div className="table-wrap">
                <table className="table">
                  <caption className="reports__caption">{t('reports.promotions.caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t(unit === 'day' ? 'reports.day' : 'reports.month')}</th>
                      {numHeads([
                        'promotions.bonuses',
                        'count',
                        'promotions.returned',
                        'promotions.attendance',
                        'promotions.referral',
                        'promotions.payback',
                        'promotions.cost',
                      ])}
                    </tr>
                  </thead>
                  <tbody>{rows.map((r) => promotionLine(r.period, r.promotions))}</tbody>
                  <tfoot>{promotionLine(t('reports.total'), data.totals.promotions, 'total')}</tfoot>
                </table>
              </div>
            </>
          )}
          <h2 className="reports__subtitle">{t('reports.byProvider')}</h2>
          <div className="table-wrap reports__providers">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('reports.provider')}</th>
                  {numHeads(['bets', 'wins', 'ggr', 'margin'])}
                </tr>
              </thead>
              <tbody>
                {data.totals.providers.map((p) => (
                  <tr key={p.provider}>
                    <th scope="row">
                      <button type="button" className="reports__link" onClick={() => setScope(p.provider)}>
                        {p.provider}
                      </button>
                    </th>
                    <td className="num">{won(p.bets)}</td>
                    <td className="num">{won(p.wins)}</td>
                    <td className={`num${p.ggr < 0 ? ' reports__loss' : ''}`}>{won(p.ggr)}</td>
                    <td className="num">{p.bets > 0 ? `${((p.ggr / p.bets) * 100).toFixed(1)}%` : '–'}</td>
                  </tr>
                ))}
                {data.totals.providers.length === 0 && (
                  <tr>
                    <td colSpan={5} className="empty">
                      {t('reports.noGames')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
