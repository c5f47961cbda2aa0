import { forwardRef, useMemo } from 'react';
import { Controller, type Control, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatWon } from '@casino/web-kit/format';
import { INTL_LOCALE } from '@casino/contracts/locales';
import { TextField, type FieldStatus } from '../../../components/ui/text-field.tsx';
import { useLocale } from '../../../i18n/locale-context.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { addQuickAmount, parseAmountInput, RESET_AMOUNT } from '../amount.ts';

export interface AmountFieldProps {
  label: string;
  name: string;
  value: number;
  onChange: (amount: number) => void;
  /** Quick-add steps (`+1만` buttons). */
  steps: readonly number[];
  /** The quick-add buttons never go above this (the operator's maximum, or the member's points). */
  max?: number | undefined;
  /** Adds an "all" button that sets this amount. */
  allAmount?: number | undefined;
  /** `money` shows the currency (원 after the number in Korean, ₩ before it elsewhere); `points` shows none. */
  unit: 'money' | 'points';
  hint?: string | undefined;
  status?: FieldStatus | null | undefined;
  disabled?: boolean;
}

/**
 * A large amount input with quick-add buttons, an optional "all" button and a reset. The member types
 * digits only (the numeric keypad on phones); the value is shown with the locale's grouping.
 */
export const AmountField = forwardRef<HTMLInputElement, AmountFieldProps>(function AmountField(
  { label, name, value, onChange, steps, max, allAmount, unit, hint, status, disabled = false },
  ref,
) {
  const { t } = useTranslation(['cashier', 'common']);
  const locale = useLocale();
  const format = useFormat();
  // The currency sign sits where formatWon puts it: split the formatted zero around its digit.
  const [prefix, suffix] = unit === 'money' ? formatWon(0, locale).split('0') : ['', ''];
  const compact = useMemo(
    () => new Intl.NumberFormat(INTL_LOCALE[locale], { notation: 'compact', maximumFractionDigits: 1 }),
    [locale],
  );
  const describe = (amount: number) => (unit === 'money' ? format.money(amount) : format.number(amount));

  return (
    <TextField
      label={label}
      hint={hint}
      status={status}
      className="amount-field"
      renderControl={({ id, describedBy, isInvalid }) => (
        <div className="amount-field__control">
          <div
            className={`amount-input${isInvalid ? ' amount-input--invalid' : ''}${disabled ? ' amount-input--disabled' : ''}`}
          >
            {prefix && (
              <span className="amount-input__affix" aria-hidden="true">
                {prefix}
              </span>
            )}
            <input
              ref={ref}
              id={id}
              name={name}
              className="amount-input__input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              enterKeyHint="done"
              placeholder="0"
              aria-describedby={describedBy}
              aria-invalid={isInvalid || undefined}
              disabled={disabled}
              value={value > 0 ? format.number(value) : ''}
              onChange={(event) => onChange(parseAmountInput(event.target.value))}
            />
            {suffix && (
              <span className="amount-input__affix" aria-hidden="true">
                {suffix}
              </span>
            )}
          </div>
          <div className="amount-quick" role="group" aria-label={t('amount.quickLabel')}>
            {steps.map((step) => {
              const label = `+${compact.format(step)}`;
              return (
                <button
                  key={step}
                  type="button"
                  className="amount-quick__btn"
                  disabled={disabled}
                  // The name starts with the visible text (voice control), then says the whole amount.
                  aria-label={`${label} (${t('amount.add', { amount: describe(step) })})`}
                  onClick={() => onChange(addQuickAmount(value, step, max))}
                >
                  {label}
                </button>
              );
            })}
            {allAmount !== undefined && (
              <button
                type="button"
                className="amount-quick__btn amount-quick__btn--all"
                disabled={disabled}
                onClick={() => onChange(Math.max(0, allAmount))}
              >
                {t('amount.all')}
              </button>
            )}
            <button
              type="button"
              className="amount-quick__btn amount-quick__btn--reset"
              disabled={disabled || value === RESET_AMOUNT}
              onClick={() => onChange(RESET_AMOUNT)}
            >
              {t('amount.reset')}
            </button>
          </div>
        </div>
      )}
    />
  );
});

/** An `AmountField` bound to a contract form's `amount` (through react-hook-form's `Controller`). */
export function FormAmountField<V extends { amount: number }>({
  control,
  ...props
}: Omit<AmountFieldProps, 'name' | 'value' | 'onChange'> & { control: Control<V> }) {
  return (
    <Controller
      control={control}
      name={'amount' as Path<V>}
      render={({ field }) => (
        <AmountField
          ref={field.ref}
          name={field.name}
          value={field.value as number}
          onChange={field.onChange}
          {...props}
        />
      )}
    />
  );
}
