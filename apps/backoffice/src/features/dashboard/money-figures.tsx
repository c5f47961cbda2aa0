import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FiguresChart, type ChartSeries } from '../../components/figures-chart.tsx';
import { formatWon } from '../../lib/format.ts';
import { useDashboardFigures } from './queries.ts';
import { FailureNotice } from '../../components/notice.tsx';

const FIGURES = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr'] as const;

/** The table a chart stands for: a row per period with its figures, a loss marked. */
function FiguresTable({
  id,
  first,
  rows,
}: {
  id: string;
  first: string;
  rows: { key: string; label: string; figures: Record<(typeof FIGURES)[number], number> }[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="table" id={id}>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {FIGURES.map((f) => (
              <th key={f} scope="col" className="num">
                {t(`dashboard.figure.${f}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="nowrap">
                {row.label}
              </th>
              {FIGURES.map((f) => (
                <td key={f} className={`num${row.figures[f] < 0 ? ' dash-money__loss' : ''}`}>
                  {formatWon(row.figures[f], i18n.language)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Today's and this month's deposits, withdrawals, bets, wins and GGR (the site's calendar), as a
 * table and a chart of the two periods side by side, and the trend of the last 14 days (bars for
 * money in and out, a line for GGR) with its table.
 */
export function MoneyFigures() {
  const { t, i18n } = useTranslation();
  const periodsTable = useId();
  const trendTable = useId();
  const figures = useDashboardFigures();
  const won = (amount: number) => formatWon(amount, i18n.language);
  const compact = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'ko-KR', { notation: 'compact' });
  const tick = (v: number) => compact.format(v);

  if (figures.isError) return <FailureNotice error={figures.error} />;
  const data = figures.data;
  if (!data) return null;

  const periodSeries: ChartSeries[] = [
    { key: 'today', label: t('dashboard.today'), kind: 'bar', tone: 'in' },
    { key: 'month', label: t('dashboard.month'), kind: 'bar', tone: 'month' },
  ];
  const trendSeries: ChartSeries[] = [
    { key: 'deposits', label: t('dashboard.figure.deposits'), kind: 'bar', tone: 'in' },
    { key: 'withdrawals', label: t('dashboard.figure.withdrawals'), kind: 'bar', tone: 'out' },
    { key: 'ggr', label: t('dashboard.figure.ggr'), kind: 'line', tone: 'ggr' },
  ];

  return (
    <div className="dash-money">
      <section className="dash-money__part" aria-labelledby={`${periodsTable}-h`}>
        <h2 id={`${periodsTable}-h`} className="dash-money__title">
          {t('dashboard.figuresTitle')}
        </h2>
        <FiguresChart
          title={t('dashboard.periodsChart')}
          tableId={periodsTable}
          labels={FIGURES.map((f) => t(`dashboard.figure.${f}`))}
          series={periodSeries}
          values={{ today: FIGURES.map((f) => data.today[f]), month: FIGURES.map((f) => data.month[f]) }}
          format={won}
          formatTick={tick}
        />
        <FiguresTable
          id={periodsTable}
          first={t('dashboard.period')}
          rows={(['today', 'month'] as const).map((p) => ({
            key: p,
            label: t(`dashboard.${p}`),
            figures: data[p],
          }))}
        />
      </section>
      <section className="dash-money__part" aria-labelledby={`${trendTable}-h`}>
        <h2 id={`${trendTable}-h`} className="dash-money__title">
          {t('dashboard.trendTitle', { count: data.days.length })}
        </h2>
        <FiguresChart
          title={t('dashboard.trendChart', { count: data.days.length })}
          tableId={trendTable}
          labels={data.days.map((d) => d.day.slice(5))}
          series={trendSeries}
          values={{
            deposits: data.days.map((d) => d.deposits),
            withdrawals: data.days.map((d) => d.withdrawals),
            ggr: data.days.map((d) => d.ggr),
          }}
          format={won}
          formatTick={tick}
        />
        <details className="dash-money__details">
          <summary>{t('dashboard.showTable')}</summary>
          <FiguresTable
            id={trendTable}
            first={t('dashboard.day')}
            rows={data.days.map((d) => ({ key: d.day, label: d.day, figures: d }))}
          />
        </details>
      </section>
    </div>
  );
}
