import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { LoginForm } from './components/login-form.tsx';
import './auth.css';

/** /login: the sign-in form; a signed-in member is told so and sent on. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const href = useLocalizedPath();
  const session = useSession();
  if (session.status === 'loading') return <PageSkeleton />;
  return (
    <PageShell title={t('common:auth.login')} lead={t('login.lead')} icon="login" isNarrow>
      <div className="auth-card">
        {session.status === 'authenticated' ? (
          <div className="auth-card__done">
            <p>{t('common:status.authenticated')}</p>
            <Link className="btn btn--primary btn--block btn--lg" to={href('home')}>
              {t('common:notFound.home')}
            </Link>
          </div>
        ) : (
          <>
            <LoginForm variant="page" />
            <p className="auth-card__hint">{t('login.noAccount')}</p>
          </>
        )}
      </div>
    </PageShell>
  );
}
