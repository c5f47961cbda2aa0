import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '@casino/contracts/errors';
import { ZChangeExchangePasswordRequest } from '@casino/contracts/members';
import { useDialogs } from '../../../components/ui/dialog-context.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField, type FieldStatus } from '../../../components/ui/text-field.tsx';
import { fieldErrorText, formFieldErrors, type TFieldCodes } from '../../../i18n/error-text.ts';
import { accountErrorText, accountStatusText } from '../account-text.ts';
import { useChangeExchangePassword } from '../api/change-exchange-password.ts';

const FIELDS = ['password', 'newExchangePassword'] as const;
type TField = (typeof FIELDS)[number];
const EMPTY: Record<TField, string> = { password: '', newExchangePassword: '' };

/** Changes the exchange (withdrawal) password, after the login password proves it is the member. */
export function ExchangePasswordForm({ userId }: { userId: string }) {
  const { t } = useTranslation(['account', 'common']);
  const dialogs = useDialogs();
  const change = useChangeExchangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<TFieldCodes<TField>>({});
  const refs = {
    password: useRef<HTMLInputElement>(null),
    newExchangePassword: useRef<HTMLInputElement>(null),
  };

  function statusOf(field: TField): FieldStatus | null {
    const code = errors[field];
    if (!code) return null;
    if (code === 'pass') return { tone: 'error', text: accountStatusText(t, 'exchange', 'pass') };
    return { tone: 'error', text: fieldErrorText(t, field, code) };
  }
  function showErrors(found: TFieldCodes<TField>) {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) refs[first].current?.focus();
  }

  function validate(): TFieldCodes<TField> {
    const found: TFieldCodes<TField> = {};
    const parsed = ZChangeExchangePasswordRequest.safeParse(values);
    if (!parsed.success)
      for (const e of toFieldErrors(parsed.error.issues))
        if (e.path === 'password' || e.path === 'newExchangePassword') found[e.path] ??= e.code;
    if (values.password === '') found.password = 'required';
    if (values.newExchangePassword === '') found.newExchangePassword = 'required';
    return found;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    const found = validate();
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    let result;
    try {
      result = await change.mutateAsync(values);
    } catch (error) {
      const fieldErrors = formFieldErrors(error, FIELDS);
      if (fieldErrors) showErrors(fieldErrors);
      else await dialogs.error(accountErrorText(t, 'exchange', error));
      return;
    }
    if (result.status === 'success') {
      setValues(EMPTY);
      setErrors({});
      await dialogs.success(t('exchange.done'));
      return;
    }
    if (result.status === 'pass') {
      setValues((v) => ({ ...v, password: '' }));
      setErrors({ password: 'pass' });
      await dialogs.error(accountStatusText(t, 'exchange', 'pass'));
      refs.password.current?.focus();
      return;
    }
    await dialogs.error(accountStatusText(t, 'exchange', (result as { status: string }).status));
  }

  const onChange = (field: TField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  return (
    <form
      className="card account-form"
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="exchange-form-title"
    >
      <h2 className="card__title" id="exchange-form-title">
        {t('exchange.title')}
      </h2>
      <p className="account-form__note">{t('exchange.note')}</p>
      <input type="text" name="username" autoComplete="username" value={userId} readOnly hidden />
      <TextField
        ref={refs.password}
        label={t('exchange.password')}
        name="password"
        type="password"
        maxLength={64}
        autoComplete="current-password"
        value={values.password}
        status={statusOf('password')}
        onChange={(event) => onChange('password', event.target.value)}
      />
      <TextField
        ref={refs.newExchangePassword}
        label={t('exchange.new')}
        name="newExchangePassword"
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        autoComplete="off"
        hint={t('exchange.newHint')}
        value={values.newExchangePassword}
        status={statusOf('newExchangePassword')}
        onChange={(event) =>
          onChange('newExchangePassword', event.target.value.replace(/\D/g, '').slice(0, 6))
        }
      />
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={change.isPending}>
        {change.isPending && <Spinner size={18} />}
        {change.isPending ? t('exchange.submitting') : t('exchange.submit')}
      </button>
    </form>
  );
}
