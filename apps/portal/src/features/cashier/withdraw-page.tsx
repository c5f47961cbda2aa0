import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bankName } from '@casino/contracts/banks';
import type { TUser } from '@casino/contracts/members';
import { ZApplyUserWithdrawRequest } from '@casino/contracts/cashier';
import { Form } from '@casino/web-kit/form.tsx';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../components/ui/icon.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { fieldErrorText, type TFieldCodes } from '../../i18n/error-text.ts';
import { useLocale } from '../../i18n/locale-context.ts';
import { useFormat } from '../../i18n/use-format.ts';
import { maskAccountNumber } from '../../lib/mask.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { amountErrorCode, QUICK_AMOUNTS } from './amount.ts';
import { useApplyUserWithdraw } from './api/apply-user-withdraw.ts';
import { useDelWithdraw } from './api/del-withdraw.ts';
import { useWithdrawList } from './api/get-withdraw-list.ts';
import { cashierStatusText } from './cashier-text.ts';
import { FormAmountField } from './components/amount-field.tsx';
import { CashierSubmit, useCashierRequest, useCashierWindow } from './components/cashier-window.tsx';
import { RolloverPanel } from './components/rollover-panel.tsx';
import { useRollover } from './api/get-rollover.ts';
import { CashierRequestsPage } from './components/request-history.tsx';
import './cashier.css';

const WITHDRAW_FIELDS = ['amount', 'exchangePassword'] as const;
type TWithdrawField = (typeof WITHDRAW_FIELDS)[number];

interface WithdrawValues {
  amount: number;
  exchangePassword: string;
}
const EMPTY: WithdrawValues = { amount: 0, exchangePassword: '' };

/** /withdraw (member): the withdrawal request form (the amount is held at once) and the member's withdrawal requests. */
export function WithdrawPage() {
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const list = useWithdrawList(page);
  const remove = useDelWithdraw();
  if (!user) return <PageSkeleton />;
  return (
    <CashierRequestsPage kind="withdraw" page={page} onPage={setPage} list={list} remove={remove}>
      <WithdrawForm user={user} onApplied={() => setPage(1)} />
    </CashierRequestsPage>
  );
}

function WithdrawForm({ user, onApplied }: { user: TUser; onApplied: () => void }) {
  const { t } = useTranslation(['cashier', 'common']);
  const dialogs = useDialogs();
  const format = useFormat();
  const locale = useLocale();
  const session = useSession();
  const { cashier, status, isLocked, isOpen, limits, lockStatus } = useCashierWindow('withdraw');
  const apply = useApplyUserWithdraw();
  const rollover = useRollover();

  // The balance decides what may be asked for: read it fresh once when the form opens. (The
  // session's refresh function changes with every health answer, so it is not a dependency.)
  const refreshOnOpen = useRef(session.refresh);
  useEffect(() => {
    void refreshOnOpen.current();
  }, []);

  const wordOf = (field: TWithdrawField) => (code: string) =>
    code === 'balance' || code === 'pass'
      ? cashierStatusText(t, 'withdraw', code)
      : fieldErrorText(t, field, code);

  /** The contract's rules (amount, 4..6 digit exchange password), the operator's limits and the balance. */
  function validate({ amount, exchangePassword }: WithdrawValues): TFieldCodes<TWithdrawField> {
    const schemaErrors = schemaCodes(
      ZApplyUserWithdrawRequest,
      { amount, exchangePassword },
      WITHDRAW_FIELDS,
    );
    const found: TFieldCodes<TWithdrawField> = {};
    const amountCode =
      amountErrorCode(amount, { min: status?.minWithdraw, unit: status?.unit, max: status?.maxAmount }) ??
      schemaErrors.amount ??
      (amount > user.balance ? 'balance' : undefined);
    if (amountCode) found.amount = amountCode;
    const passwordCode = exchangePassword === '' ? 'required' : schemaErrors.exchangePassword;
    if (passwordCode) found.exchangePassword = passwordCode;
    return found;
  }
  const form = useContractForm<WithdrawValues>({ fields: WITHDRAW_FIELDS, defaultValues: EMPTY, validate });
  const send = useCashierRequest('withdraw', form);

  async function onValid({ amount, exchangePassword }: WithdrawValues) {
    const money = format.money(amount);
    const isConfirmed = await dialogs.confirm(t('withdraw.confirm', { amount: money }), {
      confirmLabel: t('withdraw.submit'),
    });
    if (!isConfirmed) return;
    await send(
      () => apply.mutateAsync({ amount, exchangePassword }),
      async (result) => {
        const text = cashierStatusText(t, 'withdraw', result.status);
        switch (result.status) {
          case 'success':
            form.reset(EMPTY);
            onApplied();
            await dialogs.success(t('withdraw.done', { amount: money }));
            return;
          case 'pass':
            form.setValue('exchangePassword', '');
            form.clearErrors();
            form.failField('exchangePassword', 'pass', { shouldFocus: false });
            await dialogs.error(text);
            form.setFocus('exchangePassword');
            return;
          case 'balance':
            form.clearErrors();
            form.failField('amount', 'balance', { shouldFocus: false });
            await dialogs.error(text);
            form.setFocus('amount');
            return;
          case 'time':
            void cashier.refetch();
            await dialogs.warning(text);
            return;
          case 'wait':
            await dialogs.warning(text);
            return;
          case 'rolling':
            void rollover.refetch();
            await dialogs.warning(
              t('rollover.refused', {
                required: format.money(result.required),
                left: format.money(Math.max(0, result.required - result.done)),
              }),
            );
            return;
          case 'blocked':
            if (result.remaining !== undefined) {
              await dialogs.warning(
                t('withdraw.limitBlocked', { remaining: format.money(result.remaining) }),
              );
              return;
            }
            await dialogs.error(text);
            return;
          default:
            await dialogs.error(text);
        }
      },
    );
  }

  const hasAccount = user.bankname !== '' || user.banknum !== '';

  return (
    <Form
      form={form}
      onValid={onValid}
      before={isOpen}
      className="card cashier-form"
      aria-labelledby="withdraw-form-title"
    >
      <h2 className="card__title" id="withdraw-form-title">
        {t('withdraw.formTitle')}
      </h2>
      <div className="balance-panel">
        <div className="balance-panel__figure">
          <span className="balance-panel__label">{t('common:user.balance')}</span>
          <span className="balance-panel__value money">{format.money(user.balance)}</span>
        </div>
        {hasAccount && (
          <p className="balance-panel__account">
            <span className="balance-panel__account-label">{t('withdraw.toAccount')}</span>
            <span>
              {bankName(user.bankname, locale)} {maskAccountNumber(user.banknum)}
              {user.bankOwner && ` · ${user.bankOwner}`}
            </span>
          </p>
        )}
      </div>
      {lockStatus}
      <RolloverPanel />
      <FormAmountField
        control={form.control}
        label={t('withdraw.amount')}
        unit="money"
        steps={QUICK_AMOUNTS}
        max={status?.maxAmount}
        hint={limits}
        status={form.statusOf('amount', wordOf('amount'))}
      />
      <Controller
        control={form.control}
        name="exchangePassword"
        render={({ field }) => (
          <TextField
            {...field}
            label={t('withdraw.exchangePassword')}
            type="password"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            maxLength={6}
            hint={t('withdraw.exchangePasswordHint')}
            status={form.statusOf('exchangePassword', wordOf('exchangePassword'))}
            // Digits only: the exchange password is a 4 to 6 digit PIN.
            onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
        )}
      />
      <div className="callout callout--gold">
        <Icon name="info" size={20} className="callout__icon" />
        <div className="callout__body">
          <p className="callout__title">{t('withdraw.holdTitle')}</p>
          <p className="callout__text">{t('withdraw.holdText')}</p>
        </div>
      </div>
      <CashierSubmit kind="withdraw" isLocked={isLocked} isPending={apply.isPending} />
    </Form>
  );
}
