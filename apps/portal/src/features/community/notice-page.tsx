import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';

/** /notice (member): the notice list comes with the community issue. */
export function NoticePage() {
  const { t } = useTranslation(['community', 'common']);
  return <PageShell title={t('common:menu.notice')} lead={t('notice.lead')} icon="notice" />;
}
