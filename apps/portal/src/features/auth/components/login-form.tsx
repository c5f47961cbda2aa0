import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { useBrowserValue } from '../../../lib/hydration.ts';
import { rememberedUserId, useLogin } from '../use-login.ts';

export type TLoginFormVariant = 'strip' | 'panel' | 'page';

/**
 * The id/password form of the desktop user strip, the mobile side panel and the /login page. The
 * remembered id is filled in; the password never is.
 */
export function LoginForm({ variant }: { variant: TLoginFormVariant }) {
  const { t } = useTranslation('common');
  const href = useLocalizedPath();
  const login = useLogin(variant === 'page' ? href('home') : undefined);
  const id = useId();
  // The remembered id fills the field once the form is live: a prerendered form is hydrated as the
  // build rendered it, empty (lib/hydration.ts).
  const remembered = useBrowserValue(rememberedUserId, '');
  const [typed, setTyped] = useState<string | null>(null);
  const userId = typed ?? remembered;
  const [password, setPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    try {
      await login(userId, password);
    } finally {
      setIsBusy(false);
    }
  }

  const isCompact = variant === 'strip';
  return (
    <form
      className={`login-form login-form--${variant}`}
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('auth.formLabel')}
    >
      <div className="login-form__field">
        <label htmlFor={`${id}-user`} className={isCompact ? 'visually-hidden' : 'field__label'}>
          {t('auth.userId')}
        </label>
        <input
          id={`${id}-user`}
          className="input"
          name="userId"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          inputMode="text"
          maxLength={16}
          placeholder={isCompact ? t('auth.userId') : undefined}
          value={userId}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      <div className="login-form__field">
        <label htmlFor={`${id}-password`} className={isCompact ? 'visually-hidden' : 'field__label'}>
          {t('auth.password')}
        </label>
        <input
          id={`${id}-password`}
          className="input"
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={64}
          placeholder={isCompact ? t('auth.password') : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="login-form__actions">
        <button
          type="submit"
          className={`btn btn--primary${isCompact ? ' btn--sm' : ' btn--block btn--lg'}`}
          disabled={isBusy}
        >
          <Icon name="login" size={isCompact ? 16 : 20} />
          {t('auth.login')}
        </button>
        <Link
          className={`btn btn--secondary${isCompact ? ' btn--sm' : ' btn--block btn--lg'}`}
          to={href('register')}
        >
          {t('auth.register')}
        </Link>
      </div>
    </form>
  );
}
