import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';

/** /note (member): the operator's private notes come with the community issue. */
export function NotePage() {
  const { t } = useTranslation(['community', 'common']);
  return <PageShell title={t('common:menu.note')} lead={t('note.lead')} icon="note" />;
}
