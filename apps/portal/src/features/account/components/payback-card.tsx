import { useTranslation } from 'react-i18next';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { errorText } from '../../../i18n/error-text.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { usePayback } from '../api/get-payback.ts';
import './promotion-cards.css';

/** The week (Monday to Sunday) of its Monday `YYYY-MM-DD`, as its first and last calendar day. */
function weekRange(monday: string): { from: string; to: string } {
  const [y, m, d] = monday.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1, d + 6));
  const to = `${end.getUTCFullYear()}-${String(end.getUTCMonth() + 1).padStart(2, '0')}-${String(end.getUTCDate()).padStart(2, '0')}`;
  return { from: monday, to };
}

/**
 * My page's weekly payback (`get-payback`): last week's net loss, the level's percent and the
 * points, paid (with when) or as they stand until Monday's settlement.
 */
export function PaybackCard() {
  const { t } = useTranslation(['promotions', 'common']);
  const format = useFormat();
  const payback = usePayback();
  const data = payback.data;
  const week = data ? weekRange(data.lastWeek.week) : null;
  return (
    <TitledSection name="payback" className="card payback" title={t('payback.title')}>
      {payback.isError && <p role="alert">{errorText(t, payback.error)}</p>}
      {data && week && (
        <>
          <p className="muted">{t('payback.week', week)}</p>
          <dl className="payback__figures">
            <div>
              <dt>{t('payback.loss')}</dt>
              <dd className="money">{format.money(data.lastWeek.loss)}</dd>
            </div>
            <div>
              <dt>{t('payback.percent')}</dt>
              <dd>{t('payback.percentValue', { percent: data.lastWeek.percent })}</dd>
            </div>
            <div>
              <dt>{t('payback.points')}</dt>
              <dd className="payback__points">{format.number(data.lastWeek.points)}</dd>
            </div>
          </dl>
          <p className="payback__state">
            {!data.enabled
              ? t('payback.off')
              : data.lastWeek.paidAt
                ? t('payback.paid', { date: format.date(data.lastWeek.paidAt) })
                : data.lastWeek.points > 0
                  ? t('payback.pending')
                  : t('payback.none')}
          </p>
          <p className="muted payback__rule">{t('payback.rule')}</p>
        </>
      )}
    </TitledSection>
  );
}
