import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '@casino/contracts/errors';
import { passwordEqualsUserId } from '@casino/contracts/fields';
import { ZChangePasswordRequest } from '@casino/contracts/members';
import { useDialogs } from '../../../components/ui/dialog-context.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField, type FieldStatus } from '../../../components/ui/text-field.tsx';
import { fieldErrorText, formFieldErrors, type TFieldCodes } from '../../../i18n/error-text.ts';
import { accountErrorText, accountStatusText } from '../account-text.ts';
import { useChangePassword } from '../api/change-password.ts';

const FIELDS = ['password', 'newPassword', 'passwordConfirm'] as const;
type TField = (typeof FIELDS)[number];
const EMPTY: Record<TField, string> = { password: '', newPassword: '', passwordConfirm: '' };

/**
 * Changes the login password: current, new, new again. On success every other session of the
 * member is signed out (the server does it; the member is told); `pass` marks the current password.
 */
export function PasswordForm({ userId }: { userId: string }) {
  const { t } = useTranslation(['account', 'common']);
  const dialogs = useDialogs();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<TFieldCodes<TField>>({});
  const refs = {
    password: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    passwordConfirm: useRef<HTMLInputElement>(null),
  };

  function statusOf(field: TField): FieldStatus | null {
    const code = errors[field];
    if (!code) return null;
    if (code === 'pass') return { tone: 'error', text: accountStatusText(t, 'password', 'pass') };
    return { tone: 'error', text: fieldErrorText(t, field, code) };
  }
  function showErrors(found: TFieldCodes<TField>) {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) refs[first].current?.focus();
  }

  /** The contract's rules for both passwords, "not the user id", and the form's own confirmation. */
  function validate(): TFieldCodes<TField> {
    const found: TFieldCodes<TField> = {};
    const parsed = ZChangePasswordRequest.safeParse({
      password: values.password,
      newPassword: values.newPassword,
    });
    if (!parsed.success)
      for (const e of toFieldErrors(parsed.error.issues))
        if (e.path === 'password' || e.path === 'newPassword') found[e.path] ??= e.code;
    if (values.password === '') found.password = 'required';
    if (values.newPassword === '') found.newPassword = 'required';
    else if (!found.newPassword && passwordEqualsUserId(values.newPassword, userId))
      found.newPassword = 'pattern';
    if (values.passwordConfirm === '') found.passwordConfirm = 'required';
    else if (values.passwordConfirm !== values.newPassword) found.passwordConfirm = 'mismatch';
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
      result = await change.mutateAsync({ password: values.password, newPassword: values.newPassword });
    } catch (error) {
      const fieldErrors = formFieldErrors(error, FIELDS);
      if (fieldErrors) showErrors(fieldErrors);
      else await dialogs.error(accountErrorText(t, 'password', error));
      return;
    }
    if (result.status === 'success') {
      setValues(EMPTY);
      setErrors({});
      await dialogs.success(t('password.done'));
      return;
    }
    if (result.status === 'pass') {
      setValues((v) => ({ ...v, password: '' }));
      setErrors({ password: 'pass' });
      await dialogs.error(accountStatusText(t, 'password', 'pass'));
      refs.password.current?.focus();
      return;
    }
    await dialogs.error(accountStatusText(t, 'password', (result as { status: string }).status));
  }

  const input = (field: TField, label: string, extra: { hint?: string; autoComplete: string }) => (
    <TextField
      ref={refs[field]}
      label={label}
      name={field}
      type="password"
      maxLength={64}
      hint={extra.hint}
      autoComplete={extra.autoComplete}
      value={values[field]}
      status={statusOf(field)}
      onChange={(event) => {
        const value = event.target.value;
        setValues((v) => ({ ...v, [field]: value }));
        setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
      }}
    />
  );

  return (
    <form
      className="card account-form"
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="password-form-title"
    >
      <h2 className="card__title" id="password-form-title">
        {t('password.title')}
      </h2>
      <p className="account-form__note">{t('password.note')}</p>
      {/* A hidden user name lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={userId} readOnly hidden />
      {input('password', t('password.current'), { autoComplete: 'current-password' })}
      {input('newPassword', t('password.new'), { hint: t('password.newHint'), autoComplete: 'new-password' })}
      {input('passwordConfirm', t('password.confirm'), { autoComplete: 'new-password' })}
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={change.isPending}>
        {change.isPending && <Spinner size={18} />}
        {change.isPending ? t('password.submitting') : t('password.submit')}
      </button>
    </form>
  );
}
