import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REASON_MAX } from '@casino/contracts/backoffice';
import {
  CASHIER_CSV_MAX_ROWS,
  ZBackofficeRejectRequest,
  type TCashierHistoryItem,
} from '@casino/contracts/backoffice-cashier';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, FilterBar, type TColumn } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { REQUEST_STATES, type TRequestState } from '@casino/contracts/status';
import { pageOf, UrlPager } from '../../components/pager.tsx';
import { Dialog } from '../../app/dialog.tsx';
import { Field, FormMessage, useFieldText } from '../../components/field.tsx';
import { api, API_KEY_ROOT, apiUrl, errorKey, isApiError, useApiWrite } from '../../lib/api.ts';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import { createIdempotencyKeys } from '../../lib/idempotency.ts';
import { ReviewPanel } from './review-panel.tsx';
import './queues.css';
import { useQueueHistory } from './queries.ts';
import { FailureNotice } from '../../components/notice.tsx';

export const PAGE_SIZE = 20;
type TKind = 'deposit' | 'withdraw';

/** One key per intended decision, for the whole page's life (a retry after a lost answer reuses it). */
const keys = createIdempotencyKeys();

/** The decision dialog's one field: the reason of a rejection, which the member reads. */
const REJECT_FIELDS = ['reason'] as const;

interface Decision {
  item: TCashierHistoryItem;
  action: 'approve' | 'reject';
}

function isState(value: string | null): value is TRequestState {
  return (REQUEST_STATES as readonly string[]).includes(value ?? '');
}

/** The history's filters, kept in the address (so a reload or a shared link shows the same list). */
const FILTER_FIELDS = ['from', 'to', 'userId', 'minAmount', 'maxAmount'] as const;
type TFilterField = (typeof FILTER_FIELDS)[number];
/** The filter bar's fields: the state, then the others. */
const BAR_FIELDS = ['state', ...FILTER_FIELDS] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DIGITS = /^\d{1,13}$/;

function filterValue(field: TFilterField, raw: string | null): string | undefined {
  const value = raw?.trim() ?? '';
  if (!value) return undefined;
  if (field === 'from' || field === 'to') return DAY.test(value) ? value : undefined;
  if (field === 'minAmount' || field === 'maxAmount') return DIGITS.test(value) ? value : undefined;
  return value.slice(0, 20).toLowerCase();
}

/**
 * The deposit or withdrawal queue and history: filters (state, dates, member, amounts) with the
 * totals of the filtered set and its CSV, 20 a page; each row opens the member's balances, latest
 * requests and a withdrawal's safety checks. Approve (after a confirmation; a withdrawal at or above
 * the owner's amount needs two different operators) and reject (with the reason the member reads,
 * required). Each decision carries an Idempotency-Key.
 */
export function QueuePage({ kind }: { kind: TKind }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const rawState = search.get('state');
  const state = isState(rawState) ? rawState : undefined;
  const page = pageOf(search);
  const filters: Record<string, string | undefined> = { state };
  for (const field of FILTER_FIELDS) filters[field] = filterValue(field, search.get(field));
  const list = useQueueHistory(kind, { ...filters, page, pageSize: PAGE_SIZE });
  const [expanded, setExpanded] = useState<number | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  // Kept as a key and the request's number, so a language switch translates it too.
  const [message, setMessage] = useState<{ tone: 'ok' | 'warn'; key: string; id: number } | null>(null);
  const fieldText = useFieldText('queue');
  const form = useContractForm<{ reason: string }>({
    fields: REJECT_FIELDS,
    defaultValues: { reason: '' },
    // The member reads the reason of a rejection: required here, though the contract lets it out.
    validate: ({ reason }) =>
      decision?.action !== 'reject'
        ? {}
        : reason.trim() === ''
          ? { reason: 'required' }
          : schemaCodes(ZBackofficeRejectRequest, { reason: reason.trim() }, REJECT_FIELDS),
  });
  const dialogError = form.formMessage;
  const reason = form.watch('reason');

  const decide = useApiWrite(
    ({ item, action, reason }: Decision & { reason: string }) => {
      const body = action === 'reject' ? { reason: reason.trim() } : {};
      return keys.run(`${kind}:${item.id}:${action}:${JSON.stringify(body)}`, (idempotencyKey) =>
        api(`${kind}s.${action}`, { params: { id: item.id }, body, idempotencyKey }),
      );
    },
    {
      invalidates: [API_KEY_ROOT],
      onSuccess: (answer, { item, action }) => {
        const id = item.id;
        if (answer.status === 'success')
          setMessage({ tone: 'ok', key: action === 'approve' ? 'queue.approved' : 'queue.rejected', id });
        else if (answer.status === 'first_approved')
          setMessage({ tone: 'ok', key: 'queues.firstApproved', id });
        else if (answer.status === 'same_operator')
          setMessage({ tone: 'warn', key: 'queues.sameOperator', id });
        else if (answer.status === 'already') setMessage({ tone: 'warn', key: 'queue.already', id });
        else setMessage({ tone: 'warn', key: 'queue.notFound', id });
        setDecision(null);
        form.reset();
      },
      onError: (error, { item }) => {
        const status = isApiError(error) ? error.status : 'error';
        if (status === 'not_found') {
          form.clearErrors();
          setDecision(null);
          setMessage({ tone: 'warn', key: 'queue.notFound', id: item.id });
          return;
        }
        if (!form.showServerErrors(error)) form.failForm(t(errorKey(error)));
      },
    },
  );

  function open(item: TCashierHistoryItem, action: Decision['action']) {
    setDecision({ item, action });
    form.reset();
    setMessage(null);
  }

  function applyFilters(values: Record<'state' | TFilterField, string>) {
    const params = new URLSearchParams();
    if (isState(values.state)) params.set('state', values.state);
    for (const field of FILTER_FIELDS) {
      const value = filterValue(field, values[field]);
      if (value) params.set(field, value);
    }
    setExpanded(null);
    setSearch(params);
  }

  const data = list.data;
  const won = (amount: number) => formatWon(amount, i18n.language);
  const decidable = (item: TCashierHistoryItem) => item.state === 'wait' || item.state === 'reg';
  const above = data?.secondApprovalAbove ?? 0;
  const needsTwo = (item: TCashierHistoryItem) => kind === 'withdraw' && above > 0 && item.amount >= above;
  const csvHref = apiUrl(`${kind}s.historyCsv`, { query: filters });
  const columns: TColumn<TCashierHistoryItem>[] = [
    {
      key: 'review',
      header: <span className="visually-hidden">{t('queues.details')}</span>,
      className: 'nowrap',
      headerClassName: '',
      cell: (item) => (
        <button
          type="button"
          className="btn btn--small btn--ghost"
          aria-expanded={expanded === item.id}
          aria-label={t('queues.reviewOf', { id: item.id })}
          onClick={() => setExpanded(expanded === item.id ? null : item.id)}
        >
          {expanded === item.id ? '▾' : '▸'}
        </button>
      ),
    },
    { key: 'id', header: t('queue.id'), className: 'num', cell: (item) => item.id },
    { key: 'member', header: t('queue.member'), cell: (item) => item.userId },
    { key: 'amount', header: t('queue.amount'), className: 'num', cell: (item) => won(item.amount) },
    {
      key: 'account',
      header: kind === 'deposit' ? t('queue.depositor') : t('queue.bank'),
      cell: (item) =>
        kind === 'deposit'
          ? (item.depositor ?? '')
          : [item.bankname, item.banknum, item.bankOwner].filter(Boolean).join(' · '),
    },
    {
      key: 'state',
      header: t('queue.state'),
      cell: (item) => (
        <span className="queues-badges">
          <span className={`state state--${item.state}`}>{t(`state.${item.state}`)}</span>
          {decidable(item) && item.firstApprovedBy && (
            <span className="badge queues-flag--warn">
              {t('queues.halfApproved', { operator: item.firstApprovedBy })}
            </span>
          )}
          {decidable(item) && !item.firstApprovedBy && needsTwo(item) && (
            <span className="badge">{t('queues.needsTwo')}</span>
          )}
        </span>
      ),
    },
    {
      key: 'date',
      header: t('queue.date'),
      className: 'nowrap',
      headerClassName: '',
      cell: (item) => formatDateTime(item.regDate),
    },
    {
      key: 'reason',
      header: t('queue.reason'),
      className: 'reason',
      headerClassName: '',
      cell: (item) => item.reason ?? '',
    },
    {
      key: 'actions',
      header: t('queue.actions'),
      className: 'nowrap',
      headerClassName: '',
      cell: (item) =>
        decidable(item) && (
          <>
            <button
              type="button"
              className="btn btn--small btn--primary"
              onClick={() => open(item, 'approve')}
            >
              {item.firstApprovedBy ? t('queues.secondApprove') : t('queue.approve')}
            </button>{' '}
            <button type="button" className="btn btn--small btn--danger" onClick={() => open(item, 'reject')}>
              {t('queue.reject')}
            </button>
          </>
        ),
    },
  ];

  return (
    <section>
      <div className="page-head">
        <h1 className="page-title">
          {t(kind === 'deposit' ? 'queue.depositsTitle' : 'queue.withdrawalsTitle')}
        </h1>
      </div>
      <FilterBar
        fields={BAR_FIELDS}
        applied={{
          state: state ?? '',
          ...(Object.fromEntries(FILTER_FIELDS.map((f) => [f, filters[f] ?? ''])) as Record<
            TFilterField,
            string
          >),
        }}
        onApply={applyFilters}
        searchLabel={t('queues.search')}
        resetLabel={t('queues.clear')}
        className="queues-filters"
        aria-label={t('queues.filters')}
      >
        {(input) => (
          <>
            <label>
              <span>{t('queue.filter')}</span>
              <select {...input('state')}>
                <option value="">{t('queue.all')}</option>
                {REQUEST_STATES.map((value) => (
                  <option key={value} value={value}>
                    {t(`state.${value}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('queues.from')}</span>
              <input type="date" {...input('from')} />
            </label>
            <label>
              <span>{t('queues.to')}</span>
              <input type="date" {...input('to')} />
            </label>
            <label>
              <span>{t('queues.userId')}</span>
              <input maxLength={20} {...input('userId')} />
            </label>
            <label>
              <span>{t('queues.minAmount')}</span>
              <input inputMode="numeric" pattern="\\d*" {...input('minAmount')} />
            </label>
            <label>
              <span>{t('queues.maxAmount')}</span>
              <input inputMode="numeric" pattern="\\d*" {...input('maxAmount')} />
            </label>
          </>
        )}
      </FilterBar>
      {data && (
        <p className="queues-totals" role="status" aria-live="polite">
          <span>
            {t('queues.totals')} <strong>{t('queue.total', { count: data.totals.count })}</strong> ·{' '}
            <strong>{won(data.totals.amount)}</strong>
          </span>
          <a className="btn btn--small" href={csvHref} download>
            {t('queues.csv')}
          </a>
          <span className="muted">{t('queues.csvCap', { max: CASHIER_CSV_MAX_ROWS.toLocaleString() })}</span>
          {kind === 'withdraw' && above > 0 && (
            <span className="muted">{t('queues.secondApprovalRule', { amount: won(above) })}</span>
          )}
        </p>
      )}
      {message && (
        <p role="status" className={`notice notice--${message.tone}`}>
          {t(message.key, { id: message.id })}
        </p>
      )}
      <FailureNotice error={list.error} />
      <DataTable
        columns={columns}
        rows={data?.list}
        rowKey={(item) => item.id}
        empty={t('queue.empty')}
        detail={(item) => expanded === item.id && <ReviewPanel kind={kind} id={item.id} />}
        detailClassName="queues-detail"
      />
      <UrlPager count={data?.maxCount} size={PAGE_SIZE} />
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
          <Form form={form} onValid={(values) => decide.mutate({ ...decision, ...values })}>
            <p>
              {t(decision.action === 'approve' ? 'queue.approveBody' : 'queue.rejectBody', {
                member: decision.item.userId,
                amount: won(decision.item.amount),
              })}
            </p>
            {decision.action === 'approve' && needsTwo(decision.item) && (
              <p className="notice notice--warn">
                {decision.item.firstApprovedBy
                  ? t('queues.secondApprovalNote', { operator: decision.item.firstApprovedBy })
                  : t('queues.firstApprovalNote')}
              </p>
            )}
            {decision.action === 'reject' && (
              <Field label={t('queue.rejectReason')} status={form.statusOf('reason', fieldText('reason'))}>
                {(aria) => (
                  <textarea rows={3} required maxLength={REASON_MAX} {...aria} {...form.register('reason')} />
                )}
              </Field>
            )}
            <FormMessage text={dialogError} />
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
                disabled={decide.isPending || (decision.action === 'reject' && !reason.trim())}
              >
                {dialogError ? t('queue.retry') : t('queue.confirm')}
              </button>
            </div>
          </Form>
        )}
      </Dialog>
    </section>
  );
}
