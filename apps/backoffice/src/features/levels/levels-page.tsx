import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { roleCan } from '@casino/contracts/backoffice-permissions';
import type { TMemberLevelView } from '@casino/contracts/backoffice-settings';
import type { TLevelPatch } from '@casino/contracts/levels';
import { useContractForm } from '@casino/web-kit/contract-form';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { Dialog } from '../../app/dialog.tsx';
import { useOperator } from '../../app/session.ts';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { FailureNotice, Notice } from '../../components/notice.tsx';
import { apiKey, apiQuery, useApiMutation } from '../../lib/api.ts';
import './levels.css';

/** Basis points as a percent (150 -> "1.5%"); null: the site's rate. */
function rateText(bps: number | null, siteRate: string): string {
  return bps === null ? siteRate : `${bps / 100}%`;
}

type TBonusRow = { kind: 'first' | 'every'; percent: string; cap: string; rollover: string };
type TLevelValues = {
  name: string;
  casino: string;
  slot: string;
  mini: string;
  withdrawDailyLimit: string;
  stakes: string;
  deposits: string;
  bonus: TBonusRow[];
};
const LEVEL_FIELDS = ['name', 'casino', 'slot', 'mini', 'withdrawDailyLimit', 'stakes', 'deposits'] as const;

const text = (n: number | null) => (n === null ? '' : String(n));

function valuesOf(level: TMemberLevelView): TLevelValues {
  return {
    name: level.name,
    casino: text(level.compRates.casino),
    slot: text(level.compRates.slot),
    mini: text(level.compRates.mini),
    withdrawDailyLimit: text(level.withdrawDailyLimit),
    stakes: text(level.threshold.stakes),
    deposits: text(level.threshold.deposits),
    bonus: level.depositBonus.map((o) => ({
      kind: o.kind,
      percent: String(o.percent),
      cap: String(o.cap),
      rollover: String(o.rollover),
    })),
  };
}

/** An optional whole number in `[min, max]` typed in a field: its code when it breaks the rule. */
function intCode(value: string, min: number, max: number, optional: boolean): string | undefined {
  const v = value.trim();
  if (v === '') return optional ? undefined : 'required';
  if (!/^\d+$/.test(v)) return 'type';
  const n = Number(v);
  if (n < min) return 'min';
  if (n > max) return 'max';
  return undefined;
}

const orNull = (v: string) => (v.trim() === '' ? null : Number(v.trim()));

function bodyOf(v: TLevelValues): TLevelPatch {
  return {
    name: v.name.trim(),
    compRates: { casino: orNull(v.casino), slot: orNull(v.slot), mini: orNull(v.mini) },
    withdrawDailyLimit: orNull(v.withdrawDailyLimit),
    threshold: { stakes: orNull(v.stakes), deposits: orNull(v.deposits) },
    depositBonus: v.bonus.map((b) => ({
      kind: b.kind,
      percent: Number(b.percent),
      cap: Number(b.cap),
      rollover: Number(b.rollover),
    })),
  };
}

function validate(v: TLevelValues) {
  const codes: Record<string, string> = {};
  const name = v.name.trim();
  if (name === '') codes.name = 'required';
  else if (name.length > 30) codes.name = 'max';
  for (const k of ['casino', 'slot', 'mini'] as const) {
    const code = intCode(v[k], 0, 10_000, true);
    if (code) codes[k] = code;
  }
  for (const k of ['withdrawDailyLimit', 'stakes', 'deposits'] as const) {
    const code = intCode(v[k], 1, Number.MAX_SAFE_INTEGER, true);
    if (code) codes[k] = code;
  }
  v.bonus.forEach((b, i) => {
    const percent = intCode(b.percent, 1, 100, false);
    if (percent) codes[`bonus.${i}.percent`] = percent;
    const cap = intCode(b.cap, 1, Number.MAX_SAFE_INTEGER, false);
    if (cap) codes[`bonus.${i}.cap`] = cap;
    const rollover = intCode(b.rollover, 1, 50, false);
    if (rollover) codes[`bonus.${i}.rollover`] = rollover;
  });
  return codes as Partial<Record<(typeof LEVEL_FIELDS)[number] | `bonus.${number}.${string}`, string>>;
}

function LevelForm({ level, onDone }: { level: TMemberLevelView; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const failure = useFailureText('levels');
  const fieldText = useFieldText('levels');
  const form = useContractForm<TLevelValues>({
    fields: LEVEL_FIELDS,
    defaultValues: valuesOf(level),
    validate,
  });
  const bonus = useFieldArray({ control: form.control, name: 'bonus' });
  const save = useApiMutation('settings.updateLevel', {
    input: (body: TLevelPatch) => ({ params: { level: level.level }, body }),
    invalidates: [apiKey('settings.levels')],
    onSuccess: () => {
      onDone(true);
    },
    onError: (caught) => form.failForm(failure(caught)),
  });
  const errorOf = (name: string) => {
    const code = (form.formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
    return code ? fieldText(name)(code) : null;
  };
  const input = (name: (typeof LEVEL_FIELDS)[number], label: string, hint?: string) => (
    <Field label={label} status={form.statusOf(name, fieldText(name))}>
      {(aria) => (
        <input
          {...aria}
          inputMode={name === 'name' ? undefined : 'numeric'}
          placeholder={hint}
          {...form.register(name)}
        />
      )}
    </Field>
  );
  return (
    <Form form={form} className="levels__form" onValid={(values) => save.mutate(bodyOf(values))}>
      {input('name', t('levels.name'))}
      <fieldset className="levels__group">
        <legend>{t('levels.compRates')}</legend>
        {input('casino', t('levels.kind.casino'), t('levels.bpsHint'))}
        {input('slot', t('levels.kind.slot'), t('levels.bpsHint'))}
        {input('mini', t('levels.kind.mini'), t('levels.bpsHint'))}
      </fieldset>
      {input('withdrawDailyLimit', t('levels.withdrawDailyLimit'), t('levels.emptyNone'))}
      <fieldset className="levels__group">
        <legend>{t('levels.threshold')}</legend>
        {input('stakes', t('levels.stakes'), t('levels.emptyNone'))}
        {input('deposits', t('levels.deposits'), t('levels.emptyNone'))}
      </fieldset>
      <fieldset className="levels__group">
        <legend>{t('levels.depositBonus')}</legend>
        {bonus.fields.map((row, i) => (
          <div key={row.id} className="levels__bonus-row">
            <select
              aria-label={t('levels.bonusKind')}
              defaultValue={row.kind}
              {...form.register(`bonus.${i}.kind`)}
            >
              <option value="first">{t('levels.bonus.first')}</option>
              <option value="every">{t('levels.bonus.every')}</option>
            </select>
            <input
              aria-label={t('levels.percent')}
              inputMode="numeric"
              {...form.register(`bonus.${i}.percent`)}
            />
            <input aria-label={t('levels.cap')} inputMode="numeric" {...form.register(`bonus.${i}.cap`)} />
            <input
              aria-label={t('levels.rollover')}
              inputMode="numeric"
              {...form.register(`bonus.${i}.rollover`)}
            />
            <button type="button" className="btn btn--ghost" onClick={() => bonus.remove(i)}>
              {t('levels.remove')}
            </button>
            {(errorOf(`bonus.${i}.percent`) ??
              errorOf(`bonus.${i}.cap`) ??
              errorOf(`bonus.${i}.rollover`)) && (
              <small className="field-error">
                {errorOf(`bonus.${i}.percent`) ?? errorOf(`bonus.${i}.cap`) ?? errorOf(`bonus.${i}.rollover`)}
              </small>
            )}
          </div>
        ))}
        {bonus.fields.length < 6 && (
          <button
            type="button"
            className="btn"
            onClick={() => bonus.append({ kind: 'every', percent: '', cap: '', rollover: '' })}
          >
            {t('levels.addBonus')}
          </button>
        )}
        <small className="muted">{t('levels.bonusHint')}</small>
      </fieldset>
      <FormMessage text={form.formMessage} />
      <div className="levels__actions">
        <button type="button" className="btn" onClick={() => onDone(false)}>
          {t('levels.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t('levels.save')}
        </button>
      </div>
    </Form>
  );
}

/**
 * Levels (owner changes, cashier reads): the ten member levels with their settings (comp rates per
 * game kind, the daily withdrawal limit, the deposit bonus options, the threshold of the automatic
 * promotion) and how many members hold each; a level is edited in a dialog
 * (`PUT /api/backoffice/settings/levels/:level`, docs/api/levels.md).
 */
export function LevelsPage() {
  const { t, i18n } = useTranslation();
  const me = useOperator();
  const canEdit = me.data ? roleCan(me.data.role, 'settingsWrite') : false;
  const levels = useQuery(apiQuery('settings.levels'));
  const [editing, setEditing] = useState<TMemberLevelView | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const n = (v: number) => v.toLocaleString(i18n.language);
  const site = t('levels.siteRate');
  const columns: TColumn<TMemberLevelView>[] = [
    { key: 'level', header: t('levels.level'), cell: (l) => `Lv.${l.level}` },
    { key: 'name', header: t('levels.name'), cell: (l) => l.name },
    { key: 'members', header: t('levels.members'), cell: (l) => n(l.members), className: 'num' },
    {
      key: 'compRates',
      header: t('levels.compRates'),
      cell: (l) =>
        `${t('levels.kind.casino')} ${rateText(l.compRates.casino, site)} · ${t('levels.kind.slot')} ${rateText(l.compRates.slot, site)} · ${t('levels.kind.mini')} ${rateText(l.compRates.mini, site)}`,
    },
    {
      key: 'withdrawDailyLimit',
      header: t('levels.withdrawDailyLimit'),
      cell: (l) => (l.withdrawDailyLimit === null ? t('levels.none') : n(l.withdrawDailyLimit)),
      className: 'num',
    },
    {
      key: 'depositBonus',
      header: t('levels.depositBonus'),
      cell: (l) =>
        l.depositBonus.length === 0
          ? t('levels.none')
          : l.depositBonus
              .map((o) =>
                t('levels.bonusText', {
                  kind: t(`levels.bonus.${o.kind}`),
                  percent: o.percent,
                  cap: n(o.cap),
                  rollover: o.rollover,
                }),
              )
              .join(', '),
    },
    {
      key: 'threshold',
      header: t('levels.threshold'),
      cell: (l) =>
        [
          l.threshold.stakes !== null ? `${t('levels.stakes')} ${n(l.threshold.stakes)}` : null,
          l.threshold.deposits !== null ? `${t('levels.deposits')} ${n(l.threshold.deposits)}` : null,
        ]
          .filter(Boolean)
          .join(' · ') || t('levels.none'),
    },
    ...(canEdit
      ? [
          {
            key: 'edit',
            header: '',
            cell: (l: TMemberLevelView) => (
              <button type="button" className="btn btn--ghost" onClick={() => setEditing(l)}>
                {t('levels.edit')}
              </button>
            ),
          },
        ]
      : []),
  ];
  return (
    <section className="levels" aria-labelledby="levels-title">
      <h1 id="levels-title">{t('levels.title')}</h1>
      <p className="muted">{t('levels.lead')}</p>
      <Notice
        tone={saved !== null ? 'ok' : undefined}
        text={saved !== null ? t('levels.saved', { level: saved }) : null}
      />
      <FailureNotice error={levels.error} />
      <DataTable
        rows={levels.data?.levels}
        columns={columns}
        rowKey={(l) => l.level}
        empty={t('levels.empty')}
      />
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing ? t('levels.editTitle', { level: editing.level }) : ''}
      >
        {editing && (
          <LevelForm
            level={editing}
            onDone={(ok) => {
              if (ok) setSaved(editing.level);
              setEditing(null);
            }}
          />
        )}
      </Dialog>
    </section>
  );
}
