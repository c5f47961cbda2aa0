import { useState, type ReactNode } from 'react';
import { useFieldArray, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type TAttendanceSettings,
  type TFlaggedReferral,
  type TPaybackSettings,
  type TPromotionFigures,
  type TReferralSettings,
} from '@casino/contracts/backoffice-rewards';
import type { TBackofficeAnswer } from '@casino/contracts/backoffice-routes';
import { useContractForm, type ContractForm } from '@casino/web-kit/contract-form';
import { DataTable, type TColumn } from '@casino/web-kit/data-table.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { FailureNotice, Notice } from '../../components/notice.tsx';
import { pageOf, UrlPager } from '../../components/pager.tsx';
import { apiKey, useApiMutation, type TApiMutationOptions } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useAttendance, useFlaggedReferrals, usePayback, useReferral } from './queries.ts';
import { Facts } from '../../components/facts.tsx';
import './promotions.css';

export const FLAGGED_PAGE_SIZE = 20;
const LEVELS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] as const;
type TLevel = (typeof LEVELS)[number];

/** A whole number of at least `min` and at most `max` typed in a field, or the field's code. */
function intCode(text: string, min: number, max: number): string | undefined {
  const value = text.trim();
  if (value === '') return 'required';
  if (!/^-?\d+$/.test(value)) return 'type';
  const n = Number(value);
  if (n < min) return 'min';
  if (n > max) return 'max';
  return undefined;
}

/** What a promotion has paid: rewards and their points, in all and in the last 30 days. */
function Figures({ figures, extra }: { figures: TPromotionFigures | undefined; extra?: [string, number][] }) {
  const { t, i18n } = useTranslation();
  if (!figures) return null;
  const n = (value: number) => value.toLocaleString(i18n.language);
  const items: [string, string][] = [
    [t('promotions.figures.paid'), n(figures.count)],
    [t('promotions.figures.points'), n(figures.points)],
    [t('promotions.figures.paid30'), n(figures.count30)],
    [t('promotions.figures.points30'), n(figures.points30)],
    ...(extra ?? []).map(([label, value]) => [label, n(value)] as [string, string]),
  ];
  return <Facts className="promotions__figures" items={items} />;
}

/** The on/off switch of a promotion, as a form's checkbox. */
function Switch({ label, ...input }: { label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="promotions__switch">
      <input type="checkbox" role="switch" {...input} />
      {label}
    </label>
  );
}

/**
 * One promotion's settings form: its switches (`enabled` first), the rule in words, its fields,
 * the buttons (`actions`, then save) and the form's message.
 */
function PromotionForm<V extends FieldValues & { enabled: boolean }>({
  form,
  title,
  rule,
  switches,
  saving,
  onValid,
  actions,
  children,
}: {
  form: ContractForm<V>;
  title: string;
  rule: string;
  switches?: ReactNode;
  saving: boolean;
  onValid: (values: V) => void;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form form={form} aria-label={title} onValid={onValid}>
      <div className="promotions__switches">
        <Switch label={t('promotions.enabled')} {...form.register('enabled' as Path<V>)} />
        {switches}
      </div>
      <p className="muted">{rule}</p>
      {children}
      <div className="promotions__actions">
        {actions}
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {t('promotions.save')}
        </button>
      </div>
      <FormMessage text={form.formMessage} />
    </Form>
  );
}

type TPromotionRead = 'promotions.attendance' | 'promotions.referral' | 'promotions.payback';
type TPromotionWrite =
  'promotions.updateAttendance' | 'promotions.updateReferral' | 'promotions.updatePayback';

/**
 * The save of a promotion's form: the route's answer replaces the cached read (`read`), the form
 * takes the saved settings, and a 400 lands on its fields.
 */
function usePromotionSave<N extends TPromotionWrite, V extends FieldValues>(
  name: N,
  read: TPromotionRead,
  form: ContractForm<V>,
  convert: {
    input: TApiMutationOptions<N, V>['input'];
    values: (answer: TBackofficeAnswer<N>) => V;
  },
  onSaved: () => void,
) {
  const failure = useFailureText('promotions');
  return useApiMutation(name, {
    input: convert.input,
    sets: apiKey(read),
    onSuccess: (answer) => {
      form.reset(convert.values(answer));
      onSaved();
    },
    onError: (error) => form.showServerErrors(error) || form.failForm(failure(error)),
  });
}

// --- attendance ---

type TAttendanceValues = {
  enabled: boolean;
  requireDeposit: boolean;
  rewards: { streak: string; points: string }[];
};

function attendanceValues(s: TAttendanceSettings): TAttendanceValues {
  return {
    enabled: s.enabled,
    requireDeposit: s.requireDeposit,
    rewards: s.rewards.map((r) => ({ streak: String(r.streak), points: String(r.points) })),
  };
}

function attendanceBody(v: TAttendanceValues): TAttendanceSettings {
  return {
    enabled: v.enabled,
    requireDeposit: v.requireDeposit,
    rewards: v.rewards
      .map((r) => ({ streak: Number(r.streak.trim()), points: Number(r.points.trim()) }))
      .sort((a, b) => a.streak - b.streak),
  };
}

/** The contract's rules of each reward row (ZAttendanceReward), and one reward per streak. */
function validateAttendance(v: TAttendanceValues) {
  const codes: Record<string, string> = {};
  const seen = new Set<string>();
  v.rewards.forEach((row, i) => {
    const streak = intCode(row.streak, 1, 366);
    if (streak) codes[`rewards.${i}.streak`] = streak;
    else if (seen.has(String(Number(row.streak)))) codes[`rewards.${i}.streak`] = 'duplicate';
    seen.add(String(Number(row.streak)));
    const points = intCode(row.points, 0, 100_000_000);
    if (points) codes[`rewards.${i}.points`] = points;
  });
  return codes as Partial<Record<`rewards.${number}.streak` | `rewards.${number}.points`, string>>;
}

function AttendanceForm({ settings, onSaved }: { settings: TAttendanceSettings; onSaved: () => void }) {
  const { t } = useTranslation();
  const fieldText = useFieldText('promotions');
  const form = useContractForm<TAttendanceValues>({
    fields: ['enabled', 'requireDeposit'],
    defaultValues: attendanceValues(settings),
    validate: validateAttendance,
  });
  const rows = useFieldArray({ control: form.control, name: 'rewards' });
  const save = usePromotionSave(
    'promotions.updateAttendance',
    'promotions.attendance',
    form,
    {
      input: (values) => ({ body: attendanceBody(values) }),
      values: (answer) => attendanceValues(answer.settings),
    },
    onSaved,
  );
  return (
    <PromotionForm
      form={form}
      title={t('promotions.attendance.title')}
      rule={t('promotions.attendance.rule')}
      switches={
        <Switch label={t('promotions.attendance.requireDeposit')} {...form.register('requireDeposit')} />
      }
      saving={save.isPending}
      onValid={(values) => save.mutate(values)}
      actions={
        <button
          type="button"
          className="btn"
          disabled={rows.fields.length >= 31}
          onClick={() => rows.append({ streak: '', points: '' })}
        >
          {t('promotions.attendance.add')}
        </button>
      }
    >
      <table className="promotions__rewards">
        <thead>
          <tr>
            <th scope="col">{t('promotions.attendance.streak')}</th>
            <th scope="col">{t('promotions.attendance.points')}</th>
            <th scope="col">{t('queue.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.fields.map((row, i) => (
            <tr key={row.id}>
              <td>
                <Field
                  label={t('promotions.attendance.streakOf', { n: i + 1 })}
                  status={form.statusOf(`rewards.${i}.streak`, fieldText('streak'))}
                >
                  {(aria) => (
                    <input inputMode="numeric" {...aria} {...form.register(`rewards.${i}.streak`)} />
                  )}
                </Field>
              </td>
              <td>
                <Field
                  label={t('promotions.attendance.pointsOf', { n: i + 1 })}
                  status={form.statusOf(`rewards.${i}.points`, fieldText('points'))}
                >
                  {(aria) => (
                    <input inputMode="numeric" {...aria} {...form.register(`rewards.${i}.points`)} />
                  )}
                </Field>
              </td>
              <td>
                <button type="button" className="btn btn--small" onClick={() => rows.remove(i)}>
                  {t('promotions.attendance.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </PromotionForm>
  );
}

// --- referral ---

type TReferralValues = { enabled: boolean; rate: string };

function ReferralForm({ settings, onSaved }: { settings: TReferralSettings; onSaved: () => void }) {
  const { t } = useTranslation();
  const fieldText = useFieldText('promotions');
  const form = useContractForm<TReferralValues>({
    fields: ['enabled', 'rate'],
    defaultValues: { enabled: settings.enabled, rate: String(settings.rate) },
    validate: (v) => ({ rate: intCode(v.rate, 0, 10_000) }),
  });
  const rate = Number(form.watch('rate'));
  const save = usePromotionSave(
    'promotions.updateReferral',
    'promotions.referral',
    form,
    {
      input: (v) => ({ body: { enabled: v.enabled, rate: Number(v.rate.trim()) } }),
      values: ({ settings: saved }) => ({ enabled: saved.enabled, rate: String(saved.rate) }),
    },
    onSaved,
  );
  return (
    <PromotionForm
      form={form}
      title={t('promotions.referral.title')}
      rule={t('promotions.referral.rule')}
      saving={save.isPending}
      onValid={(values) => save.mutate(values)}
    >
      <Field label={t('promotions.referral.rate')} status={form.statusOf('rate', fieldText('rate'))}>
        {(aria) => (
          <span className="promotions__unit">
            <input inputMode="numeric" {...aria} {...form.register('rate')} />
            <span className="muted">
              {Number.isInteger(rate) ? t('promotions.referral.percent', { value: rate / 100 }) : ''}
            </span>
          </span>
        )}
      </Field>
    </PromotionForm>
  );
}

function FlaggedReferrals() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const list = useFlaggedReferrals(pageOf(search), FLAGGED_PAGE_SIZE);
  const columns: TColumn<TFlaggedReferral>[] = [
    { key: 'member', header: t('promotions.flagged.member'), cell: (r) => `${r.userId} (${r.nick})` },
    { key: 'recommender', header: t('promotions.flagged.recommender'), cell: (r) => r.recommender },
    { key: 'flag', header: t('promotions.flagged.reason'), cell: (r) => t(`promotions.flag.${r.flag}`) },
    {
      key: 'joined',
      header: t('promotions.flagged.joined'),
      className: 'nowrap',
      cell: (r) => formatDateTime(r.joined),
    },
  ];
  return (
    <section aria-labelledby="promotions-flagged">
      <h3 id="promotions-flagged" className="promotions__subheading">
        {t('promotions.flagged.title')}
      </h3>
      <p className="muted">{t('promotions.flagged.lead')}</p>
      <FailureNotice error={list.error} />
      <DataTable
        columns={columns}
        rows={list.data?.list}
        rowKey={(r) => r.userId}
        empty={t('promotions.flagged.empty')}
      />
      <UrlPager count={list.data?.maxCount} size={FLAGGED_PAGE_SIZE} />
    </section>
  );
}

// --- payback ---

type TPaybackValues = { enabled: boolean; cap: string } & Record<`level${TLevel}`, string>;

function paybackValues(s: TPaybackSettings): TPaybackValues {
  const values = { enabled: s.enabled, cap: String(s.cap) } as TPaybackValues;
  for (const level of LEVELS) values[`level${level}`] = String(s.percentByLevel[level] ?? 0);
  return values;
}

function paybackBody(v: TPaybackValues): TPaybackSettings {
  const percentByLevel: TPaybackSettings['percentByLevel'] = {};
  for (const level of LEVELS) percentByLevel[level] = Number(v[`level${level}`].trim());
  return { enabled: v.enabled, cap: Number(v.cap.trim()), percentByLevel };
}

function PaybackForm({ settings, onSaved }: { settings: TPaybackSettings; onSaved: () => void }) {
  const { t } = useTranslation();
  const fieldText = useFieldText('promotions');
  const levelFields = LEVELS.map((level) => `level${level}` as const);
  const form = useContractForm<TPaybackValues>({
    fields: ['enabled', ...levelFields, 'cap'],
    defaultValues: paybackValues(settings),
    validate: (v) => {
      const codes: Partial<Record<keyof TPaybackValues, string>> = { cap: intCode(v.cap, 0, 1_000_000_000) };
      for (const field of levelFields) codes[field] = intCode(v[field], 0, 100);
      return codes;
    },
  });
  const save = usePromotionSave(
    'promotions.updatePayback',
    'promotions.payback',
    form,
    { input: (v) => ({ body: paybackBody(v) }), values: (answer) => paybackValues(answer.settings) },
    onSaved,
  );
  return (
    <PromotionForm
      form={form}
      title={t('promotions.payback.title')}
      rule={t('promotions.payback.rule')}
      saving={save.isPending}
      onValid={(values) => save.mutate(values)}
    >
      <div className="promotions__levels">
        {LEVELS.map((level) => (
          <Field
            key={level}
            label={t('promotions.payback.level', { level })}
            status={form.statusOf(`level${level}`, fieldText('percent'))}
          >
            {(aria) => (
              <span className="promotions__unit">
                <input inputMode="numeric" {...aria} {...form.register(`level${level}`)} />
                <span className="muted">%</span>
              </span>
            )}
          </Field>
        ))}
      </div>
      <Field label={t('promotions.payback.cap')} status={form.statusOf('cap', fieldText('cap'))}>
        {(aria) => <input inputMode="numeric" {...aria} {...form.register('cap')} />}
      </Field>
    </PromotionForm>
  );
}

/**
 * One promotion's box: its title, a failed read, what it has paid (`Figures`, with the promotion's
 * own `extra` figures) and its settings form once the read has answered; `after` follows the form.
 */
function PromotionSection<D extends { figures: TPromotionFigures }>({
  id,
  title,
  read,
  extra,
  after,
  children,
}: {
  id: string;
  title: string;
  read: { error: unknown; data: D | undefined };
  extra?: (figures: D['figures']) => [string, number][];
  after?: ReactNode;
  children: (data: D) => ReactNode;
}) {
  const data = read.data;
  return (
    <section className="box" aria-labelledby={`promotions-${id}`}>
      <h2 id={`promotions-${id}`} className="promotions__heading">
        {title}
      </h2>
      <FailureNotice error={read.error} />
      <Figures figures={data?.figures} extra={data && extra ? extra(data.figures) : []} />
      {data && children(data)}
      {after}
    </section>
  );
}

/**
 * Promotions (issue 26, docs/promotions.md): attendance, referral and weekly payback, each
 * with its switch, settings and what it has paid; the referral links flagged for the operator.
 * Every role that reads settings sees it; only the owner's saves are accepted by the server.
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const attendance = useAttendance();
  const referral = useReferral();
  const payback = usePayback();
  const [message, setMessage] = useState<string | null>(null);
  const saved = (name: string) => () => setMessage(t('promotions.saved', { name }));
  return (
    <section className="promotions">
      <div className="page-head">
        <h1 className="page-title">{t('promotions.title')}</h1>
      </div>
      <p className="muted">{t('promotions.lead')}</p>
      <Notice tone="ok" text={message} />

      <PromotionSection id="attendance" title={t('promotions.attendance.title')} read={attendance}>
        {(data) => (
          <AttendanceForm settings={data.settings} onSaved={saved(t('promotions.attendance.title'))} />
        )}
      </PromotionSection>

      <PromotionSection
        id="referral"
        title={t('promotions.referral.title')}
        read={referral}
        extra={(figures) => [
          [t('promotions.figures.links'), figures.links],
          [t('promotions.figures.flagged'), figures.flagged],
        ]}
        after={<FlaggedReferrals />}
      >
        {(data) => <ReferralForm settings={data.settings} onSaved={saved(t('promotions.referral.title'))} />}
      </PromotionSection>

      <PromotionSection id="payback" title={t('promotions.payback.title')} read={payback}>
        {(data) => <PaybackForm settings={data.settings} onSaved={saved(t('promotions.payback.title'))} />}
      </PromotionSection>
    </section>
  );
}
