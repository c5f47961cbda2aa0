import { useTranslation } from 'react-i18next';
import type { TBonusOption } from '@casino/contracts/levels';
import { useFormat } from '../../../i18n/use-format.ts';

/** The choice of no bonus. */
export const NO_BONUS = '';

/**
 * The deposit page's bonus choice (`get-deposit-bonus`): no bonus, or one of the options the
 * member's level and the running events offer, each with its percent, cap and rollover. Under a
 * deposit limit each option says the largest deposit it allows, and one the limit leaves no room
 * for is shown disabled with why.
 */
export function BonusOptions({
  options,
  value,
  onChange,
}: {
  options: readonly TBonusOption[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation(['cashier', 'common']);
  const format = useFormat();
  if (options.length === 0) return null;
  return (
    <fieldset className="bonus-options">
      <legend className="bonus-options__legend">{t('bonus.title')}</legend>
      <label className="bonus-option">
        <input
          type="radio"
          name="bonusId"
          value={NO_BONUS}
          checked={value === NO_BONUS}
          onChange={() => onChange(NO_BONUS)}
        />
        <span className="bonus-option__name">{t('bonus.none')}</span>
      </label>
      {options.map((o) => (
        <label key={o.id} className="bonus-option" aria-disabled={o.blocked ? true : undefined}>
          <input
            type="radio"
            name="bonusId"
            value={o.id}
            checked={value === o.id}
            disabled={o.blocked === true}
            onChange={() => onChange(o.id)}
          />
          <span className="bonus-option__name">
            {o.kind === 'event' ? t('bonus.kind.event', { name: o.name ?? '' }) : t(`bonus.kind.${o.kind}`)}
          </span>
          <span className="bonus-option__terms">
            {t('bonus.terms', { percent: o.percent, cap: format.money(o.cap), rollover: o.rollover })}
          </span>
          {/* The member's own deposit limit counts the bonus too (docs/protection.md). */}
          {o.blocked ? (
            <span className="bonus-option__limit">{t('bonus.limitNone')}</span>
          ) : o.maxAmount !== undefined ? (
            <span className="bonus-option__limit">
              {t('bonus.limitMax', { max: format.money(o.maxAmount) })}
            </span>
          ) : null}
        </label>
      ))}
      <p className="bonus-options__rule">{t('bonus.rule')}</p>
    </fieldset>
  );
}
