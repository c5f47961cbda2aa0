import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZChangeExchangePasswordRequest } from '@casino/contracts/members';
import { Form } from '@casino/web-kit/form.tsx';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldErrorText, type TFieldCodes } from '../../../i18n/error-text.ts';
import { accountErrorText, accountStatusText } from '../account-text.ts';
import { useChangeExchangePassword } from '../api/change-exchange-password.ts';

const FIELDS = ['password', 'newExchangePassword'] as const;
type TField = (typeof FIELDS)[number];
type TValues = Record<TField, string>;
const EMPTY: TValues = { password: '', newExchangePassword: '' };

/** The contract's rules; an empty field is `required` whatever the schema's first complaint. */
function validate(values: TValues): TFieldCodes<TField> {
  const found = schemaCodes(ZChangeExchangePasswordRequest, values, FIELDS);
  if (values.password === '') found.password = 'required';
  if (values.newExchangePassword === '') found.newExchangePassword = 'required';
  return found;
}

/** Changes the exchange (withdrawal) password, after the login password proves it is the member. */
export function ExchangePasswordForm({ userId }: { userId: string }) {
  const { t } = useTranslation(['account', 'common']);
  const dialogs = useDialogs();
  const change = useChangeExchangePassword();
  const form = useContractForm<TValues>({ fields: FIELDS, defaultValues: EMPTY, validate });

  const wordOf = (field: TField) => (code: string) =>
    code === 'pass' ? accountStatusText(t, 'exchange', 'pass') : fieldErrorText(t, field, code);

  async function onValid(values: TValues) {
    let result;
    try {
      result = await change.mutateAsync(values);
    } catch (error) {
      if (!form.showServerErrors(error)) await dialogs.error(accountErrorText(t, 'exchange', error));
      return;
    }
    if (result.status === 'success') {
      form.reset(EMPTY);
      await dialogs.success(t('exchange.done'));
      return;
    }
    if (result.status === 'pass') {
      form.setValue('password', '');
      form.failField('password', 'pass', { shouldFocus: false });
      await dialogs.error(accountStatusText(t, 'exchange', 'pass'));
      form.setFocus('password');
      return;
    }
    await dialogs.error(accountStatusText(t, 'exchange', (result as { status: string }).status));
  }

  return (
    <Form form={form} onValid={onValid} className="card account-form" aria-labelledby="exchange-form-title">
      <h2 className="card__title" id="exchange-form-title">
        {t('exchange.title')}
      </h2>
      <p className="account-form__note">{t('exchange.note')}</p>
      <input type="text" name="username" autoComplete="username" value={userId} readOnly hidden />
      <TextField
        {...form.register('password')}
        label={t('exchange.password')}
        type="password"
        maxLength={64}
        autoComplete="current-password"
        status={form.statusOf('password', wordOf('password'))}
      />
      <Controller
        control={form.control}
        name="newExchangePassword"
        render={({ field }) => (
          <TextField
            {...field}
            label={t('exchange.new')}
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            autoComplete="off"
            hint={t('exchange.newHint')}
            status={form.statusOf('newExchangePassword', wordOf('newExchangePassword'))}
            // Digits only: the exchange password is a 4 to 6 digit PIN.
            onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
        )}
      />
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={change.isPending}>
        {change.isPending && <Spinner size={18} />}
        {change.isPending ? t('exchange.submitting') : t('exchange.submit')}
      </button>
    </Form>
  );
}
