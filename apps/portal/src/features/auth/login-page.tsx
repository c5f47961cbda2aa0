import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { GuestHelpDialog } from './components/guest-help-dialog.tsx';
import { LoginForm } from './components/login-form.tsx';
import './auth.css';

/**
 * /login: the sign-in form, and the guest inquiry for members who cannot sign in; a signed-in
 * member is told so and sent on. The form shows while the session is still being checked (whoever
 * opens /login is nearly always a guest), so the build's prerendered page is the form itself
 * (decision 0016). While this form shows, the desktop strip's own sign-in form steps aside
 * (auth.css), so the page never shows two.
 */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common', 'community']);
  const href = useLocalizedPath();
  const session = useSession();
  const [isInquiryOpen, setIsInquiryOpen] = useState(false);
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
            <div className="auth-card__inquiry">
              <p>{t('community:guest.prompt')}</p>
              <button
                type="button"
                className="btn btn--ghost btn--block"
                onClick={() => setIsInquiryOpen(true)}
                aria-haspopup="dialog"
              >
                {t('community:guest.open')}
              </button>
            </div>
            <GuestHelpDialog isOpen={isInquiryOpen} onClose={() => setIsInquiryOpen(false)} />
          </>
        )}
      </div>
    </PageShell>
  );
}
