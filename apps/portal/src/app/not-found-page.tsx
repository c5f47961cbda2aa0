import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../components/ui/page-shell.tsx';
import { useLocalizedPath } from '../i18n/use-localized-path.ts';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const href = useLocalizedPath();
  return (
    <PageShell title={t('notFound.title')} lead={t('notFound.text')} icon="warning">
      <Link className="btn btn--primary" to={href('home')}>
        {t('notFound.home')}
      </Link>
    </PageShell>
  );
}
