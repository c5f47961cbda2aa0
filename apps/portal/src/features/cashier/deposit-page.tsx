import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';

/** /deposit (member): the deposit request form comes with the cashier issue. */
export function DepositPage() {
  const { t } = useTranslation(['cashier', 'common']);
  return <PageShell title={t('common:menu.deposit')} lead={t('deposit.lead')} icon="deposit" />;
}
