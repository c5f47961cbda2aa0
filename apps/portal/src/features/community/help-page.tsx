import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';

/** /help (member): customer-service posts come with the community issue. */
export function HelpPage() {
  const { t } = useTranslation(['community', 'common']);
  return <PageShell title={t('common:menu.help')} lead={t('help.lead')} icon="help" />;
}
