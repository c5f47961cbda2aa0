import { useTranslation } from 'react-i18next';
import { passwordEqualsUserId } from '@casino/contracts/fields';
import { ZChangePasswordRequest } from '@casino/contracts/members';
import { Form } from '@casino/web-kit/form.tsx';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { firstRequirement } from '../../../lib/session/requirements.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldErrorText, type TFieldCodes } from '../../../i18n/error-text.ts';
import { accountErrorText, accountStatusText } from '../account-text.ts';
import { useChangePassword } from '../api/change-password.ts';

const FIELDS = ['password', 'newPassword', 'passwordConfirm'] as const;
type TField = (typeof FIELDS)[number];
type TValues = Record<TField, string>;
const EMPTY: TValues = { password: '', newPassword: '', passwordConfirm: '' };

/** The contract's rules for both passwords, "not the user id", and the form's own confirmation. */
function validate(values: TValues, userId: string): TFieldCodes<TField> {
  const found = schemaCodes(
    ZChangePasswordRequest,
    { password: values.password, newPassword: values.newPassword },
    ['password', 'newPassword'] as const,
  );
  const out: TFieldCodes<TField> = { ...found };
  if (values.password === '') out.password = 'required';
  if (values.newPassword === '') out.newPassword = 'required';
  else if (!out.newPassword && passwordEqualsUserId(values.newPassword, userId)) out.newPassword = 'pattern';
  if (values.passwordConfirm === '') out.passwordConfirm = 'required';
  else if (values.passwordConfirm !== values.newPassword) out.passwordConfirm = 'mismatch';
  return out;
}

/**
 * Changes the login password: current, new, new again. On success every other session of the
 * member is signed out (the server does it; the member is told); `pass` marks the current password.
 */
export function PasswordForm({ userId }: { userId: string }) {
  const { t } = useTranslation(['account', 'common']);
  const dialogs = useDialogs();
  const session = useSession();
  const change = useChangePassword();
  const form = useContractForm<TValues>({
    fields: FIELDS,
    defaultValues: EMPTY,
    validate: (values) => validate(values, userId),
  });

  const wordOf = (field: TField) => (code: string) =>
    code === 'pass' ? accountStatusText(t, 'password', 'pass') : fieldErrorText(t, field, code);

  async function onValid(values: TValues) {
    let result;
    try {
      result = await change.mutateAsync({ password: values.password, newPassword: values.newPassword });
    } catch (error) {
      if (!form.showServerErrors(error)) await dialogs.error(accountErrorText(t, 'password', error));
      return;
    }
    if (result.status === 'success') {
      form.reset(EMPTY);
      // A forced change (after an operator's reset) ends here: the session learns it at once.
      if (firstRequirement(session.user) === 'change_password') void session.refresh();
      await dialogs.success(t('password.done'));
      return;
    }
    if (result.status === 'pass') {
      form.setValue('password', '');
      form.failField('password', 'pass', { shouldFocus: false });
      await dialogs.error(accountStatusText(t, 'password', 'pass'));
      form.setFocus('password');
      return;
    }
    await dialogs.error(accountStatusText(t, 'password', (result as { status: string }).status));
  }

  const input = (field: TField, label: string, extra: { hint?: string; autoComplete: string }) => (
    <TextField
      {...form.register(field)}
      label={label}
      type="password"
      maxLength={64}
      hint={extra.hint}
      autoComplete={extra.autoComplete}
      status={form.statusOf(field, wordOf(field))}
    />
  );

  return (
    <Form form={form} onValid={onValid} className="card account-form" aria-labelledby="password-form-title">
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
    </Form>
  );
}
