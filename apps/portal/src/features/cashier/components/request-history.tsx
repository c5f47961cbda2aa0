import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCashierRequest } from '@casino/contracts/cashier';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../../components/ui/icon.tsx';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { Pager, usePageCount } from '../../../components/ui/pager.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { cashierErrorText, cashierStatusText } from '../cashier-text.ts';
import { HISTORY_PAGE_SIZE } from '../history-paging.ts';
import { requestAction, requestStateText, requestStateTone, type TRequestAction } from '../request-state.ts';

export interface HistoryQuery {
  data: { status: 'success'; list: TCashierRequest[]; maxCount: number } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface RequestHistoryProps {
  kind: 'deposit' | 'withdraw';
  page: number;
  onPage: (page: number) => void;
  query: HistoryQuery;
  /** `del-deposit` / `del-withdraw`. */
  remove: (id: number) => Promise<{ status: 'success' | 'not_found' | 'already' }>;
  isRemoving: boolean;
}

/**
 * A member's deposit or withdrawal requests, newest first, paged: amount, state (with the operator's
 * reason on a rejection), dates, and the one thing the member may do with each (cancel a waiting
 * request, hide a finished one).
 */
export function RequestHistory({ kind, page, onPage, query, remove, isRemoving }: RequestHistoryProps) {
  const { t } = useTranslation(['cashier', 'common']);
  const dialogs = useDialogs();
  const format = useFormat();
  const session = useSession();
  const data = query.data;
  const pages = usePageCount(query, 'list', page, onPage, HISTORY_PAGE_SIZE);

  async function act(row: TCashierRequest, action: TRequestAction) {
    if (action !== 'cancel' && action !== 'delete') return;
    const amount = format.money(row.amount);
    const question =
      action === 'cancel'
        ? t(`${kind}.history.cancelConfirm`, { amount })
        : t('history.deleteConfirm', { amount });
    const confirmed = await dialogs.confirm(question, {
      confirmLabel: action === 'cancel' ? t('history.cancelRequest') : t('history.delete'),
      cancelLabel: t('history.keep'),
    });
    if (!confirmed) return;
    try {
      const result = await remove(row.id);
      if (result.status === 'success')
        await dialogs.success(action === 'cancel' ? t(`${kind}.history.cancelled`) : t('history.deleted'));
      else if (result.status === 'already') await dialogs.warning(cashierStatusText(t, 'history', 'already'));
      else await dialogs.error(cashierStatusText(t, 'history', result.status));
    } catch (error) {
      await dialogs.error(cashierErrorText(t, 'history', error));
    } finally {
      // A cancelled withdrawal gives its held amount back: the header follows once the answer was read.
      void session.refresh();
    }
  }

  return (
    <section
      className="card history"
      aria-labelledby={`${kind}-history-title`}
      aria-busy={query.isFetching || undefined}
    >
      <header className="history__header">
        <h2 className="card__title" id={`${kind}-history-title`}>
          {t(`${kind}.history.title`)}
        </h2>
        {data && (
          <span className="history__total">
            {t('history.total', { total: format.number(data.maxCount) })}
          </span>
        )}
      </header>
      {query.isPending ? (
        <ul className="history__list" aria-hidden="true">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="history-row history-row--skeleton">
              <span className="skeleton history-row__skeleton-amount" />
              <span className="skeleton history-row__skeleton-line" />
            </li>
          ))}
        </ul>
      ) : query.isError && !data ? (
        <div className="history__empty" role="alert">
          <Icon name="error" size={24} />
          <p>{t('history.loadFailed')}</p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void query.refetch()}>
            {t('window.retry')}
          </button>
        </div>
      ) : data && data.list.length > 0 ? (
        <ul className={`history__list${query.isPlaceholderData ? ' history__list--stale' : ''}`}>
          {data.list.map((row) => (
            <HistoryRow
              key={row.id}
              row={row}
              onAction={(action) => void act(row, action)}
              isBusy={isRemoving}
            />
          ))}
        </ul>
      ) : (
        <div className="history__empty">
          <Icon name={kind} size={24} />
          <p>{t(`${kind}.history.empty`)}</p>
        </div>
      )}
      <Pager page={page} pages={pages} onPage={onPage} isBusy={query.isFetching} />
      <p className="history__note">{t('history.note')}</p>
    </section>
  );
}

function HistoryRow({
  row,
  onAction,
  isBusy,
}: {
  row: TCashierRequest;
  onAction: (action: TRequestAction) => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation(['cashier', 'common']);
  const format = useFormat();
  const tone = requestStateTone(row.state);
  const action = requestAction(row.state);
  const isFinished = tone === 'complete' || tone === 'cancelled';
  const label = (name: string) =>
    t('history.actionLabel', {
      action: name,
      amount: format.money(row.amount),
      date: format.date(row.regDate),
    });
  return (
    <li className={`history-row history-row--${tone}`}>
      <div className="history-row__main">
        <span className="history-row__amount money">{format.money(row.amount)}</span>
        <span className={`state-badge state-badge--${tone}`}>{requestStateText(t, row.state)}</span>
      </div>
      <div className="history-row__meta">
        <span className="history-row__dates">
          <span>
            {t('history.regDate')} <time dateTime={row.regDate}>{format.date(row.regDate)}</time>
          </span>
          {isFinished && row.lastDate && (
            <span>
              {t('history.lastDate')} <time dateTime={row.lastDate}>{format.date(row.lastDate)}</time>
            </span>
          )}
        </span>
        {action === 'cancel' && (
          <button
            type="button"
            className="btn btn--secondary btn--sm history-row__action"
            disabled={isBusy}
            aria-label={label(t('history.cancel'))}
            onClick={() => onAction('cancel')}
          >
            {t('history.cancel')}
          </button>
        )}
        {action === 'delete' && (
          <button
            type="button"
            className="btn btn--ghost btn--sm history-row__action"
            disabled={isBusy}
            aria-label={label(t('history.delete'))}
            onClick={() => onAction('delete')}
          >
            {t('history.delete')}
          </button>
        )}
        {action === 'taken' && <span className="history-row__taken">{t('history.taken')}</span>}
      </div>
      {tone === 'cancelled' && row.reason && (
        <p className="history-row__reason">
          <Icon name="info" size={14} />
          <span>{t('history.reason', { reason: row.reason })}</span>
        </p>
      )}
    </li>
  );
}

/**
 * /deposit and /withdraw: the page with its form (`children`) beside the member's requests of
 * that kind, whose page is `page`.
 */
export function CashierRequestsPage({
  kind,
  page,
  onPage,
  list,
  remove,
  children,
}: {
  kind: 'deposit' | 'withdraw';
  page: number;
  onPage: (page: number) => void;
  list: HistoryQuery;
  remove: { mutateAsync: RequestHistoryProps['remove']; isPending: boolean };
  children: ReactNode;
}) {
  const { t } = useTranslation(['cashier', 'common']);
  return (
    <PageShell title={t(`common:menu.${kind}`)} lead={t(`${kind}.lead`)} icon={kind}>
      <div className="cashier-layout">
        {children}
        <RequestHistory
          kind={kind}
          page={page}
          onPage={onPage}
          query={list}
          remove={remove.mutateAsync}
          isRemoving={remove.isPending}
        />
      </div>
    </PageShell>
  );
}
