import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import './auth.css';

const KNOWN_ERRORS = ['CredentialsSignin', 'AccessDenied'] as const;

/** Which explanation an `?error=` value gets: the known ones by name, anything else the default. */
export function adminErrorKind(error: string | null): (typeof KNOWN_ERRORS)[number] | 'default' {
  return (KNOWN_ERRORS as readonly string[]).includes(error ?? '')
    ? (error as (typeof KNOWN_ERRORS)[number])
    : 'default';
}

/** /admin/error: explains a sign-in error the auth layer redirected to (docs/api/auth.md). */
export function AdminErrorPage() {
  const { t } = useTranslation(['auth', 'common']);
  const href = useLocalizedPath();
  const [params] = useSearchParams();
  const kind = adminErrorKind(params.get('error'));
  return (
    <PageShell
      title={t(`adminError.${kind}.title`)}
      lead={t(`adminError.${kind}.text`)}
      icon="warning"
      isNarrow
    >
      <div className="auth-card auth-card--actions">
        <Link className="btn btn--primary btn--lg" to={href('login')}>
          {t('adminError.retry')}
        </Link>
        <Link className="btn btn--secondary btn--lg" to={href('home')}>
          {t('common:notFound.home')}
        </Link>
      </div>
    </PageShell>
  );
}
