import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  REASON_MAX,
  type TBackofficeDecisionResponse,
  type TBackofficeQueueItem,
  type TBackofficeQueueResponse,
} from '@casino/contracts/backoffice';
import { REQUEST_STATES, type TRequestState } from '@casino/contracts/status';
import { Dialog } from '../../app/Dialog.tsx';
import { ApiError, call, errorKey, isApiError, query } from '../../lib/api.ts';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import { createIdempotencyKeys, mayRetrySameKey } from '../../lib/idempotency.ts';

export const PAGE_SIZE = 20;
type TKind = 'deposit' | 'withdraw';

/** One key per intended decision, for the whole page's life (a retry after a lost answer reuses it). */
const keys = createIdempotencyKeys();

interface Decision {
  item: TBackofficeQueueItem;
  action: 'approve' | 'reject';
}

function isState(value: string | null): value is TRequestState {
  return (REQUEST_STATES as readonly string[]).includes(value ?? '');
}

/**
 * The deposit or withdrawal queue: a filter by state, 20 a page, approve (after a confirmation) and
 * reject (with the reason the member reads). Each decision carries an Idempotency-Key.
 */
export function QueuePage({ kind }: { kind: TKind }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const rawState = search.get('state');
  const state = isState(rawState) ? rawState : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const base = `/api/backoffice/${kind}s`;
  const list = useQuery({
    queryKey: ['backoffice', 'queue', kind, state ?? 'all', page],
    queryFn: ({ signal }) =>
      call<TBackofficeQueueResponse>('GET', `${base}${query({ state, page, pageSize: PAGE_SIZE })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  // Kept as a key and the request's number, so a language switch translates it too.
  const [message, setMessage] = useState<{ tone: 'ok' | 'warn'; key: string; id: number } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  const decide = useMutation({
    mutationFn: async ({ item, action }: Decision) => {
      const body = action === 'reject' && reason.trim() ? { reason: reason.trim() } : {};
      const intent = `${kind}:${item.id}:${action}:${JSON.stringify(body)}`;
      try {
        const answer = await call<TBackofficeDecisionResponse>('POST', `${base}/${item.id}/${action}`, {
          body,
          idempotencyKey: keys.keyFor(intent),
        });
        keys.settle(intent);
        return answer;
      } catch (error) {
        if (!isApiError(error) || !mayRetrySameKey(error)) keys.settle(intent);
        throw error;
      }
    },
    onSuccess: (answer, { item, action }) => {
      const id = item.id;
      if (answer.status === 'success')
        setMessage({ tone: 'ok', key: action === 'approve' ? 'queue.approved' : 'queue.rejected', id });
      else if (answer.status === 'already') setMessage({ tone: 'warn', key: 'queue.already', id });
      else setMessage({ tone: 'warn', key: 'queue.notFound', id });
      setDecision(null);
      setReason('');
      void client.invalidateQueries({ queryKey: ['backoffice'] });
    },
    onError: (error, { item }) => {
      const status = error instanceof ApiError ? error.status : 'error';
      if (status === 'not_found') {
        setDialogError(null);
        setDecision(null);
        setMessage({ tone: 'warn', key: 'queue.notFound', id: item.id });
        return;
      }
      setDialogError(t(errorKey(error)));
    },
  });

  function open(item: TBackofficeQueueItem, action: Decision['action']) {
    setDecision({ item, action });
    setReason('');
    setDialogError(null);
    setMessage(null);
  }

  function setFilter(next: string) {
    const params = new URLSearchParams();
    if (next) params.set('state', next);
    setSearch(params);
  }

  function goTo(next: number) {
    const params = new URLSearchParams(search);
    params.set('page', String(next));
    setSearch(params);
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.maxCount / PAGE_SIZE)) : 1;
  const won = (amount: number) => formatWon(amount, i18n.language);
  const decidable = (item: TBackofficeQueueItem) => item.state === 'wait' || item.state === 'reg';

  return (
    <section>
      <div className="page-head">
        <h1 className="page-title">
          {t(kind === 'deposit' ? 'queue.depositsTitle' : 'queue.withdrawalsTitle')}
        </h1>
        <label className="inline-field">
          <span>{t('queue.filter')}</span>
          <select value={state ?? ''} onChange={(event) => setFilter(event.target.value)}>
            <option value="">{t('queue.all')}</option>
            {REQUEST_STATES.map((value) => (
              <option key={value} value={value}>
                {t(`state.${value}`)}
              </option>
            ))}
          </select>
        </label>
        {data && <span className="muted">{t('queue.total', { count: data.maxCount })}</span>}
      </div>
      {message && (
        <p role="status" className={`notice notice--${message.tone}`}>
          {t(message.key, { id: message.id })}
        </p>
      )}
      {list.isError && (
        <p role="alert" className="notice notice--error">
          {t(errorKey(list.error))}
        </p>
      )}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col" className="num">
                {t('queue.id')}
              </th>
              <th scope="col">{t('queue.member')}</th>
              <th scope="col" className="num">
                {t('queue.amount')}
              </th>
              <th scope="col">{kind === 'deposit' ? t('queue.depositor') : t('queue.bank')}</th>
              <th scope="col">{t('queue.state')}</th>
              <th scope="col">{t('queue.date')}</th>
              <th scope="col">{t('queue.reason')}</th>
              <th scope="col">{t('queue.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.list.map((item) => (
              <tr key={item.id}>
                <td className="num">{item.id}</td>
                <td>{item.userId}</td>
                <td className="num">{won(item.amount)}</td>
                <td>
                  {kind === 'deposit'
                    ? (item.depositor ?? '')
                    : [item.bankname, item.banknum, item.bankOwner].filter(Boolean).join(' · ')}
                </td>
                <td>
                  <span className={`state state--${item.state}`}>{t(`state.${item.state}`)}</span>
                </td>
                <td className="nowrap">{formatDateTime(item.regDate)}</td>
                <td className="reason">{item.reason ?? ''}</td>
                <td className="nowrap">
                  {decidable(item) && (
                    <>
                      <button
                        type="button"
                        className="btn btn--small btn--primary"
                        onClick={() => open(item, 'approve')}
                      >
                        {t('queue.approve')}
                      </button>{' '}
                      <button
                        type="button"
                        className="btn btn--small btn--danger"
                        onClick={() => open(item, 'reject')}
                      >
                        {t('queue.reject')}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
            {data && data.list.length === 0 && (
              <tr>
                <td colSpan={8} className="empty">
                  {t('queue.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="pager">
        <button type="button" className="btn btn--small" disabled={page <= 1} onClick={() => goTo(page - 1)}>
          {t('queue.prev')}
        </button>
        <span>{t('queue.page', { page, pages })}</span>
        <button
          type="button"
          className="btn btn--small"
          disabled={page >= pages}
          onClick={() => goTo(page + 1)}
        >
          {t('queue.next')}
        </button>
      </div>
      <Dialog
        open={decision !== null}
        onOpenChange={(next) => {
          if (!next && !decide.isPending) setDecision(null);
        }}
        title={
          decision
            ? t(decision.action === 'approve' ? 'queue.approveTitle' : 'queue.rejectTitle', {
                id: decision.item.id,
              })
            : ''
        }
      >
        {decision && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setDialogError(null);
              decide.mutate(decision);
            }}
          >
            <p>
              {t(decision.action === 'approve' ? 'queue.approveBody' : 'queue.rejectBody', {
                member: decision.item.userId,
                amount: won(decision.item.amount),
              })}
            </p>
            {decision.action === 'reject' && (
              <label className="field">
                <span>{t('queue.rejectReason')}</span>
                <textarea
                  rows={3}
                  maxLength={REASON_MAX}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                />
              </label>
            )}
            {dialogError && (
              <p role="alert" className="notice notice--error">
                {dialogError}
              </p>
            )}
            <div className="dialog__actions">
              <button
                type="button"
                className="btn"
                disabled={decide.isPending}
                onClick={() => setDecision(null)}
              >
                {t('queue.cancel')}
              </button>
              <button
                type="submit"
                className={`btn ${decision.action === 'approve' ? 'btn--primary' : 'btn--danger'}`}
                disabled={decide.isPending}
              >
                {dialogError ? t('queue.retry') : t('queue.confirm')}
              </button>
            </div>
          </form>
        )}
      </Dialog>
    </section>
  );
}
