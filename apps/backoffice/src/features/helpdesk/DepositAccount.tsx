import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BANKS, bankName } from '@casino/contracts/banks';
import { ZDepositAccount, type TDepositAccount } from '@casino/contracts/backoffice-content';
import { Dialog } from '../../app/Dialog.tsx';
import { api, apiKey, apiQuery, errorKey, isApiError } from '../../lib/api.ts';

const DEPOSIT_ACCOUNT_KEY = apiKey('depositAccount.get');

export function useDepositAccount() {
  return useQuery({
    ...apiQuery('depositAccount.get'),
    staleTime: 30_000,
  });
}

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
  const client = useQueryClient();
  const account = useDepositAccount();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<TDepositAccount>({ bank: '004', number: '', holder: '' });
  const [fieldErrors, setFieldErrors] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (next: TDepositAccount | null) =>
      next ? api('depositAccount.set', { body: next }) : api('depositAccount.remove'),
    onSuccess: (answer) => {
      client.setQueryData(DEPOSIT_ACCOUNT_KEY, answer);
      setOpen(false);
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.errors.length > 0) setFieldErrors(failure.errors.map((e) => e.path));
      setError(t(errorKey(failure)));
    },
  });

  function edit() {
    setForm(account.data?.account ?? { bank: '004', number: '', holder: '' });
    setFieldErrors([]);
    setError(null);
    setOpen(true);
  }

  function submit() {
    const parsed = ZDepositAccount.safeParse(form);
    if (!parsed.success) {
      setFieldErrors(parsed.error.issues.map((issue) => String(issue.path[0])));
      return;
    }
    setFieldErrors([]);
    setError(null);
    save.mutate(parsed.data);
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
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label className="field">
            <span>{t('helpdesk.account.bank')}</span>
            <select
              className="hd-select"
              value={form.bank}
              onChange={(event) => setForm({ ...form, bank: event.target.value as TDepositAccount['bank'] })}
            >
              {BANKS.map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {i18n.language === 'ko' ? bank.nameKo : bank.nameEn}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('helpdesk.account.number')}</span>
            <input
              value={form.number}
              inputMode="numeric"
              maxLength={30}
              aria-invalid={fieldErrors.includes('number')}
              onChange={(event) => setForm({ ...form, number: event.target.value })}
            />
            {fieldErrors.includes('number') && (
              <small className="field-error">{t('helpdesk.account.numberRule')}</small>
            )}
          </label>
          <label className="field">
            <span>{t('helpdesk.account.holder')}</span>
            <input
              value={form.holder}
              maxLength={20}
              aria-invalid={fieldErrors.includes('holder')}
              onChange={(event) => setForm({ ...form, holder: event.target.value })}
            />
            {fieldErrors.includes('holder') && (
              <small className="field-error">{t('helpdesk.account.holderRule')}</small>
            )}
          </label>
          {error && (
            <p role="alert" className="notice notice--error">
              {error}
            </p>
          )}
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
        </form>
      </Dialog>
    </div>
  );
}
