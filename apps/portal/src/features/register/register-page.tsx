import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { RegisterForm } from './components/register-form.tsx';
import './register.css';

/**
 * /register: the sign-up form; a signed-in member is told that registration is for guests. The form
 * shows while the session is still being checked (whoever opens /register is nearly always a guest),
 * so the build's prerendered page is the form itself (decision 0016).
 */
export function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  const href = useLocalizedPath();
  const session = useSession();
  return (
    <PageShell title={t('common:auth.register')} lead={t('register.lead')} icon="user" isNarrow>
      {session.status === 'authenticated' ? (
        <div className="register-card">
          <p>{t('common:status.authenticated')}</p>
          <Link className="btn btn--primary btn--lg" to={href('home')}>
            {t('common:notFound.home')}
          </Link>
        </div>
      ) : (
        <div className="register-card">
          <RegisterForm />
        </div>
      )}
    </PageShell>
  );
}
