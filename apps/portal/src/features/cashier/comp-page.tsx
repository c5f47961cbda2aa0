import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';

/** /comp (member): comp point conversion comes with the cashier issue. */
export function CompPage() {
  const { t } = useTranslation(['cashier', 'common']);
  return <PageShell title={t('common:menu.comp')} lead={t('comp.lead')} icon="comp" />;
}
