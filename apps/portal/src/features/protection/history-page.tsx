import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@casino/web-kit/format';
import { HISTORY_KINDS, HISTORY_MONTHS_MAX, type THistoryKind } from '@casino/contracts/protection';
import { Icon } from '../../components/ui/icon.tsx';
import { LoadError } from './components/load-error.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { Pager, pageCount } from '../../components/ui/pager.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { HISTORY_PAGE_SIZE, useAccountHistory } from './api/get-account-history.ts';
import { MyPageLinks } from './components/my-page-links.tsx';
import { clampDay, monthsBefore, seoulToday } from './history-dates.ts';
import './protection.css';

/** How far back the screen reaches; the CSV download reaches HISTORY_MONTHS_MAX. */
export const SCREEN_MONTHS = 3;
const CSV_MONTHS = [1, 3, 6, HISTORY_MONTHS_MAX] as const;

/** The CSV download of the member's history (docs/protection.md): `from`, `to`, `kind`. */
export function historyCsvUrl(from: string, to: string, kind: THistoryKind): string {
  return `/api/account/history.csv?${new URLSearchParams({ from, to, kind }).toString()}`;
}

/**
 * /user/history (member): the member's cash, comp and game movements (tabs), 3 months back on
 * screen within a date range, paged; a CSV download reaches 12 months back.
 */
export function HistoryPage() {
  const { t } = useTranslation(['protection', 'common']);
  const { user } = useSession();
  const [today] = useState(() => seoulToday(Date.now()));
  const earliest = monthsBefore(today, SCREEN_MONTHS);
  const [kind, setKind] = useState<THistoryKind>('cash');
  const [from, setFrom] = useState(() => monthsBefore(today, 1));
  const [to, setTo] = useState(today);
  const [page, setPage] = useState(1);
  const [csvMonths, setCsvMonths] = useState<number>(SCREEN_MONTHS);
  const ids = useId();
  if (!user) return <PageSkeleton />;

  const pick = (change: () => void) => {
    change();
    setPage(1);
  };

  return (
    <PageShell title={t('history.title')} lead={t('history.lead')} icon="document">
      <div className="protection-layout protection-layout--wide">
        <MyPageLinks current="history" />
        <section className="card history" aria-labelledby={`${ids}-title`}>
          <h2 className="visually-hidden" id={`${ids}-title`}>
            {t('history.title')}
          </h2>
          <div className="history__tabs" role="tablist" aria-label={t('history.kindLabel')}>
            {HISTORY_KINDS.map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                id={`${ids}-tab-${value}`}
                aria-selected={kind === value}
                aria-controls={`${ids}-panel`}
                className="history__tab"
                onClick={() => pick(() => setKind(value))}
              >
                {t(`history.kind.${value}`)}
              </button>
            ))}
          </div>
          <div className="history__range">
            <label className="field history__date">
              <span className="field__label">{t('history.from')}</span>
              <input
                className="input"
                type="date"
                value={from}
                min={earliest}
                max={to}
                onChange={(e) => pick(() => setFrom(clampDay(e.target.value, earliest, to)))}
              />
            </label>
            <label className="field history__date">
              <span className="field__label">{t('history.to')}</span>
              <input
                className="input"
                type="date"
                value={to}
                min={from}
                max={today}
                onChange={(e) => pick(() => setTo(clampDay(e.target.value, from, today)))}
              />
            </label>
            <p className="protection-note protection-note--small history__reach">
              {t('history.reach', { months: SCREEN_MONTHS })}
            </p>
          </div>
          <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${kind}`}>
            <HistoryList query={{ from, to, kind, page }} onPage={setPage} />
          </div>
        </section>
        <section className="card history-csv" aria-labelledby={`${ids}-csv`}>
          <h2 className="card__title" id={`${ids}-csv`}>
            {t('history.csvTitle')}
          </h2>
          <p className="protection-note">{t('history.csvText', { months: HISTORY_MONTHS_MAX })}</p>
          <div className="history-csv__row">
            <label className="field history-csv__field">
              <span className="field__label">{t('history.csvPeriod')}</span>
              <select
                className="select"
                value={csvMonths}
                onChange={(e) => setCsvMonths(Number(e.target.value))}
              >
                {CSV_MONTHS.map((months) => (
                  <option key={months} value={months}>
                    {t(`history.csvRange.${months}`)}
                  </option>
                ))}
              </select>
            </label>
            <a
              className="btn btn--secondary"
              href={historyCsvUrl(monthsBefore(today, csvMonths), today, kind)}
              download
            >
              <Icon name="document" size={18} />
              {t('history.csvDownload', { kind: t(`history.kind.${kind}`) })}
            </a>
          </div>
        </section>
      </div>
    </PageShell>
  );
}

function HistoryList({
  query: request,
  onPage,
}: {
  query: { from: string; to: string; kind: THistoryKind; page: number };
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(['protection', 'common']);
  const format = useFormat();
  const query = useAccountHistory(request);
  const data = query.data;
  if (!data) {
    if (query.isError) return <LoadError query={query} />;
    return (
      <ul className="history__list" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="history-row">
            <span className="skeleton skeleton--line" />
          </li>
        ))}
      </ul>
    );
  }
  const unit = (value: number) => (request.kind === 'comp' ? format.number(value) : format.money(value));
  return (
    <>
      {data.entries.length === 0 ? (
        <p className="history__empty">{t('history.empty')}</p>
      ) : (
        <ul className={`history__list${query.isPlaceholderData ? ' history__list--stale' : ''}`}>
          {data.entries.map((entry, index) => (
            <li key={`${entry.at}-${entry.ref ?? ''}-${index}`} className="history-row">
              <span className="history-row__what">
                {t(`history.code.${entry.code}`, { defaultValue: entry.code })}
                {entry.ref && <span className="history-row__ref">{entry.ref}</span>}
              </span>
              <time className="history-row__at" dateTime={entry.at}>
                {formatDateTime(entry.at)}
              </time>
              <span className={`history-row__amount${entry.amount > 0 ? ' history-row__amount--plus' : ''}`}>
                {entry.amount > 0 ? '+' : ''}
                {unit(entry.amount)}
              </span>
              <span className="history-row__after">
                {t('history.after', { amount: unit(entry.balanceAfter) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={request.page}
        pages={pageCount(data.maxCount, HISTORY_PAGE_SIZE)}
        onPage={onPage}
        isBusy={query.isFetching}
      />
    </>
  );
}
