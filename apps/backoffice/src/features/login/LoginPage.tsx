import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TOperatorLoginRequest } from '@casino/contracts/auth';
import { ME_KEY } from '../../app/session.ts';
import { api, isApiError } from '../../lib/api.ts';

/**
 * The operators' sign-in (route `session.login`): ID and password, then the authenticator code
 * when the server answers `totp_required`. A 429 says how long to wait.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [operatorId, setOperatorId] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [needsTotp, setNeedsTotp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body: TOperatorLoginRequest = { operatorId, password, ...(needsTotp && totp ? { totp } : {}) };
    try {
      const answer = await api('session.login', { body });
      if (answer.status === 'success') {
        await client.invalidateQueries({ queryKey: ME_KEY });
        return;
      }
      if (answer.status === 'totp_required') {
        if (needsTotp) setError(t('login.fail'));
        setNeedsTotp(true);
        return;
      }
      // An owner without TOTP while owners must have it: another owner sets one up.
      setError(t(answer.status === 'totp_setup_required' ? 'login.setupRequired' : 'login.fail'));
    } catch (caught) {
      if (isApiError(caught) && caught.status === 'too_many') {
        setError(
          caught.retryAfterSec
            ? t('login.tooMany', { seconds: caught.retryAfterSec })
            : t('login.tooManyLater'),
        );
      } else if (isApiError(caught) && caught.status === 'invalid') {
        setError(t('login.fail'));
      } else {
        setError(t(`errors.${isApiError(caught) && caught.status === 'network' ? 'network' : 'error'}`));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <form className="login__card" onSubmit={(event) => void submit(event)} noValidate>
        <h1 className="page-title">{t('login.title')}</h1>
        <label className="field">
          <span>{t('login.operatorId')}</span>
          <input
            name="operatorId"
            autoComplete="username"
            required
            maxLength={32}
            value={operatorId}
            onChange={(event) => setOperatorId(event.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('login.password')}</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {needsTotp && (
          <label className="field">
            <span>{t('login.totp')}</span>
            <input
              name="totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              // The code is asked for right after the password was accepted.
              autoFocus
              value={totp}
              onChange={(event) => setTotp(event.target.value.replace(/\D/g, ''))}
            />
            <small className="muted">{t('login.totpHint')}</small>
          </label>
        )}
        {error && (
          <p role="alert" className="notice notice--error">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy || !operatorId || !password}>
          {t('login.submit')}
        </button>
      </form>
    </main>
  );
}
