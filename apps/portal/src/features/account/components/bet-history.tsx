import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSlotBet } from '@casino/contracts/games';
import { Icon } from '../../../components/ui/icon.tsx';
import { Pager, usePageCount } from '../../../components/ui/pager.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { BETS_PAGE_SIZE, useSlotBetsList } from '../api/get-slot-bets-list.ts';

/**
 * The member's bet history (`get-slot-bets-list`), one row per round, newest first, paged: the date
 * (the site's time zone), the game, the round, what was bet and what was won.
 */
export function BetHistory() {
  const { t } = useTranslation(['account', 'common']);
  const format = useFormat();
  const [page, setPage] = useState(1);
  const query = useSlotBetsList(page);
  const data = query.data;
  const pages = usePageCount(query, 'bets', page, setPage, BETS_PAGE_SIZE);

  return (
    <section className="card bets" aria-labelledby="bets-title" aria-busy={query.isFetching || undefined}>
      <header className="bets__header">
        <h2 className="card__title" id="bets-title">
          {t('bets.title')}
        </h2>
        {data && (
          <span className="bets__total">{t('bets.total', { total: format.number(data.maxCount) })}</span>
        )}
      </header>
      {query.isPending ? (
        <ul className="bets__list" aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="bet-row bet-row--skeleton">
              <span className="skeleton bet-row__skeleton-name" />
              <span className="skeleton bet-row__skeleton-line" />
            </li>
          ))}
        </ul>
      ) : query.isError && !data ? (
        <div className="bets__empty" role="alert">
          <Icon name="error" size={24} />
          <p>{t('bets.loadFailed')}</p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void query.refetch()}>
            {t('wallet.retry')}
          </button>
        </div>
      ) : data && data.bets.length > 0 ? (
        <ul className={`bets__list${query.isPlaceholderData ? ' bets__list--stale' : ''}`}>
          {data.bets.map((bet) => (
            <BetRow key={bet.id} bet={bet} />
          ))}
        </ul>
      ) : (
        <div className="bets__empty">
          <Icon name="game" size={24} />
          <p>{t('bets.empty')}</p>
        </div>
      )}
      <Pager page={page} pages={pages} onPage={setPage} isBusy={query.isFetching} />
    </section>
  );
}

function BetRow({ bet }: { bet: TSlotBet }) {
  const { t } = useTranslation(['account', 'common']);
  const format = useFormat();
  const hasWon = bet.win > 0;
  return (
    <li className={`bet-row${hasWon ? ' bet-row--won' : ''}`}>
      <div className="bet-row__head">
        <span className="bet-row__game">{bet.gameName || bet.gameCode}</span>
        <time className="bet-row__date" dateTime={bet.regDate}>
          {format.date(bet.regDate)}
        </time>
      </div>
      <dl className="bet-row__facts">
        <div className="bet-row__round">
          <dt>{t('bets.round')}</dt>
          <dd title={bet.round}>{bet.round}</dd>
        </div>
        <div>
          <dt>{t('bets.bet')}</dt>
          <dd className="points">{format.money(bet.bet)}</dd>
        </div>
        <div>
          <dt>{t('bets.win')}</dt>
          <dd className={hasWon ? 'money' : 'points'}>{format.money(bet.win)}</dd>
        </div>
      </dl>
    </li>
  );
}
