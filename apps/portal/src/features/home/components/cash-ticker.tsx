import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCallResponse } from '@casino/contracts/calls';
import { Icon } from '../../../components/ui/icon.tsx';
import { useLocale } from '../../../i18n/locale-context.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { useCashTicker } from '../api/get-cash-ticker.ts';
import { tickerTime, tickerUserId } from '../ticker-format.ts';

type TTick = TCallResponse<'get-cash-ticker'>['deposits'][number];

/** Rows the ticker's window shows; its height is reserved for them before anything loads. */
export const TICKER_ROWS = 5;
/** Seconds each row takes to pass, so a longer list moves at the same speed. */
const SECONDS_PER_ROW = 2.4;
/** The relative times ("3분 전") are worked out again this often. */
const CLOCK_MS = 30_000;

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

function TickRow({ tick, now }: { tick: TTick; now: number }) {
  const format = useFormat();
  const locale = useLocale();
  return (
    <li className="ticker__row">
      <span className="ticker__user">{tickerUserId(tick.userId)}</span>
      <span className="ticker__amount money">{format.money(tick.amount)}</span>
      <time className="ticker__time" dateTime={tick.regDate}>
        {tickerTime(tick.regDate, now, locale)}
      </time>
    </li>
  );
}

/**
 * One side of the ticker: its latest completed requests moving up through a window of
 * TICKER_ROWS rows (a second copy follows the first for a seamless loop), paused while the mouse
 * or the focus is on it, and still for a visitor who prefers reduced motion (then the window
 * scrolls by hand).
 */
function TickerColumn({
  kind,
  ticks,
  isPending,
  now,
}: {
  kind: 'deposit' | 'withdraw';
  ticks: readonly TTick[] | undefined;
  isPending: boolean;
  now: number;
}) {
  const { t } = useTranslation('home');
  const isMoving = ticks !== undefined && ticks.length > TICKER_ROWS;
  const style = { '--ticker-duration': `${(ticks?.length ?? 0) * SECONDS_PER_ROW}s` } as CSSProperties;
  return (
    <div className={`ticker ticker--${kind}`}>
      <h3 className="ticker__title">
        <span className="ticker__badge" aria-hidden="true">
          <Icon name={kind} size={16} />
        </span>
        {t(`ticker.${kind}`)}
      </h3>
      <div
        className={`ticker__window${isMoving ? ' ticker__window--moving' : ''}`}
        tabIndex={isMoving ? 0 : undefined}
        role={isMoving ? 'region' : undefined}
        aria-label={isMoving ? t(`ticker.${kind}`) : undefined}
        aria-busy={isPending || undefined}
      >
        {isPending ? (
          <ul className="ticker__list" aria-hidden="true">
            {Array.from({ length: TICKER_ROWS }, (_, i) => (
              <li key={i} className="ticker__row">
                <span className="skeleton ticker__skeleton" />
              </li>
            ))}
          </ul>
        ) : !ticks ? (
          <p className="ticker__empty">{t('ticker.failed')}</p>
        ) : ticks.length === 0 ? (
          <p className="ticker__empty">{t('ticker.empty')}</p>
        ) : (
          <div className="ticker__reel" style={style}>
            <ul className="ticker__list">
              {ticks.map((tick, i) => (
                <TickRow key={i} tick={tick} now={now} />
              ))}
            </ul>
            {isMoving && (
              <ul className="ticker__list ticker__list--echo" aria-hidden="true">
                {ticks.map((tick, i) => (
                  <TickRow key={i} tick={tick} now={now} />
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The live deposit and withdrawal ticker of the home page (`get-cash-ticker`, read again every
 * minute): masked ids, amounts in the locale's grouping, and when (relative within a day, else
 * YYYY-MM-DD). Both windows keep their height from the first paint on.
 */
export function CashTicker() {
  const { t } = useTranslation('home');
  const { data, isPending } = useCashTicker();
  const now = useNow(CLOCK_MS);
  return (
    <section className="home-section cash-ticker" aria-labelledby="cash-ticker-title">
      <div className="home-section__head">
        <h2 className="home-section__title" id="cash-ticker-title">
          <span className="live-dot" aria-hidden="true" />
          {t('ticker.title')}
        </h2>
      </div>
      <div className="cash-ticker__columns">
        <TickerColumn kind="deposit" ticks={data?.deposits} isPending={isPending} now={now} />
        <TickerColumn kind="withdraw" ticks={data?.withdraws} isPending={isPending} now={now} />
      </div>
    </section>
  );
}
