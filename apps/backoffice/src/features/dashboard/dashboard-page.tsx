import { useEffect, useRef, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roleAllows, type TOperatorRole } from '@casino/contracts/backoffice';
import { roleCan } from '@casino/contracts/backoffice-permissions';
import { useOperator } from '../../app/session.ts';
import { apiQuery, errorKey } from '../../lib/api.ts';
import { beep, isMuted, setMuted } from './beep.ts';
import { MoneyFigures } from './money-figures.tsx';
import { AbuseCard } from './abuse-card.tsx';
import './dashboard.css';
import { risen, type TCounts, type TWatched } from './rise.ts';

/** The fallback: the operators' event stream refreshes the counts as they change (app/operator-events.ts). */
export const POLL_MS = 60_000;
const HIGHLIGHT_MS = 8_000;

/** Each card's count is the `maxCount` of a one-row page of its list. */
const CARDS = [
  {
    key: 'deposits' as TWatched,
    query: apiQuery('deposits.queue', { query: { state: 'wait', pageSize: 1 } }),
    to: '/deposits',
    visible: (role: TOperatorRole) => roleAllows(role, 'money'),
  },
  {
    key: 'withdrawals' as TWatched,
    query: apiQuery('withdraws.queue', { query: { state: 'wait', pageSize: 1 } }),
    to: '/withdrawals',
    visible: (role: TOperatorRole) => roleAllows(role, 'money'),
  },
  {
    key: 'helps' as TWatched,
    query: apiQuery('helps.list', { query: { state: 'wait', pageSize: 1 } }),
    to: '/helpdesk',
    visible: (role: TOperatorRole) => roleAllows(role, 'support'),
  },
  {
    key: 'inquiries' as TWatched,
    query: apiQuery('helps.list', { query: { state: 'wait', kind: 'account_inquiry', pageSize: 1 } }),
    to: '/helpdesk?kind=account_inquiry',
    visible: (role: TOperatorRole) => roleAllows(role, 'support'),
  },
];

/**
 * What is waiting for the operators: the pending deposits, withdrawals, help posts and deposit-account
 * inquiries (each list's
 * `maxCount`), read again on each `queue` event of the operators' stream (once a minute otherwise). A count that rises is highlighted and, unless muted, beeps.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const role = useOperator().data?.role ?? 'support';
  const cards = CARDS.filter((card) => card.visible(role));
  const results = useQueries({
    queries: cards.map((card) => ({
      ...card.query,
      refetchInterval: POLL_MS,
      refetchIntervalInBackground: true,
    })),
  });
  const counts: TCounts = {};
  cards.forEach((card, index) => {
    const data = results[index]?.data;
    if (data) counts[card.key] = data.maxCount;
  });
  const countsKey = JSON.stringify(counts);
  const previous = useRef<TCounts | undefined>(undefined);
  const [highlighted, setHighlighted] = useState<ReadonlySet<TWatched>>(new Set());
  const [muted, setMutedState] = useState(isMuted);
  const updatedAt = Math.max(0, ...results.map((result) => result.dataUpdatedAt));

  useEffect(() => {
    const next = JSON.parse(countsKey) as TCounts;
    const rose = risen(previous.current, next);
    previous.current = { ...previous.current, ...next };
    if (rose.length === 0) return;
    setHighlighted(new Set(rose));
    if (!isMuted()) beep();
    const timer = setTimeout(() => setHighlighted(new Set()), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [countsKey]);

  function toggleMute() {
    setMuted(!muted);
    setMutedState(!muted);
  }

  return (
    <section>
      <div className="page-head">
        <h1 className="page-title">{t('dashboard.title')}</h1>
        <span className="muted">
          {updatedAt > 0 &&
            t('dashboard.updated', {
              time: new Date(updatedAt).toLocaleTimeString(i18n.language === 'ko' ? 'ko-KR' : 'en-GB'),
            })}
        </span>
        <button type="button" className="btn btn--ghost" aria-pressed={muted} onClick={toggleMute}>
          {muted ? t('dashboard.unmute') : t('dashboard.mute')}
        </button>
      </div>
      <div className="cards">
        {cards.map((card, index) => {
          const result = results[index];
          const hot = highlighted.has(card.key);
          const count = counts[card.key];
          return (
            <article
              key={card.key}
              className={`card${hot ? ' card--hot' : ''}${count ? ' card--waiting' : ''}`}
            >
              <h2 className="card__label">
                {t(`dashboard.${card.key}`)}
                {hot && <span className="badge badge--hot">{t('dashboard.new')}</span>}
              </h2>
              <p className="card__count" aria-live="polite">
                {count ?? '–'}
              </p>
              {result?.isError && (
                <p className="notice notice--error" role="alert">
                  {t(errorKey(result.error))}
                </p>
              )}
              {card.to && (
                <Link className="card__link" to={`${card.to}${card.to.includes('?') ? '&' : '?'}state=wait`}>
                  {t('dashboard.open')}
                </Link>
              )}
            </article>
          );
        })}
      </div>
      <MoneyFigures />
      {roleCan(role, 'memberRead') && <AbuseCard refetchMs={POLL_MS} />}
    </section>
  );
}
