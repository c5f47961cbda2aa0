import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';

/** /withdraw (member): the withdrawal request form comes with the cashier issue. */
export function WithdrawPage() {
  const { t } = useTranslation(['cashier', 'common']);
  return <PageShell title={t('common:menu.withdraw')} lead={t('withdraw.lead')} icon="withdraw" />;
}
