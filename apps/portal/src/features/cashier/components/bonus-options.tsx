import { useTranslation } from 'react-i18next';
import type { TBonusOption } from '@casino/contracts/levels';
import { useFormat } from '../../../i18n/use-format.ts';

/** The choice of no bonus. */
export const NO_BONUS = '';

/**
 * The deposit page's bonus choice (`get-deposit-bonus`): no bonus, or one of the options the
 * member's level and the running events offer, each with its percent, cap and rollover.
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
        <label key={o.id} className="bonus-option">
          <input
            type="radio"
            name="bonusId"
            value={o.id}
            checked={value === o.id}
            onChange={() => onChange(o.id)}
          />
          <span className="bonus-option__name">
            {o.kind === 'event' ? t('bonus.kind.event', { name: o.name ?? '' }) : t(`bonus.kind.${o.kind}`)}
          </span>
          <span className="bonus-option__terms">
            {t('bonus.terms', { percent: o.percent, cap: format.money(o.cap), rollover: o.rollover })}
          </span>
        </label>
      ))}
      <p className="bonus-options__rule">{t('bonus.rule')}</p>
    </fieldset>
  );
}
