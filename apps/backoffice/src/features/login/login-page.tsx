import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZOperatorLoginRequest, type TOperatorLoginRequest } from '@casino/contracts/auth';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { Form } from '@casino/web-kit/form.tsx';
import { ME_KEY } from '../../app/session.ts';
import { Field, FormMessage, useFieldText } from '../../components/field.tsx';
import { api, isApiError } from '../../lib/api.ts';

const LOGIN_FIELDS = ['operatorId', 'password', 'totp'] as const;
type TLoginValues = Required<TOperatorLoginRequest>;

/** The request of the form's values: the code only once the server asked for it. */
function bodyOf({ totp, ...rest }: TLoginValues, needsTotp: boolean): TOperatorLoginRequest {
  return { ...rest, ...(needsTotp && totp ? { totp } : {}) };
}

/**
 * The operators' sign-in (route `session.login`): ID and password, then the authenticator code
 * when the server answers `totp_required`. A 429 says how long to wait. Only the code's format is
 * checked here (at its field); a wrong or malformed ID or password reads as one failed sign-in.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const fieldText = useFieldText('login');
  const [needsTotp, setNeedsTotp] = useState(false);
  const form = useContractForm<TLoginValues>({
    fields: LOGIN_FIELDS,
    defaultValues: { operatorId: '', password: '', totp: '' },
    validate: (values) => {
      const { totp } = schemaCodes(ZOperatorLoginRequest, bodyOf(values, needsTotp), LOGIN_FIELDS);
      return needsTotp && !values.totp ? { totp: 'required' } : totp ? { totp } : {};
    },
  });
  const [operatorId, password] = form.watch(['operatorId', 'password']);
  const totp = form.register('totp');

  async function submit(values: TLoginValues) {
    try {
      const answer = await api('session.login', { body: bodyOf(values, needsTotp) });
      if (answer.status === 'success') {
        await client.invalidateQueries({ queryKey: ME_KEY });
        return;
      }
      if (answer.status === 'totp_required') {
        if (needsTotp) form.failForm(t('login.fail'));
        setNeedsTotp(true);
        return;
      }
      // An owner without TOTP while owners must have it: another owner sets one up.
      form.failForm(t(answer.status === 'totp_setup_required' ? 'login.setupRequired' : 'login.fail'));
    } catch (caught) {
      if (isApiError(caught) && caught.status === 'too_many') {
        form.failForm(
          caught.retryAfterSec
            ? t('login.tooMany', { seconds: caught.retryAfterSec })
            : t('login.tooManyLater'),
        );
      } else if (isApiError(caught) && caught.status === 'invalid') {
        form.failForm(t('login.fail'));
      } else {
        form.failForm(t(`errors.${isApiError(caught) && caught.status === 'network' ? 'network' : 'error'}`));
      }
    }
  }

  return (
    <main className="login">
      <Form form={form} className="login__card" onValid={submit}>
        <h1 className="page-title">{t('login.title')}</h1>
        <Field label={t('login.operatorId')} status={null}>
          {(aria) => (
            <input
              autoComplete="username"
              required
              maxLength={32}
              {...aria}
              {...form.register('operatorId')}
            />
          )}
        </Field>
        <Field label={t('login.password')} status={null}>
          {(aria) => (
            <input
              type="password"
              autoComplete="current-password"
              required
              {...aria}
              {...form.register('password')}
            />
          )}
        </Field>
        {needsTotp && (
          <Field label={t('login.totp')} status={form.statusOf('totp', fieldText('totp'))}>
            {(aria) => (
              <>
                <input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="\d{6}"
                  maxLength={6}
                  // The code is asked for right after the password was accepted.
                  autoFocus
                  {...aria}
                  {...totp}
                  onChange={(event) => {
                    event.target.value = event.target.value.replace(/\D/g, '');
                    return totp.onChange(event);
                  }}
                />
                <small className="muted">{t('login.totpHint')}</small>
              </>
            )}
          </Field>
        )}
        <FormMessage text={form.formMessage} />
        <button
          type="submit"
          className="btn btn--primary"
          disabled={form.formState.isSubmitting || !operatorId || !password}
        >
          {t('login.submit')}
        </button>
      </Form>
    </main>
  );
}
