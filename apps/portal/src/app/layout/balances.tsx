import { useTranslation } from 'react-i18next';
import type { TUser } from '@casino/contracts/members';
import { useFormat } from '../../i18n/use-format.ts';

/** Cash balance and comp points, large and gold for the money (apps/portal/README.md, "Look"). */
export function Balances({ user, variant }: { user: TUser; variant: 'strip' | 'cards' }) {
  const { t } = useTranslation('common');
  const format = useFormat();
  return (
    <dl className={`balances balances--${variant}`}>
      <div className="balances__item balances__item--money">
        <dt>{t('user.balance')}</dt>
        <dd className="money">{format.money(user.balance)}</dd>
      </div>
      <div className="balances__item">
        <dt>{t('user.comp')}</dt>
        <dd className="points">{format.number(user.rolling)}</dd>
      </div>
    </dl>
  );
}
