import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleCan } from '@casino/contracts/backoffice-permissions';
import { ZPayoutRequest, type TPayout } from '@casino/contracts/backoffice-partners';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { Dialog } from '../../app/dialog.tsx';
import { useOperator } from '../../app/session.ts';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { FailureNotice, Notice } from '../../components/notice.tsx';
import { api, apiKey, useApiWrite } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { createIdempotencyKeys } from '../../lib/idempotency.ts';
import { usePartnerBalance, usePayouts, useSelfPartner } from './queries.ts';
import { useWon } from './figures.tsx';
import './partners.css';

const keys = createIdempotencyKeys();
const PAYOUTS_KEY = apiKey('partners.payouts');

/** The partner's commission balance and its payout request (held at once, like a withdrawal). */
function AskPayout({ partnerId }: { partnerId: string }) {
  const won = useWon();
  const { t } = useTranslation();
  const balance = usePartnerBalance({ partnerId });
  const fieldText = useFieldText('partners.payouts');
  const failure = useFailureText('partners.payouts');
  const [done, setDone] = useState<string | null>(null);
  const form = useContractForm<{ amount: string }>({
    fields: ['amount'],
    defaultValues: { amount: '' },
    validate: ({ amount }) => schemaCodes(ZPayoutRequest, { amount: Number(amount) }, ['amount'] as const),
  });
  const ask = useApiWrite(
    (amount: number) =>
      keys.run(`payout:${partnerId}:${amount}`, (idempotencyKey) =>
        api('partners.requestPayout', { params: { partnerId }, body: { amount }, idempotencyKey }),
      ),
    {
      invalidates: [apiKey('partners.balance', { params: { partnerId } }), PAYOUTS_KEY],
      onSuccess: (answer, amount) => {
        if (answer.status === 'success') {
          form.reset();
          return setDone(t('partners.payouts.asked', { amount: won(amount) }));
        }
        if (answer.status === 'balance' || answer.status === 'wait')
          return form.failField('amount', answer.status);
        form.failForm(t('partners.gone'));
      },
      onError: (error) => {
        if (!form.showServerErrors(error)) form.failForm(failure(error));
      },
    },
  );
  const money = balance.data?.status === 'success' ? balance.data : null;
  return (
    <section className="box" aria-labelledby="payout-ask">
      <h2 id="payout-ask" className="partners__heading">
        {t('partners.payouts.balanceTitle')}
      </h2>
      <FailureNotice error={balance.error} />
      {money && (
        <dl className="partners__totals">
          <dt>{t('partners.payouts.balance')}</dt>
          <dd>
            <strong>{won(money.balance)}</strong>
          </dd>
          <dt>{t('partners.payouts.held')}</dt>
          <dd>{won(money.held)}</dd>
          <dt>{t('partners.payouts.carried')}</dt>
          <dd>{won(money.carried)}</dd>
        </dl>
      )}
      <Notice tone={done ? 'ok' : undefined} text={done} />
      <Form
        form={form}
        className="partners__form"
        aria-label={t('partners.payouts.ask')}
        onValid={({ amount }) => {
          setDone(null);
          ask.mutate(Number(amount));
        }}
      >
        <Field label={t('partners.payouts.amount')} status={form.statusOf('amount', fieldText('amount'))}>
          {(aria) => (
            <input
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              {...aria}
              {...form.register('amount')}
            />
          )}
        </Field>
        <FormMessage text={form.formMessage} />
        <div className="partners__actions">
          <button type="submit" className="btn btn--primary" disabled={ask.isPending}>
            {t('partners.payouts.ask')}
          </button>
        </div>
      </Form>
    </section>
  );
}

/**
 * Payouts of partners' commission: a partner asks (its balance, its requests); the owner approves
 * or rejects the waiting ones like withdrawals.
 */
export function PayoutsPage() {
  const won = useWon();
  const { t } = useTranslation();
  const me = useOperator();
  const { partnerId: self } = useSelfPartner();
  const canDecide = me.data ? roleCan(me.data.role, 'partnersSettle') : false;
  const [state, setState] = useState<'wait' | ''>(canDecide ? 'wait' : '');
  const list = usePayouts({ page: 1, pageSize: 50, ...(state ? { state } : {}) });
  const [asking, setAsking] = useState<{ payout: TPayout; action: 'approve' | 'reject' } | null>(null);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error' | 'warn'; text: string } | null>(null);
  const failure = useFailureText('partners.payouts');
  const decide = useApiWrite(
    ({ payout, action }: { payout: TPayout; action: 'approve' | 'reject' }) => {
      const params = { partnerId: payout.partnerId, id: payout.id };
      return keys.run(`payout-${action}:${payout.id}`, (idempotencyKey) =>
        action === 'approve'
          ? api('partners.approvePayout', { params, idempotencyKey })
          : api('partners.rejectPayout', {
              params,
              body: reason.trim() ? { reason: reason.trim() } : {},
              idempotencyKey,
            }),
      );
    },
    {
      invalidates: [PAYOUTS_KEY],
      onSuccess: (answer, { payout, action }) => {
        setAsking(null);
        setReason('');
        setMessage(
          answer.status === 'success'
            ? {
                tone: 'ok',
                text: t(`partners.payouts.done_${action}`, {
                  id: payout.partnerId,
                  amount: won(payout.amount),
                }),
              }
            : { tone: 'warn', text: t(`partners.payouts.${answer.status}`) },
        );
      },
      onError: (error) => {
        setAsking(null);
        setMessage({ tone: 'error', text: failure(error) });
      },
    },
  );
  const columns: TColumn<TPayout>[] = [
    { key: 'partner', header: t('partners.payouts.partner'), cell: (p) => <strong>{p.partnerId}</strong> },
    {
      key: 'amount',
      header: t('partners.payouts.amount'),
      className: 'num',
      cell: (p) => won(p.amount),
    },
    {
      key: 'state',
      header: t('partners.payouts.state'),
      cell: (p) => t(`partners.payouts.states.${p.state}`),
    },
    { key: 'reason', header: t('partners.payouts.reason'), cell: (p) => p.reason ?? '' },
    {
      key: 'asked',
      header: t('partners.payouts.askedAt'),
      className: 'nowrap',
      headerClassName: '',
      cell: (p) => formatDateTime(p.regDate),
    },
    ...(canDecide
      ? [
          {
            key: 'actions',
            header: t('queue.actions'),
            className: 'nowrap',
            headerClassName: '',
            cell: (p: TPayout) =>
              p.state === 'wait' ? (
                <>
                  <button
                    type="button"
                    className="btn btn--small btn--primary"
                    onClick={() => setAsking({ payout: p, action: 'approve' })}
                  >
                    {t('partners.payouts.approve')}
                  </button>{' '}
                  <button
                    type="button"
                    className="btn btn--small btn--danger"
                    onClick={() => setAsking({ payout: p, action: 'reject' })}
                  >
                    {t('partners.payouts.reject')}
                  </button>
                </>
              ) : null,
          } satisfies TColumn<TPayout>,
        ]
      : []),
  ];
  return (
    <section className="partners">
      <div className="page-head">
        <h1 className="page-title">{t('partners.payouts.title')}</h1>
      </div>
      <Notice tone={message?.tone} text={message?.text} />
      {self && <AskPayout partnerId={self} />}
      <div className="partners__filters">
        <label className="field">
          <span>{t('partners.payouts.state')}</span>
          <select value={state} onChange={(e) => setState(e.target.value as 'wait' | '')}>
            <option value="wait">{t('partners.payouts.states.wait')}</option>
            <option value="">{t('partners.payouts.all')}</option>
          </select>
        </label>
      </div>
      <FailureNotice error={list.error} />
      <DataTable
        columns={columns}
        rows={list.data?.list}
        rowKey={(p) => p.id}
        empty={t('partners.payouts.empty')}
      />
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => !open && !decide.isPending && setAsking(null)}
        title={
          asking
            ? t(`partners.payouts.ask_${asking.action}`, {
                id: asking.payout.partnerId,
                amount: won(asking.payout.amount),
              })
            : ''
        }
      >
        {asking?.action === 'reject' && (
          <label className="field">
            <span>{t('partners.payouts.reason')}</span>
            <input maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
        )}
        <div className="dialog__actions">
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => setAsking(null)}
            disabled={decide.isPending}
          >
            {t('queue.cancel')}
          </button>
          <button
            type="button"
            className={`btn ${asking?.action === 'reject' ? 'btn--danger' : 'btn--primary'}`}
            disabled={decide.isPending}
            onClick={() => asking && decide.mutate(asking)}
          >
            {t('queue.confirm')}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
