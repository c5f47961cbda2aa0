import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  PLAY_LIMIT_MAX,
  PLAY_LIMIT_PERIODS,
  ZSetPlayLimitRequest,
  type TGetPlayLimitsResponse,
  type TPendingLimit,
  type TPlayLimitKind,
  type TPlayLimitPeriod,
} from '@casino/contracts/protection';
import { Form } from '@casino/web-kit/form.tsx';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Spinner } from '../ui/spinner.tsx';
import { TextField } from '../ui/text-field.tsx';
import { errorText, statusText, type TFieldCodes } from '../../i18n/error-text.ts';
import { useLocale } from '../../i18n/locale-context.ts';
import { useFormat } from '../../i18n/use-format.ts';
import { useSetPlayLimit } from '../../lib/protection/api/set-play-limit.ts';
import { fetchPlayLimits } from '../../lib/protection/api/get-play-limits.ts';
import { formatWhen } from '@casino/web-kit/format';
import './protection.css';

type TValues = { amount: string };

/** The digits of what the member typed, as whole won (0 when none). */
export function amountOf(text: string): number {
  const digits = text.replace(/\D/g, '');
  return digits ? Number(digits.slice(0, 16)) : 0;
}

/** The change waiting for (kind, period), if any. */
export function pendingOf(
  pending: readonly TPendingLimit[],
  kind: TPlayLimitKind,
  period: TPlayLimitPeriod,
): TPendingLimit | undefined {
  return pending.find((p) => p.kind === kind && p.period === period);
}

/**
 * One kind of limit (deposit or loss) for the day, week and month: each period's limit, what its
 * rolling window has used, the change waiting for its 24 hours with the moment it applies, and a
 * form to change or remove it. Shared by the responsible-gaming page and the first deposit's offer.
 */
export function LimitEditor({
  kind,
  data,
  periods = PLAY_LIMIT_PERIODS,
}: {
  kind: TPlayLimitKind;
  data: TGetPlayLimitsResponse;
  periods?: readonly TPlayLimitPeriod[];
}) {
  return (
    <ul className="limits">
      {periods.map((period) => (
        <LimitRow
          key={period}
          kind={kind}
          period={period}
          limit={data.limits[kind][period]}
          used={data.used[kind][period]}
          pending={pendingOf(data.pending, kind, period)}
        />
      ))}
    </ul>
  );
}

function LimitRow({
  kind,
  period,
  limit,
  used,
  pending,
}: {
  kind: TPlayLimitKind;
  period: TPlayLimitPeriod;
  limit: number | null;
  used: number;
  pending: TPendingLimit | undefined;
}) {
  const { t } = useTranslation(['protection', 'common']);
  const format = useFormat();
  const locale = useLocale();
  const dialogs = useDialogs();
  const save = useSetPlayLimit();
  const form = useContractForm<TValues>({
    fields: ['amount'],
    defaultValues: { amount: '' },
    validate: (values) => {
      const amount = amountOf(values.amount);
      if (!amount) return { amount: 'required' } as TFieldCodes<'amount'>;
      if (amount > PLAY_LIMIT_MAX) return { amount: 'max' } as TFieldCodes<'amount'>;
      return schemaCodes(ZSetPlayLimitRequest, { kind, period, amount }, ['amount'] as const);
    },
  });
  const name = t(`limits.${kind}.${period}`);
  const share = limit ? Math.min(1, used / limit) : 0;
  const wordOf = (code: string) => t(`limits.field.${code}`, { defaultValue: t(`common:field.${code}`) });

  /** Sends the change and says what became of it: at once, or pending until a moment. */
  async function change(amount: number | null) {
    let result;
    try {
      result = await save.mutateAsync({ kind, period, amount });
    } catch (error) {
      if (!form.showServerErrors(error)) await dialogs.error(errorText(t, error));
      return;
    }
    form.reset({ amount: '' });
    if (result.status === 'success') {
      await dialogs.success(t('limits.appliedNow', { name, amount: format.money(amount) }));
      return;
    }
    if (result.status === 'wait') {
      // The moment comes from the server's pending list, read again after the change.
      let when = '';
      try {
        const fresh = await fetchPlayLimits();
        when = formatWhen(pendingOf(fresh.pending, kind, period)?.effectiveAt, locale);
      } catch {
        // Without the moment the answer still says the change waits 24 hours.
      }
      const message = when
        ? t(amount === null ? 'limits.waitRemove' : 'limits.waitRaise', { name, when })
        : t('limits.waitLater', { name });
      await dialogs.info(message);
      return;
    }
    await dialogs.error(statusText(t, (result as { status: string }).status));
  }

  async function onRemove() {
    const isConfirmed = await dialogs.confirm(t('limits.removeConfirm', { name }), {
      confirmLabel: t('limits.remove'),
    });
    if (isConfirmed) await change(null);
  }

  return (
    <li className="limit">
      <div className="limit__head">
        <span className="limit__name">{name}</span>
        <span className={limit === null ? 'limit__value limit__value--none' : 'limit__value money'}>
          {limit === null ? t('limits.none') : format.money(limit)}
        </span>
      </div>
      <div className="limit__used">
        <span>
          {t('limits.used', { amount: format.money(used) })}
          {limit !== null && ` · ${t('limits.left', { amount: format.money(Math.max(0, limit - used)) })}`}
        </span>
        {limit !== null && (
          <span
            className={`limit__bar${share >= 1 ? ' limit__bar--full' : ''}`}
            role="meter"
            aria-label={t('limits.usedShare', { name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(share * 100)}
          >
            <span className="limit__fill" style={{ inlineSize: `${share * 100}%` }} />
          </span>
        )}
      </div>
      {pending && (
        <p className="limit__pending">
          {pending.amount === null
            ? t('limits.pendingRemove', { when: formatWhen(pending.effectiveAt, locale) })
            : t('limits.pendingRaise', {
                amount: format.money(pending.amount),
                when: formatWhen(pending.effectiveAt, locale),
              })}
        </p>
      )}
      <Form form={form} onValid={(values) => change(amountOf(values.amount))} className="limit__form">
        <Controller
          control={form.control}
          name="amount"
          render={({ field }) => (
            <TextField
              ref={field.ref}
              name={field.name}
              label={t('limits.newLabel', { name })}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('limits.placeholder')}
              maxLength={20}
              value={field.value ? format.number(amountOf(field.value)) : ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              status={form.statusOf('amount', wordOf)}
              className="limit__field"
            />
          )}
        />
        <div className="limit__actions">
          <button type="submit" className="btn btn--primary btn--sm" disabled={save.isPending}>
            {save.isPending && <Spinner size={16} />}
            {limit === null ? t('limits.set') : t('limits.save')}
          </button>
          {limit !== null && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={save.isPending}
              onClick={() => void onRemove()}
            >
              {t('limits.remove')}
            </button>
          )}
        </div>
      </Form>
    </li>
  );
}
