import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANKS, bankName } from '@casino/contracts/banks';
import { ZDepositAccount, type TDepositAccount } from '@casino/contracts/backoffice-content';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { Form } from '@casino/web-kit/form.tsx';
import { Dialog } from '../../app/dialog.tsx';
import { Field, FormMessage } from '../../components/field.tsx';
import { api, apiKey, errorKey, useApiWrite } from '../../lib/api.ts';
import { useDepositAccount } from './queries.ts';

const ACCOUNT_FIELDS = ['bank', 'number', 'holder'] as const;
const NO_ACCOUNT: TDepositAccount = { bank: '004', number: '', holder: '' };

const DEPOSIT_ACCOUNT_KEY = apiKey('depositAccount.get');

/** The account as one line an answer can carry: bank, number, holder. */
export function accountText(account: TDepositAccount, language: string): string {
  return `${bankName(account.bank, language === 'ko' ? 'ko' : 'en')} ${account.number} (${account.holder})`;
}

/**
 * The site's deposit account beside the help desk: what an answer to an account inquiry gives, and
 * for the owner the form that changes it (audited on the server).
 */
export function DepositAccountPanel({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const account = useDepositAccount();
  const [open, setOpen] = useState(false);
  const form = useContractForm<TDepositAccount>({
    fields: ACCOUNT_FIELDS,
    defaultValues: NO_ACCOUNT,
    validate: (values) => schemaCodes(ZDepositAccount, values, ACCOUNT_FIELDS),
  });

  const save = useApiWrite(
    (next: TDepositAccount | null) =>
      next ? api('depositAccount.set', { body: next }) : api('depositAccount.remove'),
    {
      sets: DEPOSIT_ACCOUNT_KEY,
      onSuccess: () => {
        setOpen(false);
      },
      onError: (failure) => {
        if (!form.showServerErrors(failure)) form.failForm(t(errorKey(failure)));
      },
    },
  );

  function edit() {
    form.reset(account.data?.account ?? NO_ACCOUNT);
    setOpen(true);
  }

  const current = account.data?.account;
  return (
    <div className="hd-account">
      <strong>{t('helpdesk.account.title')}</strong>{' '}
      {account.isError ? (
        <span className="muted">{t(errorKey(account.error))}</span>
      ) : current ? (
        <span>{accountText(current, i18n.language)}</span>
      ) : (
        <span className="muted">{account.isPending ? '…' : t('helpdesk.account.none')}</span>
      )}
      {canEdit && (
        <button type="button" className="btn btn--small" onClick={edit}>
          {t('helpdesk.account.edit')}
        </button>
      )}
      <Dialog
        open={open}
        onOpenChange={(next) => !save.isPending && setOpen(next)}
        title={t('helpdesk.account.title')}
      >
        <Form
          form={form}
          onValid={(values) => {
            save.mutate(ZDepositAccount.parse(values));
          }}
        >
          <label className="field">
            <span>{t('helpdesk.account.bank')}</span>
            <select className="hd-select" {...form.register('bank')} value={form.watch('bank')}>
              {BANKS.map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {i18n.language === 'ko' ? bank.nameKo : bank.nameEn}
                </option>
              ))}
            </select>
          </label>
          <Field
            label={t('helpdesk.account.number')}
            status={form.statusOf('number', () => t('helpdesk.account.numberRule'))}
          >
            {(aria) => <input inputMode="numeric" maxLength={30} {...aria} {...form.register('number')} />}
          </Field>
          <Field
            label={t('helpdesk.account.holder')}
            status={form.statusOf('holder', () => t('helpdesk.account.holderRule'))}
          >
            {(aria) => <input maxLength={20} {...aria} {...form.register('holder')} />}
          </Field>
          <FormMessage text={form.formMessage} />
          <div className="dialog__actions">
            {current && (
              <button
                type="button"
                className="btn btn--danger"
                disabled={save.isPending}
                onClick={() => save.mutate(null)}
              >
                {t('helpdesk.account.remove')}
              </button>
            )}
            <button type="button" className="btn" disabled={save.isPending} onClick={() => setOpen(false)}>
              {t('queue.cancel')}
            </button>
            <button type="submit" className="btn btn--primary" disabled={save.isPending}>
              {t('helpdesk.account.save')}
            </button>
          </div>
        </Form>
      </Dialog>
    </div>
  );
}
