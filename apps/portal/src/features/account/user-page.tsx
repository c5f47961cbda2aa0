import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';

/** /user (member, "my page"): account details and passwords come with the account issue. */
export function UserPage() {
  const { t } = useTranslation(['account', 'common']);
  return <PageShell title={t('common:menu.user')} lead={t('user.lead')} icon="user" />;
}
