import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useLogout } from '../../features/auth/use-logout.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { Balances } from './balances.tsx';
import { Counters } from './counters.tsx';
import { LanguagePicker } from './language-picker.tsx';

/**
 * The desktop user strip. Member: welcome with the user id, balance, comp, note
 * and help counts, logout and the language picker. Guest: the sign-in form with its login and
 * register buttons, and the language picker. While the session loads, the space stays reserved.
 *
 * It fits the 1024 px content width in every locale (issue 12): below 1439 px the counters and
 * the logout button show their icon only (the label stays for screen readers and as a tooltip),
 * and a long nickname is cut with an ellipsis rather than pushing the strip out of the header.
 */
export function UserStrip() {
  const { t } = useTranslation('common');
  const session = useSession();
  const logout = useLogout();

  if (session.status === 'loading') {
    return (
      <div className="user-strip user-strip--loading" aria-busy="true">
        <div className="skeleton skeleton--strip" />
        <LanguagePicker />
      </div>
    );
  }
  if (session.status === 'unauthenticated' || !session.user) {
    return (
      <div className="user-strip">
        <LoginForm variant="strip" />
        <LanguagePicker />
      </div>
    );
  }
  const { user } = session;
  const welcome = t('user.welcome', { nick: user.nick });
  return (
    <div className="user-strip">
      <p className="user-strip__welcome" title={welcome}>
        <span className="user-strip__nick">{welcome}</span>
        <span className="user-strip__id">{user.userId}</span>
      </p>
      <Balances user={user} variant="strip" />
      <Counters user={user} isCompact />
      <button
        type="button"
        className="btn btn--ghost btn--sm user-strip__logout"
        title={t('auth.logout')}
        onClick={() => void logout()}
      >
        <Icon name="logout" size={16} />
        <span className="user-strip__label">{t('auth.logout')}</span>
      </button>
      <LanguagePicker />
    </div>
  );
}
