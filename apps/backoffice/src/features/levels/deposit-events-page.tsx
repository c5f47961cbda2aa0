import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleCan } from '@casino/contracts/backoffice-permissions';
import type { TBonusFigures, TDepositEvent, TDepositEventCreate } from '@casino/contracts/backoffice-levels';
import { useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { useOperator } from '../../app/session.ts';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { FailureNotice, Notice } from '../../components/notice.tsx';
import { apiKey, apiQuery, useApiMutation } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Facts } from '../../components/facts.tsx';
import './levels.css';

const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** Paid, rolled over, given up (with what went back) and in play: count and bonus won. */
function Figures({ figures }: { figures: TBonusFigures | undefined }) {
  const { t, i18n } = useTranslation();
  if (!figures) return null;
  const n = (v: number) => v.toLocaleString(i18n.language);
  const items: [string, string][] = [
    [t('levels.events.figures.paid'), `${n(figures.paid.count)} · ${n(figures.paid.amount)}`],
    [
      t('levels.events.figures.rolledOver'),
      `${n(figures.rolledOver.count)} · ${n(figures.rolledOver.amount)}`,
    ],
    [t('levels.events.figures.givenUp'), `${n(figures.givenUp.count)} · ${n(figures.givenUp.amount)}`],
    [t('levels.events.figures.returned'), n(figures.givenUp.returned)],
    [t('levels.events.figures.active'), `${n(figures.active.count)} · ${n(figures.active.amount)}`],
  ];
  return <Facts className="levels__figures" items={items} />;
}

type TEventValues = {
  name: string;
  from: string;
  to: string;
  levels: string[];
  percent: string;
  cap: string;
  rollover: string;
};
const EVENT_FIELDS = ['name', 'from', 'to', 'levels', 'percent', 'cap', 'rollover'] as const;

/** A `datetime-local` value (the operator's clock) as an ISO instant, or '' when empty. */
function isoOf(local: string): string {
  const at = new Date(local);
  return local === '' || Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

function intCode(value: string, min: number, max: number): string | undefined {
  const v = value.trim();
  if (v === '') return 'required';
  if (!/^\d+$/.test(v)) return 'type';
  const n = Number(v);
  if (n < min) return 'min';
  if (n > max) return 'max';
  return undefined;
}

function validate(v: TEventValues) {
  const codes: Partial<Record<(typeof EVENT_FIELDS)[number], string>> = {};
  if (v.name.trim() === '') codes.name = 'required';
  else if (v.name.trim().length > 60) codes.name = 'max';
  if (isoOf(v.from) === '') codes.from = 'required';
  if (isoOf(v.to) === '') codes.to = 'required';
  else if (isoOf(v.from) !== '' && Date.parse(isoOf(v.to)) <= Date.parse(isoOf(v.from))) codes.to = 'min';
  if (v.levels.length === 0) codes.levels = 'required';
  const percent = intCode(v.percent, 1, 100);
  if (percent) codes.percent = percent;
  const cap = intCode(v.cap, 1, Number.MAX_SAFE_INTEGER);
  if (cap) codes.cap = cap;
  const rollover = intCode(v.rollover, 1, 50);
  if (rollover) codes.rollover = rollover;
  return codes;
}

function CreateEventForm({ onCreated }: { onCreated: (name: string) => void }) {
  const { t } = useTranslation();
  const failure = useFailureText('levels');
  const fieldText = useFieldText('levels');
  const form = useContractForm<TEventValues>({
    fields: EVENT_FIELDS,
    defaultValues: { name: '', from: '', to: '', levels: [], percent: '', cap: '', rollover: '' },
    validate,
  });
  const create = useApiMutation('depositEvents.create', {
    input: (body: TDepositEventCreate) => ({ body }),
    invalidates: [apiKey('depositEvents.list')],
    onSuccess: (_answer, body) => {
      form.reset();
      onCreated(body.name);
    },
    onError: (caught) => form.showServerErrors(caught) || form.failForm(failure(caught)),
  });
  const field = (name: Exclude<(typeof EVENT_FIELDS)[number], 'levels'>, label: string, type = 'text') => (
    <Field label={label} status={form.statusOf(name, fieldText(name))}>
      {(aria) => <input {...aria} type={type} {...form.register(name)} />}
    </Field>
  );
  const levelsError = form.statusOf('levels', fieldText('levels'));
  return (
    <Form
      form={form}
      className="box levels__form"
      aria-labelledby="event-create-title"
      onValid={(v) =>
        create.mutate({
          name: v.name.trim(),
          from: isoOf(v.from),
          to: isoOf(v.to),
          levels: v.levels.map(Number),
          percent: Number(v.percent),
          cap: Number(v.cap),
          rollover: Number(v.rollover),
        })
      }
    >
      <h2 id="event-create-title">{t('levels.events.create')}</h2>
      {field('name', t('levels.events.name'))}
      {field('from', t('levels.events.from'), 'datetime-local')}
      {field('to', t('levels.events.to'), 'datetime-local')}
      <fieldset className="levels__group">
        <legend>{t('levels.events.levels')}</legend>
        {LEVELS.map((level) => (
          <label key={level} className="levels__check">
            <input type="checkbox" value={String(level)} {...form.register('levels')} />
            Lv.{level}
          </label>
        ))}
        {levelsError && <small className="field-error">{levelsError.text}</small>}
      </fieldset>
      {field('percent', t('levels.events.percent'))}
      {field('cap', t('levels.events.cap'))}
      {field('rollover', t('levels.events.rollover'))}
      <FormMessage text={form.formMessage} />
      <button type="submit" className="btn btn--primary" disabled={create.isPending}>
        {t('levels.events.submit')}
      </button>
    </Form>
  );
}

/**
 * Deposit events and the levels' deposit bonus (owner changes, cashier reads): the bonus's switch
 * with its figures, the events (a window, the levels it covers, its percent, cap and rollover) with
 * theirs, each switched off or ended early; neither takes back a bonus already chosen
 * (docs/api/levels.md).
 */
export function DepositEventsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const me = useOperator();
  const canEdit = me.data ? roleCan(me.data.role, 'settingsWrite') : false;
  const bonus = useQuery(apiQuery('depositBonus.get'));
  const events = useQuery(apiQuery('depositEvents.list'));
  const failure = useFailureText('levels');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const n = (v: number) => v.toLocaleString(i18n.language);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: apiKey('depositEvents.list') });
    void client.invalidateQueries({ queryKey: apiKey('depositBonus.get') });
  };
  const fail = (caught: unknown) => setMessage({ tone: 'error', text: failure(caught) });
  const switchBonus = useApiMutation('depositBonus.set', {
    input: (enabled: boolean) => ({ body: { enabled } }),
    onSuccess: refresh,
    onError: fail,
  });
  const switchEvent = useApiMutation('depositEvents.update', {
    input: (e: { id: number; enabled: boolean }) => ({ params: { id: e.id }, body: { enabled: e.enabled } }),
    onSuccess: refresh,
    onError: fail,
  });
  const end = useApiMutation('depositEvents.end', {
    input: (id: number) => ({ params: { id } }),
    onSuccess: refresh,
    onError: fail,
  });
  const columns: TColumn<TDepositEvent>[] = [
    { key: 'name', header: t('levels.events.name'), cell: (e) => e.name },
    {
      key: 'window',
      header: t('levels.events.window'),
      cell: (e) => `${formatDateTime(e.from)} ~ ${formatDateTime(e.to)}`,
    },
    {
      key: 'levels',
      header: t('levels.events.levels'),
      cell: (e) => e.levels.map((l) => `Lv.${l}`).join(', '),
    },
    {
      key: 'terms',
      header: t('levels.events.terms'),
      cell: (e) => t('levels.events.termsText', { percent: e.percent, cap: n(e.cap), rollover: e.rollover }),
    },
    { key: 'state', header: t('levels.events.state'), cell: (e) => t(`levels.events.states.${e.state}`) },
    {
      key: 'figures',
      header: t('levels.events.figures.title'),
      cell: (e) => <Figures figures={e.figures} />,
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: '',
            cell: (e: TDepositEvent) =>
              e.state === 'over' ? null : (
                <div className="levels__row-actions">
                  <button
                    type="button"
                    className="btn btn--ghost"
                    onClick={() => switchEvent.mutate({ id: e.id, enabled: !e.enabled })}
                  >
                    {e.enabled ? t('levels.events.turnOff') : t('levels.events.turnOn')}
                  </button>
                  <button type="button" className="btn btn--ghost" onClick={() => end.mutate(e.id)}>
                    {t('levels.events.end')}
                  </button>
                </div>
              ),
          },
        ]
      : []),
  ];
  return (
    <section className="levels" aria-labelledby="deposit-events-title">
      <h1 id="deposit-events-title">{t('levels.events.title')}</h1>
      <p className="muted">{t('levels.events.lead')}</p>
      <Notice tone={message?.tone} text={message?.text} />
      <FailureNotice error={bonus.error ?? events.error} />
      <section className="box" aria-labelledby="deposit-bonus-title">
        <h2 id="deposit-bonus-title">{t('levels.events.bonusTitle')}</h2>
        {bonus.data && (
          <>
            <label className="levels__switch">
              <input
                type="checkbox"
                role="switch"
                checked={bonus.data.enabled}
                disabled={!canEdit || switchBonus.isPending}
                onChange={(event) => switchBonus.mutate(event.target.checked)}
              />
              {t('levels.events.bonusOn')}
            </label>
            <Figures figures={bonus.data.figures} />
          </>
        )}
      </section>
      {canEdit && (
        <CreateEventForm
          onCreated={(name) => setMessage({ tone: 'ok', text: t('levels.events.created', { name }) })}
        />
      )}
      <DataTable
        rows={events.data?.list}
        columns={columns}
        rowKey={(e) => e.id}
        empty={t('levels.events.empty')}
      />
    </section>
  );
}
