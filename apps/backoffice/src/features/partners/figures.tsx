import { useTranslation } from 'react-i18next';
import type { TPartnerRates, TPartnerSummaryResponse } from '@casino/contracts/backoffice-partners';
import { formatWon } from '../../lib/format.ts';

type TSummary = Extract<TPartnerSummaryResponse, { status: 'success' }>;

/** Won in the console's language (`12,000원`, `₩12,000`). */
export function useWon(): (value: number) => string {
  const { i18n } = useTranslation();
  return (value) => formatWon(value, i18n.language);
}

/** A rate in basis points as a percentage (`150` -> `1.5%`). */
export function formatRate(bp: number): string {
  return `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** A partner's four rates in one line. */
export function Rates({ rates }: { rates: TPartnerRates }) {
  const { t } = useTranslation();
  return (
    <span className="partners__rates">
      {(['casino', 'slot', 'mini', 'losing'] as const).map((name) => (
        <span key={name}>
          {t(`partners.rate.${name}`)} <strong>{formatRate(rates[name])}</strong>
        </span>
      ))}
    </span>
  );
}

/** Today's and this month's figures of a partner's subtree. */
export function SummaryFigures({ summary }: { summary: Pick<TSummary, 'today' | 'month'> }) {
  const won = useWon();
  const { t } = useTranslation();
  const rows = ['deposits', 'withdrawals', 'stakes', 'wins', 'ggr'] as const;
  return (
    <table className="table partners__figures">
      <thead>
        <tr>
          <th scope="col">{t('partners.figure.what')}</th>
          <th scope="col" className="num">
            {t('partners.figure.today')}
          </th>
          <th scope="col" className="num">
            {t('partners.figure.month')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row}>
            <th scope="row">{t(`partners.figure.${row}`)}</th>
            <td className="num">{won(summary.today[row])}</td>
            <td className="num">{won(summary.month[row])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
