import { useTranslation } from 'react-i18next';
import type { TLevelBenefits } from '@casino/contracts/levels';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { errorText } from '../../../i18n/error-text.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { useMyLevel } from '../api/get-my-level.ts';
import './level-card.css';

/** Basis points as a percent with up to two decimals (150 -> "1.5"). */
export function percentOfBps(bps: number): string {
  return String(Math.round(bps) / 100);
}

/** A level's benefits: comp rates per kind, the daily withdrawal limit, the deposit bonus options. */
function Benefits({ benefits }: { benefits: TLevelBenefits }) {
  const { t } = useTranslation(['account', 'common']);
  const format = useFormat();
  return (
    <dl className="level-card__benefits">
      <div>
        <dt>{t('level.comp')}</dt>
        <dd>
          {t('level.compRates', {
            casino: percentOfBps(benefits.compRates.casino),
            slot: percentOfBps(benefits.compRates.slot),
            mini: percentOfBps(benefits.compRates.mini),
          })}
        </dd>
      </div>
      <div>
        <dt>{t('level.withdrawLimit')}</dt>
        <dd>
          {benefits.withdrawDailyLimit === null
            ? t('level.noLimit')
            : format.money(benefits.withdrawDailyLimit)}
        </dd>
      </div>
      <div>
        <dt>{t('level.bonus')}</dt>
        <dd>
          {/* One option a line: joined on one line they broke mid-option on a phone. */}
          {benefits.depositBonus.length === 0
            ? t('level.noBonus')
            : benefits.depositBonus.map((o) => (
                <span key={o.id} className="level-card__option">
                  {t(`level.bonusOption.${o.kind}`, {
                    percent: o.percent,
                    cap: format.money(o.cap),
                    rollover: o.rollover,
                  })}
                </span>
              ))}
        </dd>
      </div>
    </dl>
  );
}

/**
 * My page's level (`get-my-level`): the member's level with its benefits, and what the next level
 * needs (total stakes or approved deposits, either) with the member's progress toward it.
 */
export function LevelCard() {
  const { t } = useTranslation(['account', 'common']);
  const format = useFormat();
  const level = useMyLevel();
  const data = level.data;
  return (
    <TitledSection name="level" className="card level-card" title={t('level.title')}>
      {level.isError && <p role="alert">{errorText(t, level.error)}</p>}
      {data && (
        <>
          <p className="level-card__current">
            <span className="level-card__badge">{t('level.badge', { level: data.current.level })}</span>
            {/* A level still named as its badge (`Lv.1`) is not said twice. */}
            {data.current.name !== t('level.badge', { level: data.current.level }) && (
              <span className="level-card__name">{data.current.name}</span>
            )}
          </p>
          <Benefits benefits={data.current} />
          {data.next ? (
            <div className="level-card__next">
              <p className="level-card__next-title">
                {t('level.next', { level: data.next.level, name: data.next.name })}
              </p>
              {data.next.threshold.deposits !== null && (
                <Progress
                  label={t('level.needDeposits', { amount: format.money(data.next.threshold.deposits) })}
                  value={data.totals.deposits}
                  max={data.next.threshold.deposits}
                />
              )}
              {data.next.threshold.stakes !== null && (
                <Progress
                  label={t('level.needStakes', { amount: format.money(data.next.threshold.stakes) })}
                  value={data.totals.stakes}
                  max={data.next.threshold.stakes}
                />
              )}
              <p className="muted">{t('level.either')}</p>
            </div>
          ) : (
            <p className="muted">{t('level.top')}</p>
          )}
        </>
      )}
    </TitledSection>
  );
}

function Progress({ label, value, max }: { label: string; value: number; max: number }) {
  const format = useFormat();
  const shown = Math.min(value, max);
  return (
    <div className="level-card__progress">
      <span>{label}</span>
      <progress value={shown} max={max} aria-label={label} />
      <span className="money">
        {format.money(shown)} / {format.money(max)}
      </span>
    </div>
  );
}
